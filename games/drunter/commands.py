"""Command shapes, options and the listing of legal commands."""

from __future__ import annotations

from games.base import Command, CommandSpec, Field, Option
from games.drunter.data import BOARD, DIRECTIONS
from games.drunter.rules import cards_of, placements
from games.drunter.state import (
    DECLARE,
    GOALS,
    PLACE,
    SHRUG_BIT,
    VOTE,
    State,
)

OPTIONS = (
    Option(
        name="extended",
        kind="bool",
        default=False,
        description=(
            "Extended rules (Rozšířená pravidla): two secret goal cards each, no voting on "
            "outhouses, one goal committed when the first route is blocked."
        ),
    ),
    Option(
        name="goal_deal",
        kind="choice",
        default="balanced",
        choices=("balanced", "random"),
        description=(
            "Extended rules only: 'balanced' deals each player one building and one special "
            "card (the translator's suggestion), 'random' deals two of the ten cards at random."
        ),
    ),
)

COMMANDS = (
    CommandSpec(
        type="place_tile",
        description="Attach one of your tiles at the end of a route marked by its builder.",
        fields=(
            Field("route", "str", "route id: " + ", ".join(BOARD.route_ids)),
            Field("length", "int", "tile length 1, 2 or 3"),
            Field("direction", "str", "side of the builder's cell the tile goes to: N, E, S, W"),
        ),
    ),
    CommandSpec(
        type="vote",
        description="Play one or more citizen cards face down in an outhouse vote.",
        fields=(Field("cards", "list", "card names: " + ", ".join(BOARD.vote_cards)),),
    ),
    CommandSpec(
        type="declare_jein",
        description="Declare your revealed JEIN card a yes or a no vote.",
        fields=(Field("side", "str", "yes or no"),),
    ),
    CommandSpec(
        type="choose_goal",
        description="Extended rules: secretly commit one of your two goal cards as the real one.",
        fields=(Field("card", "str", "one of your two goal cards"),),
    ),
)
COMMAND_SPECS = {c.type: c for c in COMMANDS}


def place_command(route: int, length: int, direction: int) -> Command:
    return {
        "type": "place_tile",
        "route": BOARD.route_ids[route],
        "length": length,
        "direction": DIRECTIONS[direction],
    }


def vote_masks(hand: int) -> list[int]:
    """Every vote a hand allows: the shrug alone, or any non-empty set of the other cards."""
    others = hand & ~SHRUG_BIT
    out = [SHRUG_BIT] if hand & SHRUG_BIT else []
    sub = others
    while sub:
        out.append(sub)
        sub = (sub - 1) & others
    return out


def vote_seat(s: State) -> int:
    """The next voter: cards are laid face down one player after another from the placer."""
    for seat in s.voters:
        if s.cast[seat] < 0:
            return seat
    return -1


def legal_commands(s: State, seat: int) -> list[Command]:
    if s.phase == PLACE:
        if seat != s.turn or s.forfeited[seat]:
            return []
        return [place_command(r, length, d) for r, length, d in placements(s, seat)]
    if s.phase == VOTE:
        if seat != vote_seat(s):
            return []
        return [{"type": "vote", "cards": cards_of(m)} for m in vote_masks(s.votes[seat])]
    if s.phase == DECLARE:
        if not s.declare_order or seat != s.declare_order[0]:
            return []
        return [{"type": "declare_jein", "side": "yes"}, {"type": "declare_jein", "side": "no"}]
    if s.phase == GOALS:
        if s.forfeited[seat] or s.goal_choice[seat] >= 0:
            return []
        return [{"type": "choose_goal", "card": BOARD.goal_cards[g]} for g in s.goals[seat]]
    return []


def active_seats(s: State) -> frozenset[int]:
    if s.phase == PLACE:
        return frozenset((s.turn,))
    if s.phase == VOTE:
        seat = vote_seat(s)
        return frozenset((seat,)) if seat >= 0 else frozenset()
    if s.phase == DECLARE:
        return frozenset(s.declare_order[:1])
    if s.phase == GOALS:
        return frozenset(
            seat for seat in range(s.n) if not s.forfeited[seat] and s.goal_choice[seat] < 0
        )
    return frozenset()
