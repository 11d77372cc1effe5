"""Bot strength per game, player count and level, with 95 % confidence intervals. Prints ONE JSON
object.

Each cell is one bot level (the hero) against one baseline (``random`` or ``greedy``): one hero
seat and ``n - 1`` baseline seats, ``--per-cell`` games with the hero's seat rotated (game ``i``
puts it at seat ``i mod n``), each game from its own seed. A win counts 1, a shared first place
``1 / k`` among the ``k`` seats tied first. ``win_rate`` is the hero's share of the wins; with
``n`` players a hero no better than the baselines expects ``1 / n`` (``equal_share``).
``ahead_rate`` is the pairwise measure: the share of the other seats the hero finished ahead of
(a tie counts half), 0.5 against equal baselines at any player count and the win rate itself at
2 players; the strength goals (95 % against random, 60 % against greedy) are judged on it. A
level against itself is left out unless ``--mirror``. ``ci95`` and ``ahead_ci95`` are Wilson
score intervals over the games. ``think_ms`` times the hero's ``bot_command`` calls only (mean,
p99, max), ``think_cpu_ms`` the same in process CPU time, which a busy machine does not inflate:
the engines are driven directly (``execute`` + ``apply``, no Django), the bot gets the live
state to read, as the contract allows.

``--budget`` is the search levels' thinking time per move (the server's default is 1 s); search
levels mostly spend their whole budget, so a cell's time is about its hero moves x budget.
``projected_minutes_200_idle`` scales this run's CPU time to 200 games per cell over 2 processes.

``--jobs 2`` spreads the cells' games over both cores: only on an otherwise idle machine (on a
shared one the think times measure the neighbours too).

    .venv/bin/python bench/strength.py [--games samurai,yspahan,java,catan,drunter]
        [--players 2,4] [--levels all] [--baselines random,greedy] [--per-cell 20]
        [--budget 0.1] [--jobs 1] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pathlib
import random
import sys
import time
from collections.abc import Iterable
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from games.registry import get_engine

GAMES = ("samurai", "yspahan", "java", "catan", "drunter")
BASELINES = ("random", "greedy")
# Catan bots otherwise spend turns on domestic trade offers that no bot accepts (as bot_bench.py).
OPTIONS: dict[str, dict[str, Any]] = {"catan": {"trade_offers_per_turn": 0}}
MAX_COMMANDS = 20_000


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may be fractional: shared wins)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[k]


def play_game(
    game: str, n: int, hero: str, baseline: str, hero_seat: int, seed: int, budget: float
) -> dict[str, Any]:
    """One game: the hero's level at ``hero_seat``, the baseline elsewhere. Returns the hero's
    win share, its think times (seconds) and the game's command count."""
    engine = get_engine(game)
    rng = random.Random(seed)
    state = None
    for event in engine.setup(n, engine.validate_options(n, OPTIONS.get(game, {})), rng):
        state = engine.apply(state, event)
    levels = [baseline] * n
    levels[hero_seat] = hero
    thinks: list[float] = []
    cpu_thinks: list[float] = []  # process CPU time: what the bot asks of the machine
    commands = 0
    while engine.outcome(state) is None:
        if commands >= MAX_COMMANDS:
            raise RuntimeError(f"{game} seed {seed}: no end after {MAX_COMMANDS} commands")
        seat = min(engine.active_seats(state))
        started, cpu = time.perf_counter(), time.process_time()
        command = engine.bot_command(state, seat, levels[seat], rng, budget)
        if seat == hero_seat:
            thinks.append(time.perf_counter() - started)
            cpu_thinks.append(time.process_time() - cpu)
        for event in engine.execute(state, seat, command, rng):
            state = engine.apply(state, event)
        commands += 1
    ranks = engine.outcome(state)["ranks"]  # type: ignore[index]
    return {
        "win": win_share(ranks, hero_seat),
        "ahead": ahead_share(ranks, hero_seat),
        "thinks": thinks,
        "cpu_thinks": cpu_thinks,
        "commands": commands,
    }


