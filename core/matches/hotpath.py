"""The single-statement writer of a plan, on PostgreSQL: a command in two round trips, and no
lock held between them.

The ORM writer (``orm_writer``) writes a plan in the transaction that holds the match's row
lock: about ten round trips of ~0.4 ms, and the ORM compiling each query (~1 ms of CPU apiece on
this machine). Most commands change little: a few events, whose turn it is, the clock, perhaps
a notification. For those the pipeline (``services.match_submit_command``):

1. reads the match, its seats and any record of the ``command_id`` in one statement, no lock
   (``read`` here);
2. checks, loads the state, lets the engine decide and plans (``plan.decide``), as always;
3. has this module write the plan in ONE statement that commits by itself (``write``): the
   events (hash chain; their feed position comes after commit, see eventstore.models), the
   match head and clock, the seats, the outbox rows, a snapshot when one is due, and the
   idempotency record — each part conditioned on the match still being at the version read in
   1 (``eventstore.store.append_with``). A match that moved in between writes nothing: the
   command is refused as stale when the client named the version it expected, else decided
   again and written by the ORM writer under the match's lock.

The guarantees stay those of the ORM writer: optimistic concurrency (the version condition, and
the unique ``(match, seq)``), idempotent command ids (the record is read in 1 and its unique
constraint fails the whole statement of a racing duplicate, which then gets the first answer),
the outbox in the same transaction as the events. A plan that ends the match (ratings, results)
is the ORM writer's (``can_write``), as are undo and resignation.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Iterable
from contextlib import nullcontext
from typing import Any, TypeVar

from django.conf import settings
from django.db import connection, models, transaction
from django.db.models.base import ModelState

from core.api.errors import ApiError
from core.api.guard import check_deadline
from core.api.guard import current as current_request
from core.eventstore import store
from core.eventstore.models import CommandRecord, Event, Snapshot
from core.matches import aftercommit
from core.matches.commands import record_response
from core.matches.models import Match, Seat
from core.matches.plan import OutboxRow, Plan, RecordPlan
from core.matches.recent import recent_commits
from core.matches.selectors import match_get
from core.notifications.dispatcher import dispatch_after_commit
from core.notifications.models import OutboxItem


class NeedsGeneralPath(Exception):
    """The plan does more than this writer writes (it ends the match), or the match moved under
    a command that did not pin its version: the ORM writer takes it, under the match's lock."""


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


_SEAT_ATTNAMES = tuple(f.attname for f in Seat._meta.concrete_fields)

_Loaded = TypeVar("_Loaded", Match, Seat)


def _loaded(model: type[_Loaded], attnames: tuple[str, ...], values: Iterable[Any]) -> _Loaded:
    """A loaded instance of ``model`` (not ``adding``) with ``values`` (every concrete field,
    in the model's order), as ``model(*values)`` makes it, but the values go straight into
    its ``__dict__`` (where ``Model.__init__`` puts them, one ``setattr`` at a time) and no
    ``pre_init``/``post_init`` signal is sent (nothing listens to them for matches or seats):
    a match and its seats per request made the constructor a tenth of a read's CPU."""
    obj = model.__new__(model)
    state = obj._state = ModelState()
    state.adding = False
    obj.__dict__.update(zip(attnames, values, strict=True))
    return obj


def _json(value: Any) -> Any:
    # jsonb comes back as text (Django decodes it in from_db_value); json as Python values.
    return json.loads(value) if isinstance(value, str) else value


@functools.cache
def _read_sql(with_record: bool) -> str:
    s, r = Seat._meta.db_table, CommandRecord._meta.db_table
    seat_cols = ", ".join(f's."{c}"' for c in _SEAT_COLUMNS)
    record = (
        f"(SELECT json_build_array(r.id, r.seat, r.version, r.response, r.user_id) FROM {r} r "
        "WHERE r.match_id = m.id AND r.command_id = %s::text) "
        if with_record
        else "NULL "
    )
    return (
        f"SELECT {', '.join(f'm.{c}' for c in _MATCH_COLUMNS)}, "
        f"(SELECT json_agg(json_build_array({seat_cols}) ORDER BY s.index) FROM {s} s "
        f"WHERE s.match_id = m.id), {record}"
        f"FROM {Match._meta.db_table} m WHERE m.id = %s::bigint"
    )


def read_match(match_id: int) -> Match:
    """The match with its seats (``match.seats.all()`` answers from memory), in one round
    trip on PostgreSQL: for reads that need no more (legal commands, their ETag)."""
    if connection.vendor != "postgresql":
        return match_get(match_id)
    match, seats, _ = read(match_id, None)
    # The filter is deferred, as Django's own prefetch defers it (``_defer_next_filter``):
    # compiled only if something filters further on the cached seats, never to list them.
    # Compiling it on every read was a fifth of a ``GET .../legal``'s CPU.
    cached = Seat.objects.all()
    cached._defer_next_filter = True  # type: ignore[attr-defined]
    cached = cached.filter(match_id=match.pk)
    cached._result_cache = seats
    # Django's prefetch cache, which django-stubs do not declare: the seats read in the same
    # round trip stand in for prefetch_related("seats").
    cached._prefetch_done = True  # type: ignore[attr-defined]
    match._prefetched_objects_cache = {"seats": cached}  # type: ignore[attr-defined]
    return match


