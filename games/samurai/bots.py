"""Bots: ``random``, ``greedy`` (hand-written evaluation) and ``search`` (Monte Carlo over
determinisations). None of them reads another seat's hand or supply: ``search`` determinises, and
``greedy`` only looks at the board, the won figures (taken in plain sight) and its own hand.

The shared ISMCTS (``games/search.py``) spreads its budget over the ~200 commands of a Samurai
position and learns little in a second. The ``search`` level below keeps the same principles
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
from games.samurai.capture import influence
from games.samurai.data import FIGURE_EXCHANGE, KINDS, TILE_EXCHANGE, tile_types
from games.samurai.events import apply
from games.samurai.legal import free_land, free_sea
from games.samurai.rules import execute, legal_commands, outcome
from games.samurai.state import CHOOSE, FIGURES, OVER, PLAY, State, clone
from games.samurai.views import determinize

TILES = tile_types()


# --- evaluation -------------------------------------------------------------------------------


def expected_figures(s: State) -> list[list[float]]:
    """Won figures plus, for each figure still on the map, a share for the seat leading the
    influence on it, larger the more of its land neighbours are covered."""
    out = [[float(c) for c in row] for row in s.captured]
    b = s.board
    tiles = s.tiles
    for settlement, kinds in s.figures.items():
        if not kinds:
            continue
        around = b.surround[settlement]
        covered = sum(1 for h in around if h in tiles)
        if not covered:
            continue
        cover = covered / len(around)
        for kind in kinds:
            inf = influence(s, settlement, kind)
            best = max(inf)
            if best > 0 and inf.count(best) == 1:
                second = sorted(inf)[-2]
                margin = min(1.0, (best - second) / 4)
                out[inf.index(best)][kind] += (0.25 + 0.75 * cover) * (0.5 + 0.5 * margin)
    return out


def heuristic_scores(s: State) -> list[float]:
    """A smooth stand-in for the final scoring: majorities weigh most, then figures beyond them."""
    exp = expected_figures(s)
    n = s.n
    scores = []
    for p in range(n):
        if s.forfeited[p]:
            scores.append(-10.0)
            continue
        lead_total = 0.0
        rest = 0.0
        for k in range(len(KINDS)):
            mine = exp[p][k]
            other = max((exp[q][k] for q in range(n) if q != p), default=0.0)
            lead = 1.0 / (1.0 + math.exp(-2.5 * (mine - other - 0.3)))
            lead_total += lead
            rest += mine * (1.0 - lead)
        two = 1.0 / (1.0 + math.exp(-6.0 * (lead_total - 1.7)))
        scores.append(3.0 * min(lead_total, 1.2) + rest + 6.0 * two)
    return scores


def evaluate(s: State) -> list[float]:
    """Per-seat values in [0, 1] for cut-off rollouts (softmax of the heuristic scores)."""
    if s.phase == OVER:
        result = outcome(s)
        assert result is not None
        winners = [p for p, r in enumerate(result["ranks"]) if r == 1]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(s.n)]
    scores = heuristic_scores(s)
    top = max(scores)
    weights = [math.exp((x - top) / 1.5) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]


# --- bots -------------------------------------------------------------------------------------


def after_command(s: State, seat: int, command: dict[str, Any], rng: random.Random) -> State:
    out = clone(s)
    for event in execute(out, seat, command, rng):
        apply(out, event)
    return out


def tile_value(name: str) -> float:
    """What keeping a tile is worth: its strength over the kinds it affects."""
    tile = TILES[name]
    if name == "figure_exchange":
        return 1.0
    if name == "tile_exchange":
        return 0.5
    return tile.strength * (0.6 + 0.2 * len(tile.affects))


CHOICE_ORDER = (
    "figure_exchange",
    "samurai3",
    "ship2",
    "helmet4",
    "buddha4",
    "rice_field4",
    "ronin1",
    "samurai2",
    "ship1",
    "tile_exchange",
)


def greedy_choice(s: State, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    available = {c["tile"]: c for c in legal}
    for name in CHOICE_ORDER:
        if name in available:
            return available[name]
    return legal[0]


def greedy_figure(
    s: State, seat: int, legal: list[dict[str, Any]], rng: random.Random
) -> dict[str, Any]:
    """Set figures of the kinds one's own tiles favour where they are easy to surround (few
    land neighbours); a little noise keeps the bot from being predictable."""
    strength = [0.0, 0.0, 0.0]
    for name in s.hands[seat]:
        tile = TILES[name]
        for kind in tile.affects:
            strength[kind] += tile.strength / len(tile.affects)
    surround = s.board.surround

    def score(command: dict[str, Any]) -> float:
        kind = KINDS.index(command["kind"])
        return strength[kind] / len(surround[command["hex"]]) + rng.random() * 0.3

    return max(legal, key=score)


def ranked_commands(s: State, seat: int, rng: random.Random) -> list[tuple[dict[str, Any], float]]:
    """Every legal command with its one-step gain in the heuristic evaluation, best first.
    Spending a tile costs a little of its value, so tiles are not thrown away for nothing. Swaps
    that change nothing (two figures of one kind or of one settlement) all leave the same board:
    only the first of them is weighed."""
    base = heuristic_scores(s)[seat]
    out: list[tuple[dict[str, Any], float]] = []
    no_op_seen = False
    for command in legal_commands(s, seat):
        if command["type"] == cmd.END_TURN:
            out.append((command, 0.05))
            continue
        if command["type"] == cmd.SWAP_FIGURES and (
            command["first_hex"] == command["second_hex"]
            or command["first_kind"] == command["second_kind"]
        ):
            if no_op_seen:
                continue
            no_op_seen = True
        gain = heuristic_scores(after_command(s, seat, command, rng))[seat] - base
        if command["type"] == cmd.PLACE_TILE and s.pending is None:
            gain -= 0.15 * tile_value(command["tile"])
        elif command["type"] == cmd.SWAP_FIGURES:
            gain -= 0.15 * tile_value("figure_exchange")
        out.append((command, gain))
    out.sort(key=lambda item: -item[1])
    return out


def greedy_command(s: State, seat: int, rng: random.Random) -> dict[str, Any]:
    legal = legal_commands(s, seat)
    if s.phase == CHOOSE:
        return greedy_choice(s, seat, legal)
    if s.phase == FIGURES:
        return greedy_figure(s, seat, legal, rng)
    return ranked_commands(s, seat, rng)[0][0]


# --- search -----------------------------------------------------------------------------------

END = {"type": cmd.END_TURN}
PRIOR_VISITS = 2  # virtual simulations per candidate at its one-step evaluation
TIME_SHARE = 0.85  # of the budget: the scheduler of a busy machine adds to the last simulation


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
        return {"type": cmd.PLACE_TILE, "tile": s.pending, "hex": rng.choice(free_land(s))}
    hand = [
        t
        for t in dict.fromkeys(s.hands[seat])  # hand order, not the hash order of a set
        if t not in (FIGURE_EXCHANGE, TILE_EXCHANGE) and (TILES[t].kanji or not s.plain_used)
    ]
    land: list[int] | None = None
    sea: list[int] | None = None
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
    s: State,
    seat: int,
    rng: random.Random,
    budget_s: float,
    *,
    width: int = 6,
    horizon: int | None = None,
    stats: dict[str, Any] | None = None,
    max_iterations: int | None = None,
) -> dict[str, Any]:
    """The search level's move. ``max_iterations`` replaces the clock (a repeatable search:
    ``games/analysis.py``'s hints and tests)."""
    # The budget covers the ranking too (about 200 commands played and evaluated), so a move
    # takes the budget plus at most one simulation, not the budget on top of the ranking.
    started = time.perf_counter()
    deadline = started + budget_s * TIME_SHARE
    if stats is not None:
        stats["iterations"] = 0
    if s.phase != PLAY:
        return greedy_command(s, seat, rng)
    ranked = ranked_commands(s, seat, rng)
    if len(ranked) == 1:
        return ranked[0][0]
    candidates = [c for c, _ in ranked[:width]]
    gains = [g for _, g in ranked[:width]]
    if s.placed and s.pending is None and END not in candidates:
        candidates.append(END)
        gains.append(0.05)  # as ranked_commands values ending the turn
    horizon = horizon if horizon is not None else 2 * s.n
    # Each candidate starts with PRIOR_VISITS virtual simulations valued by greedy's one-step
    # gain (the board and the bot's own hand only), carried into evaluate's scale by its slope
    # (a softmax share e moves by e(1 - e) / 1.5 per point): a short budget or a busy machine
    # leaves a handful of noisy simulations, which must not outvote greedy's judgement.
    e0 = evaluate(s)[seat]
    slope = e0 * (1.0 - e0) / 1.5
    visits = [PRIOR_VISITS] * len(candidates)
    totals = [PRIOR_VISITS * (e0 + slope * g) for g in gains]
    iterations = 0
    simulating = time.perf_counter()
    # A simulation is not started unless one of average length still ends before the deadline.
    while (
        iterations < max_iterations
        if max_iterations is not None
        else iterations < 1
        or time.perf_counter() + (time.perf_counter() - simulating) / iterations < deadline
    ):
        log_n = math.log(iterations + PRIOR_VISITS * len(candidates))
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


