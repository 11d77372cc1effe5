"""Yspahan benchmarks: playout speed, legal_commands speed, search iterations, bot strength.

Prints one JSON object. ``--games N`` sets the two-player strength games per pairing (four-player
games are half of that), ``--budget S`` the search bot's seconds per move. Defaults follow the
issue (200 two-player and 100 four-player games at 1 s) and take many hours; use e.g.
``--games 10 --budget 0.2`` for a quick look.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.testing import fold, play_random_game
from games.yspahan import ENGINE
from games.yspahan.bots import search_command
from games.yspahan.state import OVER, State


def playouts_per_second(n: int, seconds: float = 3.0) -> float:
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < seconds:
        play_random_game(ENGINE, n, seed=games)
        games += 1
    return games / (time.perf_counter() - start)


def mid_game_states(n: int, count: int = 20) -> list[State]:
    states = []
    for seed in range(count):
        game = play_random_game(ENGINE, n, seed=seed)
        states.append(fold(ENGINE, game.events[: len(game.events) // 2]))
    return states


def legal_per_second(n: int) -> float:
    states = mid_game_states(n)
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        for s in states:
            (seat,) = ENGINE.active_seats(s)
            ENGINE.legal_commands(s, seat)
            calls += 1
    return calls / (time.perf_counter() - start)


def search_iterations_per_second(n: int, budget: float) -> float:
    total = 0
    spent = 0.0
    for s in mid_game_states(n, 5):
        if s.phase == OVER:
            continue
        (seat,) = ENGINE.active_seats(s)
        stats: dict[str, Any] = {}
        start = time.perf_counter()
        search_command(s, seat, random.Random(0), budget, stats=stats)
        spent += time.perf_counter() - start
        total += stats.get("iterations", 0)
    return total / spent if spent else 0.0


def play_match(levels: list[str], seed: int, budget: float) -> list[int]:
    rng = random.Random(seed)
    n = len(levels)
    opts = ENGINE.validate_options(n, {})
    state = fold(ENGINE, ENGINE.setup(n, opts, rng))
    while ENGINE.outcome(state) is None:
        (seat,) = ENGINE.active_seats(state)
        cmd = ENGINE.bot_command(state, seat, levels[seat], rng, budget)
        for event in ENGINE.execute(state, seat, cmd, rng):
            state = ENGINE.apply(state, event)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return outcome["ranks"]


def strength(hero: str, villain: str, n: int, games: int, budget: float) -> dict[str, Any]:
    """Hero in one seat (rotated), villains elsewhere. A win is a sole or shared first place."""
    wins = 0
    for g in range(games):
        hero_seat = g % n
        levels = [villain] * n
        levels[hero_seat] = hero
        ranks = play_match(levels, 10_000 + g, budget)
        wins += ranks[hero_seat] == 1
    return {"games": games, "wins": wins, "win_rate": wins / games if games else None}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--skip-strength", action="store_true")
    args = parser.parse_args()
    out: dict[str, Any] = {"game": "yspahan", "budget_s": args.budget}
    out["random_playouts_per_s"] = {n: round(playouts_per_second(n), 1) for n in (2, 3, 4)}
    out["legal_commands_per_s"] = {n: round(legal_per_second(n)) for n in (2, 3, 4)}
    out["search_iterations_per_s"] = {
        n: round(search_iterations_per_second(n, min(args.budget, 0.5))) for n in (2, 4)
    }
    if not args.skip_strength:
        out["strength"] = {
            "2p_search_vs_random": strength("search", "random", 2, args.games, args.budget),
            "2p_search_vs_greedy": strength("search", "greedy", 2, args.games, args.budget),
            "2p_greedy_vs_random": strength("greedy", "random", 2, args.games, args.budget),
            "4p_search_vs_random": strength("search", "random", 4, args.games // 2, args.budget),
            "4p_search_vs_greedy": strength("search", "greedy", 4, args.games // 2, args.budget),
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
