"""How matches and events look to one viewer: the only road from an engine to a client.

Everything here goes through the engine's ``view`` and ``redact``, so the API, the sockets and
notifications can never show a seat more than its engine allows.
"""

from __future__ import annotations

import string
from typing import Any

from core.eventstore.store import (
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

UNDO_TEXT = {
    "en": "Seat {seat} took back {count} action(s).",
    "cs": "Hráč {seat} vzal zpět {count} tah(y).",
}


PLATFORM_TEXTS = {
    SEAT_TIMED_OUT: {
        "en": "Seat {seat} ran out of time ({policy}).",
        "cs": "Hráči {seat} vypršel čas ({policy}).",
    },
    SEAT_TAKEN_OVER: {
        "en": "A bot takes over seat {seat} for the rest of the match.",
        "cs": "Místo hráče {seat} hraje do konce partie bot.",
    },
    VACATION_DAY_SPENT: {
        "en": "Seat {seat} spends a vacation day; new deadline {deadline}.",
        "cs": "Hráč {seat} čerpá den dovolené; nový termín {deadline}.",
    },
    SEAT_ON_VACATION: {
        "en": "Seat {seat} is on vacation through {until}; new deadline {deadline}.",
        "cs": "Hráč {seat} má dovolenou do {until} včetně; nový termín {deadline}.",
    },
    MATCH_ABORTED: {
        "en": "The match was aborted by the staff: {reason}",
        "cs": "Partii ukončila správa: {reason}",
    },
    RESULT_AWARDED: {
        "en": "The staff awarded the result (ranks {ranks}): {reason}",
        "cs": "Správa určila výsledek (pořadí {ranks}): {reason}",
    },
    SEAT_REPLACED_BY_BOT: {
        "en": "The staff replaced seat {seat} by a bot ({level}): {reason}",
        "cs": "Správa nahradila hráče {seat} botem ({level}): {reason}",
    },
}
ROLLBACK_TEXT = {
    "en": "The staff rolled the match back to event {rollback_to}: {reason}",
    "cs": "Správa vrátila partii k události {rollback_to}: {reason}",
}


class _Lenient(string.Formatter):
    def get_value(self, key: Any, args: Any, kwargs: Any) -> Any:
        value = kwargs.get(key, "?") if isinstance(key, str) else "?"
        return value

    def format_field(self, value: Any, format_spec: str) -> str:
        try:
            return super().format_field(value, format_spec)
        except (ValueError, TypeError):
            return str(value)


_formatter = _Lenient()


def event_texts(engine: Engine, data: dict[str, Any]) -> dict[str, str]:
    if data["type"] == UNDO_EVENT and "rollback_to" in data:
        return {lang: _formatter.format(t, **data) for lang, t in ROLLBACK_TEXT.items()}
    if data["type"] == UNDO_EVENT:
        fields = {"seat": data.get("seat"), "count": len(data.get("seqs", []))}
        return {lang: _formatter.format(t, **fields) for lang, t in UNDO_TEXT.items()}
    if data["type"] in PLATFORM_TEXTS:
        texts = PLATFORM_TEXTS[data["type"]]
        return {lang: _formatter.format(t, **data) for lang, t in texts.items()}
    text = engine.event_texts.get(data["type"])
    if text is None:
        return {"en": data["type"], "cs": data["type"]}
    return {"en": _formatter.format(text.en, **data), "cs": _formatter.format(text.cs, **data)}


def event_for_viewer(
    engine: Engine,
    *,
    seq: int,
    type: str,
    payload: dict[str, Any],
    actor: int | None,
    created_at: Any,
    viewer: int | None,
) -> dict[str, Any]:
    """One event as ``viewer`` may see it; an invisible one is its sequence number alone."""
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
        "text": event_texts(engine, shown),
    }
