"""Java benchmark: playout speed, legal_commands speed, search iterations and bot strength.

Prints one JSON object. ``--games N`` two-player games per pairing (four-player games: N // 2),
``--budget S`` seconds of search thinking per move. Defaults follow the issue (200 / 1.0 s);
``--games 6 --budget 0.2`` is a quick run.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.java import ENGINE
from games.java.bots import random_command, search_command
from games.testing import fold, play_random_game


def playouts(n: int, seconds: float, fast: bool) -> float:
    done, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        play_random_game(ENGINE, n, seed=seed, choose=random_command if fast else None)
        done += 1
        seed += 1
    return done / (time.perf_counter() - start)


def mid_game_states(count: int) -> list:
    states = []
    for seed in range(count):
        game = play_random_game(
            ENGINE, 2 + seed % 3, seed=seed, choose=random_command, max_commands=60 + seed * 7
        )
        if ENGINE.outcome(game.state) is None:
            states.append(game.state)
    return states


def legal_rate(states: list, seconds: float) -> tuple[float, float]:
    calls, sizes, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for s in states:
            seat = min(ENGINE.active_seats(s))
            sizes += len(ENGINE.legal_commands(s, seat))
            calls += 1
    return calls / (time.perf_counter() - start), sizes / max(calls, 1)


def search_rate(states: list, budget: float) -> float:
    total, spent = 0, 0.0
    for s in states[:5]:
        if s.festival is not None:
            continue
        stats: dict = {}
        start = time.perf_counter()
        search_command(s, s.turn, random.Random(0), budget, stats)
        spent += time.perf_counter() - start
        total += stats.get("iterations", 0)
    return total / max(spent, 1e-9)


def match(levels: list[str], seed: int, budget: float) -> list[int]:
    rng = random.Random(seed)
    n = len(levels)
    state = fold(ENGINE, ENGINE.setup(n, ENGINE.validate_options(n, {}), rng))
    while ENGINE.outcome(state) is None:
        seat = min(ENGINE.active_seats(state))
        command = ENGINE.bot_command(state, seat, levels[seat], rng, budget)
        for event in ENGINE.execute(state, seat, command, rng):
            state = ENGINE.apply(state, event)
    return ENGINE.outcome(state)["ranks"]


def strength(opponent: str, n: int, games: int, budget: float) -> dict:
    wins = 0
    for g in range(games):
        me = g % n  # seats rotated
        levels = [opponent] * n
        levels[me] = "search"
        ranks = match(levels, 1000 + g, budget)
        if ranks[me] == 1 and ranks.count(1) == 1:
            wins += 1
    return {"games": games, "search_wins": wins, "win_rate": round(wins / max(games, 1), 3)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--seconds", type=float, default=5.0, help="per speed measurement")
    args = parser.parse_args()
    out: dict = {"game": "java"}
    out["uniform_random_games_per_s"] = {
        n: round(playouts(n, args.seconds, fast=False), 2) for n in (2, 3, 4)
    }
    out["sampled_random_games_per_s"] = {
        n: round(playouts(n, args.seconds, fast=True), 2) for n in (2, 3, 4)
    }
    states = mid_game_states(12)
    rate, size = legal_rate(states, args.seconds)
    out["legal_commands_calls_per_s"] = round(rate, 1)
    out["legal_commands_mean_size"] = round(size, 1)
    out["search_plans_per_s"] = round(search_rate(states, min(args.budget, 1.0)), 2)
    out["budget_s"] = args.budget
    out["strength"] = {
        "2p_search_vs_random": strength("random", 2, args.games, args.budget),
        "2p_search_vs_greedy": strength("greedy", 2, args.games, args.budget),
        "4p_search_vs_random": strength("random", 4, args.games // 2, args.budget),
        "4p_search_vs_greedy": strength("greedy", 4, args.games // 2, args.budget),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
