"""The moves this process committed last, as they were written, for this process's sockets.

A move's announcement makes every process holding sockets of the match read back what changed:
the match and its seats, the new events, and (for the home sockets) the newest notification of
the match for each player — four round trips per move, which were most of what sockets cost a
move (bench/api_bench.py --sockets). The process that committed the move already holds all of
it. The hot path (``hotpath``) leaves a copy here after commit, keyed by ``(match, version)``,
and the sockets of the same process (``realtime/reads.py``) build their frames from it; other
socket further behind, or a version this process was not told of read the store as before.

Other web processes get the same copy inside the announcement (``encode``, carried by
``core.matches.broadcast`` on Redis; ``adopt`` on receipt), so their sockets skip the read back
too. Nothing here is redacted: it is what the store holds (only the match's secret seed stays
out), and the readers redact it per viewer exactly as they do what they read back. It never
leaves the servers: the sockets send frames rendered per viewer, never an announcement.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

import orjson
from django.db import models
from django.db.models.base import ModelState

from core.matches.models import Match, Seat

log = logging.getLogger(__name__)

_M = TypeVar("_M", bound=models.Model)

# An announcement carries its commit up to this size; a larger one (a long set-up, a big
# snapshot-free tail) goes without, and the receivers read it back.
CARRY_LIMIT = 64 * 1024


@dataclass(frozen=True)
class Commit:
    """Version ``match.version`` of a match, written by one statement on top of ``after``."""

    match: Match
    seats: tuple[Seat, ...]
    after: int
    rows: tuple[tuple[Any, ...], ...]  # (seq, type, payload, actor, created_at) of (after, version]
    notified: frozenset[int]  # the users this commit wrote a notification for
    names: tuple[str, ...] | None = None  # the seats' names, as the committing process had them


def _copied(obj: _M) -> _M:
    """``copy.copy(obj)``, the same shallow copy (its own ``_state`` and related-object cache),
    without the pickling protocol that ``copy.copy`` takes for a model: ``__reduce__`` looks
    the model up in the app registry, checks Django's version and scans for memoryviews, a
    tenth of what the hot path does after its commit (bench/README.md, fifth pass)."""
    new = type(obj).__new__(type(obj))
    values = obj.__dict__.copy()
    state = ModelState()
    state.__dict__.update(obj._state.__dict__)
    if "fields_cache" in state.__dict__:
        state.fields_cache = dict(state.fields_cache)
    values["_state"] = state
    new.__dict__.update(values)
    return new


class RecentCommits:
    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._items: OrderedDict[tuple[int, int], Commit] = OrderedDict()
        self._lock = threading.Lock()

    def put(
        self,
        match: Match,
        seats: list[Seat],
        after: int,
        rows: list[Any],
        notified: set[int] | frozenset[int],
    ) -> None:
        """Call after commit. Copies what it keeps: the caller's objects (and the payloads,
        which the state may share) go on changing."""
        commit = Commit(
            match=_copied(match),
            seats=tuple(_copied(s) for s in seats),
            after=after,
            rows=tuple(
                (r.seq, r.type, orjson.loads(orjson.dumps(r.payload)), r.actor, r.created_at)
                for r in rows
            ),
            notified=frozenset(notified),
        )
        self._keep(commit)

    def _keep(self, commit: Commit) -> None:
        key = (commit.match.pk, commit.match.version)
        with self._lock:
            self._items[key] = commit
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def get(self, match_id: int, version: int) -> Commit | None:
        with self._lock:
            return self._items.get((match_id, version))

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def adopt(self, match_id: int, version: int, carried: bytes) -> None:
        """Keeps a commit another process announced (``encode``), unless already here. A
        carried commit that does not decode is dropped: the readers read the store instead."""
        if self.get(match_id, version) is not None:
            return
        try:
            commit = decode(carried)
        except Exception:
            log.warning("carried commit of match %s v%s dropped", match_id, version, exc_info=True)
            return
        if (commit.match.pk, commit.match.version) == (match_id, version):
            self._keep(commit)


recent_commits = RecentCommits()


# --- across processes ---------------------------------------------------------------------------

_MATCH_FIELDS = [f for f in Match._meta.concrete_fields if f.attname != "secret_seed"]
_SEAT_FIELDS = list(Seat._meta.concrete_fields)


def _fields_of(obj: models.Model, fields: list[models.Field[Any, Any]]) -> list[Any]:
    return [getattr(obj, f.attname) for f in fields]


def _model_from(
    model: type[models.Model], fields: list[models.Field[Any, Any]], values: list[Any]
) -> Any:
    values = [
        datetime.fromisoformat(v) if isinstance(f, models.DateTimeField) and v is not None else v
        for f, v in zip(fields, values, strict=True)
    ]
    # from_db: a field left out (the secret seed) is deferred, read from the store if asked.
    return model.from_db(None, [f.attname for f in fields], values)


def encode(commit: Commit, names: tuple[str, ...] | None = None) -> bytes | None:
    """The commit as one JSON document, for an announcement; None above ``CARRY_LIMIT``."""
    data = orjson.dumps(
        {
            "match": _fields_of(commit.match, _MATCH_FIELDS),
            "seats": [_fields_of(s, _SEAT_FIELDS) for s in commit.seats],
            "after": commit.after,
            "rows": commit.rows,
            "notified": sorted(commit.notified),
            "names": names if names is not None else commit.names,
        }
    )
    return data if len(data) <= CARRY_LIMIT else None


def decode(data: bytes) -> Commit:
    raw = orjson.loads(data)
    return Commit(
        match=_model_from(Match, _MATCH_FIELDS, raw["match"]),
        seats=tuple(_model_from(Seat, _SEAT_FIELDS, s) for s in raw["seats"]),
        after=raw["after"],
        rows=tuple(
            (seq, t, p, actor, datetime.fromisoformat(at)) for seq, t, p, actor, at in raw["rows"]
        ),
        notified=frozenset(raw["notified"]),
        names=tuple(raw["names"]) if raw["names"] is not None else None,
    )
