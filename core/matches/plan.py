"""The decision step of every move: what a match's new events change, as a plan for a writer.

Every way a match moves (a player's command, a bot's, an undo, a resignation, a timeout, a staff
action) comes here once the engine has decided: given the match, its seats, the engine, the
state after the new events and the seats that were to move before them, ``decide`` says what
follows — whose turn it is, the clock, the notifications, a snapshot, the ending, the command's
record — and what runs once it has committed. It writes nothing. A writer carries the plan out:
``orm_writer`` in the caller's transaction under the match's row lock (SQLite and PostgreSQL),
``hotpath`` in one statement on PostgreSQL. Both write the same plan and decide nothing of
their own.

``decide`` sets the in-memory match and seats to what the plan writes (the version, the clock,
whose turn it is), as the writers and the answer read them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.conf import settings
from django.utils import timezone

from core.matches.commands import clock_changes
from core.matches.models import Match, Seat
from core.matches.platform_events import PLATFORM_EVENTS
from core.notifications.models import OutboxItem
from games.base import Engine, Outcome


@dataclass(frozen=True)
class OutboxRow:
    """One notification for the outbox; ``key`` makes a repeat of the same one a no-op."""

    user_id: int
    kind: str
    key: str
    payload: dict[str, Any]


@dataclass(frozen=True)
class Append:
    """One batch of events for the stream, by one actor: a command's (``command_id``), the
    platform's (a timeout's, a staff action's: nobody), or a seat's move the clock made."""

    events: list[dict[str, Any]]
    actor: int | None
    command_id: str | None = None


@dataclass(frozen=True)
class RecordPlan:
    """The idempotency record of a command: a retry of ``command_id`` gets its first answer."""

    command_id: str
    user_id: int | None
    seat: int
    digest: str


@dataclass(frozen=True)
class AfterCommit:
    """What follows the commit, carrying ids and versions: the state into the process's cache,
    the version announced to the match's users, a bot's turn, the clock's checks."""

    match_id: int
    version: int
    state: Any
    user_ids: tuple[int, ...]
    bot_turn: bool
    clock_checks: bool


@dataclass
class Plan:
    """Everything one move writes, and what follows it. ``appends`` go on top of
    ``expected_version``, in order; ``seat_set`` changes seats' own columns (a resignation's,
    a timeout's or a staff's status)."""

    match: Match
    seats: list[Seat]
    engine: Engine
    state: Any  # after the events
    appends: list[Append]
    expected_version: int
    seat_set: dict[int, dict[str, Any]]  # columns by seat primary key
    now: datetime
    before: frozenset[int]
    active: frozenset[int]
    outcome: Outcome | None  # the engine's ending: the match finishes
    abandoned: bool  # every human resigned and nobody is left to finish: the match is aborted
    match_set: dict[str, Any]  # more columns of the match row: the clock, the snapshot's version
    reserves: dict[int, float | None]  # reserve_seconds by seat primary key
    seats_moved: bool  # whose turn it is changed (or the match starts): write every seat's to_move
    turn_begins: list[Seat]  # the people whose turn begins (their your_turn rows)
    notifications: list[OutboxRow]
    snapshot: Any | None  # the state as JSON when one is due (only at an undo barrier)
    record: RecordPlan | None
    after: AfterCommit = field(repr=False)

    @property
    def events(self) -> list[dict[str, Any]]:
        """Every event the plan appends, in order."""
        return [e for a in self.appends for e in a.events]

    @property
    def actor(self) -> int | None:
        """The last batch's actor: a command's seat."""
        return self.appends[-1].actor if self.appends else None

    @property
    def command_id(self) -> str | None:
        return self.appends[-1].command_id if self.appends else None

    @property
    def version(self) -> int:
        return self.expected_version + len(self.events)

    @property
    def status(self) -> str:
        """The match's status once the plan is written."""
        if self.outcome is not None:
            return str(Match.Status.FINISHED)
        if self.abandoned:
            return str(Match.Status.ABORTED)
        return str(self.match.status)


def outbox_rows(
    match: Match, kind: str, seats: list[Seat], *, key: str, payload: dict[str, Any]
) -> list[OutboxRow]:
    """One row per seat's player: the key per user, kind and ``key``; the game in the payload."""
    return [
        OutboxRow(
            user_id=s.user_id,
            kind=str(kind),
            key=f"{kind}:{s.user_id}:{key}",
            payload={"game": match.game, **payload},
        )
        for s in seats
        if s.user_id is not None
    ]


