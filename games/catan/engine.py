"""The Catan engine: ``META`` and the contract of ``games/base.py`` wired to this package's
modules (thin glue, no rules of its own)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from games.base import Command, Event, GameMeta, Outcome
from games.catan import bots, scoring, setup, views
from games.catan.commands import COMMANDS
from games.catan.events import EVENT_TEXTS, apply, is_undo_barrier
from games.catan.explain import explain
from games.catan.legal import active_seats, legal_commands
from games.catan.match_words import BOT_WORDS, DEFAULT_BOT_LEVEL, OPTION_WORDS, PLAYER_BOT_LEVELS
from games.catan.narrate import narrate
from games.catan.options import OPTIONS, validate
from games.catan.rules import execute, forfeit
from games.catan.state import State, clone_state, state_from_json, state_to_json
from games.catan.words import GLOSSARY
from games.narration import Explanation, Reader

META = GameMeta(
    slug="catan",
    name="Catan",
    min_players=2,
    max_players=4,
    # 2: each variant clarification switchable, theft optional with the variant, presets (the
    # options a match was created with are in GameCreated; missing ones keep version 1's rules).
    rules_version=2,
    bot_levels=("random", "greedy", "search", "ismcts"),
)


class CatanEngine:
    slug = META.slug
    name = META.name
    min_players = META.min_players
    max_players = META.max_players
    rules_version = META.rules_version
    options = OPTIONS
    commands = COMMANDS
    event_texts = EVENT_TEXTS  # read by the platform until every game speaks through narrate
    bot_levels = META.bot_levels
    bot_level_texts = bots.LEVEL_TEXTS
    # Words for players (games/WORDS.md).
    option_words = OPTION_WORDS
    bot_words = BOT_WORDS
    default_bot_level = DEFAULT_BOT_LEVEL
    player_bot_levels = PLAYER_BOT_LEVELS
    glossary = GLOSSARY

    def __init__(self) -> None:
        # The hot calls bound straight to the module functions: one Python frame less per call
        # in playouts and searches (the methods below document the same signatures).
        self.apply = apply  # type: ignore[method-assign]
        self.active_seats = active_seats  # type: ignore[method-assign]
        self.legal_commands = legal_commands  # type: ignore[method-assign]
        self.execute = execute  # type: ignore[method-assign]
        self.outcome = scoring.outcome  # type: ignore[method-assign]
        self.narrate = narrate  # type: ignore[method-assign]

    def validate_options(self, n_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        return validate(self.name, self.min_players, self.max_players, n_players, options)

    def setup(self, n_players: int, options: Mapping[str, Any], rng: random.Random) -> list[Event]:
        return setup.setup(n_players, options, rng)

    def apply(self, state: State | None, event: Event) -> State:
        return apply(state, event)

    def active_seats(self, state: State) -> frozenset[int]:
        return active_seats(state)

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        return legal_commands(state, seat)

    def execute(self, state: State, seat: int, command: Command, rng: random.Random) -> list[Event]:
        return execute(state, seat, command, rng)

    def forfeit(self, state: State, seat: int) -> list[Event]:
        return forfeit(state, seat)

    def view(self, state: State, seat: int | None) -> Any:
        return views.view(state, seat)

    def admin_view(self, state: State) -> Any:
        return views.admin_view(state)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        return views.redact(event, seat)

    def is_undo_barrier(self, event: Event) -> bool:
        return is_undo_barrier(event)

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state)

    def narrate(self, event: Event, reader: Reader) -> str | None:
        return narrate(event, reader)

    def explain(
        self, state: State, reader: Reader, events: Iterable[Event] | None = None
    ) -> Explanation | None:
        return explain(state, reader, events)

    def clone(self, state: State) -> State:
        return clone_state(state)

    def state_to_json(self, state: State) -> Any:
        return state_to_json(state)

    def state_from_json(self, data: Any) -> State:
        return state_from_json(data)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return views.determinize(state, seat, rng)

    def bot_command(
        self, state: State, seat: int, level: str, rng: random.Random, budget_s: float
    ) -> Command:
        if level == "random":  # the common case in simulations, one call less
            return bots.random_command(state, seat, rng)
        return bots.bot_command(self, state, seat, level, rng, budget_s)  # type: ignore[arg-type]


ENGINE = CatanEngine()
