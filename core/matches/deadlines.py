"""Enforcing time controls: reminders, vacations and timeouts (issue 9).

``match_check_clock`` is the one service behind both the per-match task (scheduled at the
reminder time and at the deadline) and the periodic sweep. It locks the match and acts only on
what is due *now*, so a duplicate, late or concurrent check is a harmless no-op: a timeout fires
once per overdue turn, a reminder once per deadline (its outbox key).

When a deadline passes, each waiting human seat in turn, if the match allows vacations: is on a
vacation declared in advance (the deadline moves to the vacation's end plus what was left of the
turn when it began, and nothing is spent: its days were taken when it was declared), or spends a
day of the bank (the deadline moves one day later); otherwise it times out and the match's
policy applies. Nobody is reminded while on vacation. Every transition is a platform event in
the stream (``SeatTimedOut``, ``SeatTakenOver``, ``VacationDaySpent``, ``SeatOnVacation``),
followed by the engine's own events for the bot's move or the forfeit, all in one transaction.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from core.accounts.models import User, Vacation
from core.accounts.selectors import vacation_window, vacations_at
from core.accounts.services import VacationEnded, user_spend_vacation_day, vacation_end
from core.eventstore.models import Event
from core.matches import platform_events
from core.matches.commands import engine_for, schedule_clock_checks
from core.matches.models import Match, Seat
from core.matches.orm_writer import notify
from core.matches.plan import Append
from core.matches.scheduling import run_at, run_task, task_named
from core.matches.services import platform_move
from core.matches.state import load_state, state_cache
from core.matches.timecontrol import DAY, TimeControl, deadlines
from core.notifications.models import OutboxItem
from core.ops import metrics
from games.base import Engine, IllegalCommand
from games.rng import command_rng

log = logging.getLogger(__name__)

MAX_BOT_STEPS = 200  # a turn of many small commands; a bot that never ends its turn forfeits


def timeout_bot_level() -> str:
    return str(getattr(settings, "LUDOTEKA_TIMEOUT_BOT_LEVEL", "greedy"))


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
            _remind(match, now)
            return "reminded"
    return "idle"


def _waiting(seats: list[Seat], active: frozenset[int]) -> list[Seat]:
    return [
        s
        for s in seats
        if s.index in active and s.kind == Seat.Kind.HUMAN and s.status == Seat.Status.PLAYING
    ]


def _away(match: Match, seats: list[Seat], moment: datetime) -> dict[int, Vacation]:
    """The declared vacations the players of ``seats`` are on at ``moment``, by user id; none
    in a match that does not allow vacations."""
    if not TimeControl.from_json(match.time_control).vacation:
        return {}
    return vacations_at(user_ids=[s.user_id for s in seats if s.user_id], moment=moment)


def _remind(match: Match, now: datetime) -> None:
    """One ``deadline_soon`` per waiting player and deadline (the key), then no more; a player
    on vacation is reminded when back, if that is before the deadline."""
    engine = engine_for(match.game)
    seats = list(match.seats.all())
    state = load_state(match)
    state_cache.put(match.pk, match.version, state)
    assert match.deadline is not None
    waiting = _waiting(seats, engine.active_seats(state))
    away = _away(match, waiting, now)
    notify(
        match,
        OutboxItem.Kind.DEADLINE_SOON,
        [s for s in waiting if s.user_id not in away],
        key=f"{match.pk}:{int(match.deadline.timestamp())}",
        payload={"version": match.version, "deadline": match.deadline.isoformat()},
    )
    back = min((vacation_window(v)[1] for v in away.values()), default=None)
    match.remind_at = back if back is not None and back < match.deadline else None
    Match.objects.filter(pk=match.pk).update(remind_at=match.remind_at)
    if match.remind_at is not None:
        enforce_deadline = task_named("core.matches.tasks.enforce_deadline")
        run_at(enforce_deadline, match.remind_at, match.pk, match.clock_version)


@dataclass(frozen=True)
class _Extension:
    """A seat's way past a deadline: the platform event to record, the new deadline and
    reminder time it asks for."""

    event: str
    deadline: datetime
    remind_at: datetime | None
    fields: dict[str, Any]


def _after_vacation(match: Match, vacation: Vacation, due: datetime) -> _Extension:
    """The vacation's end plus what was left of the turn when the vacation began (all of it,
    for a turn that began during the vacation)."""
    begins, ends = vacation_window(vacation)
    left = max(timedelta(0), due - max(begins, match.turn_started_at or begins))
    deadline, remind_at = deadlines(ends, left.total_seconds())
    return _Extension(
        platform_events.SEAT_ON_VACATION,
        deadline,
        remind_at,
        {"until": vacation.ends_on.isoformat()},
    )


def _timeout(match: Match, now: datetime) -> str:
    engine = engine_for(match.game)
    tc = TimeControl.from_json(match.time_control)
    seats = list(match.seats.all())
    state = load_state(match)
    before = engine.active_seats(state)
    overdue = _waiting(seats, before)
    old_deadline = match.deadline
    assert old_deadline is not None
    timed_out = False
    # Away when the deadline fell due, not when the check runs: a late check costs no vacation.
    away = _away(match, overdue, old_deadline)
    extended: list[tuple[Seat, _Extension]] = []
    appends: list[Append] = []
    seat_set: dict[int, dict[str, Any]] = {}
    for seat in overdue:
        if seat.index not in engine.active_seats(state):
            continue  # another seat's timeout ended this one's turn too
        vacation = away.get(seat.user_id) if seat.user_id else None
        if vacation is not None:
            extended.append((seat, _after_vacation(match, vacation, old_deadline)))
            continue
        if tc.vacation and seat.user_id and user_spend_vacation_day(user_id=seat.user_id, now=now):
            day_later = old_deadline + timedelta(seconds=DAY)
            extended.append(
                (seat, _Extension(platform_events.VACATION_DAY_SPENT, day_later, None, {}))
            )
            continue
        timed_out = True
        version = match.version + sum(len(a.events) for a in appends)
        state, batches, status = _apply_policy(match, engine, state, seat, tc.policy, version)
        appends += batches
        seat_set[seat.index] = {"status": status}
    # The earliest of the seats' new deadlines: the others are checked again then.
    chosen = min((e for _, e in extended), key=lambda e: e.deadline, default=None)
    for seat, extension in extended:
        assert chosen is not None
        event = {"type": extension.event, "seat": seat.index, **extension.fields}
        event["deadline"] = chosen.deadline.isoformat()
        appends.append(Append([event], None))
    if not any(a.events for a in appends):
        # Nothing was due after all (no waiting human): stop checking this turn.
        match.deadline = match.remind_at = None
        Match.objects.filter(pk=match.pk).update(deadline=None, remind_at=None)
        return "idle"
    # Abandonment, as in match_resign: a match no human plays on is aborted (plan.decide).
    platform_move(
        match,
        engine,
        state,
        before=before,
        seats=seats,
        appends=appends,
        seat_set=seat_set,
        now=now,
        abandon_when_nobody_plays=True,
    )
    if (
        match.status != Match.Status.ABORTED
        and chosen is not None
        and match.deadline is not None
        and match.deadline <= now
    ):
        # The same turn goes on: the vacation moves its deadline, and the turn's start by as
        # much, so a reserve clock is not charged for the time away.
        _move_clock(match, chosen.deadline, chosen.remind_at, now=now)
    return "timed_out" if timed_out else "vacation"


def _move_clock(
    match: Match, deadline: datetime, remind_at: datetime | None, *, now: datetime
) -> None:
    """Move the running turn's deadline, and its start by as much; a new clock version, so the
    checks scheduled for the old deadline find the clock moved on."""
    shift = deadline - (match.deadline or deadline)
    match.turn_started_at = (match.turn_started_at or now) + shift
    match.deadline, match.remind_at = deadline, remind_at
    match.clock_version = match.version
    Match.objects.filter(pk=match.pk).update(
        deadline=match.deadline,
        turn_started_at=match.turn_started_at,
        remind_at=match.remind_at,
        clock_version=match.clock_version,
    )
    schedule_clock_checks(match)


def user_end_vacation(
    *, user: User, vacation_id: int, now: datetime | None = None
) -> VacationEnded:
    """Cancel or end early a declared vacation (``accounts.services.vacation_end``), and bring
    back by as many days the deadlines it had moved: days given back to the bank must not stay
    in a match's clock too."""
    now = now or timezone.now()
    with transaction.atomic():
        ended = vacation_end(user=user, vacation_id=vacation_id, now=now)
        cut = ended.was_until - ended.vacation.ends_on
        if ended.vacation.cancelled_at is None and cut:
            turns = Seat.objects.filter(
                user=user,
                kind=Seat.Kind.HUMAN,
                status=Seat.Status.PLAYING,
                to_move=True,
                match__status=Match.Status.ACTIVE,
            ).order_by("match_id")
            for match_id, seat in turns.values_list("match_id", "index"):
                _cut_short(match_id, seat, ended, cut, now)
    return ended


