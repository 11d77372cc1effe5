"""Events: their fold into the state (``apply``); their log lines are ``narrate.py``'s.

Every event is a plain JSON dict. Secrets (building and goal cards, cast votes, committed goals)
travel only in the events that carry them; ``views.redact`` strips them for everybody else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import Event
from games.drunter.data import BOARD, mask_of, tile_cells
from games.drunter.state import (
    ALL_VOTE_CARDS,
    COVERED,
    DECLARE,
    FREE,
    GOALS,
    JEIN_BIT,
    N_TILE_TYPES,
    OVER,
    PLACE,
    SHRUG_BIT,
    TUNNEL_EW,
    TUNNEL_NS,
    VOTE,
    State,
    tile_index,
)

DIRECTION_INDEX = {"N": 0, "E": 1, "S": 2, "W": 3}
ROUTE_INDEX = {r: i for i, r in enumerate(BOARD.route_ids)}


def _game_started(_s: State | None, e: Event) -> State:
    n = e["players"]
    cells = [FREE] * BOARD.n_cells
    for corner in BOARD.route_corner:
        cells[corner] = COVERED  # the printed start of each route (Příprava hry)
    extended = bool(e["options"]["extended"])
    hands = [list(h) for h in e["tiles"]]
    assert all(len(h) == N_TILE_TYPES for h in hands)
    return State(
        n=n,
        extended=extended,
        goal_deal=e["options"]["goal_deal"],
        cells=cells,
        ends=list(BOARD.route_corner),
        hands=hands,
        # Citizen cards are used only by the basic game's outhouse votes (extended 3).
        votes=[0 if extended else ALL_VOTE_CARDS] * n,
        building=[-1] * n,
        goals=[[] for _ in range(n)],
        goal_choice=[-1] * n,
        goals_started=False,
        forfeited=[False] * n,
        phase=PLACE,
        turn=e["first"],
        cast=[-1] * n,
        declared=[-1] * n,
        # Options new in rules_version 2; an older match has neither and keeps its rules.
        shrug_with_others=bool(e["options"].get("shrug_with_others", False)),
        tunnel_keeps_builder=bool(e["options"].get("tunnel_keeps_builder", True)),
    )


def _building_dealt(s: State, e: Event) -> State:
    s.building[e["seat"]] = BOARD.building_types.index(e["building"])
    return s


def _goals_dealt(s: State, e: Event) -> State:
    s.goals[e["seat"]] = [BOARD.goal_cards.index(c) for c in e["cards"]]
    return s


def _turn_started(s: State, e: Event) -> State:
    s.turn = e["seat"]
    s.phase = PLACE
    return s


def _nothing(s: State, _e: Event) -> State:
    return s


def _tile_placed(s: State, e: Event) -> State:
    seat, route, length = e["seat"], ROUTE_INDEX[e["route"]], e["length"]
    d = DIRECTION_INDEX[e["direction"]]
    start = BOARD.cell(*e["cells"][0])
    cells = tile_cells(start, d, length)
    for c in cells:
        s.cells[c] = COVERED
    if length == 3:
        s.cells[cells[1]] = TUNNEL_EW if d % 2 else TUNNEL_NS
    kind = BOARD.route_kind[route]
    s.hands[seat][tile_index(kind, length)] -= 1
    s.placed.append([seat, route, length, d, start])
    if e["vote"]:
        # The tile lies on the outhouse while the town votes; the builder waits (vote, 1st par.).
        s.pending = [seat, route, s.ends[route]]
        s.phase = VOTE
        s.voters = list(e["voters"])
        s.cast = [-1] * s.n
        s.declared = [-1] * s.n
        s.declare_order = []
    else:
        s.ends[route] = cells[-1]  # place 4: the builder moves to the end cell
    return s


def _vote_cast(s: State, e: Event) -> State:
    mask = mask_of(e["cards"])
    s.cast[e["seat"]] = mask
    s.votes[e["seat"]] &= ~mask
    return s


def _votes_revealed(s: State, _e: Event) -> State:
    for seat in s.voters:
        if s.cast[seat] > 0:
            s.votes[seat] |= s.cast[seat] & SHRUG_BIT  # the shrug goes back to its owner
    s.declare_order = [seat for seat in s.voters if s.cast[seat] > 0 and s.cast[seat] & JEIN_BIT]
    s.phase = DECLARE
    return s


def _jein_declared(s: State, e: Event) -> State:
    s.declared[e["seat"]] = 1 if e["side"] == "yes" else 0
    s.declare_order.remove(e["seat"])
    return s


def _vote_decided(s: State, e: Event) -> State:
    seat, route, prev_end = s.pending
    _, _, length, d, start = s.placed[-1]
    cells = tile_cells(start, d, length)
    if e["accepted"]:
        s.ends[route] = cells[-1]
    else:
        # Saved outhouse: the placer takes the tile back and the turn ends (vote, 6th par.).
        for c in cells:
            s.cells[c] = FREE
        if not s.forfeited[seat]:  # a forfeited player's tiles have left the game
            s.hands[seat][tile_index(BOARD.route_kind[route], length)] += 1
        s.placed.pop()
        s.ends[route] = prev_end
    s.pending = []
    s.voters = []
    s.cast = [-1] * s.n
    s.declared = [-1] * s.n
    s.declare_order = []
    s.phase = PLACE
    return s


def _builder_removed(s: State, e: Event) -> State:
    s.ends[ROUTE_INDEX[e["route"]]] = -1
    return s


def _goal_choice_started(s: State, _e: Event) -> State:
    s.goals_started = True
    s.phase = GOALS
    return s


def _goal_chosen(s: State, e: Event) -> State:
    s.goal_choice[e["seat"]] = s.goals[e["seat"]].index(BOARD.goal_cards.index(e["card"]))
    return s


def _player_forfeited(s: State, e: Event) -> State:
    seat = e["seat"]
    s.forfeited[seat] = True
    # Its tiles leave the game; a vote it has not joined goes on without it, and votes it
    # already cast are withdrawn (README "Forfeit").
    s.hands[seat] = [0] * N_TILE_TYPES
    if seat in s.voters:
        s.voters.remove(seat)
        s.cast[seat] = -1
    if seat in s.declare_order:
        s.declare_order.remove(seat)
    return s


def _game_ended(s: State, e: Event) -> State:
    s.phase = OVER
    s.result = {k: v for k, v in e.items() if k != "type"}
    return s


APPLY: dict[str, Callable[[Any, Event], State]] = {
    "GameStarted": _game_started,
    "BuildingDealt": _building_dealt,
    "GoalsDealt": _goals_dealt,
    "TurnStarted": _turn_started,
    "PlayerSkipped": _nothing,
    "TilePlaced": _tile_placed,
    "VoteCast": _vote_cast,
    "VotesRevealed": _votes_revealed,
    "JeinDeclared": _jein_declared,
    "VoteDecided": _vote_decided,
    "BuilderRemoved": _builder_removed,
    "GoalChoiceStarted": _goal_choice_started,
    "GoalChosen": _goal_chosen,
    "PlayerForfeited": _player_forfeited,
    "GameEnded": _game_ended,
}


def apply(state: State | None, event: Event) -> State:
    return APPLY[event["type"]](state, event)


def is_undo_barrier(_event: Event) -> bool:
    """Every command either ends the turn, involves the other players (votes, goals) or deals or
    reveals secrets, so nothing is ever taken back."""
    return True
