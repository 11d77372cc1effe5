"""The platform's own events in a match's stream: undo, the clock's, the staff's, hints.
Engines never see them (``state`` folds them out); the words for them are in ``presenters``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.eventstore.models import Event

UNDO_EVENT = "ActionsUndone"  # {"seqs": [...], "seat": s}
# The clock's (core/matches/deadlines.py).
SEAT_TIMED_OUT = "SeatTimedOut"  # {"seat", "policy"}
SEAT_TAKEN_OVER = "SeatTakenOver"  # {"seat"}: a bot plays it for the rest of the match
VACATION_DAY_SPENT = "VacationDaySpent"  # {"seat", "deadline"}: the new deadline
# {"seat", "until", "deadline"}: a deadline fell due during a declared vacation, whose last day
# is ``until``; or the vacation was cut short and the deadline comes back earlier.
SEAT_ON_VACATION = "SeatOnVacation"
# Staff actions (core/admin_inspect/actions.py), each with its ``reason``; a staff roll-back is
# an ``ActionsUndone`` with ``rollback_to`` and ``reason`` (the seats' own undo, generalised).
MATCH_ABORTED = "MatchAborted"  # {"reason"}
RESULT_AWARDED = "ResultAwarded"  # {"ranks", "scores", "reason"}
SEAT_REPLACED_BY_BOT = "SeatReplacedByBot"  # {"seat", "level", "reason"}
STAFF_EVENTS = frozenset({MATCH_ABORTED, RESULT_AWARDED, SEAT_REPLACED_BY_BOT})
HINT_USED = "HintUsed"  # {"seat"}: the seat asked the bot for a hint (core/analysis/hints.py)
PLATFORM_EVENTS = (
    frozenset({UNDO_EVENT, SEAT_TIMED_OUT, SEAT_TAKEN_OVER, VACATION_DAY_SPENT, SEAT_ON_VACATION})
    | STAFF_EVENTS
    | {HINT_USED}
)


def undone_seqs(events: Iterable[Event | dict[str, Any]]) -> set[int]:
    """The seqs that the ``ActionsUndone`` among ``events`` took back."""
    out: set[int] = set()
    for e in events:
        etype = e.type if isinstance(e, Event) else e["type"]
        if etype == UNDO_EVENT:
            payload = e.payload if isinstance(e, Event) else e
            out.update(payload["seqs"])
    return out
