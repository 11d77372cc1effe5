"""Turn bookkeeping shared by the rule modules: refusals, action points under the land duty,
cell parsing and the emitter that folds events into a working copy."""

from __future__ import annotations

from typing import Any

from games.base import Event, IllegalCommand, Malformed
from games.java import land
from games.java.data import BOARD
from games.java.events import apply_event
from games.java.state import TOKENS, JavaState, clone

LAND_DUTY = "land_tile_duty"
NOT_A_SPACE = "not_a_space"
NOT_ENOUGH_AP = "not_enough_action_points"
_UNSET = -99


def fail(code: str, message: str) -> IllegalCommand:
    return IllegalCommand(code, message)


def active_seats(s: JavaState) -> frozenset[int]:
    if s.over:
        return frozenset()
    if s.festival is not None:
        return frozenset({s.festival.bidders[s.festival.current]})
    return frozenset({s.turn})


# --------------------------------------------------------------------------- turn bookkeeping


class Turn:
    """What the player on turn may still spend, given the duty to lay a land tile ("Hráč musí za
    svůj tah položit alespoň jeden nový díl krajiny"; not in the final round)."""

    def __init__(self, s: JavaState, seat: int) -> None:
        self.s = s
        self.seat = seat
        self._min_land = _UNSET

    def token_potential(self) -> int:
        return 1 if token_allowed(self.s, self.seat) else 0

    def duty_open(self) -> bool:
        return not self.s.land_laid and self.s.trigger < 0

    def min_land(self) -> int | None:
        if self._min_land == _UNSET:
            limit = self.s.ap + self.token_potential()
            self._min_land = land.min_land_cost(self.s, self.seat, limit) if limit > 0 else None
        return None if self._min_land is None else self._min_land

    def spendable(self) -> int:
        """AP a non-land action may use while keeping the cheapest land tile affordable."""
        if not self.duty_open():
            return self.s.ap
        m = self.min_land()
        if m is None:
            return self.s.ap
        return min(self.s.ap, self.s.ap + self.token_potential() - m)

    def may_end(self) -> bool:
        return not self.duty_open() or self.min_land() is None

    def check_spend(self, cost: int) -> None:
        if cost > self.s.ap:
            raise fail(NOT_ENOUGH_AP, f"This costs {cost} action points; {self.s.ap} are left.")
        if cost > self.spendable():
            raise fail(
                LAND_DUTY,
                "Keep enough action points to lay this turn's land tile: every turn needs one.",
            )


def token_allowed(s: JavaState, seat: int) -> bool:
    """Three tokens per game, at most one per turn; by default at any moment of the turn (the
    text's proposal), with the option "start_of_turn" only before the first action."""
    if s.supply[seat][TOKENS] <= 0 or s.token_used:
        return False
    return s.options.get("token_timing") != "start_of_turn" or not s.acted


# --------------------------------------------------------------------------- parsing


def parse_cell(value: Any, field: str) -> int:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise Malformed(f"Field {field} must be a [q, r] pair of whole numbers.")
    cell = BOARD.index.get((value[0], value[1]))
    if cell is None:
        raise fail(NOT_A_SPACE, f"{value} is not a space of the island or next to its edge.")
    return cell


def parse_cells(value: list[Any], field: str) -> list[int]:
    return [parse_cell(v, field) for v in value]


# --------------------------------------------------------------------------- emitter


class Emitter:
    def __init__(self, s: JavaState) -> None:
        self.sim = clone(s)
        self.events: list[Event] = []

    def __call__(self, event: Event) -> None:
        self.sim = apply_event(self.sim, event)
        self.events.append(event)
