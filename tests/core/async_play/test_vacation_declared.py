"""A declared vacation on the clock: deadlines wait for the player's return, no reminders."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest

from core.accounts.models import User, Vacation
from core.accounts.services import vacation_declare
from core.eventstore.models import Event
from core.matches import deadlines
from core.matches.models import Match, Seat
from core.matches.state import load_state, replay_from_zero
from core.notifications.models import OutboxItem
from tests.conftest import client_for, make_user
from tests.core.async_play.conftest import ADD, END, PER_DAY, Clock, play, start_race

pytestmark = pytest.mark.django_db

# The clock starts on 2027-03-01 at 12:00 UTC; Alice (seat 0) moves first, a day per move.
WITH_VACATION = {**PER_DAY, "vacation": True, "policy": "forfeit"}


def at(day: int, hour: float = 0) -> datetime:
    return datetime(2027, 3, day, tzinfo=UTC).replace(hour=int(hour), minute=round(hour % 1 * 60))


def away(user: Any, first: int, last: int) -> Vacation:
    return vacation_declare(user=user, starts_on=date(2027, 3, first), ends_on=date(2027, 3, last))


def reminders(user: Any) -> int:
    return OutboxItem.objects.filter(user=user, kind=OutboxItem.Kind.DEADLINE_SOON).count()


def test_a_deadline_during_the_vacation_waits_for_its_end_plus_what_was_left(
    race_game: str, clock: Clock
) -> None:
    alice, bob = make_user(), make_user()
    away(alice, 2, 4)
    match = start_race(alice, bob, WITH_VACATION)
    assert match.deadline == at(2, 12)
    clock.now = at(2, 12)
    assert deadlines.match_check_clock(match_id=match.pk) == "vacation"
    match.refresh_from_db()
    # 12 hours of the turn were left when the vacation began at midnight.
    assert match.deadline == at(5, 12)
    assert match.remind_at == at(5, 9.6)  # 80% of those 12 hours after the return
    last = Event.objects.of("match", match.pk).get(seq=match.version)
    assert (last.type, last.actor) == ("SeatOnVacation", None)
    assert last.payload == {"seat": 0, "until": "2027-03-04", "deadline": at(5, 12).isoformat()}
    alice.refresh_from_db()
    assert alice.vacation_days == 11  # the 3 declared days, no bank day on top
    assert not Event.objects.of("match", match.pk).filter(type="VacationDaySpent").exists()
    assert deadlines.match_check_clock(match_id=match.pk) == "idle"
    assert load_state(match) == replay_from_zero(match)
    clock.now = at(5, 11)
    play(match, alice, ADD, END)  # back in time
    assert Seat.objects.get(match=match, index=0).status == Seat.Status.PLAYING


def test_a_turn_that_begins_during_the_vacation_gets_all_its_time_after_it(
    race_game: str, clock: Clock
) -> None:
    alice, bob = make_user(), make_user()
    away(alice, 1, 3)  # already under way
    match = start_race(alice, bob, WITH_VACATION)
    clock.now = at(2, 12)
    assert deadlines.deadline_sweep() == {"vacation": 1}
    match.refresh_from_db()
    assert match.deadline == at(5)  # the end of the 3rd plus a whole day


def test_nobody_is_reminded_while_away_but_is_once_back(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    away(alice, 2, 4)
    match = start_race(alice, bob, WITH_VACATION)
    clock.now = at(2, 7.2)  # 80% of the first day: Alice is away
    assert deadlines.match_check_clock(match_id=match.pk) == "reminded"
    assert reminders(alice) == 0
    match.refresh_from_db()
    assert match.remind_at is None  # she is back only after this deadline
    clock.now = at(2, 12)
    deadlines.deadline_sweep()
    clock.now = at(5, 9.6)
    assert deadlines.deadline_sweep() == {"reminded": 1}
    assert reminders(alice) == 1


def test_a_player_back_before_the_deadline_is_reminded_on_return(
    race_game: str, clock: Clock
) -> None:
    alice, bob = make_user(), make_user()
    tc = {**WITH_VACATION, "move_seconds": 4 * 86400}  # due on the 5th at noon
    away(alice, 2, 4)
    match = start_race(alice, bob, tc)
    clock.now = at(4, 16.8)  # 80% of four days: Alice is still away
    assert deadlines.match_check_clock(match_id=match.pk) == "reminded"
    assert reminders(alice) == 0
    match.refresh_from_db()
    assert match.remind_at == at(5)
    clock.now = at(5)
    assert deadlines.match_check_clock(match_id=match.pk) == "reminded"
    assert reminders(alice) == 1
    match.refresh_from_db()
    assert match.remind_at is None and match.deadline == at(5, 12)


def test_a_match_that_forbids_vacation_ignores_a_declared_one(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    away(alice, 2, 4)
    match = start_race(alice, bob, {**WITH_VACATION, "vacation": False})
    clock.now = at(2, 7.2)
    deadlines.deadline_sweep()
    assert reminders(alice) == 1
    clock.now = at(2, 12)
    assert deadlines.match_check_clock(match_id=match.pk) == "timed_out"
    assert Seat.objects.get(match=match, index=0).status == Seat.Status.FORFEITED
    assert not Event.objects.of("match", match.pk).filter(type="SeatOnVacation").exists()


def test_a_reserve_clock_is_not_charged_for_the_time_away(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    away(alice, 2, 2)
    tc = {"kind": "reserve", "reserve_seconds": 86400, "increment_seconds": 0, "vacation": True}
    match = start_race(alice, bob, tc)
    clock.now = at(2, 12)
    assert deadlines.match_check_clock(match_id=match.pk) == "vacation"
    match.refresh_from_db()
    assert match.deadline == at(3, 12)
    clock.now = at(3, 6)
    play(match, alice, ADD, END)
    # 12 hours before the vacation, 6 after it: 6 of the 24 are left.
    assert Seat.objects.get(match=match, index=0).reserve_seconds == 6 * 3600


def test_ending_the_vacation_early_brings_the_deadline_back(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    vacation = away(alice, 2, 6)
    match = start_race(alice, bob, WITH_VACATION)
    clock.now = at(2, 12)
    deadlines.deadline_sweep()
    match.refresh_from_db()
    assert match.deadline == at(7, 12)
    moved_at = match.clock_version
    clock.now = at(3, 10)
    client = client_for(alice)
    ended = client.post(f"/api/accounts/me/vacations/{vacation.pk}/end").json()
    assert (ended["ends_on"], ended["refunded"]) == ("2027-03-03", 3)
    match.refresh_from_db()
    assert match.deadline == at(4, 12)  # three days given back, three days earlier
    assert match.clock_version > moved_at
    last = Event.objects.of("match", match.pk).get(seq=match.version)
    assert last.payload == {"seat": 0, "until": "2027-03-03", "deadline": at(4, 12).isoformat()}
    assert load_state(match) == replay_from_zero(match)
    clock.now = at(4, 12)
    assert deadlines.match_check_clock(match_id=match.pk) == "vacation"  # a bank day now
    match.refresh_from_db()
    assert Event.objects.of("match", match.pk).get(seq=match.version).type == "VacationDaySpent"


def test_a_deadline_set_since_is_left_alone_when_the_vacation_ends_early(
    race_game: str, clock: Clock
) -> None:
    alice, bob = make_user(), make_user()
    vacation = away(alice, 2, 6)
    match = start_race(alice, bob, WITH_VACATION)
    clock.now = at(2, 12)
    deadlines.deadline_sweep()
    clock.now = at(3, 9)
    play(match, alice, ADD, END)  # she plays from the beach: Bob's turn, Bob's deadline
    play(match, bob, ADD, END)  # Alice's new turn, a fresh day
    deadline, version = match.deadline, match.version
    client_for(alice).post(f"/api/accounts/me/vacations/{vacation.pk}/end")
    match.refresh_from_db()
    assert (match.deadline, match.version) == (deadline, version)


def test_opponents_see_who_is_away_and_the_log_says_why(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    away(alice, 2, 4)
    match = start_race(alice, bob, WITH_VACATION)
    seats = client_for(bob).get(f"/api/matches/{match.pk}").json()["seats"]
    assert [s["on_vacation_until"] for s in seats] == [None, None]
    clock.now = at(2, 12)
    deadlines.deadline_sweep()
    seats = client_for(bob).get(f"/api/matches/{match.pk}").json()["seats"]
    assert [s["on_vacation_until"] for s in seats] == ["2027-03-04", None]
    events = client_for(bob).get(f"/api/matches/{match.pk}/events").json()["events"]
    assert events[-1]["text"] == {
        "en": f"{alice.public_name} is on vacation through 4 March: their time to move waits "
        "for them.",
        "cs": f"{alice.public_name} má dovolenou do 4. března včetně: čas na tah počká.",
    }


def test_a_cancelled_vacation_protects_nothing(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    vacation = away(alice, 2, 4)
    deadlines.user_end_vacation(user=alice, vacation_id=vacation.pk)
    User.objects.filter(pk=alice.pk).update(vacation_days=0)
    match = start_race(alice, bob, WITH_VACATION)
    clock.now = at(2, 12)
    assert deadlines.match_check_clock(match_id=match.pk) == "timed_out"
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
