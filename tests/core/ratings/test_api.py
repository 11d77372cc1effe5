"""The ratings API: a game's leaderboard, a player's ratings, a match's rating changes."""

from __future__ import annotations

import pytest

from core.ratings.models import Rating
from tests.conftest import client_for, make_user
from tests.core.ratings.conftest import ADD3, END, move, start

pytestmark = pytest.mark.django_db


def test_the_leaderboard_lists_a_games_players_best_first_a_page_at_a_time(
    race_game: str,
) -> None:
    alice, bob, carol = make_user(), make_user(), make_user()
    move(start(alice, bob), alice, ADD3, END)
    move(start(carol, alice), carol, ADD3, END)
    Rating.objects.create(user=make_user(), game="other", mu=40, sigma=1, ordinal=37)
    client = client_for(bob)
    body = client.get("/api/ratings", {"game": "race"}).json()
    assert body["count"] == 3
    ordinals = [r["rating"] for r in body["results"]]
    assert ordinals == sorted(ordinals, reverse=True)
    assert [r["position"] for r in body["results"]] == [1, 2, 3]
    best = Rating.objects.filter(game="race").order_by("-ordinal").first()
    assert best is not None and body["results"][0]["user"] == best.user.username
    second_page = client.get("/api/ratings", {"game": "race", "page_size": 2, "page": 2}).json()
    assert [r["position"] for r in second_page["results"]] == [3]
    assert second_page["results"][0]["user"] == body["results"][2]["user"]


def test_the_leaderboard_needs_a_known_game(race_game: str) -> None:
    client = client_for(make_user())
    missing = client.get("/api/ratings")
    assert missing.status_code == 400 and missing.json()["code"] == "invalid_input"
    unknown = client.get("/api/ratings", {"game": "no-such-game"})
    assert unknown.status_code == 404 and unknown.json()["code"] == "unknown_game"
    empty = client.get("/api/ratings", {"game": "race"})
    assert empty.status_code == 200 and empty.json()["results"] == []
    assert client.get("/api/ratings", {"game": "race", "page": "x"}).status_code == 404


def test_a_players_ratings_per_game(race_game: str) -> None:
    alice, bob = make_user(), make_user()
    move(start(alice, bob), alice, ADD3, END)
    client = client_for(bob)
    body = client.get(f"/api/users/{alice.username}/ratings").json()
    (race,) = body["results"]
    mine = Rating.objects.get(user=alice, game="race")
    assert race["game"] == "race" and race["matches_played"] == 1
    assert race["rating"] == round(mine.ordinal, 2) > 0
    unknown = client.get("/api/users/nobody-here/ratings")
    assert unknown.status_code == 404 and unknown.json()["code"] == "user_not_found"
    assert client_for(alice).get(f"/api/users/{make_user().username}/ratings").json() == {
        "results": []
    }


def test_a_finished_match_shows_what_it_did_to_the_ratings(race_game: str) -> None:
    alice, bob = make_user(), make_user()
    match = start(alice, bob)
    client = client_for(alice)
    assert "rating_changes" not in client.get(f"/api/matches/{match.pk}").json()
    move(match, alice, ADD3, END)
    detail = client.get(f"/api/matches/{match.pk}").json()
    assert detail["rated"] is True
    first, second = detail["rating_changes"]
    assert (first["user"], first["rank"], second["user"], second["rank"]) == (
        alice.username,
        1,
        bob.username,
        2,
    )
    assert first["before"] == second["before"] == 0
    assert first["after"] > 0 > second["after"]


def test_a_friendly_match_is_created_unrated_through_the_api(race_game: str) -> None:
    alice, bob = make_user(), make_user()
    client = client_for(alice)
    payload = {
        "game": "race",
        "players": 2,
        "options": {"target": 3},
        "seats": [{"kind": "me"}, {"kind": "user", "username": bob.username}],
        "rated": False,
    }
    created = client.post("/api/matches", payload, format="json")
    assert created.status_code == 201 and created.json()["rated"] is False
    bad = client.post("/api/matches", {**payload, "rated": "maybe"}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_input"
    match_id = created.json()["id"]
    client_for(bob).post(f"/api/matches/{match_id}/join", {}, format="json")
    from core.matches.models import Match

    move(Match.objects.get(pk=match_id), alice, ADD3, END)
    assert client.get(f"/api/matches/{match_id}").json()["rating_changes"] == []
    assert not Rating.objects.exists()
