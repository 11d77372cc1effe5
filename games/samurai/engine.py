"""The Samurai engine: ``META`` and the contract of ``games/base.py`` wired to this package's
modules (thin glue, no rules of its own)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from games.base import Event, GameMeta, Outcome, check_player_count, validate_options_against
from games.narration import Explanation, Reader
from games.samurai import bots, events, rules, views, words
from games.samurai import state as state_module
from games.samurai.commands import COMMANDS, OPTIONS
from games.samurai.explain import explain as explain_ending
from games.samurai.narrate import narrate as narrate_event
from games.samurai.state import State

META = GameMeta(
    slug="samurai",
    name="Samurai",
    min_players=2,
    max_players=4,
    rules_version=2,
    bot_levels=("random", "greedy", "search"),
)


class SamuraiEngine:
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
    option_words = words.OPTION_WORDS
    bot_words = words.BOT_WORDS
    player_bot_levels = words.PLAYER_BOT_LEVELS
    default_bot_level = words.DEFAULT_BOT_LEVEL
    glossary = words.GLOSSARY

    def narrate(self, event: dict[str, Any], reader: Reader) -> str | None:
        return narrate_event(event, reader)

    def explain(
        self, state: State, reader: Reader, events: Iterable[Event] | None = None
    ) -> Explanation | None:
        return explain_ending(state, reader, events)

    def validate_options(self, n_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        check_player_count(self.name, self.min_players, self.max_players, n_players)
        return validate_options_against(self.options, options)

    def setup(self, n_players: int, options: Mapping[str, Any], rng: random.Random) -> list[dict]:
        return rules.setup(n_players, options, rng, META.rules_version)

    def apply(self, state: State | None, event: dict[str, Any]) -> State:
        return events.apply(state, event)

    def active_seats(self, state: State) -> frozenset[int]:
        return rules.active_seats(state)

    def legal_commands(self, state: State, seat: int) -> list[dict[str, Any]]:
        return rules.legal_commands(state, seat)

    def execute(
        self, state: State, seat: int, command: dict[str, Any], rng: random.Random
    ) -> list[dict[str, Any]]:
        return rules.execute(state, seat, command, rng)

    def forfeit(self, state: State, seat: int) -> list[dict[str, Any]]:
        return rules.forfeit(state, seat)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def admin_view(self, state: State) -> dict[str, Any]:
        return views.admin_view(state)

    def redact(self, event: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        return views.redact(event, seat)

    def is_undo_barrier(self, event: dict[str, Any]) -> bool:
        return events.is_undo_barrier(event)

    def outcome(self, state: State) -> Outcome | None:
        return rules.outcome(state)

    def clone(self, state: State) -> State:
        return state_module.clone(state)

    def state_to_json(self, state: State) -> dict[str, Any]:
        return state_module.state_to_json(state)

    def state_from_json(self, data: dict[str, Any]) -> State:
        return state_module.state_from_json(data)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return views.determinize(state, seat, rng)

    def bot_command(
        self, state: State, seat: int, level: str, rng: random.Random, budget_s: float
    ) -> dict[str, Any]:
        return bots.bot_command(state, seat, level, rng, budget_s)


ENGINE = SamuraiEngine()
