"""Time controls: what a match's creator chose, and the clock arithmetic of each turn.

Three kinds (issue 9): ``none``; ``per_move``, a fixed time for every turn; ``reserve``, a bank
of time per seat in the manner of correspondence chess, charged with the time a turn took and
credited with an increment per move. When a deadline passes, ``policy`` decides: ``bot_move``
(a bot plays that move for the absent seat), ``zombie`` (a bot plays that seat for the rest of
the match) or ``forfeit`` (the engine's ``forfeit``). ``vacation`` says whether a player's
vacation days may be spent to push a deadline back (tournaments may forbid it).

Pure functions, no database: ``core.matches.services`` applies them to the read models.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import Any

from core.api.errors import ApiError

HOUR = 3600
DAY = 24 * HOUR
KINDS = ("none", "per_move", "reserve")
POLICIES = ("bot_move", "zombie", "forfeit")
REMIND_AT = 0.8  # a reminder when 80% of the time to a deadline has passed

MOVE_RANGE = (HOUR, 14 * DAY)  # per-move deadline: 1 hour to 14 days
RESERVE_RANGE = (HOUR, 60 * DAY)
INCREMENT_RANGE = (0, 14 * DAY)


@dataclass(frozen=True)
class TimeControl:
    kind: str = "none"
    move_seconds: int = 0
    reserve_seconds: int = 0
    increment_seconds: int = 0
    policy: str = "bot_move"
    vacation: bool = True

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> TimeControl:
        return cls(**data) if data else cls()


def _invalid(message: str) -> ApiError:
    return ApiError(422, "invalid_time_control", message)


def _seconds(data: dict[str, Any], name: str, bounds: tuple[int, int], default: int) -> int:
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _invalid(f"time_control.{name} must be a whole number of seconds.")
    lo, hi = bounds
    if not lo <= value <= hi:
        raise _invalid(f"time_control.{name} must be between {lo} and {hi} seconds, not {value}.")
    return value


def parse_time_control(data: Any) -> TimeControl:
    """Validate the creator's choice (an object, or nothing for no time control)."""
    if data is None or data == {}:
        return TimeControl()
    if not isinstance(data, dict):
        raise _invalid("time_control must be an object with a 'kind'.")
    known = {"kind", "move_seconds", "reserve_seconds", "increment_seconds", "policy", "vacation"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise _invalid(f"Unknown time_control field(s): {', '.join(unknown)}.")
    kind = data.get("kind", "none")
    if kind not in KINDS:
        raise _invalid(f"time_control.kind must be one of: {', '.join(KINDS)}.")
    policy = data.get("policy", "bot_move")
    if policy not in POLICIES:
        raise _invalid(f"time_control.policy must be one of: {', '.join(POLICIES)}.")
    vacation = data.get("vacation", True)
    if not isinstance(vacation, bool):
        raise _invalid("time_control.vacation must be true or false.")
    if kind == "none":
        extra = sorted(set(data) & {"move_seconds", "reserve_seconds", "increment_seconds"})
        if extra:
            raise _invalid(f"A match without time control takes no {', '.join(extra)}.")
        return TimeControl(policy=policy, vacation=vacation)
    if kind == "per_move":
        if "reserve_seconds" in data or "increment_seconds" in data:
            raise _invalid("A per-move deadline takes move_seconds only, not a reserve.")
        if "move_seconds" not in data:
            raise _invalid("A per-move deadline needs move_seconds (3600 to 1209600).")
        move = _seconds(data, "move_seconds", MOVE_RANGE, 0)
        return TimeControl(kind, move_seconds=move, policy=policy, vacation=vacation)
    if "move_seconds" in data:
        raise _invalid("A reserve clock takes reserve_seconds and increment_seconds.")
    if "reserve_seconds" not in data:
        raise _invalid("A reserve clock needs reserve_seconds (3600 to 5184000).")
    return TimeControl(
        kind,
        reserve_seconds=_seconds(data, "reserve_seconds", RESERVE_RANGE, 0),
        increment_seconds=_seconds(data, "increment_seconds", INCREMENT_RANGE, 0),
        policy=policy,
        vacation=vacation,
    )


def charged_reserve(tc: TimeControl, left: float | None, elapsed: float) -> float:
    """A seat's reserve after a turn that took ``elapsed`` seconds: never below zero, plus the
    increment (a move the bot made for it on timeout counts as a move too)."""
    start = tc.reserve_seconds if left is None else left
    return max(0.0, start - elapsed) + tc.increment_seconds


def turn_budget(tc: TimeControl, reserves: list[float | None]) -> float | None:
    """Seconds the waiting seats have for this turn (the tightest of them), or None."""
    if tc.kind == "per_move":
        return float(tc.move_seconds)
    if tc.kind == "reserve" and reserves:
        return min(tc.reserve_seconds if r is None else r for r in reserves)
    return None


def deadlines(now: datetime, budget: float) -> tuple[datetime, datetime]:
    """The deadline and the reminder time of a turn starting ``now``."""
    return now + timedelta(seconds=budget), now + timedelta(seconds=budget * REMIND_AT)
