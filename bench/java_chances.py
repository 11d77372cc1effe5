"""How Java's win chances (games/java/bots.py, ``win_chances``) are shaped. Prints ONE JSON object.

Greedy-against-greedy two-player games are played from ``--fit-seeds`` and ``--check-seeds``;
at every ``--every``-th command the acting seat's position is determinised twice from its own
information and valued without a playout (``values`` as it stands) and with the playout that
``win_chances`` uses (``PLAYOUT_TURNS`` turns at ``PLAYOUT_BREADTH``). Each position's chance is
the mean over the two of a logistic of the seat's ``values`` lead at temperature
``t0 + t1 x (share of three-space tiles left)``. Printed per valuation: the temperatures that
score best on the fit seeds (Brier), their score on the check seeds, the score of the temperatures
in the code, always saying 1/2 scores 0.25, and the CPU per determinisation.

    .venv/bin/python bench/java_chances.py --fit-seeds 0-15 --check-seeds 100-114
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
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from games.java import bots
from games.java.data import COMPONENTS
from games.java.views import determinize
from games.registry import get_engine

SAMPLES = 2  # determinisations per position
GRID_T0 = (1.0, 2.0, 3.0, 5.0, 8.0, 12.0, 20.0)
GRID_T1 = (0.0, 5.0, 10.0, 20.0)

# A position: per determinisation (values lead, share of three-space tiles left), and the outcome.
Position = tuple[list[tuple[float, float]], float]


def seeds(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def leads(state: Any, seat: int, playout: bool, rng: random.Random) -> list[tuple[float, float]]:
    out = []
    for _ in range(SAMPLES):
        world = determinize(state, seat, rng)
        for _turn in range(bots.PLAYOUT_TURNS if playout else 0):
            world = bots.finish_festival(world, rng)
            if world.over:
                break
            world, _plan = bots.play_turn(
                world, bots.active(world), rng, breadth=bots.PLAYOUT_BREADTH
            )
        v = bots.values(world)
        out.append((v[seat] - v[1 - seat], state.three_left / COMPONENTS.three_hex))
    return out


def collect(game_seeds: list[int], every: int, cpu: dict[str, float]) -> dict[str, list[Position]]:
    engine = get_engine("java")
    found: dict[str, list[Position]] = {"static": [], "playout": []}
    for seed in game_seeds:
        rng = random.Random(seed)
        state: Any = None
        for event in engine.setup(2, engine.validate_options(2, {}), rng):
            state = engine.apply(state, event)
        taken: list[tuple[str, int, list[tuple[float, float]]]] = []
        k = 0
        while engine.outcome(state) is None:
            seat = min(engine.active_seats(state))
            if k % every == 0:
                for kind in found:
                    began = time.process_time()
                    taken.append(
                        (kind, seat, leads(state, seat, kind == "playout", random.Random(k)))
                    )
                    cpu[kind] += time.process_time() - began
                cpu["positions"] += 1
            command = engine.bot_command(state, seat, "greedy", rng, 0.05)
            for event in engine.execute(state, seat, command, rng):
                state = engine.apply(state, event)
            k += 1
        result = engine.outcome(state)
        assert result is not None
        winners = [s for s, r in enumerate(result["ranks"]) if r == 1]
        for kind, seat, sample in taken:
            found[kind].append((sample, 1.0 / len(winners) if seat in winners else 0.0))
    return found


def brier(positions: list[Position], t0: float, t1: float) -> float:
    total = 0.0
    for sample, observed in positions:
        chance = sum(
            1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead / (t0 + t1 * left)))))
            for lead, left in sample
        ) / len(sample)
        total += (chance - observed) ** 2
    return total / max(1, len(positions))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fit-seeds", default="0-15")
    parser.add_argument("--check-seeds", default="100-114")
    parser.add_argument("--every", type=int, default=6)
    args = parser.parse_args()
    cpu = {"static": 0.0, "playout": 0.0, "positions": 0.0}
    fit = collect(seeds(args.fit_seeds), args.every, cpu)
    check = collect(seeds(args.check_seeds), args.every, cpu)
    code = (bots.WIN_TEMPERATURE, bots.WIN_TEMPERATURE_EARLY)
    rows = []
    for kind in fit:
        scored = sorted((brier(fit[kind], t0, t1), t0, t1) for t0 in GRID_T0 for t1 in GRID_T1)
        best, t0, t1 = scored[0]
        rows.append(
            {
                "valuation": kind,
                "positions_fit_check": [len(fit[kind]), len(check[kind])],
                "best_t0_t1_on_fit": [t0, t1],
                "brier_fit": round(best, 4),
                "brier_check": round(brier(check[kind], t0, t1), 4),
                "brier_check_at_code_temperatures": round(brier(check[kind], *code), 4),
                "brier_uninformed": 0.25,
                "cpu_ms_per_determinisation": round(
                    1000 * cpu[kind] / max(1.0, cpu["positions"] * SAMPLES), 2
                ),
            }
        )
    print(
        json.dumps(
            {"bench": "java_chances", "load_1min": round(os.getloadavg()[0], 1), "rows": rows},
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
