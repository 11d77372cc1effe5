"""Loading a match's game state: snapshot + tail, with a small in-process cache.

The cache hands a state out by *taking* it (the caller owns it and may fold new events into
it); the pipeline puts it back only after its transaction commits, so a rolled-back command can
never leave a half-applied state behind.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.db import connection

from core.eventstore.models import Event, Snapshot
from core.matches.platform_events import PLATFORM_EVENTS, UNDO_EVENT
from games.base import Engine
from games.registry import get_engine


class _StateCache:
    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, match_id: int, version: int) -> Any | None:
        with self._lock:
            item = self._items.pop(match_id, None)
        if item is not None and item[0] == version:
            return item[1]
        return None

    def put(self, match_id: int, version: int, state: Any) -> None:
        with self._lock:
            self._items[match_id] = (version, state)
            self._items.move_to_end(match_id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


state_cache = _StateCache(settings.STATE_CACHE_SIZE)


def fold_events(engine: Engine, state: Any, events: list[tuple[int, str, dict[str, Any]]]) -> Any:
    """Fold ``(seq, type, payload)`` rows into ``state``, honouring ``ActionsUndone`` and
    skipping the other platform events (timeouts, vacation), which engines never see."""
    undone = {s for _, t, p in events if t == UNDO_EVENT for s in p["seqs"]}
    for seq, etype, payload in events:
        if etype in PLATFORM_EVENTS or seq in undone:
            continue
        state = engine.apply(state, {"type": etype, **payload})
    return state


def load_state(match: Any, *, use_cache: bool = True, version: int | None = None) -> Any:
    """The engine state of ``match`` at ``version`` (default ``match.version``), owned by the
    caller. An earlier version (a replayed command's answer) never comes from the cache."""
    if version is None:
        version = match.version
    elif version != match.version:
        use_cache = False
    if use_cache:
        cached = state_cache.take(match.pk, version)
        if cached is not None:
            return cached
    return load_state_at(match, version)


def load_state_at(match: Any, version: int, *, then: Sequence[dict[str, Any]] = ()) -> Any:
    """The engine state of ``match`` as it was at ``version`` (an undo appended later is not
    applied yet), with the events ``then`` (not appended yet) folded on top as if they came
    next: an undo among them takes back what it names, so an undo is planned on the state it
    leads to before it is written. Snapshots are taken only at undo barriers, so nothing after
    one can take back an event folded into it: the newest snapshot at or before ``version`` is a
    safe start. The snapshot and the events after it come in one query (one round trip, no
    ORM)."""
    engine = get_engine(match.game)
    snapshots, events = Snapshot._meta.db_table, Event._meta.db_table
    sql = (
        f"WITH snap AS (SELECT version, state FROM {snapshots} WHERE match_id = %s "
        "AND version <= %s AND rules_version = %s ORDER BY version DESC LIMIT 1) "
        "SELECT version, NULL, state FROM snap UNION ALL "
        f"SELECT seq, type, payload FROM {events} WHERE stream_kind = 'match' AND stream_key = %s "
        "AND seq > COALESCE((SELECT version FROM snap), 0) AND seq <= %s ORDER BY 1"
    )
    with connection.cursor() as cur:
        cur.execute(sql, [match.pk, version, match.rules_version, match.pk, version])
        rows = cur.fetchall()
    state = None
    if rows and rows[0][1] is None:  # the snapshot (its version is below every event's seq)
        state = engine.state_from_json(_json(rows.pop(0)[2]))
    folded = [(seq, etype, _json(p)) for seq, etype, p in rows]
    folded += [(version + i, e["type"], e) for i, e in enumerate(then, start=1)]
    return fold_events(engine, state, folded)


def _json(value: Any) -> Any:
    # A JSON column through a plain cursor: text (SQLite; PostgreSQL's jsonb as Django sets
    # psycopg up), or already decoded.
    return json.loads(value) if isinstance(value, str) else value


def replay_from_zero(match: Any) -> Any:
    """The state rebuilt from every event, ignoring snapshots and the cache (tests, audits)."""
    engine = get_engine(match.game)
    rows = list(
        Event.objects.of("match", match.pk).order_by("seq").values_list("seq", "type", "payload")
    )
    return fold_events(engine, None, rows)
