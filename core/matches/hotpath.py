"""A command on PostgreSQL in two database round trips, and no lock held between them.

The general pipeline (``services``) locks the match row in a transaction and reads and writes
through the ORM: about ten round trips of ~0.4 ms, and the ORM compiling each query (~1 ms of
CPU apiece on this machine). Most commands change little: a few events, whose turn it is, the
clock, perhaps a notification. For those this module:

1. reads the match, its seats and any record of the ``command_id`` in one statement (no lock);
2. checks, loads the state (the process's cache, else snapshot + tail), lets the engine decide;
3. writes everything in ONE statement that commits by itself: the events (hash chain; their
   feed position comes after commit, see eventstore.models), the match head and clock, the
   seats, the ``your_turn`` outbox rows, a snapshot when one is due, and the idempotency
   record — each part conditioned on the match still being at the version read in 1
   (``eventstore.store.append_with``). A match that moved in between
   writes nothing: the command is refused as stale when the client named the version it
   expected, else decided again by the general path under the match's lock.

The guarantees stay those of the general path: optimistic concurrency (the version condition,
and the unique ``(match, seq)``), idempotent command ids (the record is read in 1 and its unique
constraint fails the whole statement of a racing duplicate, which then gets the first answer),
the outbox in the same transaction as the events. A command that ends the match (ratings,
results) goes through the general path, as do undo and resignation.
"""

from __future__ import annotations

import functools
import json
import time
from contextlib import nullcontext
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, models, transaction
from django.utils import timezone

from core.accounts.models import User
from core.api.errors import ApiError
from core.api.guard import check_deadline
from core.api.guard import current as current_request
from core.eventstore import store
from core.eventstore.exceptions import StaleVersion
from core.eventstore.models import CommandRecord, Snapshot
from core.matches import broadcast, commands
from core.matches.models import Match, Seat
from core.matches.recent import recent_commits
from core.matches.scheduling import run_after_commit, task_named
from core.matches.selectors import match_get
from core.matches.state import load_state, state_cache
from core.notifications.dispatcher import dispatch_after_commit
from core.notifications.models import OutboxItem
from games.base import IllegalCommand
from games.rng import command_rng


class NeedsGeneralPath(Exception):
    """The command does more than this path writes (it ends the match), or the match moved
    under a command that did not pin its version: the general path takes it, under a lock."""


# Every column, in the model's order: the row builds a Match positionally (a third of the CPU of
# keyword arguments). json/jsonb columns come back as text or values and are decoded here.
_MATCH_COLUMNS = tuple(f.attname for f in Match._meta.concrete_fields)
_JSON_POSITIONS = tuple(
    i for i, f in enumerate(Match._meta.concrete_fields) if isinstance(f, models.JSONField)
)
# Every column but match_id, in the model's order (tests/core/matches/test_hotpath.py checks),
# through json_build_array: no column whose type JSON would turn into text (dates, times).
_SEAT_COLUMNS = (
    "id",
    "index",
    "kind",
    "user_id",
    "accepted",
    "bot_level",
    "status",
    "to_move",
    "rank",
    "score",
    "reserve_seconds",
)


def _json(value: Any) -> Any:
    # jsonb comes back as text (Django decodes it in from_db_value); json as Python values.
    return json.loads(value) if isinstance(value, str) else value


@functools.cache
def _read_sql(with_record: bool) -> str:
    s, r = Seat._meta.db_table, CommandRecord._meta.db_table
    seat_cols = ", ".join(f's."{c}"' for c in _SEAT_COLUMNS)
    record = (
        f"(SELECT json_build_array(r.id, r.seat, r.version, r.response, r.user_id) FROM {r} r "
        "WHERE r.match_id = m.id AND r.command_id = %s) "
        if with_record
        else "NULL "
    )
    return (
        f"SELECT {', '.join(f'm.{c}' for c in _MATCH_COLUMNS)}, "
        f"(SELECT json_agg(json_build_array({seat_cols}) ORDER BY s.index) FROM {s} s "
        f"WHERE s.match_id = m.id), {record}"
        f"FROM {Match._meta.db_table} m WHERE m.id = %s"
    )


def read_match(match_id: int) -> Match:
    """The match with its seats (``match.seats.all()`` answers from memory), in one round
    trip on PostgreSQL: for reads that need no more (legal commands, their ETag)."""
    if connection.vendor != "postgresql":
        return match_get(match_id)
    match, seats, _ = read(match_id, None)
    cached = Seat.objects.filter(match_id=match.pk)
    cached._result_cache = seats
    cached._prefetch_done = True
    match._prefetched_objects_cache = {"seats": cached}
    return match


