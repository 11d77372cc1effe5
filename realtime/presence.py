"""Who has a match open: this process's state of it, plain data, no I/O.

Per match a process keeps its own sockets and the person each stands for, counted (one user's
ten sockets are one person), and the last roster heard from every other process. The roster a
process tells the others is its distinct people, so it changes only when a person comes or
goes, not with every socket; the merged list the sockets are shown is derived once per change
and kept, with a version, so that a socket's ``hello`` and every presence frame cost the same
whatever the number of sockets. ``realtime/presence_hub.py`` does the talking; group messages
carry user ids and public names, nothing of the game.
"""

from __future__ import annotations

import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

PROCESS = uuid.uuid4().hex[:16]
FORGET_AFTER_BEATS = 2.5

Person = tuple[int, str, str, "int | None"]  # user id, user name, public name, seat


def person(user_id: int, user: str, name: str, seat: int | None) -> Person:
    return (user_id, user, name, seat)


def as_json(p: Person) -> dict[str, Any]:
    return {"id": p[0], "user": p[1], "name": p[2], "seat": p[3]}


def _sort_key(p: dict[str, Any]) -> tuple[bool, int, str]:
    return (p["seat"] is None, p["seat"] or 0, p["user"])


@dataclass
class _Match:
    local: dict[str, Any] = field(default_factory=dict)  # channel -> consumer
    person_of: dict[str, Person] = field(default_factory=dict)  # channel -> person
    counts: Counter[Person] = field(default_factory=Counter)
    remote: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # process -> people
    users: list[dict[str, Any]] | None = None  # the merged list, derived on demand
    version: int = 0  # of ``users``: bumped whenever it may have changed


_matches: dict[int, _Match] = {}
_heard_at: dict[str, float] = {}  # other process -> when it last spoke


def enter(match_id: int, channel: str, consumer: Any, who: Person) -> None:
    """A socket of this process opens the match (``version`` moves if a new person came)."""
    match = _matches.get(match_id)
    if match is None:
        match = _matches[match_id] = _Match()
    match.local[channel] = consumer
    match.person_of[channel] = who
    match.counts[who] += 1
    if match.counts[who] == 1:
        _changed(match)


def leave(match_id: int, channel: str) -> None:
    """A socket of this process is gone (the match is forgotten with its last one)."""
    match = _matches.get(match_id)
    if match is None or channel not in match.local:
        return
    del match.local[channel]
    who = match.person_of.pop(channel)
    match.counts[who] -= 1
    if match.counts[who] <= 0:
        del match.counts[who]
        _changed(match)
    if not match.local:
        del _matches[match_id]


def reseat(match_id: int, channel: str, who: Person) -> bool:
    """The person a socket stands for changed (their seat); True when the roster did."""
    match = _matches.get(match_id)
    if match is None or match.person_of.get(channel) in (None, who):
        return False
    before = match.person_of[channel]
    match.counts[before] -= 1
    if match.counts[before] <= 0:
        del match.counts[before]
    match.person_of[channel] = who
    match.counts[who] += 1
    _changed(match)
    return True


def _changed(match: _Match) -> None:
    match.users = None
    match.version += 1


def holds(match_id: int) -> bool:
    return match_id in _matches


def match_ids() -> list[int]:
    """The matches this process has sockets of."""
    return list(_matches)


def roster(match_id: int) -> list[dict[str, Any]]:
    """This process's people in the match, each once: what it tells the other processes."""
    match = _matches.get(match_id)
    return sorted((as_json(p) for p in match.counts), key=_sort_key) if match else []


def heard(match_id: int, process: str, people: list[dict[str, Any]]) -> bool:
    """Records another process's roster of a match this process holds; True when it changes
    what this process knows. An empty roster is the process leaving the match."""
    match = _matches.get(match_id)
    if match is None or process == PROCESS:
        return False
    before = match.remote.get(process)
    if people:
        match.remote[process] = people
    else:
        match.remote.pop(process, None)
    if before == (people or None):
        return False
    _changed(match)
    return True


def heard_from(process: str, now: float | None = None) -> None:
    if process != PROCESS:
        _heard_at[process] = time.monotonic() if now is None else now


def remote_processes(match_id: int) -> list[str]:
    match = _matches.get(match_id)
    return list(match.remote) if match else []


def forget_silent(beat: float, now: float | None = None) -> list[int]:
    """Forgets the processes not heard from for a few beats (they died without a word); the
    matches whose roster changed."""
    horizon = (time.monotonic() if now is None else now) - FORGET_AFTER_BEATS * beat
    silent = {p for p, seen in _heard_at.items() if seen < horizon}
    for process in silent:
        del _heard_at[process]
    changed = []
    for match_id, match in _matches.items():
        gone = silent & match.remote.keys()
        for process in gone:
            del match.remote[process]
        if gone:
            _changed(match)
            changed.append(match_id)
    return changed


def users(match_id: int) -> list[dict[str, Any]]:
    """Everyone with the match open, once per user, seats first (derived once per change)."""
    match = _matches.get(match_id)
    if match is None:
        return []
    if match.users is None:
        by_user = {p[0]: as_json(p) for p in match.counts}
        for people in match.remote.values():
            for p in people:
                by_user.setdefault(p["id"], p)
        match.users = sorted(by_user.values(), key=_sort_key)
    return match.users


def version(match_id: int) -> int:
    match = _matches.get(match_id)
    return match.version if match else 0


def local_consumers(match_id: int) -> list[Any]:
    match = _matches.get(match_id)
    return list(match.local.values()) if match else []


def local_channels() -> list[str]:
    return [channel for match in _matches.values() for channel in match.local]


def clear() -> None:
    _matches.clear()
    _heard_at.clear()