def win_share(ranks: list[int], seat: int) -> float:
    """1 for a sole first place, ``1 / k`` for a first place shared by ``k`` seats, else 0."""
    firsts = [s for s, r in enumerate(ranks) if r == 1]
    return 1.0 / len(firsts) if seat in firsts else 0.0


def ahead_share(ranks: list[int], seat: int) -> float:
    """The share of the other seats that ``seat`` finished ahead of, a tie counting half: the
    pairwise measure, 0.5 against equal opponents whatever the player count (with 2 players it
    is the win share)."""
    others = [r for s, r in enumerate(ranks) if s != seat]
    mine = ranks[seat]
    return sum(1.0 if mine < r else 0.5 if mine == r else 0.0 for r in others) / len(others)


def _play_task(task: tuple[str, int, str, str, int, int, float]) -> tuple[Any, dict[str, Any]]:
    game, n, hero, baseline, hero_seat, seed, budget = task
    started = time.process_time()
    result = play_game(game, n, hero, baseline, hero_seat, seed, budget)
    result["cpu_s"] = time.process_time() - started
    return (game, n, hero, baseline), result


def tasks(args: argparse.Namespace) -> list[tuple[str, int, str, str, int, int, float]]:
    out = []
    for game in args.games:
        engine = get_engine(game)
        levels = engine.bot_levels if args.levels == ["all"] else args.levels
        for n in args.players:
            if not engine.min_players <= n <= engine.max_players:
                continue
            for hero in levels:
                if hero not in engine.bot_levels:
                    continue
                for baseline in args.baselines:
                    if hero == baseline and not args.mirror:
                        continue  # equal by symmetry: 1 / n, up to the seat order
                    for i in range(args.per_cell):
                        seed = args.seed * 1_000_003 + i
                        out.append((game, n, hero, baseline, i % n, seed, args.budget))
    return out


