"""Bots: ``random``, ``greedy`` (hand-written evaluation) and ``search`` (ISMCTS over
determinisations). None of them reads another seat's hand or supply: ``search`` determinises, and
``greedy`` only looks at the board, the won figures (taken in plain sight) and its own hand."""

from __future__ import annotations

import math
import random
from typing import Any

from games.samurai import commands as cmd
from games.samurai.capture import influence
from games.samurai.data import KINDS, tile_types
from games.samurai.fold import apply
from games.samurai.rules import execute, legal_commands
from games.samurai.state import CHOOSE, FIGURES, OVER, State, clone

LEVELS = ("random", "greedy", "search")
TILES = tile_types()


def determinize(s: State, seat: int, rng: random.Random) -> State:
    """Re-deal every other seat's unseen tiles (hand + supply) keeping the counts; the seat's
    own hand and supply are known to it."""
    out = clone(s)
    for other in range(s.n):
        if other == seat:
            continue
        pool = out.hands[other] + out.supplies[other]
        rng.shuffle(pool)
        k = len(out.hands[other])
        out.hands[other] = sorted(pool[:k])
        out.supplies[other] = sorted(pool[k:])
    return out


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
        from games.samurai.scoring import outcome

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
    Spending a tile costs a little of its value, so tiles are not thrown away for nothing."""
    base = heuristic_scores(s)[seat]
    out: list[tuple[dict[str, Any], float]] = []
    for command in legal_commands(s, seat):
        if command["type"] == cmd.END_TURN:
            out.append((command, 0.05))
            continue
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


def bot_command(
    engine: Any, s: State, seat: int, level: str, rng: random.Random, budget_s: float
) -> dict[str, Any]:
    if level == "random":
        return rng.choice(legal_commands(s, seat))
    if level == "greedy":
        return greedy_command(s, seat, rng)
    if level == "search":
        from games.samurai.search_bot import search

        return search(engine, s, seat, rng, budget_s)
    raise ValueError(f"unknown bot level {level!r}")
