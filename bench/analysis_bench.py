"""Calibration and cost of the analysis (games/analysis.py). Prints ONE JSON object.

Per game and player count, ``--per-cell`` bot-against-bot games (``--level``, each seat the
same level) are played from their own seeds and recorded as streams; then every seat's decision
points are analysed with the game's ``DEFAULT_BUDGET_S`` (or ``--budget``) and each estimated
chance before a move is paired with how that seat finished (1 for a sole win, ``1 / k`` for a
first place shared by ``k``). Printed per cell:

* ``brier``: the mean squared error of those chances (``brier_uninformed`` is that of always
  saying ``1 / n``: an estimate worth having scores lower); ``fitted_shrink``: the factor on the
  game's ``CALIBRATION`` that would have fitted this run best, ``brier_if_refitted`` the score
  it would have given (in-sample: check a new factor on other seeds);
* ``reliability``: the chances in ten bins, each with its count, mean prediction and observed
  win rate (a calibrated estimate has them equal);
* the cost: CPU seconds (process time, which a busy machine does not inflate) per decision point
  and per game with every seat analysed, ``cpu_s_per_game_bound`` the most the budget allows
  on an idle core (each estimate stops at its budget of wall time, so on a loaded machine it
  gets less CPU than that), and the decision points per game.

    .venv/bin/python bench/analysis_bench.py [--games samurai,yspahan,java,catan,drunter]
        [--players 2] [--per-cell 2] [--level greedy] [--bot-budget 0.05] [--budget S]
        [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import random
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from games.analysis import (
    AFTER_SHARE,
    CALIBRATION,
    DEFAULT_BUDGET_S,
    StreamEvent,
    analyse,
    calibrated,
)
from games.registry import get_engine

GAMES = ("samurai", "yspahan", "java", "catan", "drunter")
# Catan bots otherwise spend turns on domestic trade offers that no bot accepts (as strength.py).
OPTIONS: dict[str, dict[str, Any]] = {"catan": {"trade_offers_per_turn": 0}}
MAX_COMMANDS = 20_000
BINS = 10


def play(
    game: str, n: int, level: str, bot_budget: float, seed: int
) -> tuple[list[StreamEvent], list[float]]:
    """One bot game as a stream, and each seat's final win share."""
    engine = get_engine(game)
    rng = random.Random(seed)
    options = engine.validate_options(n, OPTIONS.get(game, {}))
    state: Any = None
    stream: list[StreamEvent] = []
    for event in engine.setup(n, options, rng):
        state = engine.apply(state, event)
        stream.append(StreamEvent(len(stream) + 1, None, None, event))
    commands = 0
    while engine.outcome(state) is None and commands < MAX_COMMANDS:
        seat = min(engine.active_seats(state))
        command = engine.bot_command(state, seat, level, rng, bot_budget)
        for event in engine.execute(state, seat, command, rng):
            state = engine.apply(state, event)
            stream.append(StreamEvent(len(stream) + 1, seat, f"c{commands}", event))
        commands += 1
    result = engine.outcome(state)
    if result is None:
        raise RuntimeError(f"{game} seed {seed} did not end in {MAX_COMMANDS} commands")
    winners = [s for s, r in enumerate(result["ranks"]) if r == 1]
    return stream, [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]


def reliability(pairs: list[tuple[float, float]]) -> list[dict[str, Any]]:
    rows = []
    for b in range(BINS):
        lo, hi = b / BINS, (b + 1) / BINS
        inside = [(p, o) for p, o in pairs if lo <= p < hi or (b == BINS - 1 and p == 1.0)]
        if not inside:
            continue
        rows.append(
            {
                "bin": [lo, hi],
                "n": len(inside),
                "predicted": round(sum(p for p, _ in inside) / len(inside), 3),
                "observed": round(sum(o for _, o in inside) / len(inside), 3),
            }
        )
    return rows


def cell(game: str, n: int, args: argparse.Namespace) -> dict[str, Any]:
    engine = get_engine(game)
    budget = args.budget if args.budget is not None else DEFAULT_BUDGET_S[game]
    pairs: list[tuple[float, float]] = []
    cpu = 0.0
    points = 0
    play_cpu = 0.0
    for i in range(args.per_cell):
        seed = args.seed + 1000 * i + n
        began = time.process_time()
        stream, shares = play(game, n, args.level, args.bot_budget, seed)
        play_cpu += time.process_time() - began
        began = time.process_time()
        found = analyse(engine, stream, n, range(n), random.Random(seed), budget_s_per_point=budget)
        cpu += time.process_time() - began
        points += len(found)
        pairs += [(p.chance_before, shares[p.seat]) for p in found]
    brier = sum((p - o) ** 2 for p, o in pairs) / max(1, len(pairs))
    uninformed = sum((1.0 / n - o) ** 2 for _, o in pairs) / max(1, len(pairs))
    # The factor on the current calibration (games/analysis.py, CALIBRATION) that would have
    # minimised this run's Brier score: least squares of (observed - 1/n) on (chance - 1/n).
    u = 1.0 / n
    spread = sum((p - u) ** 2 for p, _ in pairs)
    fitted = sum((p - u) * (o - u) for p, o in pairs) / spread if spread else 1.0
    refit = sum((calibrated(p, n, fitted) - o) ** 2 for p, o in pairs) / max(1, len(pairs))
    per_game_points = points / args.per_cell
    return {
        "game": game,
        "players": n,
        "games": args.per_cell,
        "level": args.level,
        "budget_s_per_point": budget,
        "decision_points_per_game": round(per_game_points, 1),
        "brier": round(brier, 4),
        "brier_uninformed": round(uninformed, 4),
        "calibration": CALIBRATION[game],
        "fitted_shrink": round(fitted, 3),
        "brier_if_refitted": round(refit, 4),
        "reliability": reliability(pairs),
        "cpu_s_per_point": round(cpu / max(1, points), 4),
        "cpu_s_per_game": round(cpu / args.per_cell, 1),
        "cpu_s_per_game_bound": round(per_game_points * budget * (1 + AFTER_SHARE), 1),
        "bot_game_cpu_s": round(play_cpu / args.per_cell, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--players", default="2")
    parser.add_argument("--per-cell", type=int, default=2)
    parser.add_argument("--level", default="greedy")
    parser.add_argument("--bot-budget", type=float, default=0.05)
    parser.add_argument("--budget", type=float, default=None)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = time.perf_counter()
    cells = []
    for game in args.games.split(","):
        engine = get_engine(game)
        for n in (int(x) for x in args.players.split(",")):
            if engine.min_players <= n <= engine.max_players:
                cells.append(cell(game, n, args))
                print(json.dumps(cells[-1]), file=sys.stderr, flush=True)
    print(
        json.dumps(
            {
                "bench": "analysis",
                "per_cell": args.per_cell,
                "level": args.level,
                "load_1min": round(os.getloadavg()[0], 1),
                "wall_s": round(time.perf_counter() - started, 1),
                "cells": cells,
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
