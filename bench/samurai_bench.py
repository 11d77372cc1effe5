"""Samurai benchmarks: random playouts, legal_commands, search iterations, bot strength.

Prints one JSON object. ``--games N`` sets the two-player games per pairing (four-player games
are half as many), ``--budget S`` the search bot's seconds per move. Defaults follow the issue:
200 two-player and 100 four-player games at 1 second.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.samurai import ENGINE
from games.samurai.bots import search
from games.samurai.state import PLAY
from games.testing import play_random_game


def playouts_per_second(n: int, seconds: float) -> float:
    start, games = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        play_random_game(ENGINE, n, {}, seed=games)
        games += 1
    return games / (time.perf_counter() - start)


def mid_game_states(n: int, count: int) -> list:
    states = []
    for seed in range(count):
        game = play_random_game(ENGINE, n, {}, seed=seed)
        target = len(game.events) // 2
        state = None
        for event in game.events[:target]:
            state = ENGINE.apply(state, event)
        if state is not None and state.phase == PLAY:
            states.append(state)
    return states


def legal_per_second(states: list, seconds: float) -> float:
    start, calls = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        for state in states:
            ENGINE.legal_commands(state, min(ENGINE.active_seats(state)))
            calls += 1
    return calls / (time.perf_counter() - start)


def search_iterations_per_second(states: list, budget: float) -> float:
    iterations, spent = 0, 0.0
    rng = random.Random(1)
    for state in states[:8]:
        stats: dict = {}
        start = time.perf_counter()
        search(state, state.current, rng, budget, stats=stats)
        spent += time.perf_counter() - start
        iterations += stats["iterations"]
    return iterations / spent


def strength(n: int, hero: str, villain: str, games: int, budget: float) -> dict:
    """``hero`` against ``villain`` (the others), seats rotated. A shared win counts half."""
    score, wins, started = 0.0, 0, time.perf_counter()
    for game_index in range(games):
        hero_seat = game_index % n
        levels = [villain] * n
        levels[hero_seat] = hero

        def choose(state, seat, rng, levels=levels):
            return ENGINE.bot_command(state, seat, levels[seat], rng, budget)

        game = play_random_game(ENGINE, n, {}, seed=10_000 + game_index, choose=choose)
        ranks = ENGINE.outcome(game.state)["ranks"]
        if ranks[hero_seat] == 1:
            share = 1.0 / ranks.count(1)
            score += share
            wins += share == 1.0
    return {
        "games": games,
        "hero_score_rate": round(score / games, 3),
        "hero_outright_wins": wins,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    mid = mid_game_states(3, 20)
    result = {
        "random_playouts_per_second": {
            str(n): round(playouts_per_second(n, args.seconds), 1) for n in (2, 3, 4)
        },
        "legal_commands_per_second_mid_game": round(legal_per_second(mid, args.seconds)),
        "search_iterations_per_second": round(search_iterations_per_second(mid, args.budget), 1),
        "budget_s": args.budget,
        "strength": {
            "2p_search_vs_random": strength(2, "search", "random", args.games, args.budget),
            "2p_search_vs_greedy": strength(2, "search", "greedy", args.games, args.budget),
            "4p_search_vs_random": strength(4, "search", "random", args.games // 2, args.budget),
            "4p_search_vs_greedy": strength(4, "search", "greedy", args.games // 2, args.budget),
        },
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