def no_human_plays(seats: list[Seat]) -> bool:
    """Every person at the table resigned (or timed out to a forfeit): nobody finishes it."""
    return all(s.status == Seat.Status.FORFEITED for s in seats if s.kind == Seat.Kind.HUMAN)


def decide(
    *,
    match: Match,
    seats: list[Seat],
    engine: Engine,
    state: Any,
    events: Sequence[dict[str, Any]] = (),
    before: frozenset[int],
    actor: int | None = None,
    command_id: str | None = None,
    appends: Sequence[Append] = (),
    seat_set: Mapping[int, Mapping[str, Any]] | None = None,
    record: RecordPlan | None = None,
    abandon_when_nobody_plays: bool = False,
    now: datetime | None = None,
) -> Plan:
    """The plan of ``events`` by ``actor`` (a command's, already folded into ``state``) on top
    of ``match``'s version; or of ``appends``, batches by several actors (a timeout's platform
    events, then the seat's forfeit). ``seat_set``: columns of seats by index, set in memory
    before planning (a forfeited seat no longer plays). ``before``: the seats to move before.
    ``abandon_when_nobody_plays``: a resignation, which aborts a match no person still plays."""
    now = now or timezone.now()
    batches = [a for a in appends if a.events]
    if events:
        batches.append(Append(list(events), actor, command_id))
    appended = [e for a in batches for e in a.events]
    changed: dict[int, dict[str, Any]] = {}
    for s in seats:
        columns = (seat_set or {}).get(s.index)
        if columns:
            for name, value in columns.items():
                setattr(s, name, value)
            changed[s.pk] = dict(columns)
    expected = match.version
    match.version = expected + len(appended)  # what the clock and the keys are stamped with
    outcome = engine.outcome(state)
    active: frozenset[int] = frozenset() if outcome is not None else engine.active_seats(state)
    match_set, reserves, clock_set = clock_changes(
        match, seats, before=before, active=active, now=now
    )
    match_set = dict(match_set)
    seats_moved = active != before or expected == 0  # at the start every seat is written
    if seats_moved or reserves:
        for s in seats:
            s.to_move = s.index in active
    turn_begins = [
        s
        for s in seats
        if s.index in active and s.index not in before and s.kind == Seat.Kind.HUMAN
    ]
    notifications = outbox_rows(
        match,
        OutboxItem.Kind.YOUR_TURN,
        turn_begins,
        key=f"{match.pk}:{match.version}",
        payload={"version": match.version},
    )
    snapshot = None
    # Snapshots follow the engine's events in one batch (a command, a bot's move, a
    # resignation, the start); a plan with the platform's events (undo, the clock's, the
    # staff's) takes none, as it never did.
    if (
        len(batches) == 1
        and not any(e["type"] in PLATFORM_EVENTS for e in appended)
        and engine.is_undo_barrier(appended[-1])
        and match.version - match.snapshot_version >= settings.SNAPSHOT_EVERY
    ):
        # Only at a barrier: nothing at or before it can be undone later, so the snapshot stays
        # valid for good.
        snapshot = engine.state_to_json(state)
        match.snapshot_version = match_set["snapshot_version"] = match.version
    abandoned = (
        abandon_when_nobody_plays
        and outcome is None
        and match.status == Match.Status.ACTIVE
        and no_human_plays(seats)
    )
    after = AfterCommit(
        match_id=match.pk,
        version=match.version,
        state=state,
        user_ids=tuple(s.user_id for s in seats if s.user_id),
        bot_turn=any(s.index in active and s.bot_plays for s in seats),
        clock_checks=clock_set,
    )
    return Plan(
        match=match,
        seats=seats,
        engine=engine,
        state=state,
        appends=batches,
        expected_version=expected,
        seat_set=changed,
        now=now,
        before=before,
        active=active,
        outcome=outcome,
        abandoned=abandoned,
        match_set=match_set,
        reserves=reserves,
        seats_moved=seats_moved,
        turn_begins=turn_begins,
        notifications=notifications,
        snapshot=snapshot,
        record=record,
        after=after,
    )