def summarise(n: int, results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    results = list(results)
    games = len(results)
    wins = sum(r["win"] for r in results)
    ahead = sum(r["ahead"] for r in results)
    thinks = [t for r in results for t in r["thinks"]]
    cpu_thinks = [t for r in results for t in r["cpu_thinks"]]
    low, high = wilson(wins, games)
    # A game's pairwise share lies in [0, 1], so its variance is at most p(1 - p): the Wilson
    # interval over games (not over the n - 1 correlated pairs of a game) is conservative.
    a_low, a_high = wilson(ahead, games)
    return {
        "games": games,
        "wins": round(wins, 2),
        "win_rate": round(wins / games, 3) if games else None,
        "ci95": [round(low, 3), round(high, 3)],
        "equal_share": round(1 / n, 3),
        "ahead_rate": round(ahead / games, 3) if games else None,
        "ahead_ci95": [round(a_low, 3), round(a_high, 3)],
        "think_ms": {
            "mean": round(1000 * sum(thinks) / len(thinks), 2) if thinks else 0.0,
            "p99": round(1000 * percentile(thinks, 99), 2),
            "max": round(1000 * max(thinks, default=0.0), 2),
            "moves": len(thinks),
        },
        # On a busy machine the wall clock also counts the neighbours' turns on the CPU.
        "think_cpu_ms": {
            "mean": round(1000 * sum(cpu_thinks) / len(cpu_thinks), 2) if cpu_thinks else 0.0,
            "p99": round(1000 * percentile(cpu_thinks, 99), 2),
            "max": round(1000 * max(cpu_thinks, default=0.0), 2),
        },
        "commands_per_game": round(sum(r["commands"] for r in results) / games, 1),
        "cpu_s": round(sum(r["cpu_s"] for r in results), 2),
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    load_before = os.getloadavg()[0]
    todo = tasks(args)
    started = time.monotonic()
    by_cell: dict[Any, list[dict[str, Any]]] = {}

    def collect(done: Iterable[tuple[Any, dict[str, Any]]]) -> None:
        for key, result in done:
            by_cell.setdefault(key, []).append(result)
            if len(by_cell[key]) == args.per_cell:  # progress on stderr, the JSON stays clean
                minutes = (time.monotonic() - started) / 60
                print(f"{minutes:6.1f} min  done: {' '.join(map(str, key))}", file=sys.stderr)

    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            collect(pool.imap(_play_task, todo, chunksize=1))
    else:
        collect(map(_play_task, todo))
    wall = time.monotonic() - started
    cells = []
    for (game, n, hero, baseline), results in by_cell.items():
        cells.append({"game": game, "players": n, "level": hero, "vs": baseline})
        cells[-1].update(summarise(n, results))
    cpu = sum(c["cpu_s"] for c in cells)
    per_cell = max(1, args.per_cell)
    return {
        "load_average_1m_before": round(load_before, 2),
        "cpus": os.cpu_count(),
        "jobs": args.jobs,
        "budget_s": args.budget,
        "per_cell": args.per_cell,
        "options": {g: OPTIONS[g] for g in args.games if g in OPTIONS},
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        # CPU time scales with games; 2 processes on an idle 2-core machine halve the wall time.
        "projected_minutes_200_idle": round(cpu * 200 / per_cell / 2 / 60, 1),
        "cells": cells,
    }


def _pct(x: float) -> str:
    return f"{round(100 * x)}"


def _cpu(cell: dict[str, Any]) -> str:
    cpu = cell.get("think_cpu_ms")  # absent from runs before it was measured
    return f" (CPU {cpu['mean']:.0f} / {cpu['p99']:.0f})" if cpu else ""


def markdown(result: dict[str, Any]) -> str:
    """Each game's cells as a Markdown table for its README (the goals are judged on the
    pairwise column), headed by the run's conditions."""
    out = [
        f"budget {result['budget_s']} s per search move, {result['jobs']} process(es), "
        f"load average {result['load_average_1m_before']} at the start, "
        f"{result['wall_s'] / 60:.1f} min wall, {result['cpu_s'] / 60:.1f} min CPU",
    ]
    for game in dict.fromkeys(c["game"] for c in result["cells"]):
        out += [
            "",
            f"#### {game}",
            "",
            "| players | level | vs | games | ahead of (pairwise) | wins (equal share) "
            "| think ms: mean / p99 |",
            "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        cells = sorted(
            (c for c in result["cells"] if c["game"] == game),
            key=lambda c: (c["players"], c["level"], c["vs"]),
        )
        for c in cells:
            lo, hi = c["ahead_ci95"]
            wlo, whi = c["ci95"]
            think = c["think_ms"]
            out.append(
                f"| {c['players']} | `{c['level']}` | {c['vs']} | {c['games']} "
                f"| {_pct(c['ahead_rate'])} % [{_pct(lo)}–{_pct(hi)}] "
                f"| {_pct(c['win_rate'])} % [{_pct(wlo)}–{_pct(whi)}] ({_pct(c['equal_share'])} %) "
                f"| {think['mean']:.0f} / {think['p99']:.0f}{_cpu(c)} |"
            )
    return "\n".join(out) + "\n"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--players", default="2,4", help="player counts (those a game allows)")
    parser.add_argument("--levels", default="all", help="hero levels, or all of each game's")
    parser.add_argument("--baselines", default=",".join(BASELINES))
    parser.add_argument("--per-cell", type=int, default=20, help="games per cell")
    parser.add_argument("--budget", type=float, default=0.1, help="search seconds per move")
    parser.add_argument("--jobs", type=int, default=1, help="processes (2: idle machine only)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mirror", action="store_true", help="also a level against itself")
    parser.add_argument("--output", help="also write the JSON to this file")
    parser.add_argument("--markdown", help="also write the cells as Markdown tables to this file")
    args = parser.parse_args(argv)
    args.games = [g for g in args.games.split(",") if g]
    args.players = [int(p) for p in args.players.split(",") if p]
    args.levels = [lv for lv in args.levels.split(",") if lv]
    args.baselines = [b for b in args.baselines.split(",") if b]
    return args


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    result = run(args)
    text = json.dumps(result, indent=2)
    if args.output:
        pathlib.Path(args.output).write_text(text + "\n")
    if args.markdown:
        pathlib.Path(args.markdown).write_text(markdown(result))
    print(text)
    return result


if __name__ == "__main__":
    main()
