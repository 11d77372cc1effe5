"""Catan benchmark: prints ONE JSON object.

* random playouts: full games per second on one core (CPU time of this process), uniformly random
  legal commands through the real ``execute`` + ``apply``, to 10 points, per player count. Two
  rule sets: domestic trade offers off (``trade_offers_per_turn=0``; Catanatron's random player
  makes no domestic offers either) and the default cap of offers per turn; and the ``random`` bot
  with the default cap (it composes small offers now and then, not card by card at random).
  ``bench/catan_vs_catanatron.py`` sets these beside catanatron's.
* ``legal_commands`` calls per second on mid-game states; search iterations per second.
* bot strength: search against random and against greedy, seats rotated.

Usage: ``python bench/catan_bench.py [--games N] [--games4 N] [--budget S] [--playouts N]``.
Defaults follow the issue (200 two-player and 100 four-player games, 1 s per move).
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

from games.catan import ENGINE
from games.catan.bots import PrunedEngine, evaluate, prune, rollout_policy, search_move
from games.catan.state import OVER, State
from games.search import search_command


def random_game(n: int, seed: int, options: dict[str, Any], bot: bool = False) -> int:
    """One uniformly random game (or one of ``random`` bots); the seat is drawn among the active
    ones, as the platform's test driver does. Returns the number of commands."""
    rng = random.Random(seed)
    opts = ENGINE.validate_options(n, options)
    state: Any = None
    for event in ENGINE.setup(n, opts, rng):
        state = ENGINE.apply(state, event)
    commands = 0
    while ENGINE.outcome(state) is None:
        seats = ENGINE.active_seats(state)
        seat = next(iter(seats)) if len(seats) == 1 else rng.choice(sorted(seats))
        if bot:
            command = ENGINE.bot_command(state, seat, "random", rng, 0.0)
        else:
            legal = ENGINE.legal_commands(state, seat)
            command = legal[int(rng.random() * len(legal))]  # uniform; cheaper than randrange
        for event in ENGINE.execute(state, seat, command, rng):
            state = ENGINE.apply(state, event)
        commands += 1
    return commands


def playouts(n: int, games: int, options: dict[str, Any], bot: bool = False) -> dict[str, float]:
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    commands = sum(random_game(n, seed, options, bot) for seed in range(games))
    cpu = time.process_time() - start_cpu
    wall = time.perf_counter() - start_wall
    return {
        "games_per_s": round(games / cpu, 1),
        "games_per_s_wall": round(games / wall, 1),
        "commands_per_game": round(commands / games),
        "us_per_command": round(cpu / commands * 1e6, 2),
    }


def mid_game_states(count: int) -> list[State]:
    states: list[State] = []
    seed = 0
    while len(states) < count:
        rng = random.Random(1000 + seed)
        n = 2 + seed % 3
        state: Any = None
        for event in ENGINE.setup(n, ENGINE.validate_options(n, {}), rng):
            state = ENGINE.apply(state, event)
        steps = 0
        while state.phase != OVER:
            seat = min(ENGINE.active_seats(state))
            command = rng.choice(ENGINE.legal_commands(state, seat))
            for event in ENGINE.execute(state, seat, command, rng):
                state = ENGINE.apply(state, event)
            steps += 1
            if steps % 37 == 0 and state.turn > 20 and state.phase != OVER:
                states.append(ENGINE.clone(state))
        seed += 1
    return states[:count]


def legal_rate(states: list[State]) -> float:
    calls = 0
    start = time.process_time()
    while time.process_time() - start < 1.0:
        for state in states:
            seat = min(ENGINE.active_seats(state))
            ENGINE.legal_commands(state, seat)
            calls += 1
    return round(calls / (time.process_time() - start))


