"""What a seat may see and know: ``view`` (a seat, a spectator), ``admin_view``, ``redact`` (an
event as a seat sees it) and ``determinize`` (the bots' fair re-deal of what a seat cannot know,
weighted by beliefs drawn from public play only).

Public: the board, the tiles on it, every player's tiles (dealt face up), the count of each
player's voting cards, who has voted, the revealed votes and the declared jokers. Secret: the
building or goal cards, the cards in a voting hand, a vote before the reveal, a committed goal.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection
from typing import Any

from games.base import Event
from games.drunter.data import BOARD, DIRECTIONS, cards_of, tile_cells
from games.drunter.legal import active_seats
from games.drunter.placement import openings
from games.drunter.scoring import goal_score, uncovered_buildings
from games.drunter.state import (
    DECLARE,
    JEIN_BIT,
    NO_BITS,
    OVER,
    VOTE,
    YES_BITS,
    State,
    clone,
    tile_index,
)
from games.drunter.voting import tally, vote_masks

N_TYPES = len(BOARD.building_types)
N_GOALS = len(BOARD.goal_cards)
BUILDING_AT = BOARD.building_at
SUSPICION = 0.7  # how strongly covering a building speaks against owning its type


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
        "vote_cards": [
            {"card": card, "votes": votes, "side": _side(1 << i)}
            for i, (card, votes) in enumerate(zip(BOARD.vote_cards, BOARD.vote_values, strict=True))
        ],
        "goal_cards": list(BOARD.goal_cards),
    }


def _side(bit: int) -> str:
    if bit & YES_BITS:
        return "yes"
    if bit & NO_BITS:
        return "no"
    return "either" if bit == JEIN_BIT else "none"


def _openings(s: State) -> dict[str, list[dict[str, Any]]]:
    """Per route, each side of its builder's cell a tile could go to: where the tile would begin
    (the neighbouring cell, or the free cell past one or more tunnels, rule 6) and how many free
    cells lie in line from there. Public geometry, the same for every viewer: with it a client
    draws where a ``place_tile`` would lie without rules of its own."""
    return {
        BOARD.route_ids[r]: [
            {"direction": DIRECTIONS[d], "start": BOARD.xy(start), "free": run}
            for d, start, run in openings(s, r)
        ]
        for r in range(len(BOARD.route_ids))
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
    yes, no = tally(s)
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
        # Counted only once the cards are face up: before, the sums would leak them.
        "tally": {"yes": yes, "no": no} if revealed else None,
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
        "openings": _openings(s),
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


# Fields only the event's own seat may see; everybody else gets the rest.
SECRET_FIELDS = {
    "BuildingDealt": ("building",),
    "GoalsDealt": ("cards",),
    "VoteCast": ("cards",),
    "GoalChosen": ("card",),
}


def redact(event: Event, seat: int | None) -> Event:
    secret = SECRET_FIELDS.get(event["type"])
    if secret is None or (seat is not None and event.get("seat") == seat):
        return event
    shown = {k: v for k, v in event.items() if k not in secret}
    if event["type"] == "VoteCast":
        shown["count"] = len(event["cards"])  # cards leave the hand face down: the count shows
    return shown


# --- beliefs and determinisation -----------------------------------------------------------


def covered_by(s: State) -> list[list[int]]:
    """Per seat, the printed value it has covered of each building type (public history)."""
    out = [[0] * N_TYPES for _ in range(s.n)]
    for seat, _r, length, d, start in s.placed:
        for c in tile_cells(start, d, length):
            b = BUILDING_AT[c]
            if b >= 0:
                t, v, _ = BOARD.buildings[b]
                out[seat][t] += v
    return out


def goal_weights(s: State, seat: int, covered: list[list[int]]) -> list[float]:
    """Unnormalised plausibility of each card (building types first) being ``seat``'s."""
    weights = [math.exp(-SUSPICION * covered[seat][t]) for t in range(N_TYPES)]
    return weights + [1.0] * (N_GOALS - N_TYPES)


UNIFORM = [1.0] * N_GOALS


def _weighted_pick(options: list[int], weights: list[float], rng: random.Random) -> int:
    total = sum(weights[o] for o in options)
    x = rng.random() * total
    for o in options:
        x -= weights[o]
        if x <= 0:
            return o
    return options[-1]


def determinize(s: State, me: int, rng: random.Random, aimless: Collection[int] = ()) -> State:
    """Re-deal what ``me`` cannot see, by the beliefs from public play. A seat in ``aimless`` is
    taken to place at random (``bots_model``), so what it covered says nothing of its card."""
    d = clone(s)
    covered = covered_by(s)
    others = [p for p in range(s.n) if p != me]
    rng.shuffle(others)
    if not s.extended:
        pool = [t for t in range(N_TYPES) if t != s.building[me]]
        for p in others:
            weights = UNIFORM if p in aimless else goal_weights(s, p, covered)
            t = _weighted_pick(pool, weights, rng)
            pool.remove(t)
            d.building[p] = t
    else:
        pool = [g for g in range(N_GOALS) if g not in s.goals[me]]
        for p in others:
            w = goal_weights(s, p, covered)
            if s.goal_deal == "balanced":
                house = _weighted_pick([g for g in pool if g < N_TYPES], w, rng)
                special = _weighted_pick([g for g in pool if g >= N_TYPES], w, rng)
                pair = [house, special]
            else:
                first = _weighted_pick(pool, w, rng)
                second = _weighted_pick([g for g in pool if g != first], w, rng)
                pair = [first, second]
            for g in pair:
                pool.remove(g)
            d.goals[p] = pair
            if s.goal_choice[p] >= 0:
                d.goal_choice[p] = rng.randrange(2)
    if s.phase == VOTE:
        # Cards laid face down are unknown except their number; the rest of each hand is known
        # (a set's eight cards are public and every played card was revealed).
        for p in s.voters:
            if p == me or s.cast[p] < 0:
                continue
            hand = s.votes[p] | s.cast[p]
            count = bin(s.cast[p]).count("1")
            same = [m for m in vote_masks(hand, s.shrug_with_others) if bin(m).count("1") == count]
            mask = rng.choice(same)
            d.cast[p] = mask
            d.votes[p] = hand & ~mask
    return d