def _cut_short(
    match_id: int, seat: int, ended: VacationEnded, cut: timedelta, now: datetime
) -> None:
    """Bring the deadline of ``match_id`` back by ``cut`` if its last move was this vacation's
    (its clock untouched since: a deadline set any other way stays)."""
    match = Match.objects.select_for_update().get(pk=match_id)
    last = Event.objects.of("match", match.pk).filter(seq=match.version).first()
    if (
        match.status != Match.Status.ACTIVE
        or match.deadline is None
        or match.clock_version != match.version
        or last is None
        or last.type != platform_events.SEAT_ON_VACATION
        or last.payload.get("seat") != seat
        or last.payload.get("until") != ended.was_until.isoformat()
    ):
        return
    deadline = max(now, match.deadline - cut)
    remind_at = max(now, match.remind_at - cut) if match.remind_at is not None else None
    engine = engine_for(match.game)
    state = load_state(match)
    active = engine.active_seats(state)
    event = {
        "type": platform_events.SEAT_ON_VACATION,
        "seat": seat,
        "until": ended.vacation.ends_on.isoformat(),
        "deadline": deadline.isoformat(),
    }
    seats = list(match.seats.all())
    appends = [Append([event], None)]
    platform_move(match, engine, state, before=active, seats=seats, appends=appends, now=now)
    _move_clock(match, deadline, remind_at, now=now)


