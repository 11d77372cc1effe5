"""A fast, simplified playout for the search bot's leaf evaluation (``bots.search_move``).

It works directly on a (determinised) State copy without building events or command dicts:
each player places a random tile that spares its own buildings when it can, votes are waved
through, goals are committed to the better card. The result is a per-seat value in [0, 1]
mixing the win with the score margin, which is what the shared ISMCTS backs up.
"""

from __future__ import annotations

import math
import random

from games.drunter.data import BOARD
from games.drunter.placement import N_ROUTES, first_cell, placements, route_blocked, route_dead
from games.drunter.scoring import goal_score, uncovered_buildings, vote_power
from games.drunter.state import (
    COVERED,
    DECLARE,
    GOALS,
    OVER,
    PLACE,
    TUNNEL_EW,
    TUNNEL_NS,
    VOTE,
    State,
    clone,
    tile_index,
)
from games.drunter.voting import tally

STEP = BOARD.step
BUILDING_AT = BOARD.building_at
N_TYPES = len(BOARD.building_types)
TRIES = 4  # random picks before accepting one that covers an own building


def own_types(s: State, seat: int) -> tuple[int, ...]:
    if not s.extended:
        return (s.building[seat],)
    return tuple(g for g in s.goals[seat] if g < N_TYPES)


def _place(s: State, seat: int, r: int, length: int, d: int) -> None:
    c = first_cell(s.cells, s.ends[r], d)
    first = c
    for _ in range(length):
        s.cells[c] = COVERED
        last = c
        c = STEP[c][d]
    if length == 3:
        s.cells[STEP[first][d]] = TUNNEL_EW if d % 2 else TUNNEL_NS
    s.hands[seat][tile_index(BOARD.route_kind[r], length)] -= 1
    s.placed.append([seat, r, length, d, first])
    s.ends[r] = last


def _covers(s: State, r: int, length: int, d: int, types: tuple[int, ...]) -> bool:
    c = first_cell(s.cells, s.ends[r], d)
    for _ in range(length):
        b = BUILDING_AT[c]
        if b >= 0 and BOARD.buildings[b][0] in types:
            return True
        c = STEP[c][d]
    return False


def _settle_vote(s: State) -> None:
    """A leaf inside a vote: undeclared jokers and missing votes count nothing."""
    yes, no = tally(s)
    seat, route, prev_end = s.pending
    if yes < no:
        _, _, length, d, start = s.placed.pop()
        c = start
        for _ in range(length):
            s.cells[c] = 0
            c = STEP[c][d]
        s.hands[seat][tile_index(BOARD.route_kind[route], length)] += 1
        s.ends[route] = prev_end
    else:
        _, _, length, d, start = s.placed[-1]
        c = start
        for _ in range(length - 1):
            c = STEP[c][d]
        s.ends[route] = c
    s.phase = PLACE


def _commit_goals(s: State) -> None:
    visible = uncovered_buildings(s)
    for seat in range(s.n):
        if s.goal_choice[seat] < 0 and s.goals[seat]:
            a, b = (goal_score(g, visible) for g in s.goals[seat])
            s.goal_choice[seat] = 0 if a >= b else 1
    s.goals_started = True
    s.phase = PLACE


def playout(state: State, rng: random.Random) -> list[float]:
    s = clone(state)
    seat = s.turn
    if s.phase in (VOTE, DECLARE, GOALS):
        # The leaf is inside the placer's turn: finish it, then the next player moves.
        if s.phase != GOALS:
            _settle_vote(s)
        if s.phase == GOALS:
            _commit_goals(s)
        seat = (s.turn + 1) % s.n
    while s.phase != OVER:
        moves = [] if s.forfeited[seat] else placements(s, seat)
        if not moves:
            for i in range(1, s.n + 1):
                p = (seat + i) % s.n
                if not s.forfeited[p]:
                    moves = placements(s, p)
                    if moves:
                        seat = p
                        break
            if not moves:
                break
        own = own_types(s, seat)
        move = moves[rng.randrange(len(moves))]
        for _ in range(TRIES):
            if not _covers(s, *move, own):
                break
            move = moves[rng.randrange(len(moves))]
        _place(s, seat, *move)
        for r in range(N_ROUTES):
            if route_dead(s, r):
                s.ends[r] = -1
        if s.extended and not s.goals_started and any(route_blocked(s, r) for r in range(N_ROUTES)):
            _commit_goals(s)
        seat = (seat + 1) % s.n
    return values(s)


def values(s: State) -> list[float]:
    """Win (shared on ties after the tie-break) blended with the score margin."""
    visible = uncovered_buildings(s)
    keys = []
    for seat in range(s.n):
        if s.forfeited[seat]:
            keys.append((-1.0, 0.0))
        elif not s.extended:
            keys.append((goal_score(s.building[seat], visible), vote_power(s.votes[seat])))
        else:
            pair = [goal_score(g, visible) for g in s.goals[seat]]
            pick = s.goal_choice[seat]
            if pick < 0:
                pick = 0 if pair[0] >= pair[1] else 1
            keys.append((float(pair[pick]), float(pair[1 - pick])))
    best = max(keys)
    winners = [p for p in range(s.n) if keys[p] == best]
    out = []
    for p in range(s.n):
        win = 1.0 / len(winners) if p in winners else 0.0
        rival = max(keys[q][0] for q in range(s.n) if q != p)
        margin = 1.0 / (1.0 + math.exp(-(keys[p][0] - rival) / 4.0))
        out.append(0.6 * win + 0.4 * margin)
    return out
