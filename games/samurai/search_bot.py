"""The ``search`` level: the shared ISMCTS with a cheap rollout policy and a cut-off
evaluation."""

from __future__ import annotations

import random
from typing import Any

from games.samurai import commands as cmd
from games.samurai.bots import evaluate, greedy_command
from games.samurai.state import CHOOSE, FIGURES, State
from games.search import search_command


def rollout_policy(
    s: State, seat: int, moves: list[dict[str, Any]], rng: random.Random
) -> dict[str, Any]:
    if s.placed and s.pending is None and rng.random() < 0.7:
        return {"type": cmd.END_TURN}
    near = s.board.near_settlements
    useful = [
        m
        for m in moves
        if m["type"] == cmd.PLACE_TILE and any(s.figures[x] for x in near.get(m["hex"], ()))
    ]
    if useful and rng.random() < 0.9:
        return rng.choice(useful)
    return rng.choice(moves)


def search(engine: Any, s: State, seat: int, rng: random.Random, budget_s: float) -> dict:
    if s.phase in (CHOOSE, FIGURES):
        return greedy_command(s, seat, rng)
    return search_command(
        engine,
        s,
        seat,
        s.n,
        rng,
        budget_s=budget_s,
        rollout_policy=rollout_policy,
        evaluate=evaluate,
        rollout_depth=12,
    )
