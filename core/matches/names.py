"""The seats' names as players see them: in the players strip, the log, the ending and the
notifications alike (one function, so they never disagree).

A human seat is its user's public name (two seats of the same name get their user names
added); a bot seat is "Bot" and a first name picked by its seat, so that two bots of one match
are told apart in a sentence ("Bot Tereza pokládá…", "Bot Karel passes.") and a player can
address them; a seat whose account was deleted reads "—".

Names are read for every event of every viewer, so a match's names are kept in a small
per-process cache keyed by the seats themselves (who sits where): a new player or a bot taking
over changes the key. A user's renaming shows after ``NAMES_TTL`` seconds at most.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from core.accounts.models import DELETED_PREFIX, User
from core.matches.models import Match, Seat
from games.narration import NO_NAME

# First names read the same in English and Czech and stay in the nominative in both languages
# (games/WORDS.md: a name never declines); one per seat index, so bots of a match never share one.
BOT_FIRST_NAMES = ("Tereza", "Karel", "Alžběta", "Vojtěch", "Johana", "Matyáš", "Eliška", "Jonáš")
ABSENT = NO_NAME  # the log reads it "a deleted player" / "smazaný účet" (games/narration.py)
NAMES_TTL = 60.0
_CACHE_SIZE = 2048

_cache: OrderedDict[tuple[Any, ...], tuple[float, tuple[str, ...]]] = OrderedDict()


def bot_name(index: int) -> str:
    return f"Bot {BOT_FIRST_NAMES[index % len(BOT_FIRST_NAMES)]}"


def _seat_key(seat: Seat) -> tuple[Any, ...]:
    return (seat.index, seat.kind, seat.user_id)


def names_of(seats: Iterable[Seat], users: dict[int, tuple[str, str]]) -> tuple[str, ...]:
    """Every seat's name, in seat order, from the seats and, per user id, its (public name,
    user name)."""
    ordered = sorted(seats, key=lambda s: s.index)
    raw: list[str] = []
    for s in ordered:
        if s.kind == Seat.Kind.BOT:
            raw.append(bot_name(s.index))
        elif (
            s.kind == Seat.Kind.HUMAN
            and s.user_id in users
            and not users[s.user_id][1].startswith(DELETED_PREFIX)
        ):
            raw.append(users[s.user_id][0])
        else:
            raw.append(ABSENT)
    # Two players of one name: each gets their (unique) user name too.
    out = list(raw)
    for i, s in enumerate(ordered):
        if raw[i] != ABSENT and raw.count(raw[i]) > 1 and s.kind == Seat.Kind.HUMAN:
            login = users[s.user_id or 0][1]
            if login != raw[i]:
                out[i] = f"{raw[i]} ({login})"
    return tuple(out)


def _loaded_users(seats: list[Seat]) -> dict[int, tuple[str, str]] | None:
    """The public names of the seats' users if every one is already in memory (a
    ``select_related("user")``), else None."""
    found: dict[int, tuple[str, str]] = {}
    for s in seats:
        if s.kind != Seat.Kind.HUMAN or s.user_id is None:
            continue
        user = s._state.fields_cache.get("user")
        if user is None:
            return None
        found[s.user_id] = (user.public_name, user.username)
    return found


def seat_names(match: Match, seats: Iterable[Seat] | None = None) -> tuple[str, ...]:
    """The names of ``match``'s seats (``seats`` if the caller has them, else the match's
    seats, prefetched or not), from the cache when fresh."""
    rows = list(seats) if seats is not None else list(match.seats.all())
    key = (match.pk, *(_seat_key(s) for s in sorted(rows, key=lambda s: s.index)))
    now = time.monotonic()
    hit = _cache.get(key)
    if hit is not None and now - hit[0] < NAMES_TTL:
        _cache.move_to_end(key)
        return hit[1]
    users = _loaded_users(rows)
    if users is None:
        ids = [s.user_id for s in rows if s.kind == Seat.Kind.HUMAN and s.user_id is not None]
        rows_of_users = User.objects.filter(pk__in=ids).values_list(
            "pk", "username", "display_name"
        )
        users = {pk: (display or username, username) for pk, username, display in rows_of_users}
    names = names_of(rows, users)
    _cache[key] = (now, names)
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return names


def seat_name(seat: Seat) -> str | None:
    """One seat's name for the players strip (``None``: an open seat, still to be taken)."""
    if seat.kind == Seat.Kind.OPEN:
        return None
    if seat.kind == Seat.Kind.BOT:
        return bot_name(seat.index)
    if seat.user is None or seat.user.username.startswith(DELETED_PREFIX):
        return ABSENT
    return seat.user.public_name


def forget_names() -> None:
    """Tests: start with an empty cache."""
    _cache.clear()