def _apply_policy(
    match: Match, engine: Engine, state: Any, seat: Seat, policy: str, version: int
) -> tuple[Any, list[Append], str]:
    """The timeout's record, then the seat's forfeit or a bot's move for it, on the match's
    stream at ``version``: the state after them, their batches and the seat's new status."""
    platform: list[dict[str, Any]] = [
        {"type": platform_events.SEAT_TIMED_OUT, "seat": seat.index, "policy": policy}
    ]
    status = str(seat.status)
    if policy == "zombie":
        platform.append({"type": platform_events.SEAT_TAKEN_OVER, "seat": seat.index})
        status = Seat.Status.ZOMBIE
    after_platform = version + len(platform)
    events = (
        [] if policy == "forfeit" else _bot_turn(match, engine, state, seat.index, after_platform)
    )
    if events is None or policy == "forfeit":
        events = engine.forfeit(state, seat.index)
        status = Seat.Status.FORFEITED
    for event in events:
        state = engine.apply(state, event)
    return state, [Append(platform, None), Append(events, seat.index)], status


def _bot_turn(
    match: Match, engine: Engine, state: Any, seat: int, version: int
) -> list[dict[str, Any]] | None:
    """The events of a bot's whole turn for ``seat`` (a turn may take several commands), found
    on a copy of ``state``, with the randomness of the stream at ``version``; None if the bot
    fails to finish it."""
    work = engine.clone(state)
    events: list[dict[str, Any]] = []
    budget = float(settings.BOT_BUDGET_SECONDS)
    level = timeout_bot_level()
    for step in range(MAX_BOT_STEPS):
        if seat not in engine.active_seats(work) or engine.outcome(work) is not None:
            return events
        rng = command_rng(match.secret_seed, version, f"timeout{seat}:{step}")
        try:
            # Counted with the bots' own turns (tasks.play_bot_turn): the same histogram.
            with metrics.BOT_THINK_SECONDS.labels(match.game, level).time():
                command = engine.bot_command(engine.clone(work), seat, level, rng, budget)
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
    play_bot_turn = task_named("core.matches.tasks.play_bot_turn")
    now = now or timezone.now()
    counts: dict[str, int] = {}
    for match_id in overdue_match_ids(now=now):
        result = match_check_clock(match_id=match_id, now=now)
        counts[result] = counts.get(result, 0) + 1
    quiet = float(settings.LUDOTEKA_BOT_STALL_SECONDS)
    for match_id, version in stalled_bot_matches(now=now, quiet_seconds=quiet):
        run_task(play_bot_turn, match_id, version)
        counts["bot_rescheduled"] = counts.get("bot_rescheduled", 0) + 1
    return counts
