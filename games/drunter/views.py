"""What a seat, a spectator and an admin may see.

Public: the board, the tiles on it, every player's tiles (dealt face up), the count of each
player's voting cards, who has voted, the revealed votes and the declared jokers. Secret: the
building or goal cards, the cards in a voting hand, a vote before the reveal, a committed goal.
"""

from __future__ import annotations

from typing import Any

from games.drunter.commands import active_seats
from games.drunter.data import BOARD, DIRECTIONS
from games.drunter.rules import cards_of, goal_score, tile_cells, uncovered_buildings
from games.drunter.state import DECLARE, OVER, VOTE, State, tile_index


def layout() -> dict[str, Any]:
    """The static town (approximate, from board.json)."""
    return {
        "width": BOARD.width,
        "height": BOARD.height,
        "approximate": True,
        "routes": [
            {"id": r, "kind": BOARD.tile_kinds[BOARD.route_kind[i]], "corner": BOARD.xy(c)}
            for i, (r, c) in enumerate(zip(BOARD.route_ids, BOARD.route_corner, strict=True))
        ],
        "buildings": [
            {"type": BOARD.building_types[t], "value": v, "cell": BOARD.xy(c)}
            for t, v, c in BOARD.buildings
        ],
        "outhouses": [BOARD.xy(c) for c in range(BOARD.n_cells) if BOARD.outhouse[c]],
    }


def _hand_tiles(s: State, seat: int) -> dict[str, list[int]]:
    return {
        kind: [s.hands[seat][tile_index(k, length)] for length in (1, 2, 3)]
        for k, kind in enumerate(BOARD.tile_kinds)
    }


def _vote_view(s: State, seat: int | None, reveal_all: bool) -> dict[str, Any] | None:
    if s.phase not in (VOTE, DECLARE):
        return None
    placer, route, _ = s.pending
    _, _, length, d, start = s.placed[-1]
    revealed = s.phase == DECLARE
    cast: dict[str, Any] = {}
    for v in s.voters:
        if s.cast[v] < 0:
            continue
        if revealed or reveal_all or v == seat:
            cast[str(v)] = cards_of(s.cast[v])
        else:
            cast[str(v)] = len(cards_of(s.cast[v]))  # face down: only how many
    return {
        "placer": placer,
        "route": BOARD.route_ids[route],
        "tile": [BOARD.xy(c) for c in tile_cells(start, d, length)],
        "order": s.voters[:],
        "cast": cast,
        "revealed": revealed,
        "declared": {
            str(v): ("yes" if s.declared[v] == 1 else "no") for v in s.voters if s.declared[v] >= 0
        },
        "to_declare": s.declare_order[:],
    }


def _secrets(s: State, seat: int) -> dict[str, Any]:
    visible = uncovered_buildings(s)
    out: dict[str, Any] = {"vote_cards": cards_of(s.votes[seat])}
    if not s.extended:
        t = s.building[seat]
        out["building"] = BOARD.building_types[t] if t >= 0 else None
        out["score"] = goal_score(t, visible) if t >= 0 else 0
    else:
        out["goals"] = [BOARD.goal_cards[g] for g in s.goals[seat]]
        out["goal_scores"] = [goal_score(g, visible) for g in s.goals[seat]]
        pick = s.goal_choice[seat]
        out["chosen_goal"] = BOARD.goal_cards[s.goals[seat][pick]] if pick >= 0 else None
    return out


def view(s: State, seat: int | None, reveal_all: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "layout": layout(),
        "players": s.n,
        "extended": s.extended,
        "goal_deal": s.goal_deal,
        "phase": s.phase,
        "turn": s.turn,
        "active_seats": sorted(active_seats(s)),
        "tiles_on_board": [
            {
                "seat": p,
                "route": BOARD.route_ids[r],
                "kind": BOARD.tile_kinds[BOARD.route_kind[r]],
                "length": length,
                "direction": DIRECTIONS[d],
                "cells": [BOARD.xy(c) for c in tile_cells(start, d, length)],
            }
            for p, r, length, d, start in s.placed
        ],
        "builders": {
            r: (BOARD.xy(s.ends[i]) if s.ends[i] >= 0 else None)
            for i, r in enumerate(BOARD.route_ids)
        },
        "tiles_in_hand": [_hand_tiles(s, p) for p in range(s.n)],
        "vote_cards_count": [bin(m).count("1") for m in s.votes],
        "forfeited": s.forfeited[:],
        "goals_committed": [c >= 0 for c in s.goal_choice] if s.extended else None,
        "vote": _vote_view(s, seat, reveal_all),
        "result": s.result if s.phase == OVER else None,
    }
    if seat is not None:
        out["you"] = seat
        out["secrets"] = _secrets(s, seat)
    return out


def admin_view(s: State) -> dict[str, Any]:
    out = view(s, None, reveal_all=True)
    out["all_secrets"] = [_secrets(s, p) for p in range(s.n)]
    return out
