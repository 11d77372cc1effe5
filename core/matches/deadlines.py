"""Enforcing time controls: reminders, vacation days and timeouts (issue 9).

``match_check_clock`` is the one service behind both the per-match task (scheduled at the
reminder time and at the deadline) and the periodic sweep. It locks the match and acts only on
what is due *now*, so a duplicate, late or concurrent check is a harmless no-op: a timeout fires
once per overdue turn, a reminder once per deadline (its outbox key).

When a deadline passes, each waiting human seat in turn either spends a vacation day (when the
match allows it and the player has one left: the deadline moves one day later) or times out and
the match's policy applies. Every transition is a platform event in the stream
(``SeatTimedOut``, ``SeatTakenOver``, ``VacationDaySpent``), followed by the engine's own events
for the bot's move or the forfeit, all in one transaction.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from core.accounts.models import User
from core.eventstore import store
from core.matches.models import Match, Seat
from core.matches.scheduling import run_task
from core.matches.services import _notify, _project, engine_for, schedule_clock_checks
from core.matches.state import load_state
from core.matches.timecontrol import DAY, TimeControl
from core.notifications.models import OutboxItem
from games.base import Engine, IllegalCommand
from games.rng import command_rng

log = logging.getLogger(__name__)

MAX_BOT_STEPS = 200  # a turn of many small commands; a bot that never ends its turn forfeits


def vacation_days_per_year() -> int:
    return int(getattr(settings, "LUDOTEKA_VACATION_DAYS_PER_YEAR", 14))


def timeout_bot_level() -> str:
    return str(getattr(settings, "LUDOTEKA_TIMEOUT_BOT_LEVEL", "greedy"))


def user_spend_vacation_day(*, user_id: int, now: datetime) -> bool:
    """Take one day from the user's bank (refilled on the first spend of a new year)."""
    user = User.objects.select_for_update().get(pk=user_id)
    if user.vacation_year != now.year:
        user.vacation_year, user.vacation_days = now.year, vacation_days_per_year()
    if user.vacation_days < 1:
        User.objects.filter(pk=user.pk).update(vacation_year=user.vacation_year, vacation_days=0)
        return False
    user.vacation_days -= 1
    User.objects.filter(pk=user.pk).update(
        vacation_year=user.vacation_year, vacation_days=user.vacation_days
    )
    return True


def match_check_clock(
    *, match_id: int, expected_version: int | None = None, now: datetime | None = None
) -> str:
    """Apply whatever the clock of ``match_id`` has due at ``now``. ``expected_version`` is the
    clock version the caller scheduled for (None: whatever is current, as the sweep does).
    Returns what happened: ``timed_out``, ``vacation``, ``reminded`` or ``idle``."""
    now = now or timezone.now()
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.status != Match.Status.ACTIVE:
            return "idle"
        if expected_version is not None and match.clock_version != expected_version:
            return "idle"  # the turn moved on since the check was scheduled
        if match.deadline is not None and match.deadline <= now:
            return _timeout(match, now)
        if match.remind_at is not None and match.remind_at <= now:
            _remind(match)
            return "reminded"
    return "idle"


def _waiting(seats: list[Seat], active: frozenset[int]) -> list[Seat]:
    return [
        s
        for s in seats
        if s.index in active and s.kind == Seat.Kind.HUMAN and s.status == Seat.Status.PLAYING
    ]


def _remind(match: Match) -> None:
    """One ``deadline_soon`` per waiting player and deadline (the key), then no more."""
    engine = engine_for(match.game)
    seats = list(match.seats.all())
    state = load_state(match)
    from core.matches.state import state_cache

    state_cache.put(match.pk, match.version, state)
    assert match.deadline is not None
    _notify(
        match,
        OutboxItem.Kind.DEADLINE_SOON,
        _waiting(seats, engine.active_seats(state)),
        key=f"{match.pk}:{int(match.deadline.timestamp())}",
        payload={"version": match.version, "deadline": match.deadline.isoformat()},
    )
    match.remind_at = None
    Match.objects.filter(pk=match.pk).update(remind_at=None)


def _timeout(match: Match, now: datetime) -> str:
    engine = engine_for(match.game)
    tc = TimeControl.from_json(match.time_control)
    seats = list(match.seats.all())
    state = load_state(match)
    before = engine.active_seats(state)
    overdue = _waiting(seats, before)
    old_deadline = match.deadline
    assert old_deadline is not None
    start_version = match.version
    timed_out = False
    extended: list[Seat] = []
    for seat in overdue:
        if seat.index not in engine.active_seats(state):
            continue  # another seat's timeout ended this one's turn too
        if tc.vacation and seat.user_id and user_spend_vacation_day(user_id=seat.user_id, now=now):
            extended.append(seat)
            continue
        timed_out = True
        state = _apply_policy(match, engine, state, seat, tc.policy)
    new_deadline = old_deadline + timedelta(seconds=DAY)
    for seat in extended:
        store.append(
            match=match,
            expected_version=match.version,
            events=[
                {
                    "type": store.VACATION_DAY_SPENT,
                    "seat": seat.index,
                    "deadline": new_deadline.isoformat(),
                }
            ],
            actor=None,
        )
    if match.version == start_version:
        # Nothing was due after all (no waiting human): stop checking this turn.
        match.deadline = match.remind_at = None
        Match.objects.filter(pk=match.pk).update(deadline=None, remind_at=None)
        return "idle"
    _project(match, engine, state, before=before, seats=seats, now=now)
    if match.status == Match.Status.ACTIVE and all(
        s.status == Seat.Status.FORFEITED for s in seats if s.kind == Seat.Kind.HUMAN
    ):
        # Abandonment, as in match_resign: no human is left to finish the match.
        match.status = Match.Status.ABORTED
        Match.objects.filter(pk=match.pk).update(status=match.status)
    elif extended and match.deadline is not None and match.deadline <= now:
        # The same turn goes on: the vacation day moves its deadline (and the turn's start, so a
        # reserve clock is not charged for it) one day later.
        match.deadline = new_deadline
        match.turn_started_at = (match.turn_started_at or now) + timedelta(seconds=DAY)
        match.remind_at = None
        match.clock_version = match.version
        Match.objects.filter(pk=match.pk).update(
            deadline=match.deadline,
            turn_started_at=match.turn_started_at,
            remind_at=None,
            clock_version=match.clock_version,
        )
        schedule_clock_checks(match)
    return "timed_out" if timed_out else "vacation"