def search_rate(states: list[State], budget: float) -> dict[str, float]:
    """Rollouts per second of the ``search`` bot and iterations per second of the shared ISMCTS
    (the ``ismcts`` level), on the same mid-game states."""
    rng = random.Random(5)
    out: dict[str, float] = {}
    for name in ("search_rollouts_per_s", "ismcts_iterations_per_s"):
        total, spent = 0, 0.0
        for state in states:
            seat = min(ENGINE.active_seats(state))
            stats: dict[str, Any] = {}
            start = time.process_time()
            if name.startswith("search"):
                search_move(state, seat, rng, budget, stats)
            else:
                search_command(
                    PrunedEngine(ENGINE),  # type: ignore[arg-type]
                    state,
                    seat,
                    state.n,
                    rng,
                    budget_s=budget,
                    rollout_policy=rollout_policy,
                    evaluate=evaluate,
                    rollout_depth=60,
                    stats=stats,
                )
            if stats:
                spent += time.process_time() - start
                total += stats.get("iterations", 0)
        out[name] = round(total / spent, 1) if spent else 0.0
    return out


def duel(n: int, games: int, hero: str, villain: str, budget: float) -> dict[str, Any]:
    """Seats rotated: game g puts the hero in seat g % n; every other seat plays ``villain``."""
    wins = 0
    moves = 0
    think = 0.0
    for g in range(games):
        rng = random.Random(77 + g)
        hero_seat = g % n
        state: Any = None
        for event in ENGINE.setup(n, ENGINE.validate_options(n, {}), rng):
            state = ENGINE.apply(state, event)
        steps = 0
        while ENGINE.outcome(state) is None and steps < 5000:
            seats = sorted(ENGINE.active_seats(state))
            seat = seats[0] if len(seats) == 1 else rng.choice(seats)
            level = hero if seat == hero_seat else villain
            start = time.perf_counter()
            command = ENGINE.bot_command(state, seat, level, rng, budget)
            if level == hero:
                think = max(think, time.perf_counter() - start)
                moves += 1
            for event in ENGINE.execute(state, seat, command, rng):
                state = ENGINE.apply(state, event)
            steps += 1
        outcome = ENGINE.outcome(state)
        if outcome is not None and outcome["ranks"][hero_seat] == 1:
            wins += 1
    return {
        "players": n,
        "games": games,
        "hero": hero,
        "villain": villain,
        "hero_win_rate": round(wins / games, 3) if games else None,
        "hero_moves": moves,
        "max_think_s": round(think, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200, help="two-player strength games")
    parser.add_argument("--games4", type=int, default=100, help="four-player strength games")
    parser.add_argument("--budget", type=float, default=1.0, help="search seconds per move")
    parser.add_argument("--playouts", type=int, default=200, help="random games per count")
    args = parser.parse_args()

    out: dict[str, Any] = {"game": "catan", "cpu": "one core, process CPU time"}
    standard = {"victory_points": 10, "trade_offers_per_turn": 0}
    with_offers = {"victory_points": 10}
    out["random_playouts_no_domestic_offers"] = {
        str(n): playouts(n, args.playouts, standard) for n in (2, 3, 4)
    }
    out["random_playouts_default_offer_cap"] = {
        str(n): playouts(n, max(args.playouts // 4, 1), with_offers) for n in (2, 3, 4)
    }
    out["random_bot_default_offer_cap"] = {
        str(n): playouts(n, max(args.playouts // 2, 1), with_offers, bot=True) for n in (2, 3, 4)
    }
    states = mid_game_states(60)
    out["legal_commands_per_s"] = legal_rate(states)
    choices = [
        st
        for st in states
        if len(
            prune(
                st,
                min(ENGINE.active_seats(st)),
                ENGINE.legal_commands(st, min(ENGINE.active_seats(st))),
            )
        )
        > 1
    ]
    out.update(search_rate(choices[:12], 0.25))
    strength = [
        duel(2, args.games, "search", "random", args.budget),
        duel(2, args.games, "search", "greedy", args.budget),
    ]
    if args.games4:
        strength.append(duel(4, args.games4, "search", "random", args.budget))
        strength.append(duel(4, args.games4, "search", "greedy", args.budget))
    out["strength"] = strength
    print(json.dumps(out))


if __name__ == "__main__":
    main()
