"""How matches and events look to one viewer: the only road from an engine to a client.

Everything here goes through the engine's ``view`` and ``redact``, so the API, the sockets and
notifications can never show a seat more than its engine allows.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import date
from typing import Any

from core.matches.platform_events import (
    HINT_USED,
    MATCH_ABORTED,
    PLATFORM_EVENTS,
    RESULT_AWARDED,
    SEAT_ON_VACATION,
    SEAT_REPLACED_BY_BOT,
    SEAT_TAKEN_OVER,
    SEAT_TIMED_OUT,
    UNDO_EVENT,
    VACATION_DAY_SPENT,
)
from games.base import Engine
from games.narration import Explanation, Lang, Reader, Words, readers

log = logging.getLogger(__name__)

# Platform events in the players' words (games/WORDS.md): the reader is "you", everyone else by
# name; Czech in the present tense or with the name after "hráč"/a colon, so that no name has
# to decline. No seat numbers, no raw policy names, no timestamps.
_POLICY_WORDS: dict[str, tuple[Words, Words]] = {
    # policy: (what happens to the reader's seat, what happens to another's)
    "bot_move": (
        ("a bot makes this move for you", "a bot makes this move in their place"),
        ("tento tah za vás zahraje bot", "tento tah za hráče zahraje bot"),
    ),
    "zombie": (
        ("a bot plays for you to the end of the match", "a bot plays in their place to the end"),
        ("do konce partie za vás hraje bot", "do konce partie za hráče hraje bot"),
    ),
    "forfeit": (
        ("you are out of the match", "they are out of the match"),
        ("z partie vypadáváte", "z partie vypadává"),
    ),
}


def _policy(reader: Reader, seat: int | None, policy: Any) -> str:
    words = _POLICY_WORDS.get(str(policy), _POLICY_WORDS["bot_move"])
    en, cs = words
    pair = en if reader.lang == "en" else cs
    return pair[0] if reader.is_you(seat) else pair[1]


def _day(value: Any, reader: Reader) -> str:
    try:
        day = date.fromisoformat(str(value)[:10])
    except ValueError:
        return str(value)
    return day_words(day, reader.lang)


def day_words(day: date, lang: str) -> str:
    """A day as a player reads it: "3 December" / "3. prosince"."""
    if lang == "en":
        return f"{day.day} {_EN_MONTHS[day.month - 1]}"
    return f"{day.day}. {_CS_MONTHS_GEN[day.month - 1]}"


_EN_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_CS_MONTHS_GEN = (
    "ledna",
    "února",
    "března",
    "dubna",
    "května",
    "června",
    "července",
    "srpna",
    "září",
    "října",
    "listopadu",
    "prosince",
)


def _seat(data: dict[str, Any]) -> int | None:
    seat = data.get("seat")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def _reason(data: dict[str, Any]) -> str:
    return str(data.get("reason") or "").strip().rstrip(".")


def platform_text(data: dict[str, Any], reader: Reader) -> str:
    """The log line of a platform event (clock, vacation, undo, staff) for ``reader``."""
    kind = data["type"]
    seat = _seat(data)
    r = reader
    if kind == UNDO_EVENT and "rollback_to" in data:
        n = len(data.get("seqs", []))
        return r.say(
            "The staff took back {moves}: {reason}.",
            "Správa vzala zpět {cs_moves}: {reason}.",
            moves=r.count(n, ("action", "actions"), ("akce", "akce", "akcí")),
            cs_moves=_cs_acc_actions(n),
            reason=_reason(data),
        )
    if kind == UNDO_EVENT:
        n = len(data.get("seqs", []))
        return r.line(
            seat,
            en=("You take back {moves}.", "{who} takes back {moves}."),
            cs=("Berete zpět {cs_moves}.", "{who} bere zpět {cs_moves}."),
            moves=r.count(n, ("action", "actions"), ("akce", "akce", "akcí")),
            cs_moves=_cs_acc_actions(n),
        )
    if kind == SEAT_TIMED_OUT:
        return r.line(
            seat,
            en=("Your time ran out: {then}.", "{who}'s time ran out: {then}."),
            cs=("Vypršel vám čas: {then}.", "Hráči {who} vypršel čas: {then}."),
            then=_policy(r, seat, data.get("policy")),
        )
    if kind == SEAT_TAKEN_OVER:
        return r.line(
            seat,
            en=(
                "A bot plays for you to the end of the match.",
                "A bot plays for {who} to the end of the match.",
            ),
            cs=(
                "Do konce partie za vás hraje bot.",
                "Do konce partie hraje místo hráče {who} bot.",
            ),
        )
    if kind == VACATION_DAY_SPENT:
        return r.line(
            seat,
            en=(
                "You spend a vacation day: your time to move is a day longer.",
                "{who} spends a vacation day: their time to move is a day longer.",
            ),
            cs=(
                "Čerpáte den dovolené: na tah máte o den déle.",
                "{who} čerpá den dovolené: na tah má o den déle.",
            ),
        )
    if kind == SEAT_ON_VACATION:
        return r.line(
            seat,
            en=(
                "You are on vacation through {until}: your time to move waits for you.",
                "{who} is on vacation through {until}: their time to move waits for them.",
            ),
            cs=(
                "Máte dovolenou do {until} včetně: čas na tah na vás počká.",
                "{who} má dovolenou do {until} včetně: čas na tah počká.",
            ),
            until=_day(data.get("until"), r),
        )
    if kind == HINT_USED:
        return r.line(
            seat,
            en=("You used a hint.", "{who} used a hint."),
            # Czech in the present tense: no gender to agree with (see above).
            cs=("Berete si nápovědu.", "{who} si bere nápovědu."),
        )
    if kind == MATCH_ABORTED:
        return r.say(
            "The staff ended the match without a result: {reason}.",
            "Správa ukončila partii bez výsledku: {reason}.",
            reason=_reason(data),
        )
    if kind == RESULT_AWARDED:
        return r.say(
            "The staff decided the result ({places}): {reason}.",
            "Správa určila výsledek ({places}): {reason}.",
            places=_places(data.get("ranks"), r),
            reason=_reason(data),
        )
    if kind == SEAT_REPLACED_BY_BOT:
        return r.line(
            seat,
            en=(
                "The staff gave your seat to a bot: {reason}.",
                "The staff gave {who}'s seat to a bot: {reason}.",
            ),
            cs=(
                "Správa předala vaše místo botovi: {reason}.",
                "Správa předala místo hráče {who} botovi: {reason}.",
            ),
            reason=_reason(data),
        )
    return r.say("Something happened in the match.", "V partii se něco stalo.")


def _cs_acc_actions(n: int) -> str:
    # "bere zpět jednu akci / dvě akce / pět akcí" (accusative of "akce").
    if n == 1:
        return "jednu akci"
    if n == 2:
        return "dvě akce"
    return f"{n} akce" if 3 <= n <= 4 else f"{n} akcí"


def _places(ranks: Any, reader: Reader) -> str:
    """ "alice first, you second" / "1. alice, 2. vy" from per-seat ranks."""
    if not isinstance(ranks, list):
        return ""
    order = sorted(range(len(ranks)), key=lambda s: (ranks[s], s))
    parts = []
    for seat in order:
        who = reader.name(seat)
        parts.append(
            f"{who} {_ordinal(ranks[seat])}" if reader.lang == "en" else f"{ranks[seat]}. {who}"
        )
    return ", ".join(parts)


def _ordinal(n: Any) -> str:
    names = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}
    return names.get(n, f"place {n}") if isinstance(n, int) else str(n)


def _readers(viewer: int | None, names: tuple[str, ...]) -> dict[Lang, Reader]:
    # Readers are immutable: one pair per (viewer, names), not one per event.
    return readers(viewer, names)


def event_words(
    engine: Engine, data: dict[str, Any], viewer: int | None, names: Sequence[str]
) -> dict[str, str]:
    """The event's line ``{en, cs}`` for ``viewer``; ``data`` is already redacted for them.
    Empty: an event that says nothing to a player."""
    names = tuple(names)
    if data["type"] in PLATFORM_EVENTS:
        return {lang: platform_text(data, r) for lang, r in _readers(viewer, names).items()}
    readers_ = _readers(viewer, names)
    narrate = getattr(engine, "narrate", None)  # a test double may have no words
    if narrate is None:
        return {lang: _unnarrated(data, r) for lang, r in readers_.items()}
    try:
        return {lang: narrate(data, r) or "" for lang, r in readers_.items()}
    except Exception:  # an engine's bug must not take the log down: a plain line instead
        log.exception("narrate failed for %s %s", engine.slug, data.get("type"))
        return {lang: _unnarrated(data, r) for lang, r in readers_.items()}


def _unnarrated(data: dict[str, Any], r: Reader) -> str:
    seat = _seat(data)
    if seat is None:
        return r.say("Something happened in the match.", "V partii se něco stalo.")
    return r.line(seat, ("You made a move.", "{who} made a move."), ("Táhli jste.", "{who} táhne."))


def explanation(
    engine: Engine,
    state: Any,
    viewer: int | None,
    names: Sequence[str],
    events: list[dict[str, Any]] | None = None,
) -> dict[Lang, Explanation] | None:
    """How a finished game was counted, ``{en, cs}``, for ``viewer``; None for an engine
    without ``explain`` or a game that has not ended. ``events``: the game's events redacted
    for ``viewer`` (games/WORDS.md), when the caller read them."""
    explain = getattr(engine, "explain", None)
    if explain is None:
        return None
    try:
        out = {lang: explain(state, r, events) for lang, r in readers(viewer, names).items()}
    except Exception:  # as above: the match screen still shows who won
        log.exception("explain failed for %s", engine.slug)
        return None
    if any(v is None for v in out.values()):
        return None
    return out


def event_for_viewer(
    engine: Engine,
    *,
    seq: int,
    type: str,
    payload: dict[str, Any],
    actor: int | None,
    created_at: Any,
    viewer: int | None,
    names: Sequence[str],
) -> dict[str, Any]:
    """One event as ``viewer`` may see it, with its line in the players' words (``names``:
    every seat's name, ``core.matches.names.seat_names``); an invisible one is its sequence
    number alone."""
    event = {"type": type, **payload}
    shown = event if type in PLATFORM_EVENTS else engine.redact(event, viewer)
    if shown is None:
        return {"seq": seq}
    return {
        "seq": seq,
        "type": type,
        "actor": actor,
        "at": created_at.isoformat() if hasattr(created_at, "isoformat") else created_at,
        "data": shown,
        "text": event_words(engine, shown, viewer, names),
    }
