"""Short seeded bot games as streams, shared by the analysis tests (tests/games/test_analysis.py,
tests/games/test_hint_no_leak.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from games.analysis import StreamEvent
from games.base import Engine
from games.registry import get_engine

GAMES = ("samurai", "yspahan", "java", "catan", "drunter")
# Catan bots otherwise spend turns on domestic trade offers that no bot accepts.
OPTIONS: dict[str, dict[str, Any]] = {"catan": {"trade_offers_per_turn": 0}}


@dataclass
class Game:
    engine: Engine
    n_players: int
    state: Any = None
    stream: list[StreamEvent] = field(default_factory=list)
    commands: int = 0

    def play(self, seat: int, command: dict[str, Any], rng: random.Random) -> None:
        """Play one command as the platform does, recording its events under one command id."""
        for event in self.engine.execute(self.state, seat, command, rng):
            self.state = self.engine.apply(self.state, event)
            self.stream.append(
                StreamEvent(len(self.stream) + 1, seat, f"cmd-{self.commands}", event)
            )
        self.commands += 1

    def has_choice(self, seat: int) -> bool:
        return (
            self.engine.outcome(self.state) is None
            and seat in self.engine.active_seats(self.state)
            and len(self.engine.legal_commands(self.state, seat)) > 1
        )


def start(slug: str, n_players: int = 2, seed: int = 0) -> Game:
    engine = get_engine(slug)
    rng = random.Random(seed)
    options = engine.validate_options(n_players, OPTIONS.get(slug, {}))
    game = Game(engine, n_players)
    for event in engine.setup(n_players, options, rng):
        game.state = engine.apply(game.state, event)
        game.stream.append(StreamEvent(len(game.stream) + 1, None, None, event))
    return game


def greedy_game(slug: str, commands: int, seed: int = 0, n_players: int = 2) -> Game:
    """``commands`` greedy commands from a seeded start (fewer if the game ends)."""
    game = start(slug, n_players, seed)
    rng = random.Random(seed + 1)
    while game.commands < commands and game.engine.outcome(game.state) is None:
        seat = min(game.engine.active_seats(game.state))
        game.play(seat, game.engine.bot_command(game.state, seat, "greedy", rng, 0.01), rng)
    return game


def until_choice(slug: str, seat: int, at_least: int, seed: int = 0) -> Game:
    """A greedy game played until ``seat`` has a real choice after at least ``at_least``
    commands."""
    game = greedy_game(slug, at_least, seed)
    rng = random.Random(seed + 2)
    while not game.has_choice(seat):
        assert game.engine.outcome(game.state) is None, "the game ended before the seat chose"
        actor = min(game.engine.active_seats(game.state))
        game.play(actor, game.engine.bot_command(game.state, actor, "greedy", rng, 0.01), rng)
    return game
