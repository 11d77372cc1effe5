"""Issue 40, finding 10: ``can_register`` said true after the registration closed and when the
tournament was full (register then answered 409), and numbers such as ``bye_points: 1e308``
were taken, overflowing the standings to infinity so that the next result answered 500 and
the tournament stuck in its round. ``can_register`` now is what register would answer, and
every number a client sends is bounded."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from core.ratings.models import Rating
from core.tournaments import services
from tests.conftest import client_for, make_user
from tests.core.async_play.conftest import Clock
from tests.core.tournaments.conftest import create, with_bots

pytestmark = pytest.mark.django_db

CREATE = {
    "name": "Winter cup",
    "game": "race",
    "format": "swiss",
    "players_per_table": 2,
    "options": {"target": 6},
    "bots_allowed": True,
    "bot_level": "random",
}


def _can_register(user: Any, tournament_id: int) -> bool:
    res = client_for(user).get(f"/api/tournaments/{tournament_id}")
    assert res.status_code == 200, res.json()
    return bool(res.json()["can_register"])


def _register(user: Any, tournament_id: int) -> tuple[int, str | None]:
    res = client_for(user).post(f"/api/tournaments/{tournament_id}/register")
    return res.status_code, res.json().get("code") if res.status_code != 200 else None


def test_can_register_turns_false_when_registration_closes(
    race_game: str, organiser: Any, clock: Clock
) -> None:
    t = create(organiser, registration_closes_at=clock.now + timedelta(hours=1))
    ann = make_user("ann")
    assert _can_register(ann, t.pk) is True
    clock.advance(hours=2)
    assert _can_register(ann, t.pk) is False
    assert _register(ann, t.pk) == (409, "registration_closed")


def test_can_register_turns_false_when_the_tournament_is_full(
    race_game: str, organiser: Any
) -> None:
    t = create(organiser, max_players=2)
    with_bots(organiser, t, 2)
    ann = make_user("ann")
    assert _can_register(ann, t.pk) is False
    assert _register(ann, t.pk) == (409, "tournament_full")


def test_can_register_follows_the_entry_conditions(race_game: str, organiser: Any) -> None:
    t = create(organiser, min_rating=5.0, min_finished_matches=1)
    ann = make_user("ann")
    assert _can_register(ann, t.pk) is False
    assert _register(ann, t.pk) == (403, "rating_too_low")
    Rating.objects.create(user=ann, game="race", mu=40.0, sigma=2.0, ordinal=34.0)
    assert _can_register(ann, t.pk) is False
    assert _register(ann, t.pk) == (403, "too_few_matches")


def test_can_register_follows_the_invitation(race_game: str, organiser: Any) -> None:
    t = create(organiser, private=True)
    ann = make_user("ann")
    services.tournament_invite(tournament_id=t.pk, user=organiser, usernames=["ann"])
    assert _can_register(organiser, t.pk) is False  # the organiser was not invited to play
    assert _register(organiser, t.pk) == (403, "not_invited")
    assert _can_register(ann, t.pk) is True
    assert _register(ann, t.pk) == (200, None)
    assert _can_register(ann, t.pk) is False


# --- numbers ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "extra",
    [
        {"bye_points": 1e308},
        {"bye_points": -1e308},
        {"placement_points": {"2": [1e308, 0]}},
        {"min_rating": 1e308},
        {"min_finished_matches": 10**18},
    ],
)
def test_numbers_past_their_bounds_are_refused_at_creation(
    race_game: str, organiser: Any, extra: dict[str, Any]
) -> None:
    res = client_for(organiser).post("/api/tournaments", {**CREATE, **extra}, format="json")
    assert res.status_code == 400, res.json()
    assert res.json()["code"] == "invalid_input"


@pytest.mark.parametrize(
    "extra",
    [
        {"bye_points": 1e308},
        {"placement_points": {"2": [1e308, 0]}},
        {"min_rating": -1e308},
        {"min_finished_matches": 10**18},
    ],
)
def test_the_service_bounds_them_too(race_game: str, organiser: Any, extra: dict[str, Any]) -> None:
    with pytest.raises(services.ApiError) as caught:
        create(organiser, **extra)
    assert (caught.value.status_code, caught.value.code) == (422, "invalid_tournament")


def test_an_organisers_huge_scores_are_refused_and_the_tournament_goes_on(
    race_game: str, organiser: Any, eager: Any
) -> None:
    t = create(organiser, format="series", games=2, series_scoring="score", round_start="manual")
    with_bots(organiser, t, 2)
    with eager():
        services.tournament_start(tournament_id=t.pk, user=organiser)
    org = client_for(organiser)
    huge = org.post(
        f"/api/tournaments/{t.pk}/result",
        {"round": 1, "table": 1, "ranks": [1, 2], "scores": [1e308, 0], "reason": "typo"},
        format="json",
    )
    assert (huge.status_code, huge.json()["code"]) == (400, "invalid_input")
    fine = org.post(
        f"/api/tournaments/{t.pk}/result",
        {"round": 1, "table": 1, "ranks": [1, 2], "scores": [12, 3], "reason": "by hand"},
        format="json",
    )
    assert fine.status_code == 200, fine.json()
    standings = fine.json()["standings"]
    assert all(abs(row["points"]) < 1e6 for row in standings), standings
    with eager():
        assert org.post(f"/api/tournaments/{t.pk}/next-round").status_code == 200
