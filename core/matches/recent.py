"""The moves this process committed last, as they were written, for this process's sockets.

A move's announcement makes every process holding sockets of the match read back what changed:
the match and its seats, the new events, and (for the home sockets) the newest notification of
the match for each player — four round trips per move, which were most of what sockets cost a
move (bench/api_bench.py --sockets). The process that committed the move already holds all of
it. The hot path (``hotpath``) leaves a copy here after commit, keyed by ``(match, version)``,
and the sockets of the same process (``realtime/reads.py``) build their frames from it; other
processes, a version not found here, or a socket further behind read the store as before.

Nothing here is redacted: it is what the store holds, and the readers redact it per viewer
exactly as they do what they read back.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import orjson

from core.matches.models import Match, Seat


@dataclass(frozen=True)
class Commit:
    """Version ``match.version`` of a match, written by one statement on top of ``after``."""

    match: Match
    seats: tuple[Seat, ...]
    after: int
    rows: tuple[tuple[Any, ...], ...]  # (seq, type, payload, actor, created_at) of (after, version]
    notified: frozenset[int]  # the users this commit wrote a notification for


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
            match=copy.copy(match),
            seats=tuple(copy.copy(s) for s in seats),
            after=after,
            rows=tuple(
                (r.seq, r.type, orjson.loads(orjson.dumps(r.payload)), r.actor, r.created_at)
                for r in rows
            ),
            notified=frozenset(notified),
        )
        key = (match.pk, match.version)
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


recent_commits = RecentCommits()
