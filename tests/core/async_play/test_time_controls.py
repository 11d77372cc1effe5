"""Time controls chosen at creation: validation, storage, the first deadline, the detail view."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from core.api.errors import ApiError
from core.matches import services
from core.matches.models import Seat
from tests.conftest import client_for, make_user
from tests.core.async_play.conftest import ADD, END, PER_DAY, Clock, play, start_race

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "time_control, words",
    [
        ({"kind": "hourglass"}, "kind must be one of"),
        ({"kind": "per_move"}, "needs move_seconds"),
        ({"kind": "per_move", "move_seconds": 60}, "between 3600 and 1209600"),
        ({"kind": "per_move", "move_seconds": "1d"}, "whole number"),
        ({"kind": "per_move", "move_seconds": 3600, "reserve_seconds": 7200}, "move_seconds only"),
        ({"kind": "reserve", "increment_seconds": 60}, "needs reserve_seconds"),
        ({"kind": "per_move", "move_seconds": 3600, "policy": "coin"}, "policy must be one of"),
        ({"kind": "none", "move_seconds": 3600}, "takes no move_seconds"),
        ({"kind": "per_move", "move_seconds": 3600, "speed": 1}, "Unknown time_control"),
        ({"kind": "per_move", "move_seconds": 3600, "vacation": "yes"}, "true or false"),
        ("1 day", "must be an object"),
    ],
)
def test_it_refuses_a_bad_time_control_with_a_clear_422(
    race_game: str, alice: Any, time_control: Any, words: str
) -> None:
    with pytest.raises(ApiError) as err:
        services.match_create(user=alice, game="race", n_players=2, time_control=time_control)
    assert err.value.status_code == 422 and err.value.code == "invalid_time_control"
    assert words in err.value.message


def test_the_create_api_answers_422_with_code_and_message(race_game: str, alice: Any) -> None:
    response = client_for(alice).post(
        "/api/matches",
        {"game": "race", "players": 2, "time_control": {"kind": "per_move"}},
        format="json",
    )
    assert response.status_code == 422
    assert response.json()["code"] == "invalid_time_control"


def test_the_api_stores_the_choice_and_shows_the_deadline(
    race_game: str, alice: Any, clock: Clock
) -> None:
    tc = {"kind": "per_move", "move_seconds": 7200, "policy": "forfeit"}
    response = client_for(alice).post(
        "/api/matches",
        {
            "game": "race",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "bot", "level": "greedy"}],
            "time_control": tc,
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["time_control"] == {
        "kind": "per_move",
        "move_seconds": 7200,
        "reserve_seconds": 0,
        "increment_seconds": 0,
        "policy": "forfeit",
        "vacation": True,
    }
    assert body["deadline"] == (clock.now + timedelta(hours=2)).isoformat()
    detail = client_for(alice).get(f"/api/matches/{body['id']}").json()
    assert detail["deadline"] == body["deadline"]


def test_a_match_without_time_control_has_no_deadline(race_game: str, alice: Any) -> None:
    match = services.match_create(
        user=alice,
        game="race",
        n_players=2,
        seats=[services.SeatSpec("me")] * 1 + [services.SeatSpec("bot", level="greedy")],
    )
    match.refresh_from_db()
    assert match.time_control == {
        "kind": "none",
        "move_seconds": 0,
        "reserve_seconds": 0,
        "increment_seconds": 0,
        "policy": "bot_move",
        "vacation": True,
    }
    assert match.deadline is None and match.remind_at is None


def test_each_turn_gets_a_fresh_per_move_deadline(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    match = start_race(alice, bob, PER_DAY)
    assert match.deadline == clock.now + timedelta(days=1)
    assert match.remind_at == clock.now + timedelta(days=0.8)
    clock.advance(hours=5)
    play(match, alice, ADD)
    assert match.deadline == clock.now - timedelta(hours=5) + timedelta(days=1)  # same turn
    clock.advance(hours=1)
    play(match, alice, END)
    assert match.deadline == clock.now + timedelta(days=1)
    assert match.clock_version == match.version


def test_a_reserve_clock_charges_the_turn_and_credits_the_increment(
    race_game: str, clock: Clock
) -> None:
    alice, bob = make_user(), make_user()
    tc = {"kind": "reserve", "reserve_seconds": 3 * 86400, "increment_seconds": 3600}
    match = start_race(alice, bob, tc)
    assert match.deadline == clock.now + timedelta(days=3)
    clock.advance(days=1)
    play(match, alice, ADD, END)
    seat0 = Seat.objects.get(match=match, index=0)
    assert seat0.reserve_seconds == 2 * 86400 + 3600
    assert match.deadline == clock.now + timedelta(days=3)  # Bob's reserve is untouched
    clock.advance(hours=2)
    play(match, bob, ADD, END)
    assert match.deadline == clock.now + timedelta(seconds=2 * 86400 + 3600)
