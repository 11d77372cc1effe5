"""Vacation days: a yearly bank, spent automatically instead of a timeout, unless forbidden."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.accounts.models import User
from core.eventstore.models import Event
from core.matches import deadlines
from core.matches.models import Seat
from core.matches.state import load_state, replay_from_zero
from tests.conftest import make_user
from tests.core.async_play.conftest import ADD, END, PER_DAY, Clock, play, start_race

pytestmark = pytest.mark.django_db

WITH_VACATION = {**PER_DAY, "vacation": True, "policy": "forfeit"}


def test_a_vacation_day_is_spent_instead_of_the_timeout(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    match = start_race(alice, bob, WITH_VACATION)
    first = match.deadline
    assert first is not None
    clock.advance(days=1)
    assert deadlines.match_check_clock(match_id=match.pk, expected_version=2) == "vacation"
    match.refresh_from_db()
    alice.refresh_from_db()
    assert alice.vacation_days == 13 and alice.vacation_year == 2027
    assert match.deadline == first + timedelta(days=1)
    spent = Event.objects.of("match", match.pk).get(type="VacationDaySpent")
    assert spent.payload == {"seat": 0, "deadline": match.deadline.isoformat()}
    assert Seat.objects.get(match=match, index=0).status == Seat.Status.PLAYING
    # The old task is stale; the new deadline is checked at its own version.
    assert deadlines.match_check_clock(match_id=match.pk, expected_version=2) == "idle"
    assert deadlines.match_check_clock(match_id=match.pk) == "idle"
    assert load_state(match) == replay_from_zero(match)
    play(match, alice, ADD, END)  # Alice is back in time


def test_the_bank_runs_dry_then_the_policy_applies(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    User.objects.filter(pk=alice.pk).update(vacation_days=2, vacation_year=2027)
    match = start_race(alice, bob, WITH_VACATION)
    results = []
    for _ in range(3):
        clock.advance(days=1)
        results.append(deadlines.match_check_clock(match_id=match.pk))
    assert results == ["vacation", "vacation", "timed_out"]
    alice.refresh_from_db()
    assert alice.vacation_days == 0
    assert Seat.objects.get(match=match, index=0).status == Seat.Status.FORFEITED


def test_the_bank_refills_in_a_new_year(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    User.objects.filter(pk=alice.pk).update(vacation_days=0, vacation_year=2026)
    match = start_race(alice, bob, WITH_VACATION)
    clock.advance(days=1)
    assert deadlines.match_check_clock(match_id=match.pk) == "vacation"
    alice.refresh_from_db()
    assert (alice.vacation_days, alice.vacation_year) == (13, 2027)


def test_a_match_that_forbids_vacation_times_out_at_once(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    match = start_race(alice, bob, {**WITH_VACATION, "vacation": False})
    clock.advance(days=1)
    assert deadlines.match_check_clock(match_id=match.pk) == "timed_out"
    alice.refresh_from_db()
    assert alice.vacation_year == 0  # untouched


def test_a_vacation_day_is_not_charged_to_a_reserve_clock(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    tc = {"kind": "reserve", "reserve_seconds": 86400, "increment_seconds": 0, "vacation": True}
    match = start_race(alice, bob, tc)
    clock.advance(days=1)
    assert deadlines.match_check_clock(match_id=match.pk) == "vacation"
    clock.advance(hours=12)
    play(match, alice, ADD, END)
    assert Seat.objects.get(match=match, index=0).reserve_seconds == 12 * 3600
