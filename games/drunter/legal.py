"""``active_seats`` and ``legal_commands``: exactly the commands ``rules.execute`` accepts."""

from __future__ import annotations

from games.base import Command
from games.drunter.data import BOARD, DIRECTIONS, cards_of
from games.drunter.placement import placements
from games.drunter.state import DECLARE, GOALS, PLACE, VOTE, State
from games.drunter.voting import vote_masks, vote_seat


def place_command(route: int, length: int, direction: int) -> Command:
    return {
        "type": "place_tile",
        "route": BOARD.route_ids[route],
        "length": length,
        "direction": DIRECTIONS[direction],
    }


def legal_commands(s: State, seat: int) -> list[Command]:
    if s.phase == PLACE:
        if seat != s.turn or s.forfeited[seat]:
            return []
        return [place_command(r, length, d) for r, length, d in placements(s, seat)]
    if s.phase == VOTE:
        if seat != vote_seat(s):
            return []
        masks = vote_masks(s.votes[seat], s.shrug_with_others)
        return [{"type": "vote", "cards": cards_of(m)} for m in masks]
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
