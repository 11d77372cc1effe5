"""Which opponents play at random: an online model of each opponent, learned from its placements.

The search bot's simulations let every player cover the others' buildings on purpose
(``bots_playout._policy_move``), and its beliefs read a covered building as a sign that its
coverer does not own that type (``views.goal_weights``). Both are wrong about a player who
places at random (a random bot, a beginner, a player tapping anything on the bus): such a player
leaves the bot's buildings standing more often than the simulations fear, and what it covers says
nothing about its card. Measured against three random players at 1 s a move, simulating them as
random was worth about 3 points of "ahead of" (games/drunter/README.md, third round).

So the bot weighs two explanations of each opponent's public placements, replayed from the
board's printed start (``State.placed``):
- *random*: every legal placement equally likely;
- *purposeful*: a softmax over what a placement covers (the others' buildings gain, its own type
  costs), mixed with a fifth of random moves, under each building type it might hold.
The posterior that a seat is random is what the search samples its simulated players from.
Only the public history is read (placements and tile counts are public); the basic game only,
because the extended game's special goal cards value placements in ways this simple gain misses.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from games.drunter.bots_playout import after_tile, lay_tile
from games.drunter.data import BOARD
from games.drunter.placement import first_cell, placements
from games.drunter.state import COVERED, FREE, N_TILE_TYPES, State, clone, tile_index

STEP = BOARD.step
BUILDING_AT = BOARD.building_at
N_TYPES = len(BOARD.building_types)
PRIOR_RANDOM = 0.3  # before any placement: most players place on purpose
SHARPNESS = 12.0  # softmax inverse temperature, per printed point a placement gains
NOISE = 0.1  # a purposeful player's share of moves that ignore the gain


def random_posteriors(s: State, me: int) -> list[float]:
    """Per seat, the probability that it places at random given its placements so far (0 for
    ``me``, for forfeited seats and in the extended game, where the model does not apply)."""
    out = [0.0] * s.n
    if s.extended or not s.placed:
        return out
    seats = [p for p in range(s.n) if p != me and not s.forfeited[p]]
    if not seats:
        return out
    types = [t for t in range(N_TYPES) if t != s.building[me]]
    log_random = dict.fromkeys(seats, 0.0)
    log_purpose = {p: [0.0] * len(types) for p in seats}
    for seat, moves, chosen, board in _history(s):
        if seat not in log_random or len(moves) < 2:
            continue
        m = len(moves)
        log_random[seat] -= math.log(m)
        covers = [_covered_values(board, move) for move in moves]
        for i, t in enumerate(types):
            gains = [_gain(cov, t) for cov in covers]
            top = max(gains)
            z = sum(math.exp(SHARPNESS * (g - top)) for g in gains)
            soft = math.exp(SHARPNESS * (gains[chosen] - top)) / z
            log_purpose[seat][i] += math.log((1 - NOISE) * soft + NOISE / m)
    for p in seats:
        lp = log_purpose[p]
        top = max(lp)
        purposeful = top + math.log(sum(math.exp(x - top) for x in lp) / len(lp))
        lr = log_random[p]
        # P(random) = 1 / (1 + exp(purposeful - random) * (1 - prior) / prior), kept finite.
        x = purposeful - lr + math.log((1 - PRIOR_RANDOM) / PRIOR_RANDOM)
        out[p] = 1.0 / (1.0 + math.exp(min(700.0, x)))
    return out


def _gain(covers: list[tuple[int, int]], own: int) -> float:
    """What covering ``covers`` (type, value) is worth to a player of type ``own`` that does not
    know the others' types: its own type costs, the other types gain, shared among them."""
    share = 1.0 / (N_TYPES - 1)
    return sum(-v if t == own else share * v for t, v in covers)


def _covered_values(s: State, move: tuple[int, int, int]) -> list[tuple[int, int]]:
    r, length, d = move
    c = first_cell(s.cells, s.ends[r], d)
    out = []
    for _ in range(length):
        b = BUILDING_AT[c]
        if b >= 0:
            t, v, _cell = BOARD.buildings[b]
            out.append((t, v))
        c = STEP[c][d]
    return out


def _history(s: State) -> Iterator[tuple[int, list[tuple[int, int, int]], int, State]]:
    """Each surviving placement with the seat, its legal placements then, the chosen one's index
    and the board it was made on. Tiles a vote sent back are gone from ``placed``, and the board
    they were placed on was the one the next placement saw, so replaying ``placed`` from the
    printed start gives every board a placement was chosen on; a seat's hand then is its hand now
    plus the tiles it placed later."""
    board = clone(s)
    board.cells = [FREE] * BOARD.n_cells
    for corner in BOARD.route_corner:
        board.cells[corner] = COVERED
    board.ends = list(BOARD.route_corner)
    board.placed = []
    board.hands = [h[:] for h in s.hands]
    for seat, r, length, _d, _start in s.placed:
        board.hands[seat][tile_index(BOARD.route_kind[r], length)] += 1
    assert all(len(h) == N_TILE_TYPES for h in board.hands)
    for seat, r, length, d, start in s.placed:
        if first_cell(board.cells, board.ends[r], d) != start:
            return  # not the history this model expects: stop rather than guess
        move = (r, length, d)
        moves = placements(board, seat)
        if move in moves:
            yield seat, moves, moves.index(move), board
        lay_tile(board, seat, r, length, d)
        after_tile(board)
