"""Does an analysis delay a live match? The embedded server's bot moves, timed alone, while an
analysis runs on its own thread that gives way to live work (core/analysis/background.py), and,
for comparison, with the analysis queued on the task thread ahead of them. Prints JSON.

Each live task is a real bot move (the search bot, ``--bot-budget`` seconds) submitted to the
task thread one after another with a short gap, as a player's replies arrive; its latency runs
from its submission to its end. The analysis is ``games.analysis.analyse`` of a bot game of the
same game (``--budget`` seconds per decision point). With Celery the same separation is the
``analysis`` queue and its own worker (deploy/OPERATIONS.md).

    .venv/bin/python bench/analysis_priority_bench.py [--game drunter] [--moves 12]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "core.settings.base")
os.environ.setdefault("LOG_LEVEL", "WARNING")

import django

django.setup()

from core.analysis.background import analysis_thread, live_first  # noqa: E402
from core.matches.scheduling import task_thread  # noqa: E402
from games.analysis import StreamEvent, analyse  # noqa: E402
from games.registry import get_engine  # noqa: E402


def bot_game(game: str, seed: int) -> tuple[list[StreamEvent], list[tuple[Any, int]]]:
    """A random bots' two-player game: its stream and the positions where a seat chose."""
    engine = get_engine(game)
    rng = random.Random(seed)
    state: Any = None
    stream: list[StreamEvent] = []
    for event in engine.setup(2, engine.validate_options(2, {}), rng):
        state = engine.apply(state, event)
        stream.append(StreamEvent(len(stream) + 1, None, None, event))
    positions = []
    n = 0
    while engine.outcome(state) is None and n < 5000:
        seat = min(engine.active_seats(state))
        positions.append((engine.clone(state), seat))
        command = engine.bot_command(state, seat, "random", rng, 0.01)
        for event in engine.execute(state, seat, command, rng):
            state = engine.apply(state, event)
            stream.append(StreamEvent(len(stream) + 1, seat, f"c{n}", event))
        n += 1
    return stream, positions


class BotMove:
    """A live task: the search bot's move in one position (as ``play_bot_turn`` computes it)."""

    name = "bench.bot_move"

    def __init__(self, game: str, state: Any, seat: int, budget: float) -> None:
        self.engine, self.state, self.seat, self.budget = get_engine(game), state, seat, budget
        self.submitted = 0.0
        self.latency = 0.0
        self.done = threading.Event()

    def apply(self, args: Any = None, throw: bool = True) -> None:
        self.engine.bot_command(self.state, self.seat, "search", random.Random(1), self.budget)
        self.latency = time.monotonic() - self.submitted
        self.done.set()


class Analysis:
    """The analysis of a game, as a task on the task thread (the comparison)."""

    name = "bench.analysis"

    def __init__(self, work: Any) -> None:
        self.work = work

    def apply(self, args: Any = None, throw: bool = True) -> None:
        self.work()


def live_moves(args: argparse.Namespace, positions: list[tuple[Any, int]]) -> dict[str, float]:
    rng = random.Random(7)
    latencies = []
    for state, seat in rng.sample(positions, args.moves):
        move = BotMove(args.game, state, seat, args.bot_budget)
        move.submitted = time.monotonic()
        task_thread.submit(move, ())
        move.done.wait(600)
        latencies.append(move.latency)
        time.sleep(args.gap)  # the player reads the reply and answers
    return {
        "median_s": round(statistics.median(latencies), 3),
        "p90_s": round(sorted(latencies)[int(0.9 * (len(latencies) - 1))], 3),
        "max_s": round(max(latencies), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="drunter")
    parser.add_argument("--moves", type=int, default=12, help="live bot moves timed per case")
    parser.add_argument("--bot-budget", type=float, default=0.2, help="seconds per bot move")
    parser.add_argument("--budget", type=float, default=0.1, help="analysis s per point")
    parser.add_argument("--gap", type=float, default=0.1, help="seconds between live moves")
    args = parser.parse_args()
    engine = get_engine(args.game)
    stream, positions = bot_game(args.game, seed=3)
    analysed = threading.Event()
    cpu: dict[str, float] = {}

    def analysis(pause: Any) -> None:
        start = time.thread_time()
        analyse(
            engine,
            stream,
            2,
            {0, 1},
            random.Random(5),
            budget_s_per_point=args.budget,
            progress=lambda done, total: pause() if pause else None,
        )
        cpu["analysis_cpu_s"] = round(time.thread_time() - start, 2)
        analysed.set()

    out: dict[str, Any] = {"game": args.game, "moves": args.moves, "bot_budget_s": args.bot_budget}
    out["alone"] = live_moves(args, positions)
    analysed.clear()
    analysis_thread.submit(0, lambda: analysis(live_first))
    out["beside_an_analysis_that_gives_way"] = live_moves(args, positions)
    out["analysis_still_running_at_the_end"] = not analysed.is_set()
    analysed.wait(3600)
    analysed.clear()
    task_thread.submit(Analysis(lambda: analysis(None)), ())
    out["behind_an_analysis_on_the_task_thread"] = live_moves(args, positions)
    analysed.wait(3600)
    out.update(cpu)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
