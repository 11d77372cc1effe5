"""Appending to and reading from a stream: a match's, a tournament's, any registered kind's.

A stream is ``(kind, key)``: its owner's kind (``streams.register``) and its owner's id. The
owner's row holds the stream's head (``version``, ``head_hash``), moved with the events.
``append`` must run inside the caller's ``transaction.atomic()`` so that everything the events
cause (seat and match read models, the notification outbox, the idempotency record) commits or
rolls back with them. No code path updates or deletes an ``Event``; the database refuses it too
(triggers, see migrations).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.db.backends.postgresql.base import ServerBindingCursor  # type: ignore[attr-defined]
from django.db.models.base import ModelState
from django.utils import timezone

from core.eventstore import streams
from core.eventstore.exceptions import StaleVersion
from core.eventstore.hashing import (
    GENESIS,
    ChainReport,
    canonical_json,
    stream_event_hasher,
    stream_hash,
    walk_chain,
)
from core.eventstore.models import Event, FeedCounter
from core.eventstore.streams import StreamKind
from core.ops import metrics


def _reserve_positions(count: int) -> int:
    """Take ``count`` feed positions; returns the last. The row lock this takes is held until
    commit, which is what makes feed order equal commit order."""
    table = FeedCounter._meta.db_table
    with connection.cursor() as cur:
        cur.execute(
            f"UPDATE {table} SET position = position + %s WHERE id = 1 RETURNING position",
            [count],
        )
        row = cur.fetchone()
        if row is None:
            FeedCounter.objects.get_or_create(id=1)
            return _reserve_positions(count)
    return int(row[0])


def _stale(kind: StreamKind, key: int, expected: int) -> StaleVersion:
    current = kind.head._default_manager.filter(pk=key).values_list("version", flat=True).first()
    return StaleVersion(expected, int(current or 0))


@dataclass(frozen=True)
class Also:
    """One more write of the appending statement (PostgreSQL): the SQL of a data-modifying CTE
    that must take effect only with the events, so it says ``EXISTS (SELECT 1 FROM moved)``
    (``moved`` is the stream's head moving from the expected version)."""

    sql: str
    params: list[Any]


# The events as one JSON array, whatever their number: the statement's text depends only on
# the extra columns and ``also`` writes, so the server parses and plans it once per connection
# (a prepared statement) instead of once per append, and the client sends one string (psycopg
# dumps lists element by element in Python, several times slower).
_INSERT_EVENTS = (
    "ins AS (INSERT INTO {event} (stream_kind, stream_key, seq, type, payload, actor, command_id, "
    "created_at, prev_hash, hash) SELECT %s::text, %s::bigint, v.seq, v.type, v.payload, "
    "%s::bigint, %s::text, %s::timestamptz, v.prev_hash, v.hash "
    "FROM json_to_recordset(%s::json) AS v(seq int, type text, payload jsonb, prev_hash text, "
    "hash text) WHERE EXISTS (SELECT 1 FROM moved) ORDER BY v.seq RETURNING id) "
    "SELECT id FROM ins ORDER BY id"
)
# ``lock_timeout`` for this transaction, set by the statement itself before it waits for the
# head's row lock: an uncorrelated subquery is an InitPlan, run once before the row is read.
_LOCK_WAIT = " AND (SELECT set_config('lock_timeout', %s::text, true)) IS NOT NULL"


@dataclass(frozen=True)
class _Sent:
    query: bytes


def _prepare_always(cursor_class: type) -> type:
    class Preparing(cursor_class):  # type: ignore[misc]
        """Prepares on first use: Django turns psycopg's automatic preparation off."""

        _query: Any  # psycopg's record of the statement sent

        def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
            kwargs.setdefault("prepare", True)
            result = super().execute(query, params, **kwargs)
            if self._query is None:
                # psycopg records no query text for a prepared execution; Django's query log
                # (``last_executed_query``: CaptureQueriesContext, DEBUG) reads it from here.
                self._query = _Sent(query.encode() if isinstance(query, str) else query)
            return result

    return Preparing


_PREPARING: list[type] = []


def _prepared_cursor(db: Any) -> Any:
    """A cursor of Django's connection that binds parameters on the server and prepares its
    statements (psycopg keeps them per connection, the 100 most used), wrapped like Django's
    own so that execute wrappers (the request guard) and query logging see it. The psycopg
    cursor is made once per database connection and kept on it (making one, and its
    loaders on first use, costs ~70 µs): only the thread that holds the connection ever uses
    it, one statement at a time. Kept on the psycopg connection, not on Django's wrapper:
    with the connection pool each request takes whichever connection is free, a different
    one from the last request's, and a cursor kept on the wrapper was made anew nearly every
    request (bench/README.md, fifth pass)."""
    db.ensure_connection()
    conn = db.connection
    raw = getattr(conn, "_eventstore_cursor", None)
    if raw is None or raw.closed:
        if not _PREPARING:
            _PREPARING.append(_prepare_always(ServerBindingCursor))
        if conn.prepare_threshold is None and settings.LUDOTEKA_DB_PREPARE:
            # Django sets None, which refuses even an explicit ``prepare=True``; a threshold
            # never reached keeps everything else unprepared (Django's cursors bind on the
            # client).
            conn.prepare_threshold = 2**31 - 1
        raw = _PREPARING[0](conn)
        conn._eventstore_cursor = raw  # a cycle with the connection, freed with it
    return db._prepare_cursor(raw)


def prepared_cursor() -> Any:
    """The default database's kept cursor that prepares its statements (PostgreSQL only), for
    a hot path's own statements beside the append's: no cursor made per statement, and the
    server plans each statement once per connection. Use it as the append does: execute,
    fetch, and nothing of it kept across another statement."""
    return _prepared_cursor(connections[DEFAULT_DB_ALIAS])


def _write_postgres(
    kind: StreamKind,
    key: int,
    expected: int,
    new_version: int,
    head: str,
    now: Any,
    rows: list[Event],
    match_set: dict[str, Any] | None = None,
    also: Sequence[Also] = (),
    lock_wait_ms: int | None = None,
    payloads: Sequence[str] | None = None,
) -> None:
    """Move the head and insert the events in ONE prepared statement: on this kind of machine
    a database round trip costs about 0.4 ms, more than the work itself. Nothing is inserted
    unless the stream was still at ``expected`` (the CTEs chain on ``moved``), and so neither
    are the ``also`` writes nor the extra ``match_set`` columns of the head row. No feed
    position: the sequencer gives one once the event has committed (see models), so
    concurrent appends commit side by side instead of one after another. ``payloads`` are the
    rows' payloads as JSON text, when the caller has them already."""
    extra = match_set or {}
    extra_sql = "".join(f", {column} = %s" for column in extra)
    also_sql = "".join(f"also{i} AS ({a.sql}), " for i, a in enumerate(also))
    sql = (
        f"WITH moved AS (UPDATE {kind.table} SET version = %s::int, "
        f"head_hash = %s::text, updated_at = %s::timestamptz{extra_sql} "
        f"WHERE id = %s::bigint AND version = %s::int"
        f"{_LOCK_WAIT if lock_wait_ms is not None else ''} RETURNING id), "
        f"{also_sql}{_INSERT_EVENTS.format(event=Event._meta.db_table)}"
    )
    params: list[Any] = [new_version, head, now, *extra.values(), key, expected]
    if lock_wait_ms is not None:
        params.append(str(int(lock_wait_ms)))
    for a in also:
        params += a.params
    texts = payloads if payloads is not None else [json.dumps(row.payload) for row in rows]
    events = ",".join(
        # The hashes are hex digits: nothing to escape.
        f'{{"seq":{row.seq},"type":{_type_json(row.type)},"payload":{text},'
        f'"prev_hash":"{row.prev_hash}","hash":"{row.hash}"}}'
        for row, text in zip(rows, texts, strict=True)
    )
    first = rows[0]
    params += [kind.name, key, first.actor, first.command_id, now, f"[{events}]"]
    # The connection resolved once: each ``connection.x`` is a lookup in a context-local.
    cur = _prepared_cursor(connections[DEFAULT_DB_ALIAS])
    cur.execute(sql, params)
    written = cur.fetchall()
    if len(written) != len(rows):
        raise _stale(kind, key, expected)  # nothing was written (every part hangs on ``moved``)
    for row, (pk,) in zip(rows, written, strict=True):  # ids are taken in insertion order
        row.pk, row.position = pk, None


def append_to(
    *,
    owner: Any,
    expected_version: int,
    events: Sequence[dict[str, Any]],
    actor: int | None,
    command_id: str | None = None,
) -> list[Event]:
    """Append ``events`` after ``expected_version`` to the stream ``owner`` heads (an instance
    of a model registered with ``streams.register``: a match, a tournament).

    Raises ``StaleVersion`` (writing nothing) if the stream is not at ``expected_version``.
    Updates ``owner.version`` and ``owner.head_hash`` in memory and in the database.
    """
    db = connections[DEFAULT_DB_ALIAS]
    if not db.in_atomic_block:
        raise RuntimeError("eventstore.append must run inside transaction.atomic()")
    if not events:
        return []
    kind = streams.of(owner)
    rows, texts = _chain(kind, owner, expected_version, events, actor, command_id, timezone.now())
    _write(db, kind, owner, expected_version, rows, texts)
    _count_on_commit(db, owner, len(rows))
    return rows


def append(
    *,
    match: Any,
    expected_version: int,
    events: Sequence[dict[str, Any]],
    actor: int | None,
    command_id: str | None = None,
) -> list[Event]:
    """``append_to`` under the keyword its callers in the match pipeline use (any registered
    owner works)."""
    return append_to(
        owner=match,
        expected_version=expected_version,
        events=events,
        actor=actor,
        command_id=command_id,
    )


def append_with(
    *,
    match: Any,
    expected_version: int,
    events: Sequence[dict[str, Any]],
    actor: int | None,
    command_id: str | None,
    match_set: dict[str, Any],
    also: Sequence[Also],
    now: Any,
    lock_wait_ms: int | None = None,
) -> list[Event]:
    """``append`` and, in the same single statement, ``match_set`` (more columns of the head
    row, ``match``: any registered owner) and the ``also`` writes: PostgreSQL only. Outside a
    transaction it is one round trip that commits by itself (autocommit), all of it or
    nothing; ``StaleVersion`` when the stream was not at ``expected_version``. ``lock_wait_ms``
    bounds its wait for the head's row lock (else the session's ``lock_timeout``)."""
    db = connections[DEFAULT_DB_ALIAS]
    if db.vendor != "postgresql":
        raise RuntimeError("eventstore.append_with is PostgreSQL's single-statement append")
    if not events:
        raise ValueError("append_with needs at least one event")
    kind = streams.of(match)
    rows, texts = _chain(kind, match, expected_version, events, actor, command_id, now)
    new_version = expected_version + len(rows)
    head = rows[-1].hash
    _write_postgres(
        kind,
        match.pk,
        expected_version,
        new_version,
        head,
        now,
        rows,
        match_set,
        also,
        lock_wait_ms,
        payloads=texts,
    )
    match.version = new_version
    match.head_hash = head
    _count_on_commit(db, match, len(rows))
    return rows


def _count_on_commit(db: Any, owner: Any, count: int) -> None:
    """``ludoteka_events_appended_total``, once the events are committed (outside a
    transaction, as ``append_with`` may run, at once), labelled with the owner's game."""
    game = getattr(owner, "game", "") or ""
    db.on_commit(lambda: metrics.events_committed(game, count))


# Event's columns, in the order ``_row`` takes their values.
_ATTNAMES = tuple(f.attname for f in Event._meta.concrete_fields)


def _row(values: Iterable[Any]) -> Event:
    """An unsaved ``Event`` of ``values`` (in ``_ATTNAMES`` order), as ``Event(*values)`` makes
    it but four times cheaper: the fields' values go straight into the instance's ``__dict__``
    (where ``Model.__init__`` puts them too, one ``setattr`` at a time) and no ``pre_init`` or
    ``post_init`` signal is sent (nothing listens to them for events). A few events per command
    made the constructor a tenth of an append's client CPU."""
    row = Event.__new__(Event)
    row._state = ModelState()
    row.__dict__.update(zip(_ATTNAMES, values, strict=True))
    return row


# Event types as canonical JSON: a handful of strings, each serialised once per process.
_TYPE_JSON: dict[str, str] = {}


def _type_json(etype: str) -> str:
    text = _TYPE_JSON.get(etype)
    if text is None:
        text = _TYPE_JSON[etype] = canonical_json(etype)
    return text


def _chain(
    kind: StreamKind,
    owner: Any,
    expected_version: int,
    events: Sequence[dict[str, Any]],
    actor: int | None,
    command_id: str | None,
    now: Any,
) -> tuple[list[Event], list[str]]:
    """The rows of ``events``, hashed onto the stream's chain, and their payloads as JSON."""
    prev = owner.head_hash or GENESIS
    key = owner.pk
    hasher = stream_event_hasher(stream=(kind.name, key), actor=actor, created_at=now)
    rows: list[Event] = []
    texts: list[str] = []
    for seq, event in enumerate(events, start=expected_version + 1):
        etype = event["type"]
        # Round-trip through JSON now, so the hash covers exactly what the database returns
        # (tuples become lists, keys strings); the canonical text is what the database is sent.
        payload = json.loads(json.dumps({k: v for k, v in event.items() if k != "type"}))
        text = canonical_json(payload)
        digest = hasher(prev, seq, _type_json(etype), text)
        # In _ATTNAMES order: id, stream_kind, stream_key, seq, position, type, payload, actor,
        # command_id, created_at, prev_hash, hash.
        rows.append(
            _row(
                (None, kind.name, key, seq, 0, etype, payload, actor, command_id, now, prev, digest)
            )
        )
        texts.append(text)
        prev = digest
    return rows, texts


def _write(
    db: Any,
    kind: StreamKind,
    owner: Any,
    expected_version: int,
    rows: list[Event],
    texts: list[str],
) -> None:
    now = rows[-1].created_at
    prev = rows[-1].hash
    new_version = expected_version + len(rows)
    key = owner.pk
    if db.vendor == "postgresql":
        _write_postgres(kind, key, expected_version, new_version, prev, now, rows, payloads=texts)
    else:
        _write_sqlite(db, kind, key, expected_version, new_version, prev, now, rows, texts)
    owner.version = new_version
    owner.head_hash = prev


# Rows per INSERT on SQLite: 11 parameters each, well under its 32,766 per statement.
_SQLITE_ROWS_PER_INSERT = 500


def _write_sqlite(
    db: Any,
    kind: StreamKind,
    key: int,
    expected: int,
    new_version: int,
    head: str,
    now: Any,
    rows: list[Event],
    texts: list[str],
) -> None:
    """The embedded mode's append (one writer at a time): move the head if the stream is still at
    ``expected``, take the feed positions, insert the events, in three plain statements. The
    ORM's ``update`` and ``bulk_create`` made the same statements at four times the CPU (its
    query compiler and per-field value preparation, for a few rows)."""
    stamp = db.ops.adapt_datetimefield_value(now)  # as the ORM stores a DateTimeField
    with db.cursor() as cur:
        cur.execute(
            f"UPDATE {kind.table} SET version = %s, head_hash = %s, updated_at = %s "
            "WHERE id = %s AND version = %s",
            [new_version, head, stamp, key, expected],
        )
        if cur.rowcount != 1:
            raise _stale(kind, key, expected)
        first = _reserve_positions(len(rows)) - len(rows) + 1
        ids: dict[int, int] = {}
        for start in range(0, len(rows), _SQLITE_ROWS_PER_INSERT):
            chunk = range(start, min(start + _SQLITE_ROWS_PER_INSERT, len(rows)))
            params: list[Any] = []
            for i in chunk:
                row = rows[i]
                row.position = first + i
                params += [
                    kind.name,
                    key,
                    row.seq,
                    row.position,
                    row.type,
                    texts[i],  # the payload's JSON text, as the JSONField stores it
                    row.actor,
                    row.command_id,
                    stamp,
                    row.prev_hash,
                    row.hash,
                ]
            values = ", ".join(["(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"] * len(chunk))
            cur.execute(
                f"INSERT INTO {Event._meta.db_table} (stream_kind, stream_key, seq, position, "
                "type, payload, actor, command_id, created_at, prev_hash, hash) "
                f"VALUES {values} RETURNING seq, id",
                params,
            )
            ids.update(cur.fetchall())  # by seq: RETURNING promises no order
    for row in rows:
        row.pk = ids[row.seq]


def append_verbatim(*, match: Any, events: Sequence[dict[str, Any]]) -> list[Event]:
    """Write an imported history onto the fresh stream ``match`` heads (version 0; any
    registered owner), each event with its own ``actor``, ``command_id`` and ``created_at``
    (``{"type", "payload", "actor", "command_id", "created_at"}``), hashed onto this stream's
    own chain. Inside the caller's transaction, like ``append``."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("eventstore.append_verbatim must run inside transaction.atomic()")
    if match.version != 0:
        raise StaleVersion(0, match.version)
    kind = streams.of(match)
    stream = (kind.name, match.pk)
    rows: list[Event] = []
    prev = GENESIS
    for seq, event in enumerate(events, start=1):
        payload = json.loads(json.dumps(event["payload"]))
        digest = stream_hash(
            prev_hash=prev,
            stream=stream,
            seq=seq,
            type=event["type"],
            payload=payload,
            actor=event["actor"],
            created_at=event["created_at"],
        )
        rows.append(
            Event(
                stream_kind=kind.name,
                stream_key=match.pk,
                seq=seq,
                type=event["type"],
                payload=payload,
                actor=event["actor"],
                command_id=event["command_id"],
                created_at=event["created_at"],
                prev_hash=prev,
                hash=digest,
            )
        )
        prev = digest
    if not rows:
        return rows

    if connection.vendor != "postgresql":  # SQLite numbers the feed in the transaction
        last = _reserve_positions(len(rows))
        for i, row in enumerate(rows):
            row.position = last - len(rows) + 1 + i
    Event.objects.bulk_create(rows, batch_size=500)
    moved = kind.head._default_manager.filter(pk=match.pk, version=0).update(
        version=len(rows), head_hash=prev
    )
    if moved != 1:
        raise _stale(kind, match.pk, 0)
    match.version, match.head_hash = len(rows), prev
    return rows


def read_stream(kind: str, key: int, *, after: int = 0, upto: int | None = None) -> list[Event]:
    """The events of the stream ``(kind, key)`` after seq ``after``, up to ``upto``, in order."""
    qs = Event.objects.of(kind, key).filter(seq__gt=after)
    if upto is not None:
        qs = qs.filter(seq__lte=upto)
    return list(qs.order_by("seq"))


def read_feed(*, after: int = 0, limit: int = 1000) -> list[Event]:
    """The global feed after position ``after``, for projections; every event committed before
    the call is in it (sequenced first)."""
    sequence_feed()
    return list(Event.objects.filter(position__gt=after).order_by("position")[:limit])


def sequence_feed(*, limit: int = 50_000) -> int:
    """Give the committed events that have no feed position yet theirs (PostgreSQL; SQLite's
    appends take theirs), in insertion order after the last position handed out; returns how
    many. Called by ``read_feed`` and every few seconds by Celery beat, so the feed lags the
    events by that much at most for a follower that does not call it."""
    if connection.vendor != "postgresql":
        return 0
    event, counter = Event._meta.db_table, FeedCounter._meta.db_table
    with transaction.atomic(), connection.cursor() as cur:
        # The lock in a statement of its own: the next one's snapshot, taken after it, sees
        # every event committed before, those numbered by the sequencer we waited for included.
        cur.execute(f"SELECT position FROM {counter} WHERE id = 1 FOR UPDATE")
        row = cur.fetchone()
        if row is None:
            # The first sequencer ever (or after a flush): two may get here at once; the other's
            # insert waits for this one's and does nothing, then both lock the one row.
            cur.execute(
                f"INSERT INTO {counter} (id, position) VALUES (1, 0) ON CONFLICT (id) DO NOTHING"
            )
            cur.execute(f"SELECT position FROM {counter} WHERE id = 1 FOR UPDATE")
            row = cur.fetchone()
        last = int(row[0])
        cur.execute(
            f"WITH todo AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM {event} "
            "WHERE position IS NULL ORDER BY id LIMIT %s) "
            f"UPDATE {event} AS e SET position = %s + todo.n FROM todo WHERE e.id = todo.id",
            [limit, last],
        )
        count: int = cur.rowcount
        if count:
            cur.execute(f"UPDATE {counter} SET position = position + %s WHERE id = 1", [count])
    return count


def verify_stream(kind: str, key: int, *, using: str = DEFAULT_DB_ALIAS) -> ChainReport:
    """Recompute the hash chain of the stream ``(kind, key)`` in the database ``using``; report
    the first broken link."""
    events = Event.objects.using(using).of(kind, key).order_by("seq").iterator()
    owners = streams.named(kind).head._default_manager.using(using)
    head = owners.filter(pk=key).values_list("head_hash", flat=True).first()
    return walk_chain((kind, key), events, head)


# The match stream's calls by the names they had before streams were generic, for their many
# callers (the match pipeline, realtime, staff tools, benchmarks); new code names the stream.
_MATCH = "match"


def read(match_id: int, *, after: int = 0, upto: int | None = None) -> list[Event]:
    return read_stream(_MATCH, match_id, after=after, upto=upto)


def verify_chain(match_id: int) -> ChainReport:
    """Recompute the match's hash chain; report the first broken link."""
    return verify_stream(_MATCH, match_id)
