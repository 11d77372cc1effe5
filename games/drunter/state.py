"""The game state: flat lists of small ints, cheap to clone for the bots.

Cells are numbered ``y * width + x``. ``cells[c]`` is FREE, COVERED (a tile cell or a route's
start corner) or a tunnel (the middle cell of a 3-tile), recorded with the tile's axis because a
route may only pass *across* a tunnel (rule 6 of "Jak se staví hradby").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.drunter.data import BOARD

FREE = 0
COVERED = 1
TUNNEL_EW = 2  # middle of a 3-tile lying east-west: passable going north or south
TUNNEL_NS = 3  # middle of a 3-tile lying north-south: passable going east or west

# Phases.
PLACE = "place"
VOTE = "vote"  # voters secretly play citizen cards, one after another
DECLARE = "declare"  # votes revealed; JEIN jokers are being declared
GOALS = "goals"  # extended rules: everyone secretly commits one goal card
OVER = "over"

# Voting cards: bit i of a hand is BOARD.vote_cards[i].
ALL_VOTE_CARDS = (1 << len(BOARD.vote_cards)) - 1
SHRUG_BIT = 1 << BOARD.vote_cards.index("shrug")
JEIN_BIT = 1 << BOARD.vote_cards.index("JEIN")
YES_BITS = sum(1 << BOARD.vote_cards.index(c) for c in ("JAAA", "JAA", "JA"))
NO_BITS = sum(1 << BOARD.vote_cards.index(c) for c in ("NEEE", "NEE", "NE"))

N_TILE_TYPES = 3 * len(BOARD.tile_kinds)  # hand index: kind * 3 + (length - 1)


def tile_index(kind: int, length: int) -> int:
    return kind * 3 + length - 1


@dataclass(slots=True)
class State:
    n: int
    extended: bool
    goal_deal: str
    cells: list[int]
    ends: list[int]  # per route: the builder's cell, -1 once the builder is removed (rule 5)
    hands: list[list[int]]  # per seat: tile counts by tile_index
    votes: list[int]  # per seat: bitmask of voting cards in hand
    building: list[int]  # basic game: per seat the secret building type
    goals: list[list[int]]  # extended: per seat two goal card ids (BOARD.goal_cards)
    goal_choice: list[int]  # extended: index (0/1) of the committed goal, -1 before
    goals_started: bool  # extended rule 5 has fired (the first route got blocked)
    forfeited: list[bool]
    phase: str
    turn: int  # the seat placing now (the placer while a vote runs)
    placed: list[list[int]] = field(default_factory=list)  # [seat, route, length, dir, start]
    pending: list[int] = field(default_factory=list)  # tile under vote: seat, route, prev end
    voters: list[int] = field(default_factory=list)  # vote order, starting with the placer
    cast: list[int] = field(default_factory=list)  # per seat the cards played, -1 not yet
    declare_order: list[int] = field(default_factory=list)  # JEIN holders still to declare
    declared: list[int] = field(default_factory=list)  # per seat 1 yes, 0 no, -1 none
    result: dict[str, Any] | None = None
    # Options of rules_version 2; their defaults are the rules of older matches and snapshots.
    shrug_with_others: bool = False
    tunnel_keeps_builder: bool = True


def clone(s: State) -> State:
    return State(
        n=s.n,
        extended=s.extended,
        goal_deal=s.goal_deal,
        cells=s.cells[:],
        ends=s.ends[:],
        hands=[h[:] for h in s.hands],
        votes=s.votes[:],
        building=s.building[:],
        goals=[g[:] for g in s.goals],
        goal_choice=s.goal_choice[:],
        goals_started=s.goals_started,
        forfeited=s.forfeited[:],
        phase=s.phase,
        turn=s.turn,
        placed=[p[:] for p in s.placed],
        pending=s.pending[:],
        voters=s.voters[:],
        cast=s.cast[:],
        declare_order=s.declare_order[:],
        declared=s.declared[:],
        result=s.result,
        shrug_with_others=s.shrug_with_others,
        tunnel_keeps_builder=s.tunnel_keeps_builder,
    )


_FIELDS = State.__slots__


def to_json(s: State) -> dict[str, Any]:
    copy = clone(s)
    return {name: getattr(copy, name) for name in _FIELDS}


def from_json(data: dict[str, Any]) -> State:
    # A snapshot of an older match lacks the newer fields: their defaults are its rules.
    return clone(State(**{name: data[name] for name in _FIELDS if name in data}))
