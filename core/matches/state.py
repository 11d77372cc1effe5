"""Loading a match's game state: snapshot + tail, with a small in-process cache.

The cache hands a state out by *taking* it (the caller owns it and may fold new events into
it); the pipeline puts it back only after its transaction commits, so a rolled-back command can
never leave a half-applied state behind.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from django.conf import settings

from core.eventstore.models import Event, Snapshot
from core.eventstore.store import PLATFORM_EVENTS, UNDO_EVENT
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


def load_state(match: Any, *, use_cache: bool = True) -> Any:
    """The engine state of ``match`` at ``match.version``, owned by the caller."""
    if use_cache:
        cached = state_cache.take(match.pk, match.version)
        if cached is not None:
            return cached
    engine = get_engine(match.game)
    state = None
    since = 0
    snap = (
        Snapshot.objects.filter(
            match_id=match.pk, version__lte=match.version, rules_version=match.rules_version
        )
        .order_by("-version")
        .first()
    )
    if snap is not None:
        state = engine.state_from_json(snap.state)
        since = snap.version
    rows = list(
        Event.objects.filter(match_id=match.pk, seq__gt=since, seq__lte=match.version)
        .order_by("seq")
        .values_list("seq", "type", "payload")
    )
    return fold_events(engine, state, rows)


def replay_from_zero(match: Any) -> Any:
    """The state rebuilt from every event, ignoring snapshots and the cache (tests, audits)."""
    engine = get_engine(match.game)
    rows = list(
        Event.objects.filter(match_id=match.pk)
        .order_by("seq")
        .values_list("seq", "type", "payload")
    )
    return fold_events(engine, None, rows)
