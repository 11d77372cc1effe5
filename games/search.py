"""A shared search bot: information-set Monte Carlo tree search over determinisations.

Each iteration re-deals what the bot's seat cannot know (``engine.determinize``), walks the tree
with UCB1 restricted to the moves available in that determinisation (SO-ISMCTS, Cowling et al.
2012), expands one move, plays a rollout and backs the result up. The bot never reads the true
hidden state: the root state it searches from is always a determinised copy.

Engines pass their own rollout policy (a cheap heuristic beats uniform random) and an
``evaluate`` used when a rollout is cut off, so long games stay within the time budget.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from games.base import Command, Engine
from games.testing import canonical

Policy = Callable[[Any, int, list[Command], random.Random], Command]
Evaluate = Callable[[Any], Sequence[float]]  # per-seat value in [0, 1]


class _Node:
    __slots__ = ("actor", "avail", "children", "total", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def outcome_values(engine: Engine, state: Any, n_players: int) -> list[float]:
    """1 for a sole winner, shared equally by tied winners, 0 otherwise."""
    result = engine.outcome(state)
    if result is None:
        return [1.0 / n_players] * n_players
    winners = [s for s, r in enumerate(result["ranks"]) if r == 1]
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(n_players)]


def _acting_seat(engine: Engine, state: Any, me: int) -> int:
    seats = engine.active_seats(state)
    return me if me in seats else min(seats)


def _play(engine: Engine, state: Any, seat: int, command: Command, rng: random.Random) -> Any:
    for event in engine.execute(state, seat, command, rng):
        state = engine.apply(state, event)
    return state


def search_command(
    engine: Engine,
    state: Any,
    seat: int,
    n_players: int,
    rng: random.Random,
    *,
    budget_s: float = 1.0,
    max_iterations: int | None = None,
    rollout_policy: Policy | None = None,
    evaluate: Evaluate | None = None,
    rollout_depth: int | None = None,
    exploration: float = 0.7,
    stats: dict[str, Any] | None = None,
) -> Command:
    """Pick a command for ``seat`` by ISMCTS within ``budget_s`` seconds (or ``max_iterations``)."""
    legal = engine.legal_commands(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal command")
    if len(legal) == 1:
        return legal[0]
    root = _Node(seat)
    deadline = time.perf_counter() + budget_s
    iterations = 0
    while True:
        if max_iterations is not None and iterations >= max_iterations:
            break
        if time.perf_counter() >= deadline and iterations > 0:
            break
        iterations += 1
        s = engine.determinize(state, seat, rng)
        node = root
        path: list[_Node] = []
        # Selection and expansion.
        while engine.outcome(s) is None:
            actor = _acting_seat(engine, s, seat)
            moves = engine.legal_commands(s, actor)
            keyed = [(canonical(m), m) for m in moves]
            untried = [(k, m) for k, m in keyed if k not in node.children]
            for k, _ in keyed:
                child = node.children.get(k)
                if child is not None:
                    child.avail += 1
            if untried:
                k, m = untried[rng.randrange(len(untried))]
                child = _Node(actor)
                child.avail = 1
                node.children[k] = child
                s = _play(engine, s, actor, m, rng)
                path.append(child)
                break
            best_key, best_move, best_score = "", moves[0], -1.0
            for k, m in keyed:
                c = node.children[k]
                score = c.total / c.visits + exploration * math.sqrt(
                    math.log(max(c.avail, 1)) / c.visits
                )
                if score > best_score:
                    best_key, best_move, best_score = k, m, score
            node = node.children[best_key]
            s = _play(engine, s, actor, best_move, rng)
            path.append(node)
        # Rollout.
        depth = 0
        while engine.outcome(s) is None and (rollout_depth is None or depth < rollout_depth):
            actor = _acting_seat(engine, s, seat)
            moves = engine.legal_commands(s, actor)
            move = rollout_policy(s, actor, moves, rng) if rollout_policy else rng.choice(moves)
            s = _play(engine, s, actor, move, rng)
            depth += 1
        if engine.outcome(s) is None and evaluate is not None:
            values = list(evaluate(s))
        else:
            values = outcome_values(engine, s, n_players)
        for visited in path:
            visited.visits += 1
            visited.total += values[visited.actor]
    keys = {canonical(m): m for m in legal}
    if stats is not None:
        # The root's statistics (the analysis reads them): per legal move tried, its visits and
        # mean value for ``seat``, most visited first.
        stats["iterations"] = iterations
        tried = sorted(
            ((k, c) for k, c in root.children.items() if k in keys and c.visits),
            key=lambda kc: -kc[1].visits,
        )
        stats["moves"] = [
            {"command": keys[k], "visits": c.visits, "mean": c.total / c.visits} for k, c in tried
        ]
    best = max(
        (k for k in root.children if k in keys),
        key=lambda k: root.children[k].visits,
        default=None,
    )
    return keys[best] if best is not None else rng.choice(legal)
