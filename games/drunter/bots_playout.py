"""A fast, simplified playout for the search bot (``bots.search_move``): a candidate placement,
then the rest of the game.

It works directly on a (determinised) State copy without building events or command dicts:
each player places the tile that covers most of the other players' buildings and least of its
own (as the determinisation dealt the secret cards; a fifth of the moves at random, a twentieth
for the searching seat, and every move of a player the search drew as random), votes are waved
through, goals are committed to the better card. The result is a per-seat value in [0, 1]
mixing the win with the score margin, which is what the search averages.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection

from games.drunter.data import BOARD
from games.drunter.placement import N_ROUTES, first_cell, placements, route_blocked, route_dead
from games.drunter.scoring import goal_score, uncovered_buildings, vote_power
from games.drunter.state import (
    COVERED,
    OVER,
    PLACE,
    TUNNEL_EW,
    TUNNEL_NS,
    State,
    clone,
    tile_index,
)

STEP = BOARD.step
BUILDING_AT = BOARD.building_at
N_TYPES = len(BOARD.building_types)
EXPLORE = 0.2  # share of playout placements chosen at random instead of by _policy_move
SELF_EXPLORE = 0.05  # the same for the searching seat, which plays its own moves with care


def own_types(s: State, seat: int) -> tuple[int, ...]:
    if not s.extended:
        return (s.building[seat],)
    return tuple(g for g in s.goals[seat] if g < N_TYPES)


def lay_tile(s: State, seat: int, r: int, length: int, d: int) -> None:
    """``seat``'s tile at the end of route ``r``, as ``events._tile_placed`` lays it, no vote."""
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


def _commit_goals(s: State) -> None:
    visible = uncovered_buildings(s)
    for seat in range(s.n):
        if s.goal_choice[seat] < 0 and s.goals[seat]:
            a, b = (goal_score(g, visible) for g in s.goals[seat])
            s.goal_choice[seat] = 0 if a >= b else 1
    s.goals_started = True
    s.phase = PLACE


def type_weights(s: State, seat: int) -> list[float]:
    """What covering one point of each building type is worth to ``seat`` in the playout: its
    own types cost, the other players' types (as determinised) gain, shared between them."""
    weights = [0.0] * N_TYPES
    share = 1.0 / max(1, s.n - 1)
    for p in range(s.n):
        if p != seat and not s.forfeited[p]:
            for t in own_types(s, p):
                weights[t] += share
    for t in own_types(s, seat):
        weights[t] = -1.0
    return weights


def _gain(s: State, r: int, length: int, d: int, weights: list[float]) -> float:
    c = first_cell(s.cells, s.ends[r], d)
    gain = 0.0
    for _ in range(length):
        b = BUILDING_AT[c]
        if b >= 0:
            t, v, _cell = BOARD.buildings[b]
            gain += weights[t] * v
        c = STEP[c][d]
    return gain


def _policy_move(
    s: State,
    seat: int,
    moves: list[tuple[int, int, int]],
    rng: random.Random,
    explore: float = EXPLORE,
) -> tuple[int, int, int]:
    """Mostly the placement that covers the most of the others' buildings and the least of its
    own (ties broken at random), sometimes a random one so playouts stay varied."""
    if rng.random() < explore:
        return moves[rng.randrange(len(moves))]
    weights = type_weights(s, seat)
    best = -1e9
    picks: list[tuple[int, int, int]] = []
    for move in moves:
        g = _gain(s, *move, weights)
        if g > best + 1e-9:
            best, picks = g, [move]
        elif g > best - 1e-9:
            picks.append(move)
    return picks[rng.randrange(len(picks))]


def playout_after(
    state: State,
    seat: int,
    move: tuple[int, int, int],
    rng: random.Random,
    aimless: Collection[int] = (),
) -> list[float]:
    """``seat`` places ``move`` (route, length, direction) on a copy of ``state`` in its place
    phase (an outhouse vote waved through), then the playout runs from the next seat; the seats
    in ``aimless`` place uniformly at random (``bots_model``), the others by ``_policy_move``."""
    s = clone(state)
    lay_tile(s, seat, *move)
    after_tile(s)
    return _finish(s, (seat + 1) % s.n, rng, aimless, seat)


def after_tile(s: State) -> None:
    """What follows a tile: builders with no way on leave (place 5), goals may be due."""
    for r in range(N_ROUTES):
        if route_dead(s, r):
            s.ends[r] = -1
    if s.extended and not s.goals_started and any(route_blocked(s, r) for r in range(N_ROUTES)):
        _commit_goals(s)


def _finish(
    s: State, seat: int, rng: random.Random, aimless: Collection[int] = (), me: int = -1
) -> list[float]:
    play_out(s, seat, rng, aimless, me)
    return values(s)


def play_out(
    s: State, seat: int, rng: random.Random, aimless: Collection[int] = (), me: int = -1
) -> None:
    """Play the rest of the game on ``s`` in place, from ``seat``'s placement on."""
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
        if seat in aimless:
            move = moves[rng.randrange(len(moves))]
        else:
            move = _policy_move(s, seat, moves, rng, SELF_EXPLORE if seat == me else EXPLORE)
        lay_tile(s, seat, *move)
        after_tile(s)
        seat = (seat + 1) % s.n


def win_shares(s: State) -> list[float]:
    """1 for the sole winner by ``values``' keys, shared on a tie."""
    keys = _keys(s)
    best = max(keys)
    winners = [p for p in range(s.n) if keys[p] == best]
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(s.n)]


def values(s: State) -> list[float]:
    """Win (shared on ties after the tie-break) blended with the score margin."""
    keys = _keys(s)
    best = max(keys)
    winners = [p for p in range(s.n) if keys[p] == best]
    out = []
    for p in range(s.n):
        win = 1.0 / len(winners) if p in winners else 0.0
        rival = max(keys[q][0] for q in range(s.n) if q != p)
        margin = 1.0 / (1.0 + math.exp(-(keys[p][0] - rival) / 4.0))
        out.append(0.6 * win + 0.4 * margin)
    return out


def _keys(s: State) -> list[tuple[float, float]]:
    """Each seat's final score and tie-break (a forfeited seat last)."""
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
    return keys