def read(match_id: int, command_id: str | None) -> tuple[Match, list[Seat], CommandRecord | None]:
    """The match, its seats and the record of ``command_id`` (if any), in one round trip."""
    params: list[Any] = [match_id] if command_id is None else [command_id, match_id]
    with connection.cursor() as cur:
        cur.execute(_read_sql(command_id is not None), params)
        row = cur.fetchone()
    if row is None:
        raise ApiError(404, "match_not_found", f"There is no match {match_id}.")
    values = list(row[: len(_MATCH_COLUMNS)])
    for i in _JSON_POSITIONS:
        values[i] = _json(values[i])
    match = Match(*values)
    match._state.adding = False
    seats = []
    for pk, *rest in _json(row[len(_MATCH_COLUMNS)]) or []:
        seat = Seat(pk, match.pk, *rest)
        seat._state.adding = False
        seats.append(seat)
    record = None
    if (found := _json(row[len(_MATCH_COLUMNS) + 1])) is not None:
        pk, seat_index, version, response, user_id = found
        record = CommandRecord(
            id=pk,
            match_id=match.pk,
            command_id=command_id,
            seat=seat_index,
            version=version,
            response=_json(response),
            user_id=user_id,
        )
    return match, seats, record


def submit(
    *,
    match_id: int,
    user: User | None,
    command: Any,
    command_id: str,
    digest: str,
    expected_version: int | None,
    seat_index: int | None,
) -> dict[str, Any]:
    """``services.match_submit_command`` on PostgreSQL; raises ``NeedsGeneralPath`` (having
    written nothing) for a command this path does not write. ``digest``: what the command asks
    (``commands.command_digest``), kept in its record and compared on a retry."""
    match, seats, record = read(match_id, command_id)
    seat = commands.acting_seat(seats, user, seat_index)
    if record is not None:
        return commands.replayed_response(match, record, seat, digest)
    commands.check_runnable(match, expected_version)
    try:
        return _run(
            match, seats, seat, user=user, command=command, command_id=command_id, digest=digest
        )
    except StaleVersion as err:
        if expected_version is not None:
            raise commands.stale_version_error(err.current) from err
        # The match moved between the read and the write, and the client did not pin a
        # version: the general path decides again under the match's lock, as it always has.
        raise NeedsGeneralPath from err
    except IntegrityError as err:
        # A retry of this command_id committed between our read and our write.
        match, seats, record = read(match_id, command_id)
        if record is None:
            raise ApiError(
                409, "conflict", "Another request changed this match first; retry."
            ) from err
        return commands.replayed_response(match, record, seat, digest)


def _run(
    match: Match,
    seats: list[Seat],
    seat: Seat,
    *,
    user: User | None,
    command: Any,
    command_id: str,
    digest: str,
) -> dict[str, Any]:
    engine = commands.engine_for(match.game)
    state = load_state(match)
    before = engine.active_seats(state)
    try:
        events = engine.execute(
            state, seat.index, command, command_rng(match.secret_seed, match.version)
        )
    except IllegalCommand as err:
        state_cache.put(match.pk, match.version, state)  # untouched: execute is pure
        raise commands.engine_error(err) from err
    for event in events:
        state = engine.apply(state, event)
    if engine.outcome(state) is not None or not events:
        raise NeedsGeneralPath  # the state taken from the cache is dropped: it was folded into
    expected = match.version
    match.version = expected + len(events)  # what the clock and the keys below are stamped with
    now = timezone.now()
    active = engine.active_seats(state)
    match_set, reserves, clock_set = commands.clock_changes(
        match, seats, before=before, active=active, now=now
    )
    also: list[store.Also] = []
    if active != before or reserves:
        for s in seats:
            s.to_move = s.index in active
        also.append(_seats_update(seats))
    turn_begins = [
        s for s in seats if s.index in active and s.index not in before and s.kind == "human"
    ]
    if turn_begins:
        also.append(_your_turn(match, turn_begins, now))
    if (
        engine.is_undo_barrier(events[-1])
        and match.version - match.snapshot_version >= settings.SNAPSHOT_EVERY
    ):
        # Only at a barrier: nothing at or before it can be undone later (see services).
        also.append(_snapshot(match, engine.state_to_json(state), now))
        match.snapshot_version = match_set["snapshot_version"] = match.version
    also.append(_record(match, command_id, user, seat.index, digest, now))
    # The statement commits by itself: a request whose time is up stops here (503 busy, nothing
    # written), never after its client stopped waiting (core/api/guard.py).
    check_deadline()
    state_of_request = current_request()
    lock_wait_ms = None
    if state_of_request is not None and state_of_request.deadline is not None:
        # Waiting for the match's lock (a general-path transaction holds it) must not carry
        # the commit past the budget either: then LockNotAvailable, nothing written, 503.
        left = state_of_request.deadline - time.monotonic()
        lock_wait_ms = max(1, min(int(left * 1000), int(settings.LUDOTEKA_DB_LOCK_WAIT * 1000)))
    # Outside a transaction the statement commits by itself; inside one (tests, a caller's
    # transaction) a savepoint keeps a failed statement from breaking the caller's.
    with transaction.atomic() if connection.in_atomic_block else nullcontext():
        rows = store.append_with(
            match=match,
            expected_version=expected,
            events=events,
            actor=seat.index,
            command_id=command_id,
            match_set=match_set,
            also=also,
            now=now,
            lock_wait_ms=lock_wait_ms,
        )
    # Rendered now, before the state goes back to the cache (commands.Answer).
    answer = commands.Answer(
        {
            **commands.command_response(
                engine, match, state, seat.index, rows, status=match.status, seats=seats
            ),
            "replayed": False,
        }
    )
    # After commit (at once in autocommit), in the general path's order: cache, announce, bots.
    version, match_id = match.version, match.pk
    user_ids = [s.user_id for s in seats if s.user_id]
    transaction.on_commit(lambda: state_cache.put(match_id, version, state))
    # What was written, for this process's sockets: they need not read it back (recent.py).
    notified = {s.user_id for s in turn_begins if s.user_id is not None}
    transaction.on_commit(lambda: recent_commits.put(match, seats, expected, rows, notified))
    transaction.on_commit(lambda: broadcast.announce_match_version(match_id, version, user_ids))
    if any(s.index in active and s.bot_plays for s in seats):
        run_after_commit(task_named("core.matches.tasks.play_bot_turn"), match_id, version)
    if turn_begins:
        dispatch_after_commit()
    if clock_set:
        commands.schedule_clock_checks(match)
    return answer


