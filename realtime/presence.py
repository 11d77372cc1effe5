"""Who has a match open, across server processes, at a few messages per change.

Each process keeps, per match, its own sockets (``local``) and the last roster heard from every
other process (``remote``). A process speaks for all its sockets of a match at once: when one
joins or leaves it sends its roster to the match group; a process hearing a newcomer's roster
answers it directly with its own (one answer per process, from its first socket there); and
every beat one socket per process repeats the roster, so a process that died without a word is
forgotten after a few beats. Group messages carry user ids and public names, nothing of the
game.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field
from typing import Any

PROCESS = uuid.uuid4().hex[:16]
FORGET_AFTER_BEATS = 2.5


@dataclass
class _Match:
    local: dict[str, Any] = field(default_factory=dict)  # channel -> consumer
    remote: dict[str, tuple[list[dict[str, Any]], float]] = field(default_factory=dict)


_matches: dict[int, _Match] = {}


def enter(match_id: int, channel: str, consumer: Any) -> None:
    _matches.setdefault(match_id, _Match()).local[channel] = consumer


def leave(match_id: int, channel: str) -> None:
    match = _matches.get(match_id)
    if match is not None:
        match.local.pop(channel, None)
        if not match.local:
            del _matches[match_id]


def match_ids() -> list[int]:
    """The matches this process has sockets of."""
    return list(_matches)


def speaker(match_id: int) -> Any | None:
    """The socket that speaks for this process in the match (its first one still there)."""
    match = _matches.get(match_id)
    return next(iter(match.local.values()), None) if match else None


def speaks_for_process(match_id: int, channel: str) -> bool:
    """Whether this socket answers and beats for its process (the first one still there)."""
    match = _matches.get(match_id)
    return match is not None and next(iter(match.local), None) == channel


def roster(match_id: int) -> list[dict[str, Any]]:
    match = _matches.get(match_id)
    return [c.person() for c in match.local.values()] if match else []


def heard(match_id: int, process: str, people: list[dict[str, Any]]) -> bool:
    """Records another process's roster; True when it changes what this process knows."""
    match = _matches.get(match_id)
    if match is None or process == PROCESS:
        return False
    before = match.remote.get(process)
    match.remote[process] = (people, time.monotonic())
    return before is None or before[0] != people


def forget_silent(match_id: int, beat: float) -> bool:
    match = _matches.get(match_id)
    if match is None:
        return False
    horizon = time.monotonic() - FORGET_AFTER_BEATS * beat
    silent = [p for p, (_, seen) in match.remote.items() if seen < horizon]
    for process in silent:
        del match.remote[process]
    return bool(silent)


def users(match_id: int) -> list[dict[str, Any]]:
    """Everyone with the match open, once per user, seats first."""
    match = _matches.get(match_id)
    if match is None:
        return []
    people = [c.person() for c in match.local.values()]
    for remote, _ in match.remote.values():
        people.extend(remote)
    by_user = {p["id"]: p for p in people}
    return sorted(by_user.values(), key=lambda p: (p["seat"] is None, p["seat"] or 0, p["user"]))


def local_consumers(match_id: int) -> list[Any]:
    match = _matches.get(match_id)
    return list(match.local.values()) if match else []


def clear() -> None:
    _matches.clear()