def read(match_id: int, command_id: str | None) -> tuple[Match, list[Seat], CommandRecord | None]:
    """The match, its seats and the record of ``command_id`` (if any), in one round trip."""
    if not 0 < match_id < 2**63:
        # No such match; and a prepared statement binds the id as a bigint, which PostgreSQL
        # refuses past its range (a 500, where the id is only one nobody has).
        raise ApiError(404, "match_not_found", f"There is no match {match_id}.")
    params: list[Any] = [match_id] if command_id is None else [command_id, match_id]
    # The store's kept cursor: prepared once per connection (the server plans it once), and no
    # cursor made per read (Django's ``connection.cursor()``: a tenth of a read's CPU).
    cur = store.prepared_cursor()
    cur.execute(_read_sql(command_id is not None), params)
    row = cur.fetchone()
    if row is None:
        raise ApiError(404, "match_not_found", f"There is no match {match_id}.")
    values = list(row[: len(_MATCH_COLUMNS)])
    for i in _JSON_POSITIONS:
        values[i] = _json(values[i])
    match = _loaded(Match, _MATCH_COLUMNS, values)
    seats = [
        _loaded(Seat, _SEAT_ATTNAMES, (pk, match.pk, *rest))
        for pk, *rest in _json(row[len(_MATCH_COLUMNS)]) or []
    ]
    record = None
    found = _json(row[len(_MATCH_COLUMNS) + 1])
    if command_id is not None and found is not None:  # a record is read only for a command_id
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


def can_write(plan: Plan) -> bool:
    """Whether this writer writes ``plan``: one batch of new events, by one actor, that neither
    change a seat's own columns nor end the match (results, ratings and the apps that follow
    matches are the ORM writer's) nor abandon it."""
    return (
        len(plan.appends) == 1 and not plan.seat_set and plan.outcome is None and not plan.abandoned
    )


def write(plan: Plan) -> list[Event]:
    """Write ``plan`` in one statement that commits by itself (inside a caller's transaction, in
    a savepoint). ``StaleVersion`` (nothing written) when the match is no longer at the plan's
    version; ``IntegrityError`` when a retry of its ``command_id`` committed first; a plan it
    cannot write (``can_write``) raises ``NeedsGeneralPath``."""
    if not can_write(plan):
        raise NeedsGeneralPath
    match = plan.match
    also: list[store.Also] = []
    if plan.seats_moved or plan.reserves:
        also.append(_seats_update(plan.seats))
    if plan.notifications:
        also.append(_outbox(match, plan.notifications, plan.now))
    if plan.snapshot is not None:
        also.append(_snapshot(match, plan.snapshot, plan.now))
    if plan.record is not None:
        also.append(_record(match, plan.record, plan.now))
    # The statement commits by itself: a request whose time is up stops here (503 busy, nothing
    # written), never after its client stopped waiting (core/api/guard.py).
    check_deadline()
    # Outside a transaction the statement commits by itself; inside one (tests, a caller's
    # transaction) a savepoint keeps a failed statement from breaking the caller's.
    with transaction.atomic() if connection.in_atomic_block else nullcontext():
        return store.append_with(
            match=match,
            expected_version=plan.expected_version,
            events=plan.events,
            actor=plan.actor,
            command_id=plan.command_id,
            match_set=plan.match_set,
            also=also,
            now=plan.now,
            lock_wait_ms=_lock_wait_ms(),
        )


def after_commit(plan: Plan, rows: list[Event]) -> None:
    """What follows the statement's commit (at once in autocommit): what was written, for this
    process's sockets, which need not read it back (``recent``); then ``aftercommit``'s
    effects and the outbox's dispatch. Call it once the answer is rendered: the state goes
    back to the cache here (``commands.Answer``)."""
    match, seats = plan.match, plan.seats
    notified = {n.user_id for n in plan.notifications}
    after = plan.expected_version
    transaction.on_commit(lambda: recent_commits.put(match, seats, after, rows, notified))
    aftercommit.schedule(plan.after, match)
    if plan.notifications:
        dispatch_after_commit()


def _lock_wait_ms() -> int | None:
    """Waiting for the match's lock (a general-path transaction holds it) must not carry the
    commit past the request's budget either: then LockNotAvailable, nothing written, 503."""
    state_of_request = current_request()
    if state_of_request is None or state_of_request.deadline is None:
        return None
    left = state_of_request.deadline - time.monotonic()
    return max(1, min(int(left * 1000), int(settings.LUDOTEKA_DB_LOCK_WAIT * 1000)))


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


def _outbox(match: Match, notifications: list[OutboxRow], now: Any) -> store.Also:
    """The plan's outbox rows (a key already queued is a no-op, as the ORM writer's)."""
    values = ", ".join(
        ["(%s::bigint, %s::bigint, %s::text, %s::text, %s::jsonb, %s::timestamptz)"]
        * len(notifications)
    )
    params: list[Any] = []
    for n in notifications:
        params += [n.user_id, match.pk, n.kind, n.key, json.dumps(n.payload), now]
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


def _record(match: Match, record: RecordPlan, now: Any) -> store.Also:
    """The idempotency record. A duplicate ``command_id`` fails the whole statement (unique
    constraint): nothing of it is written."""
    return store.Also(
        f"INSERT INTO {CommandRecord._meta.db_table} (match_id, command_id, user_id, seat, "
        "version, response, created_at) SELECT %s, %s, %s, %s, %s, %s::jsonb, %s "
        "WHERE EXISTS (SELECT 1 FROM moved)",
        [
            match.pk,
            record.command_id,
            record.user_id,
            record.seat,
            match.version,
            json.dumps(record_response(match, record.digest)),
            now,
        ],
    )
