"""Java benchmark: random playouts, legal listing, search iterations and bot strength.

Prints one JSON object. Playouts run for ``--seconds`` per measurement, under two rule sets:
``default`` (rules version 2) and ``as_before`` (``whole_moves`` on, tokens at any time: the
games of rules version 1, whose uniformly random games are about four times shorter). Modes:

* ``uniform_list``: uniform choice over ``ENGINE.legal_commands`` (every command built);
* ``uniform_lazy``: the same draw from the lazy ``LegalSet`` (``bots.uniform_command``): the
  very same games (checked: ``same_games``), only the chosen command is built;
* ``random_bot``: the ``random`` bot level (uniform, but never moving a figure twice between
  board changes);
* ``sampled``: ``bots.random_command`` (a kind of action first, then one of its commands: not
  uniform over the commands, cheaper still).

Each figure gives games per second of wall time and of process CPU time and microseconds of CPU
per command; the machine is shared, so ``load`` (1-minute load average) is printed beside them.
``fixed`` plays the same seeded games in every run (``--fixed N``: seeds 0..N-1, two to four
players, default rules) with uniform choice from the list and from the lazy set, so two versions
of the engine can be compared game for game: its CPU seconds (or the instruction count of
``valgrind --tool=callgrind`` on the same run, which load does not disturb) are the figure to
compare. ``--games N`` two-player games per strength pairing (four-player: N // 2; 0 skips
them), ``--budget S`` seconds of search per move.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.java import ENGINE
from games.java.bots import random_command, search_command, uniform_command
from games.java.legal import LegalSet
from games.testing import fold, play_random_game

CONFIGS = {"default": {}, "as_before": {"whole_moves": True, "token_timing": "any_time"}}


def random_bot(s: Any, seat: int, rng: random.Random) -> dict:
    return ENGINE.bot_command(s, seat, "random", rng, 0.0)


MODES: dict[str, Callable[[Any, int, random.Random], dict] | None] = {
    "uniform_list": None,
    "uniform_lazy": uniform_command,
    "random_bot": random_bot,
    "sampled": random_command,
}


def load() -> float:
    return round(os.getloadavg()[0], 2)


def fixed(seeds: int, choose: Any) -> dict:
    """Seeds 0..seeds-1 (two to four players, default rules): the same games in every run."""
    commands = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(seeds):
        commands += play_random_game(ENGINE, 2 + seed % 3, seed=seed, choose=choose).commands
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "games": seeds,
        "commands": commands,
        "cpu_s": round(cpu, 3),
        "wall_s": round(wall, 3),
        "games_per_cpu_s": round(seeds / cpu, 3),
        "cpu_us_per_command": round(cpu / max(commands, 1) * 1e6, 1),
        "load": load(),
    }


def playouts(n: int, options: dict, choose: Any, seconds: float) -> dict:
    games = commands = seed = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        game = play_random_game(ENGINE, n, options, seed=seed, choose=choose)
        games += 1
        commands += game.commands
        seed += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "games_per_s": round(games / wall, 3),
        "games_per_cpu_s": round(games / cpu, 3),
        "cpu_us_per_command": round(cpu / max(commands, 1) * 1e6),
        "commands_per_game": round(commands / games),
        "games": games,
        "load": load(),
    }


def same_games(options: dict, seeds: int) -> bool:
    """Uniform choice from the list and from the lazy set play identical games."""

    def digest(choose: Any, seed: int) -> str:
        game = play_random_game(ENGINE, 2 + seed % 3, options, seed=seed, choose=choose)
        return hashlib.sha256(json.dumps(game.events).encode()).hexdigest()

    return all(digest(None, s) == digest(uniform_command, s) for s in range(seeds))


def mid_game_states(count: int) -> list:
    states = []
    for seed in range(count):
        game = play_random_game(
            ENGINE, 2 + seed % 3, seed=seed, choose=random_command, max_commands=60 + seed * 7
        )
        if ENGINE.outcome(game.state) is None:
            states.append(game.state)
    return states


def listing_rate(states: list, seconds: float, build: Callable[[Any, int], Any]) -> float:
    calls, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for s in states:
            build(s, min(ENGINE.active_seats(s)))
            calls += 1
    return calls / (time.process_time() - start)


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
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--fixed", type=int, default=6, help="seeded games per fixed run")
    parser.add_argument("--only-fixed", action="store_true", help="skip everything else")
    args = parser.parse_args()
    players = [int(x) for x in args.players.split(",")]
    out: dict = {
        "game": "java",
        "rules_version": ENGINE.rules_version,
        "load_start": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
    }
    if args.fixed:
        out["fixed"] = {
            "uniform_list": fixed(args.fixed, None),
            "uniform_lazy": fixed(args.fixed, uniform_command),
        }
    if args.only_fixed:
        out["load_end"] = [round(x, 2) for x in os.getloadavg()]
        print(json.dumps(out))
        return
    for name, options in CONFIGS.items():
        out[name] = {
            "options": options,
            "same_games": same_games(options, 2),
            **{
                mode: {n: playouts(n, options, choose, args.seconds) for n in players}
                for mode, choose in MODES.items()
            },
        }
    states = mid_game_states(12)
    out["legal_commands_calls_per_cpu_s"] = round(
        listing_rate(states, args.seconds, ENGINE.legal_commands), 1
    )
    out["legal_set_len_calls_per_cpu_s"] = round(
        listing_rate(states, args.seconds, lambda s, seat: len(LegalSet(s, seat))), 1
    )
    out["legal_commands_mean_size"] = round(
        sum(len(ENGINE.legal_commands(s, min(ENGINE.active_seats(s)))) for s in states)
        / len(states),
        1,
    )
    out["search_plans_per_s"] = round(search_rate(states, min(args.budget, 1.0)), 2)
    out["budget_s"] = args.budget
    if args.games:
        out["strength"] = {
            "2p_search_vs_random": strength("random", 2, args.games, args.budget),
            "2p_search_vs_greedy": strength("greedy", 2, args.games, args.budget),
            "4p_search_vs_random": strength("random", 4, args.games // 2, args.budget),
            "4p_search_vs_greedy": strength("greedy", 4, args.games // 2, args.budget),
        }
    out["load_end"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