def _seats_update(seats: list[Seat]) -> store.Also:
    values = ", ".join(["(%s::bigint, %s::boolean, %s::double precision)"] * len(seats))
    params: list[Any] = []
    for s in seats:
        params += [s.pk, s.to_move, s.reserve_seconds]
    return store.Also(
        f"UPDATE {Seat._meta.db_table} AS s SET to_move = v.to_move, "
        f"reserve_seconds = v.reserve FROM (VALUES {values}) AS v(id, to_move, reserve) "
        "WHERE s.id = v.id AND EXISTS (SELECT 1 FROM moved)",
        params,
    )


def _your_turn(match: Match, seats: list[Seat], now: Any) -> store.Also:
    """``services.notify``'s rows for the seats whose turn begins (same kind, key, payload)."""
    kind = OutboxItem.Kind.YOUR_TURN
    values = ", ".join(
        ["(%s::bigint, %s::bigint, %s::text, %s::text, %s::jsonb, %s::timestamptz)"] * len(seats)
    )
    params: list[Any] = []
    payload = json.dumps({"game": match.game, "version": match.version})
    for s in seats:
        key = f"{kind}:{s.user_id}:{match.pk}:{match.version}"
        params += [s.user_id, match.pk, str(kind), key, payload, now]
    return store.Also(
        f"INSERT INTO {OutboxItem._meta.db_table} "
        "(user_id, match_id, kind, key, payload, created_at) "
        f"SELECT * FROM (VALUES {values}) AS v WHERE EXISTS (SELECT 1 FROM moved) "
        "ON CONFLICT DO NOTHING",
        params,
    )


def _snapshot(match: Match, state_json: Any, now: Any) -> store.Also:
    return store.Also(
        f"INSERT INTO {Snapshot._meta.db_table} (match_id, version, rules_version, state, "
        "created_at) SELECT %s, %s, %s, %s::jsonb, %s WHERE EXISTS (SELECT 1 FROM moved)",
        [match.pk, match.version, match.rules_version, json.dumps(state_json), now],
    )


def _record(
    match: Match, command_id: str, user: User | None, seat: int, digest: str, now: Any
) -> store.Also:
    """The idempotency record. A duplicate ``command_id`` fails the whole statement (unique
    constraint): nothing of it is written."""
    return store.Also(
        f"INSERT INTO {CommandRecord._meta.db_table} (match_id, command_id, user_id, seat, "
        "version, response, created_at) SELECT %s, %s, %s, %s, %s, %s::jsonb, %s "
        "WHERE EXISTS (SELECT 1 FROM moved)",
        [
            match.pk,
            command_id,
            user.pk if user is not None else None,
            seat,
            match.version,
            json.dumps(commands.record_response(match, digest)),
            now,
        ],
    )
