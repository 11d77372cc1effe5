"""Drunter und Drüber benchmarks: prints ONE JSON object.

    python bench/drunter_bench.py                      # the issue's full run (slow: hours)
    python bench/drunter_bench.py --games 20 --four-games 8 --budget 0.2   # a quick look

Figures: random-playout games/s per player count, legal_commands calls/s on mid-game states,
search iterations/s, and bot strength (search vs random, search vs greedy; seats rotated).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from games.drunter import ENGINE
from games.drunter.bots import search_move
from games.testing import fold, play_random_game


def playouts_per_second(n: int, seconds: float) -> float:
    """Random games per second of this process's CPU time (on a shared machine wall clock
    mostly measures the neighbours)."""
    start = time.process_time()
    games = 0
    while time.process_time() - start < seconds:
        play_random_game(ENGINE, n, {"extended": games % 2 == 1}, seed=games)
        games += 1
    return games / (time.process_time() - start)


def mid_game_states(count: int) -> list[Any]:
    states = []
    for seed in range(count):
        game = play_random_game(ENGINE, 2 + seed % 3, {}, seed=seed, max_commands=12 + seed % 8)
        if ENGINE.outcome(game.state) is None:
            states.append(game.state)
    return states


def legal_per_second(seconds: float) -> float:
    states = mid_game_states(40)
    calls = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for s in states:
            for seat in ENGINE.active_seats(s):
                ENGINE.legal_commands(s, seat)
                calls += 1
    return calls / (time.process_time() - start)


def search_iterations_per_second(budget: float) -> float:
    states = [s for s in mid_game_states(10) if s.phase == "place"][:5]
    iterations = 0
    spent = 0.0
    for s in states:
        stats: dict[str, Any] = {}
        start = time.perf_counter()
        search_move(ENGINE, s, s.turn, random.Random(0), budget, stats)
        spent += time.perf_counter() - start
        iterations += stats["iterations"]
    return iterations / spent


def play_match(levels: list[str], seed: int, budget: float, options: dict[str, Any]) -> list[int]:
    rng = random.Random(seed)
    n = len(levels)
    state = fold(ENGINE, ENGINE.setup(n, ENGINE.validate_options(n, options), rng))
    while ENGINE.outcome(state) is None:
        seat = min(ENGINE.active_seats(state))
        command = ENGINE.bot_command(state, seat, levels[seat], rng, budget)
        for event in ENGINE.execute(state, seat, command, rng):
            state = ENGINE.apply(state, event)
    return ENGINE.outcome(state)["ranks"]


def strength(
    opponent: str, n: int, games: int, budget: float, options: dict[str, Any]
) -> dict[str, Any]:
    """Search in one seat (rotated), ``opponent`` in the others. A shared first place counts
    half a win."""
    wins = 0.0
    for g in range(games):
        me = g % n
        levels = [opponent] * n
        levels[me] = "search"
        ranks = play_match(levels, 10_000 + g, budget, options)
        if ranks[me] == 1:
            wins += 1.0 / ranks.count(1)
        print(f"{opponent} n={n} game {g + 1}/{games}: wins {wins}", file=sys.stderr, flush=True)
    return {"games": games, "search_win_rate": round(wins / max(games, 1), 3)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200, help="two-player games per pairing")
    parser.add_argument("--four-games", type=int, default=100, help="four-player games")
    parser.add_argument("--budget", type=float, default=1.0, help="search seconds per move")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per speed figure")
    parser.add_argument("--extended", action="store_true", help="strength runs with extended rules")
    args = parser.parse_args()
    options = {"extended": args.extended}
    out: dict[str, Any] = {
        "game": "drunter",
        "clock": "process CPU time (random playouts, legal_commands)",
        "random_playouts_per_s": {
            str(n): round(playouts_per_second(n, args.seconds), 1) for n in (2, 3, 4)
        },
        "legal_commands_per_s": round(legal_per_second(args.seconds), 1),
        "search_iterations_per_s": round(search_iterations_per_second(min(args.budget, 1.0)), 1),
        "budget_s": args.budget,
        "options": options,
    }
    if args.games:
        out["two_players_vs_random"] = strength("random", 2, args.games, args.budget, options)
        out["two_players_vs_greedy"] = strength("greedy", 2, args.games, args.budget, options)
    if args.four_games:
        out["four_players_vs_random"] = strength("random", 4, args.four_games, args.budget, options)
        out["four_players_vs_greedy"] = strength("greedy", 4, args.four_games, args.budget, options)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