def bot_command(
    s: State, seat: int, level: str, rng: random.Random, budget_s: float
) -> dict[str, Any]:
    if level == "random":
        return rng.choice(legal_commands(s, seat))
    if level == "greedy":
        return greedy_command(s, seat, rng)
    if level == "search":
        return search(s, seat, rng, budget_s)
    raise ValueError(f"unknown bot level {level!r}")


# --- analysis hooks (games/analysis.py) --------------------------------------------------------


def analysis_move(
    engine: Any,
    s: State,
    seat: int,
    rng: random.Random,
    budget_s: float,
    max_iterations: int | None,
) -> dict[str, Any]:
    """The search level's move (greedy's in the set-up phases, as ``bot_command``)."""
    return search(s, seat, rng, budget_s, max_iterations=max_iterations)


def win_chances(s: State, rng: random.Random) -> list[float]:
    """Per-seat win shares of a determinised copy (changed here): the rollout policy plays the
    next ``2 n`` turns, then ``evaluate``'s soft shares (the exact result once the game is over).
    The set-up phases are valued as they stand."""
    turns = s.turn + 2 * s.n
    steps = 0
    while s.phase == PLAY and s.turn < turns and steps < 400:
        actor = s.current
        _play(s, actor, rollout_command(s, actor, rng), rng)
        steps += 1
    return evaluate(s)
