"""A match no person plays on any more is aborted, not left to bots (``plan.decide``'s
abandonment): when its last human resigns, and when the last one times out to a forfeit."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from core.eventstore.models import CommandRecord
from core.matches import deadlines, services
from core.matches.models import Match, Seat
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


def _alone_with_two_bots(race_game: str, **kwargs: Any) -> tuple[Match, Any]:
    alice = make_user("alice")
    bot = services.SeatSpec("bot", level="random")
    match = services.match_create(
        user=alice,
        game=race_game,
        n_players=3,
        seats=[services.SeatSpec("me"), bot, bot],
        **kwargs,
    )
    return Match.objects.get(pk=match.pk), alice


def test_the_last_person_resigning_aborts_a_match_the_bots_could_play_on(race_game: str) -> None:
    match, alice = _alone_with_two_bots(race_game)
    answer = services.match_resign(match_id=match.pk, user=alice, command_id="r1")
    assert answer["status"] == "aborted"
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED and match.outcome is None
    assert CommandRecord.objects.get(command_id="r1").response["status"] == "aborted"
    assert Seat.objects.get(match=match, index=0).status == Seat.Status.FORFEITED


def test_a_person_resigning_while_another_plays_on_aborts_nothing(race_game: str) -> None:
    alice = make_user("alice")
    make_user("bob")
    match = services.match_create(
        user=alice,
        game=race_game,
        n_players=3,
        seats=[
            services.SeatSpec("me"),
            services.SeatSpec("player", username="bob"),
            services.SeatSpec("bot", level="random"),
        ],
    )
    answer = services.match_resign(match_id=match.pk, user=alice, command_id="r1")
    assert answer["status"] == "active"
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


def test_the_last_person_timing_out_to_a_forfeit_aborts_the_match(race_game: str) -> None:
    clock = {"kind": "per_move", "move_seconds": 3600, "policy": "forfeit", "vacation": False}
    match, _ = _alone_with_two_bots(race_game, time_control=clock)
    assert match.deadline is not None
    late = match.deadline + timedelta(minutes=1)
    assert deadlines.match_check_clock(match_id=match.pk, now=late) == "timed_out"
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED
    assert Seat.objects.get(match=match, index=0).status == Seat.Status.FORFEITED
