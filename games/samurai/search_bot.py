"""The ``search`` level: information-set Monte Carlo over determinisations.

The shared ISMCTS (``games/search.py``) spreads its budget over the ~200 commands of a Samurai
position and learns little in a second. This engine-specific search keeps the same principles
(every simulation starts from ``determinize``, so the bot never reads another seat's tiles) but
searches only the best few commands of the greedy evaluation, with UCB1 between them, fast
heuristic rollouts of the next turns and the heuristic evaluation at the cut-off.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from games.samurai import commands as cmd
from games.samurai.bots import determinize, evaluate, greedy_command, ranked_commands
from games.samurai.capture import influence
from games.samurai.data import FIGURE_EXCHANGE, TILE_EXCHANGE, tile_types
from games.samurai.fold import apply
from games.samurai.rules import execute, free_land, free_sea, legal_commands
from games.samurai.state import PLAY, State

TILES = tile_types()
END = {"type": cmd.END_TURN}


def _local_gain(s: State, seat: int, name: str, space: int) -> float:
    """How much a tile on ``space`` improves ``seat``'s hold on the adjacent figures."""
    tile = TILES[name]
    b = s.board
    gain = 0.0
    for settlement in b.near_settlements[space]:
        kinds = s.figures[settlement]
        if not kinds:
            continue
        around = b.surround[settlement]
        covered = sum(1 for h in around if h in s.tiles) + (space in b.land)
        complete = covered == len(around)
        weight = 0.3 + 0.7 * covered / len(around)
        for kind in kinds:
            inf = influence(s, settlement, kind)
            mine = inf[seat]
            other = max(v for p, v in enumerate(inf) if p != seat)
            new = mine + (tile.strength if kind in tile.affects else 0)
            before = max(-2.0, min(2.0, mine - other))
            after = max(-2.0, min(2.0, new - other))
            gain += (after - before) * weight
            if complete:
                gain += 2.0 if new > other else (-1.0 if other > new else 0.0)
    return gain - 0.1 * tile.strength


def rollout_command(s: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """A cheap policy for simulations: a few sampled placements, the best local gain wins."""
    if s.pending is not None:
        land = free_land(s)
        return {"type": cmd.PLACE_TILE, "tile": s.pending, "hex": rng.choice(land)}
    hand = [
        t
        for t in set(s.hands[seat])
        if t not in (FIGURE_EXCHANGE, TILE_EXCHANGE) and (TILES[t].kanji or not s.plain_used)
    ]
    land = sea = None
    best, best_gain = None, 0.15 if s.placed else -math.inf
    for _ in range(10):
        if not hand:
            break
        name = rng.choice(hand)
        if TILES[name].sea:
            sea = free_sea(s) if sea is None else sea
            spaces = sea
        else:
            land = free_land(s) if land is None else land
            spaces = land
        if not spaces:
            hand.remove(name)
            continue
        space = rng.choice(spaces)
        gain = _local_gain(s, seat, name, space)
        if gain > best_gain:
            best, best_gain = {"type": cmd.PLACE_TILE, "tile": name, "hex": space}, gain
    if best is not None:
        return best
    if s.placed:
        return END
    return rng.choice(legal_commands(s, seat))


def _play(s: State, seat: int, command: dict[str, Any], rng: random.Random) -> None:
    for event in execute(s, seat, command, rng):
        apply(s, event)


def simulate(
    s: State, seat: int, command: dict[str, Any], rng: random.Random, horizon: int
) -> float:
    det = determinize(s, seat, rng)
    _play(det, seat, command, rng)
    turns = det.turn + horizon
    steps = 0
    while det.phase == PLAY and det.turn < turns and steps < 400:
        actor = det.current
        _play(det, actor, rollout_command(det, actor, rng), rng)
        steps += 1
    return evaluate(det)[seat]  # the exact result once the game is over


def search(
    engine: Any,
    s: State,
    seat: int,
    rng: random.Random,
    budget_s: float,
    *,
    width: int = 6,
    horizon: int | None = None,
    stats: dict[str, Any] | None = None,
) -> dict[str, Any]:
    if stats is not None:
        stats["iterations"] = 0
    if s.phase != PLAY:
        return greedy_command(s, seat, rng)
    ranked = ranked_commands(s, seat, rng)
    if len(ranked) == 1:
        return ranked[0][0]
    candidates = [c for c, _ in ranked[:width]]
    if s.placed and s.pending is None and END not in candidates:
        candidates.append(END)
    horizon = horizon if horizon is not None else 2 * s.n
    deadline = time.perf_counter() + budget_s
    visits = [0] * len(candidates)
    totals = [0.0] * len(candidates)
    iterations = 0
    while True:
        if iterations >= len(candidates) and time.perf_counter() >= deadline:
            break
        if iterations < len(candidates):
            i = iterations
        else:
            log_n = math.log(iterations)
            i = max(
                range(len(candidates)),
                key=lambda j: totals[j] / visits[j] + 0.4 * math.sqrt(log_n / visits[j]),
            )
        totals[i] += simulate(s, seat, candidates[i], rng, horizon)
        visits[i] += 1
        iterations += 1
    if stats is not None:
        stats["iterations"] = iterations
    best = max(range(len(candidates)), key=lambda j: (totals[j] / visits[j], -j))
    return candidates[best]
