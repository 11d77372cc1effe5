"""A reminder at 80% of the time to a deadline, through the outbox, once."""

from __future__ import annotations

from typing import Any

import pytest

from core.matches import deadlines
from core.notifications.models import OutboxItem
from tests.conftest import make_user
from tests.core.async_play.conftest import ADD, END, PER_DAY, Clock, play, start_race

pytestmark = pytest.mark.django_db


def reminders(user: Any) -> list[OutboxItem]:
    return list(OutboxItem.objects.filter(user=user, kind=OutboxItem.Kind.DEADLINE_SOON))


def test_the_reminder_comes_at_80_percent_and_only_once(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    match = start_race(alice, bob, PER_DAY)
    clock.advance(hours=19)
    assert deadlines.deadline_sweep() == {}
    assert reminders(alice) == []
    clock.advance(hours=0.2)  # 19.2 h = 80% of a day
    assert deadlines.match_check_clock(match_id=match.pk, expected_version=2) == "reminded"
    for _ in range(2):  # a duplicate task and the sweep
        assert deadlines.match_check_clock(match_id=match.pk, expected_version=2) == "idle"
        assert deadlines.deadline_sweep() == {}
    (item,) = reminders(alice)
    match.refresh_from_db()
    assert item.match_id == match.pk and item.payload["deadline"] == match.deadline.isoformat()
    assert reminders(bob) == []


def test_each_turn_has_its_own_reminder(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    match = start_race(alice, bob, PER_DAY)
    clock.advance(hours=20)
    deadlines.deadline_sweep()
    play(match, alice, ADD, END)
    clock.advance(hours=20)
    deadlines.deadline_sweep()
    play(match, bob, ADD, END)
    clock.advance(hours=20)
    deadlines.deadline_sweep()
    assert len(reminders(alice)) == 2 and len(reminders(bob)) == 1


def test_no_reminder_once_the_player_has_moved(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    match = start_race(alice, bob, PER_DAY)
    clock.advance(hours=10)
    play(match, alice, ADD, END)
    clock.advance(hours=10)  # past Alice's old reminder time, before Bob's
    assert deadlines.match_check_clock(match_id=match.pk, expected_version=2) == "idle"
    assert deadlines.deadline_sweep() == {}
    assert reminders(alice) == [] and reminders(bob) == []
