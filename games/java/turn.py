"""Turn bookkeeping shared by the rule modules: refusals, the action token, the land duty,
whose turn it is and the emitter that folds events into a working copy."""

from __future__ import annotations

from typing import Any

from games.base import Event, IllegalCommand
from games.java import land
from games.java.events import apply
from games.java.state import TOKENS, JavaState, clone

LAND_DUTY = "land_tile_duty"
NOT_ENOUGH_AP = "not_enough_action_points"


def fail(code: str, message: str, cs: str) -> IllegalCommand:
    """A refusal in English and Czech (the player reads both: no ids, no coordinates)."""
    return IllegalCommand(code, message, cs)


def ap_en(n: int) -> str:
    return f"{n} action point{'' if n == 1 else 's'}"


def ap_cs(n: int) -> str:
    form = "akční bod" if n == 1 else "akční body" if 2 <= n <= 4 else "akčních bodů"
    return f"{n} {form}"


def active_seats(s: JavaState) -> frozenset[int]:
    if s.over:
        return frozenset()
    if s.festival is not None:
        return frozenset({s.festival.bidders[s.festival.current]})
    return frozenset({s.turn})


# --------------------------------------------------------------------------- turn bookkeeping


def token_allowed(s: JavaState, seat: int) -> bool:
    """Three tokens per game, at most one per turn ("třikrát za hru (ale nejvýše jednou za
    tah)"). By default only before the turn's first action, the official rule ("hráč musí akční
    žeton použít na začátku svého tahu"); with the option ``any_time``, the text's proposal, at
    any moment of the turn."""
    if s.supply[seat][TOKENS] <= 0 or s.token_used:
        return False
    return option(s, "token_timing") == "any_time" or not s.acted


def token_left(s: JavaState, seat: int) -> int:
    """The action point a token may still add this turn (0 or 1)."""
    return 1 if token_allowed(s, seat) else 0


def land_layable(s: JavaState, seat: int) -> bool:
    """Could ``seat`` lay a land tile now, with its action points and a token it may still use?"""
    limit = s.ap + token_left(s, seat)
    return limit > 0 and land.any_placement(s, seat, limit)


def duty_open(s: JavaState, seat: int) -> bool:
    """The land duty binds now: "Hráč musí za svůj tah položit alespoň jeden nový díl krajiny"
    (not in the final round: "nemají už povinnost položit alespoň 1 území").

    The duty holds whenever it can be met: while no land tile can be laid with the points (and
    token) left, the player is excused, and bound again as soon as one can (an action of theirs
    freed a place). Nobody is held to the impossible; the text is silent on a full island."""
    return not s.land_laid and s.trigger < 0 and land_layable(s, seat)


def check_points(s: JavaState, cost: int) -> None:
    if cost > s.ap:
        raise fail(
            NOT_ENOUGH_AP,
            f"This costs {ap_en(cost)}; you have {s.ap} left.",
            f"Stojí to {ap_cs(cost)}; zbývá vám {s.ap}.",
        )


DUTY_MESSAGE = (
    "Keep the action points and a free place for this turn's land tile: every turn needs one.",
    "Nechte si akční body a volné místo pro díl krajiny tohoto tahu: hráč musí za svůj tah "
    "položit alespoň jeden nový díl krajiny.",
)


# What a match created under rules version 1 had, for options it does not name: its stored
# options (the GameSetUp event) were filled in with the defaults of its day, so a missing key
# means "before this option existed" and keeps the old behaviour.
LEGACY_OPTIONS = {"token_timing": "any_time", "whole_moves": True}


def option(s: JavaState, name: str) -> Any:
    return s.options.get(name, LEGACY_OPTIONS[name])


def whole_moves(s: JavaState) -> bool:
    """The option ``whole_moves``: a figure moves once between two changes of the board."""
    return bool(option(s, "whole_moves"))


# --------------------------------------------------------------------------- emitter


class Emitter:
    """Collects a command's events; ``sim`` is the state with them folded in, made (a copy of
    the state) only when a rule asks for it: a figure move needs no copy, a land tile does (it
    may enclose a lake)."""

    def __init__(self, s: JavaState) -> None:
        self.base = s
        self._sim: JavaState | None = None
        self.events: list[Event] = []

    @property
    def sim(self) -> JavaState:
        if self._sim is None:
            sim = clone(self.base)
            for event in self.events:
                sim = apply(sim, event)
            self._sim = sim
        return self._sim

    def __call__(self, event: Event) -> None:
        if self._sim is not None:
            self._sim = apply(self._sim, event)
        self.events.append(event)