def _apply_policy(match: Match, engine: Engine, state: Any, seat: Seat, policy: str) -> Any:
    """Record the timeout, then forfeit the seat or let a bot play its move."""
    platform: list[dict[str, Any]] = [
        {"type": store.SEAT_TIMED_OUT, "seat": seat.index, "policy": policy}
    ]
    if policy == "zombie":
        platform.append({"type": store.SEAT_TAKEN_OVER, "seat": seat.index})
        seat.status = Seat.Status.ZOMBIE
    store.append(match=match, expected_version=match.version, events=platform, actor=None)
    events = [] if policy == "forfeit" else _bot_turn(match, engine, state, seat.index)
    if events is None or policy == "forfeit":
        events = engine.forfeit(state, seat.index)
        seat.status = Seat.Status.FORFEITED
    for event in events:
        state = engine.apply(state, event)
    Seat.objects.filter(pk=seat.pk).update(status=seat.status)
    store.append(match=match, expected_version=match.version, events=events, actor=seat.index)
    return state


def _bot_turn(match: Match, engine: Engine, state: Any, seat: int) -> list[dict[str, Any]] | None:
    """The events of a bot's whole turn for ``seat`` (a turn may take several commands), found
    on a copy of ``state``; None if the bot fails to finish it."""
    work = engine.clone(state)
    events: list[dict[str, Any]] = []
    budget = float(getattr(settings, "BOT_BUDGET_SECONDS", 1.0))
    for step in range(MAX_BOT_STEPS):
        if seat not in engine.active_seats(work) or engine.outcome(work) is not None:
            return events
        rng = command_rng(match.secret_seed, match.version, f"timeout{seat}:{step}")
        try:
            command = engine.bot_command(engine.clone(work), seat, timeout_bot_level(), rng, budget)
            batch = engine.execute(work, seat, command, rng)
        except IllegalCommand as err:
            log.error("timeout bot refused in match %s: %s", match.pk, err.message)
            return None
        for event in batch:
            work = engine.apply(work, event)
        events.extend(batch)
    return None


def overdue_match_ids(*, now: datetime, limit: int = 500) -> list[int]:
    """Active matches whose deadline or reminder is due (the partial indexes on Match)."""
    due = list(
        Match.objects.filter(status=Match.Status.ACTIVE, deadline__lte=now)
        .order_by("deadline")
        .values_list("pk", flat=True)[:limit]
    )
    reminders = Match.objects.filter(status=Match.Status.ACTIVE, remind_at__lte=now)
    due += [pk for pk in reminders.values_list("pk", flat=True)[:limit] if pk not in due]
    return due


def stalled_bot_matches(
    *, now: datetime, quiet_seconds: float = 120, limit: int = 500
) -> list[tuple[int, int]]:
    """``(match id, version)`` of active matches waiting for a bot that have not moved for
    ``quiet_seconds``: a bot task that was lost (a worker killed before it acknowledged)."""
    bot_to_move = Seat.objects.filter(match=OuterRef("pk"), to_move=True).filter(
        Q(kind=Seat.Kind.BOT, status=Seat.Status.PLAYING)
        | Q(kind=Seat.Kind.HUMAN, status=Seat.Status.ZOMBIE)
    )
    quiet = now - timedelta(seconds=quiet_seconds)
    return list(
        Match.objects.filter(status=Match.Status.ACTIVE, updated_at__lt=quiet)
        .filter(Exists(bot_to_move))
        .order_by("updated_at")
        .values_list("pk", "version")[:limit]
    )


def deadline_sweep(*, now: datetime | None = None) -> dict[str, int]:
    """Check every due match, each in its own transaction: rescues matches whose task was lost
    (or never scheduled, as in the embedded default), and asks again for bot moves that
    stalled (``play_bot_turn`` carries the version, so a bot never moves twice)."""
    from core.matches.tasks import play_bot_turn

    now = now or timezone.now()
    counts: dict[str, int] = {}
    for match_id in overdue_match_ids(now=now):
        result = match_check_clock(match_id=match_id, now=now)
        counts[result] = counts.get(result, 0) + 1
    quiet = float(getattr(settings, "LUDOTEKA_BOT_STALL_SECONDS", 120))
    for match_id, version in stalled_bot_matches(now=now, quiet_seconds=quiet):
        run_task(play_bot_turn, match_id, version)
        counts["bot_rescheduled"] = counts.get("bot_rescheduled", 0) + 1
    return counts
