"""The ``search`` bot: determinised Monte Carlo search with paired rollouts.

The shared ISMCTS (games/search.py, kept as the ``ismcts`` level) spreads its few iterations over
every legal move of a game with heavy dice noise and loses to the greedy bot. This search is a
one-level Monte Carlo tree: the root's children are the greedy bot's best few moves; each round
re-deals the hidden information (``determinize``, never the true hands or deck), plays every
candidate on the same deal with the same dice (common random numbers, so differences come from
the move, not the luck), continues with the fast greedy playout policy until every player has had
one more turn, and scores the position with the hand-written evaluation. The candidate with the
best mean wins; with one candidate left after the greedy filter it answers at once.
"""

from __future__ import annotations

import random
import time
from typing import Any

from games.catan.bots import (
    SKIP_TYPES,
    determinize,
    evaluate_seat,
    margin,
    play,
    prune,
    rollout_policy,
)
from games.catan.legal import active_seats, legal_commands
from games.catan.state import OVER, State, clone_state

Command = dict[str, Any]

CANDIDATES = 4  # root children kept from the greedy ranking
GREEDY_WINDOW = 6.0  # candidates scoring this far below the greedy best are not searched
MAX_ROLLOUT_STEPS = 300
PRUNE_ABOVE = 60  # only very long move lists are cut by the cheap ordering before ranking
TIME_SHARE = 0.8  # stop starting rounds early so a move never overruns its budget


def _rollout(s: State, seat: int, rng: random.Random) -> State:
    """Play the fast policy until each player has had one more turn (or the game ends)."""
    stop = s.turn + s.n
    steps = 0
    while s.phase != OVER and s.turn < stop and steps < MAX_ROLLOUT_STEPS:
        seats = active_seats(s)
        actor = seat if seat in seats else min(seats)
        moves = legal_commands(s, actor)
        s = play(s, actor, rollout_policy(s, actor, moves, rng), rng)
        steps += 1
    return s


def _value(s: State, seat: int) -> float:
    if s.phase == OVER:
        return 1000.0 if s.winner == seat else -1000.0
    mine = evaluate_seat(s, seat)
    theirs = max(
        (evaluate_seat(s, p) for p in range(s.n) if p != seat and not s.forfeited[p]),
        default=0.0,
    )
    return mine - theirs


def search_move(
    s: State, seat: int, rng: random.Random, budget_s: float, stats: dict[str, Any] | None = None
) -> Command:
    start = time.perf_counter()
    deadline = start + budget_s * TIME_SHARE
    moves = legal_commands(s, seat)
    if len(moves) == 1:
        return moves[0]
    candidates = [m for m in moves if m["type"] not in SKIP_TYPES] or moves
    if len(candidates) > PRUNE_ABOVE:
        candidates = prune(s, seat, candidates)  # e.g. 54 set-up corners: keep the best few
    if len(candidates) == 1:
        return candidates[0]
    # Rank by the greedy one-ply margin on one determinisation.
    det = determinize(s, seat, rng)
    scored = [
        (margin(play(clone_state(det), seat, m, random.Random(1)), seat), i, m)
        for i, m in enumerate(candidates)
    ]
    scored.sort(key=lambda t: (-t[0], t[1]))
    best_greedy = scored[0][0]
    keep = [m for value, _, m in scored[:CANDIDATES] if value >= best_greedy - GREEDY_WINDOW]
    if len(keep) == 1:
        return keep[0]
    totals = [0.0] * len(keep)
    rounds = 0
    round_time = 0.0
    while rounds < 1 or time.perf_counter() + round_time < deadline:
        began = time.perf_counter()
        deal = determinize(s, seat, rng)
        seed = rng.getrandbits(32)
        for i, move in enumerate(keep):
            r = random.Random(seed)
            after = _rollout(play(clone_state(deal), seat, move, r), seat, r)
            totals[i] += _value(after, seat)
        rounds += 1
        round_time = max(round_time, time.perf_counter() - began)
    if stats is not None:
        stats["iterations"] = rounds * len(keep)
    best = max(range(len(keep)), key=lambda i: totals[i])
    return keep[best]
