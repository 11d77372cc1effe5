"""The platform tests' race game with one more bot level, ``slow``, to catch a worker in the
middle of a bot move.

A ``slow`` bot notes each move it starts in the file ``LUDOTEKA_TEST_BOT_MARKER`` names (one line:
the process id), and spends ``LUDOTEKA_TEST_SLOW_BOT_SECONDS`` on its first move only (the file
did not exist yet); then it plays like ``greedy``. The file shows who started which move, and
how many moves were started.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Any

from tests.core.fake_engine import RaceEngine


class SlowRaceEngine(RaceEngine):
    slug = "slowrace"
    name = "Slow race"
    bot_levels = (*RaceEngine.bot_levels, "slow")

    def bot_command(
        self, state: Any, seat: int, level: str, rng: random.Random, budget_s: float
    ) -> dict[str, Any]:
        if level == "slow":
            marker = Path(os.environ["LUDOTEKA_TEST_BOT_MARKER"])
            first = not marker.exists()
            with marker.open("a") as f:
                f.write(f"{os.getpid()}\n")
            if first:
                time.sleep(float(os.environ.get("LUDOTEKA_TEST_SLOW_BOT_SECONDS", "0")))
            level = "greedy"
        return super().bot_command(state, seat, level, rng, budget_s)


ENGINE = SlowRaceEngine()
