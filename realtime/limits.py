"""How many sockets one user and one match may hold in this server process.

A socket's slot is taken as soon as its user is known (the handshake's credentials, or the first
``auth`` frame) and before anything that costs: no channel, no subscription, no database read.
Past a cap the socket is closed with ``protocol.TOO_MANY_SOCKETS``. The counts are per process,
as the cost they bound is: the event loop, the fan-out of every move and every presence change.
Two web processes behind a proxy hold at most twice as many; what one user can cost any one
process stays bounded, which is the point (a user opening hundreds once stalled the server).
"""

from __future__ import annotations

from collections import Counter

from django.conf import settings

_by_user: Counter[int] = Counter()
_by_match: Counter[int] = Counter()


def take(user_id: int, match_id: int | None) -> str | None:
    """A slot for a socket of ``user_id`` (on ``match_id`` for a match socket): None when
    taken, else why not (the slot is then not taken)."""
    per_user = settings.REALTIME_MAX_SOCKETS_PER_USER
    if _by_user[user_id] >= per_user:
        return f"Too many open sockets for this account (at most {per_user}); close one."
    if match_id is not None:
        per_match = settings.REALTIME_MAX_SOCKETS_PER_MATCH
        if _by_match[match_id] >= per_match:
            return f"Too many open sockets on this match (at most {per_match}); try later."
        _by_match[match_id] += 1
    _by_user[user_id] += 1
    return None


def give_back(user_id: int, match_id: int | None) -> None:
    _drop(_by_user, user_id)
    if match_id is not None:
        _drop(_by_match, match_id)


def _drop(counts: Counter[int], key: int) -> None:
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]


def held(user_id: int) -> int:
    return _by_user[user_id]


def clear() -> None:
    _by_user.clear()
    _by_match.clear()
