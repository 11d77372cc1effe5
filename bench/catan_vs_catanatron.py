"""Catan against catanatron, side by side: prints ONE JSON object.

Both sides play random games (uniformly random legal actions), 10 victory points, no domestic
trade offers (catanatron's random player makes none; ours plays ``trade_offers_per_turn: 0``), on
one pinned core, in the same run. Ours runs through ``manage.py simulate catan --engine-only``
(the engine and its random bot, as issue 24 measures it); catanatron 3.3.0 runs
``Game(...).play()`` with its ``RandomPlayer`` in a virtual environment of its own (built from its
repository; never installed into this project's). The figures are process CPU time: on a shared
machine wall clock mostly measures the neighbours. Each side runs ``--rounds`` times, alternating,
and the median round of each side is compared; the load average is printed beside them.

    .venv/bin/python bench/catan_vs_catanatron.py --catanatron-python /tmp/catanvenv/bin/python

(How to build that environment: bench/README.md, "Catan against catanatron".)

Without a catanatron interpreter (CI has none) it prints our figures alone, with the reason.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
OPTIONS = {"victory_points": 10, "trade_offers_per_turn": 0}

# Runs inside catanatron's interpreter: N games of random players, CPU time and actions counted.
CATANATRON_SCRIPT = """
import importlib.metadata, json, sys, time
from catanatron import Color, Game, RandomPlayer
n, games, seed = (int(x) for x in sys.argv[1:4])
colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE][:n]
actions = 0
start = time.process_time()
for g in range(games):
    game = Game([RandomPlayer(c) for c in colors], seed=seed * 100_000 + g, vps_to_win=10)
    game.play()
    actions += len(game.state.action_records)
cpu = time.process_time() - start
print(json.dumps({"version": importlib.metadata.version("catanatron"), "games": games,
                  "actions": actions, "cpu_seconds": cpu}))
"""


def load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def ours(n: int, games: int, seed: int) -> dict[str, float]:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "manage.py"),
            "simulate",
            "catan",
            "--players",
            str(n),
            "--games",
            str(games),
            "--seed",
            str(seed),
            "--engine-only",
            "--options",
            json.dumps(OPTIONS),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    out = json.loads(done.stdout.strip().splitlines()[-1])
    if out["errors"]:
        raise RuntimeError(f"simulate reported errors: {done.stderr[-500:]}")
    return {
        "us_per_action": out["cpu_us_per_command"],
        "games_per_s": round(out["completed"] / out["cpu_seconds"], 2),
        "actions_per_game": out["commands_per_game"],
    }


def theirs(python: str, n: int, games: int, seed: int) -> dict[str, Any]:
    done = subprocess.run(
        [python, "-c", CATANATRON_SCRIPT, str(n), str(games), str(seed)],
        capture_output=True,
        text=True,
        check=True,
    )
    out = json.loads(done.stdout.strip().splitlines()[-1])
    return {
        "us_per_action": round(out["cpu_seconds"] / out["actions"] * 1e6, 2),
        "games_per_s": round(out["games"] / out["cpu_seconds"], 2),
        "actions_per_game": round(out["actions"] / out["games"], 1),
        "version": out["version"],
    }


def catanatron_missing(python: str | None) -> str | None:
    """Why catanatron cannot run, or None when it can."""
    if not python:
        return "no --catanatron-python given (nor CATANATRON_PYTHON)"
    try:
        done = subprocess.run(
            [python, "-c", "import catanatron"], capture_output=True, text=True, timeout=60
        )
    except OSError as err:
        return f"{python} cannot be run: {err}"
    if done.returncode:
        return f"catanatron is not importable with {python}: {done.stderr.strip()[-200:]}"
    return None


def median_round(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """The round with the median time per action (its own figures kept together)."""
    ordered = sorted(rounds, key=lambda r: r["us_per_action"])
    return ordered[len(ordered) // 2]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--catanatron-python", default=os.environ.get("CATANATRON_PYTHON"))
    parser.add_argument("--games2", type=int, default=100, help="two-player games per round")
    parser.add_argument("--games4", type=int, default=50, help="four-player games per round")
    parser.add_argument("--rounds", type=int, default=5)  # single rounds vary ±20 % under load
    parser.add_argument("--cpu", type=int, help="the core both sides are pinned to (the last)")
    args = parser.parse_args()

    if hasattr(os, "sched_setaffinity"):
        if args.cpu is None:
            args.cpu = max(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {args.cpu})  # inherited by both sides' processes
    missing = catanatron_missing(args.catanatron_python)
    if missing:
        print(f"catanatron skipped: {missing}", file=sys.stderr)
    out: dict[str, Any] = {
        "game": "catan",
        "rules": "random players, 10 VP, no domestic offers, one core, process CPU time",
        "cpu": args.cpu,
        "load_before": load(),
        "catanatron": None if missing else "measured",
        "catanatron_skipped": missing,
        "players": {},
    }
    for n, games in ((2, args.games2), (4, args.games4)):
        mine: list[dict[str, Any]] = []
        other: list[dict[str, Any]] = []
        for r in range(args.rounds):
            mine.append(ours(n, games, seed=r))
            if not missing:
                other.append(theirs(args.catanatron_python, n, games, seed=r))
        row: dict[str, Any] = {
            "ours": median_round(mine),
            "ours_rounds_us": [m["us_per_action"] for m in mine],
        }
        if other:
            them = median_round(other)
            row["catanatron"] = them
            row["catanatron_rounds_us"] = [t["us_per_action"] for t in other]
            row["speedup_per_action"] = round(
                them["us_per_action"] / row["ours"]["us_per_action"], 2
            )
            row["speedup_games_per_s"] = round(row["ours"]["games_per_s"] / them["games_per_s"], 2)
            out["catanatron_version"] = them["version"]
        out["players"][str(n)] = row
    out["load_after"] = load()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
