"""Issue 44, export and deletion: a player takes their data away as JSON, then deletes the
account. Their personal data goes; their seats read "deleted player"; every event stream is
untouched, so every match they were in still verifies, and opponents keep their results and
ratings."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from core.accounts.models import ApiToken, User
from core.eventstore.models import Event
from core.matches import services
from core.matches.models import ChatMessage, Match
from core.notifications.preferences import preferences_update
from core.push.models import PushSubscription
from core.ratings.models import Rating, RatingChange
from tests.conftest import make_user
from tests.core.async_play.conftest import ADD, END, play, start_race

pytestmark = pytest.mark.django_db

PASSWORD = "pass-word-123"


@pytest.fixture
def history(race_game: str) -> dict[str, Any]:
    """Alice's matches with Bob: one finished and rated, one running, one lobby of hers, and
    a chat line of each."""
    alice, bob = make_user("alice"), make_user("bob")
    User.objects.filter(pk=alice.pk).update(email="alice@example.org")
    alice.refresh_from_db()
    preferences_update(user=alice, changes={"channels": {"email": {"your_turn": "always"}}})
    PushSubscription.objects.create(
        user=alice, endpoint="https://push.example/a", p256dh="k", auth="a"
    )
    finished = start_race(alice, bob, {"kind": "none"})
    play(finished, alice, ADD, END)
    services.chat_post(match_id=finished.pk, user=alice, text="good luck!")
    services.chat_post(match_id=finished.pk, user=bob, text="you too")
    services.match_resign(match_id=finished.pk, user=bob, command_id="bob-resigns")
    running = start_race(bob, alice, {"kind": "none"})
    play(running, bob, ADD, END)
    lobby = services.match_create(
        user=alice,
        game="race",
        n_players=2,
        seats=[services.SeatSpec("me"), services.SeatSpec("open")],
        autostart=False,
    )
    return {
        "alice": alice,
        "bob": bob,
        "finished": finished.pk,
        "running": running.pk,
        "lobby": lobby.pk,
    }


def client_of(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_player_downloads_their_data(history: dict[str, Any]) -> None:
    res = client_of(history["alice"]).get("/api/accounts/me/export")
    assert res.status_code == 200
    assert res["Content-Disposition"] == 'attachment; filename="ludoteka-alice.json"'
    data = res.json()
    assert data["format"] == "ludoteka-account" and data["format_version"] == 1
    assert data["profile"]["username"] == "alice"
    assert data["profile"]["email"] == "alice@example.org"
    assert data["notification_preferences"]["channels"]["email"]["your_turn"] == "always"
    assert [p["endpoint"] for p in data["push_subscriptions"]] == ["https://push.example/a"]
    matches = {m["id"]: m for m in data["matches"]}
    assert set(matches) == {history["finished"], history["running"], history["lobby"]}
    finished = matches[history["finished"]]
    assert finished["my_seat"] == 0 and finished["status"] == "finished"
    assert [c["text"] for c in finished["my_chat"]] == ["good luck!"]  # not Bob's line
    assert {c["user"] for c in finished["rating_changes"]} == {"alice", "bob"}
    assert "you too" not in json.dumps(data)


def test_deleting_the_account_keeps_every_match_verifying(history: dict[str, Any]) -> None:
    alice, bob = history["alice"], history["bob"]
    before = {
        e.pk: (e.hash, e.payload)
        for e in Event.objects.filter(
            stream_kind="match", stream_key__in=[history["finished"], history["running"]]
        )
    }
    changes = list(
        RatingChange.objects.filter(match_id=history["finished"]).values_list("user_id", "mu_after")
    )
    key = APIClient().post("/api/accounts/login", {"username": "alice", "password": PASSWORD})
    key = key.json()["token"]
    me = APIClient()
    me.credentials(HTTP_AUTHORIZATION=f"Token {key}")

    wrong = me.post("/api/accounts/me/delete", {"password": "not-it"})
    assert (wrong.status_code, wrong.json()["code"]) == (403, "wrong_password")
    assert me.post("/api/accounts/me/delete", {"password": PASSWORD}).status_code == 204

    # Logged out everywhere, unable to log in, the name free again.
    assert me.get("/api/accounts/me").status_code == 401
    gone = APIClient().post("/api/accounts/login", {"username": "alice", "password": PASSWORD})
    assert gone.status_code == 401
    tomb = User.objects.get(pk=alice.pk)
    assert tomb.username == f"~deleted-{alice.pk}" and tomb.deleted_at is not None
    assert (tomb.email, tomb.display_name, tomb.is_active) == ("", "", False)
    assert not tomb.has_usable_password()
    for model in (ApiToken, PushSubscription, ChatMessage, Rating):
        assert not model.objects.filter(user=tomb).exists(), model
    assert (
        APIClient()
        .post("/api/accounts/register", {"username": "alice", "password": "a-long-pass-phrase"})
        .status_code
        == 201
    )

    # The running match: resigned like a player who walks away; the lobby: aborted.
    assert Match.objects.get(pk=history["lobby"]).status == Match.Status.ABORTED
    running = client_of(bob).get(f"/api/matches/{history['running']}").json()
    assert running["seats"][1]["status"] == "forfeited"
    # Past matches: the seat says "deleted player"; Bob keeps his result and rating.
    finished = client_of(bob).get(f"/api/matches/{history['finished']}").json()
    seat = finished["seats"][0]
    assert (seat["user"], seat["name"], seat["deleted"]) == (None, None, True)
    assert finished["seats"][1]["deleted"] is False and finished["seats"][1]["user"] == "bob"
    assert (
        list(
            RatingChange.objects.filter(match_id=history["finished"]).values_list(
                "user_id", "mu_after"
            )
        )
        == changes
    )
    # The running match, resigned, counts for Bob as a win (a forfeit is last place).
    assert Rating.objects.get(user=bob, game="race").matches_played == 2
    assert sorted(str(c["user"]) for c in finished["rating_changes"]) == ["None", "bob"]
    chat = client_of(bob).get(f"/api/matches/{history['finished']}/chat").json()["results"]
    assert [c["text"] for c in chat] == ["you too"]

    # Every event as it was, and every match Alice was in verifies.
    after = {e.pk: (e.hash, e.payload) for e in Event.objects.filter(pk__in=before)}
    assert after == before
    out = StringIO()
    ids = [history["finished"], history["running"], history["lobby"]]
    call_command("verify_match", *[str(i) for i in ids], "--replay", stdout=out)
    assert out.getvalue().count(": ok,") == 3, out.getvalue()
    call_command("verify_match", "--all", stdout=StringIO())


def test_an_account_is_deleted_once(history: dict[str, Any]) -> None:
    from core.accounts.erasure import account_delete

    alice = history["alice"]
    account_delete(user=alice, password=PASSWORD)
    with pytest.raises(Exception) as err:
        account_delete(user=alice, password=PASSWORD)
    assert getattr(err.value, "code", None) == "account_deleted"


def test_a_deleted_player_reads_as_such_in_a_tournament_whose_chain_still_verifies(
    race_game: str, django_capture_on_commit_callbacks: Any
) -> None:
    from core.tournaments import services as tournaments
    from tests.core.tournaments.conftest import assert_consistent, create, with_bots

    organiser, alice, bob = make_user("organiser"), make_user("alice"), make_user("bob")
    t = create(organiser)
    for player in (alice, bob):
        tournaments.tournament_register(tournament_id=t.pk, user=player)
    t = with_bots(organiser, t, 2)
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.tournament_start(tournament_id=t.pk, user=organiser)
        client_of(alice).post("/api/accounts/me/delete", {"password": PASSWORD})
    assert_consistent(t)  # the stream untouched: its chain verifies, it replays

    detail = client_of(bob).get(f"/api/tournaments/{t.pk}").json()
    entries = {e["entrant"]: e for e in detail["entrants"]}
    assert entries[1]["name"] == "deleted player" and entries[1]["username"] is None
    assert entries[1]["withdrawn"] is True
    assert entries[2]["username"] == "bob"
    assert "alice" not in json.dumps(detail) and "Alice" not in json.dumps(detail)
    rounds = client_of(bob).get(f"/api/tournaments/{t.pk}/rounds").json()
    history = client_of(bob).get(f"/api/tournaments/{t.pk}/events").json()
    for shown in (rounds, history):
        assert "alice" not in json.dumps(shown) and "Alice" not in json.dumps(shown)
    registered = [e for e in history["results"] if e["type"] == "PlayerRegistered"]
    assert registered[0]["payload"]["name"] == "deleted player"
