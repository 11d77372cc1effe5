"""Helpers for engine tests and benchmarks: seeded random playouts through the real contract.

``play_random_game`` drives ``execute`` + ``apply`` exactly as the platform does, so the contract
suite (``tests/games/test_contract.py``) and the per-game property tests share one driver.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.base import Engine, Event


@dataclass
class Playout:
    events: list[Event] = field(default_factory=list)
    state: Any = None
    commands: int = 0
    finished: bool = False


def fold(engine: Engine, events: list[Event]) -> Any:
    state = None
    for event in events:
        state = engine.apply(state, event)
    return state


def play_random_game(
    engine: Engine,
    n_players: int,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    max_commands: int = 20_000,
    after_event: Callable[[Any, Event], None] | None = None,
    choose: Callable[[Any, int, random.Random], dict[str, Any]] | None = None,
) -> Playout:
    """Play one game with uniformly random legal commands (or ``choose``), seat picked at random
    among the active ones. ``after_event(state, event)`` runs after each applied event so tests
    can check invariants."""
    rng = random.Random(seed)
    opts = engine.validate_options(n_players, options or {})
    out = Playout()
    for event in engine.setup(n_players, opts, rng):
        out.state = engine.apply(out.state, event)
        out.events.append(event)
        if after_event:
            after_event(out.state, event)
    while out.commands < max_commands:
        if engine.outcome(out.state) is not None:
            out.finished = True
            break
        seats = sorted(engine.active_seats(out.state))
        if not seats:
            raise AssertionError("game not over but no seat may act")
        seat = rng.choice(seats)
        if choose is not None:
            command = choose(out.state, seat, rng)
        else:
            legal = engine.legal_commands(out.state, seat)
            if not legal:
                raise AssertionError(f"seat {seat} is active but has no legal command")
            command = rng.choice(legal)
        for event in engine.execute(out.state, seat, command, rng):
            out.state = engine.apply(out.state, event)
            out.events.append(event)
            if after_event:
                after_event(out.state, event)
        out.commands += 1
    return out


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
