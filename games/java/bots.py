"""Bots: random, greedy (hand-written evaluation over a planned turn) and search."""

from __future__ import annotations

import random
from typing import Any

from games.base import Command
from games.java.state import JavaState, clone


def determinize(s: JavaState, seat: int, rng: random.Random) -> JavaState:
    """Re-deal what ``seat`` cannot know: the deck order and the others' hidden cards (cards a
    player took face up stay known in that hand until bid)."""
    out = clone(s)
    pool = list(out.deck)
    for p in range(out.n):
        if p == seat:
            continue
        for k, count in enumerate(out.hands[p]):
            pool.extend([k] * (count - out.known[p][k]))
    rng.shuffle(pool)
    for p in range(out.n):
        if p == seat:
            continue
        hidden = sum(out.hands[p]) - sum(out.known[p])
        hand = out.known[p][:]
        for _ in range(hidden):
            hand[pool.pop()] += 1
        out.hands[p] = hand
    out.deck = pool
    return out


def bot_command(
    engine: Any, s: JavaState, seat: int, level: str, rng: random.Random, budget_s: float
) -> Command:
    legal = engine.legal_commands(s, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal command")
    return rng.choice(legal)
