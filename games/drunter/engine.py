"""The Drunter und Drüber engine: ``META`` and the contract of ``games/base.py`` wired to this
package's modules (thin glue, no rules of its own)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from games.base import Command, Event, EventText, GameMeta, Outcome, check_player_count
from games.base import validate_options_against as _validate
from games.drunter import bots, events, legal, rules, scoring, setup, state, views
from games.drunter import commands as cmds
from games.drunter.explain import explain
from games.drunter.match_form_words import (
    BOT_WORDS,
    DEFAULT_BOT_LEVEL,
    OPTION_WORDS,
    PLAYER_BOT_LEVELS,
)
from games.drunter.narrate import narrate
from games.drunter.state import State
from games.drunter.words import GLOSSARY
from games.narration import BotWords, Explanation, OptionWords, Reader, Words

META = GameMeta(
    slug="drunter",
    name="Drunter und Drüber",
    min_players=2,
    max_players=4,
    # 2: the extended rules deal goal cards at random by default (extended rule 4), options
    # shrug_with_others and tunnel_keeps_builder (missing in an older match: its rules).
    rules_version=2,
    bot_levels=("random", "greedy", "search"),
)


class DrunterEngine:
    slug = META.slug
    name = META.name
    min_players = META.min_players
    max_players = META.max_players
    rules_version = META.rules_version
    options = cmds.OPTIONS
    commands = cmds.COMMANDS
    event_texts: Mapping[str, EventText] = events.EVENT_TEXTS
    bot_levels = META.bot_levels
    bot_level_texts = bots.LEVEL_TEXTS
    # Words for players (games/WORDS.md): words.py, narrate.py, explain.py, match_form_words.py
    # and the rules pages rules.en.md / rules.cs.md.
    option_words: Mapping[str, OptionWords] = OPTION_WORDS
    bot_words: Mapping[str, BotWords] = BOT_WORDS
    player_bot_levels: tuple[str, ...] = PLAYER_BOT_LEVELS
    default_bot_level: str = DEFAULT_BOT_LEVEL
    glossary: Mapping[str, Mapping[str, Words]] = GLOSSARY

    def narrate(self, event: Event, reader: Reader) -> str | None:
        return narrate(event, reader)

    def explain(
        self, s: State, reader: Reader, events: Iterable[Event] | None = None
    ) -> Explanation | None:
        return explain(s, reader, events)

    def validate_options(self, n_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        check_player_count(self.name, self.min_players, self.max_players, n_players)
        return _validate(self.options, options)

    def setup(self, n_players: int, options: Mapping[str, Any], rng: random.Random) -> list[Event]:
        return setup.setup(n_players, options, rng)

    def apply(self, s: State | None, event: Event) -> State:
        return events.apply(s, event)

    def active_seats(self, s: State) -> frozenset[int]:
        return legal.active_seats(s)

    def legal_commands(self, s: State, seat: int) -> list[Command]:
        return legal.legal_commands(s, seat)

    def execute(self, s: State, seat: int, command: Command, rng: random.Random) -> list[Event]:
        return rules.execute(s, seat, command)

    def forfeit(self, s: State, seat: int) -> list[Event]:
        return rules.forfeit(s, seat)

    def view(self, s: State, seat: int | None) -> Any:
        return views.view(s, seat)

    def admin_view(self, s: State) -> Any:
        return views.admin_view(s)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        return views.redact(event, seat)

    def is_undo_barrier(self, event: Event) -> bool:
        # Every command either ends the turn, involves the other players (votes, goals) or
        # deals/reveals secrets, so nothing is ever taken back.
        return True

    def outcome(self, s: State) -> Outcome | None:
        return scoring.outcome(s)

    def clone(self, s: State) -> State:
        return state.clone(s)

    def state_to_json(self, s: State) -> Any:
        return state.to_json(s)

    def state_from_json(self, data: Any) -> State:
        return state.from_json(data)

    def determinize(self, s: State, seat: int, rng: random.Random) -> State:
        return views.determinize(s, seat, rng)

    def bot_command(
        self, s: State, seat: int, level: str, rng: random.Random, budget_s: float
    ) -> Command:
        return bots.bot_command(self, s, seat, level, rng, budget_s)  # type: ignore[arg-type]


ENGINE = DrunterEngine()
