"""The Java engine: ``META`` and the contract of ``games/base.py`` wired to this package's
modules (thin glue, no rules of its own)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from games.base import (
    Command,
    Event,
    GameMeta,
    Outcome,
    check_player_count,
    validate_options_against,
)
from games.java import bots, events, rules, setup, views
from games.java.commands import COMMANDS, OPTIONS
from games.java.explain import explain
from games.java.narrate import narrate
from games.java.setup_words import BOT_WORDS, DEFAULT_BOT_LEVEL, OPTION_WORDS, PLAYER_BOT_LEVELS
from games.java.state import JavaState, clone, state_from_json, state_to_json
from games.java.words import GLOSSARY
from games.narration import Explanation, Reader

META = GameMeta(
    slug="java",
    name="Java",
    min_players=2,
    max_players=4,
    # 2: the land duty kept on every path, the official token timing by default, whole moves
    # only as an option, a stalled island ends as after the last three-space tile (README, Rules
    # versions; the version is recorded in GameSetUp, older matches keep version 1's rules).
    rules_version=2,
    bot_levels=("random", "greedy", "search"),
)


class JavaEngine:
    slug = META.slug
    name = META.name
    min_players = META.min_players
    max_players = META.max_players
    rules_version = META.rules_version
    options = OPTIONS
    commands = COMMANDS
    event_texts = events.EVENT_TEXTS
    bot_levels = META.bot_levels
    bot_level_texts = bots.LEVEL_TEXTS
    # Words for players (games/WORDS.md).
    option_words = OPTION_WORDS
    bot_words = BOT_WORDS
    player_bot_levels = PLAYER_BOT_LEVELS
    default_bot_level = DEFAULT_BOT_LEVEL
    glossary = GLOSSARY

    def narrate(self, event: Event, reader: Reader) -> str | None:
        return narrate(event, reader)

    def explain(
        self, state: JavaState, reader: Reader, events: Iterable[Event] | None = None
    ) -> Explanation | None:
        return explain(state, reader, events)

    def validate_options(self, n_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        check_player_count(self.name, self.min_players, self.max_players, n_players)
        return validate_options_against(self.options, options)

    def setup(self, n_players: int, options: Mapping[str, Any], rng: random.Random) -> list[Event]:
        return setup.setup(n_players, options, rng, self.rules_version)

    def apply(self, state: JavaState | None, event: Event) -> JavaState:
        return events.apply(state, event)

    def active_seats(self, state: JavaState) -> frozenset[int]:
        return rules.active_seats(state)

    def legal_commands(self, state: JavaState, seat: int) -> list[Command]:
        return rules.legal_commands(state, seat)

    def execute(
        self, state: JavaState, seat: int, command: Command, rng: random.Random
    ) -> list[Event]:
        return rules.execute(state, seat, command, rng)

    def forfeit(self, state: JavaState, seat: int) -> list[Event]:
        return rules.forfeit(state, seat)

    def view(self, state: JavaState, seat: int | None) -> Any:
        return views.view(state, seat)

    def admin_view(self, state: JavaState) -> Any:
        return views.admin_view(state)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        return views.redact(event, seat)

    def is_undo_barrier(self, event: Event) -> bool:
        return events.is_undo_barrier(event)

    def outcome(self, state: JavaState) -> Outcome | None:
        return rules.outcome(state)

    def clone(self, state: JavaState) -> JavaState:
        return clone(state)

    def state_to_json(self, state: JavaState) -> Any:
        return state_to_json(state)

    def state_from_json(self, data: Any) -> JavaState:
        return state_from_json(data)

    def determinize(self, state: JavaState, seat: int, rng: random.Random) -> JavaState:
        return views.determinize(state, seat, rng)

    def bot_command(
        self, state: JavaState, seat: int, level: str, rng: random.Random, budget_s: float
    ) -> Command:
        return bots.bot_command(state, seat, level, rng, budget_s)


ENGINE = JavaEngine()
