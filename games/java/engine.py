"""The Java engine object: the contract of ``games.base.Engine`` wired to the rule modules."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import (
    Command,
    Event,
    Option,
    Outcome,
    check_player_count,
    rank_by,
    validate_options_against,
)
from games.java import bots, rules, views
from games.java.commands import COMMANDS
from games.java.data import COMPONENTS
from games.java.events import EVENT_TEXTS, apply_event
from games.java.state import JavaState, clone, from_json, to_json

OPTIONS = (
    Option(
        name="token_timing",
        kind="choice",
        default="any_time",
        description="When an action token may be used: at any moment of the turn (the text's "
        "proposal) or only at the start of the turn (the official rule).",
        choices=("any_time", "start_of_turn"),
    ),
)


class JavaEngine:
    slug = "java"
    name = "Java"
    min_players = 2
    max_players = 4
    rules_version = 1
    options = OPTIONS
    commands = COMMANDS
    event_texts = EVENT_TEXTS
    bot_levels = ("random", "greedy", "search")

    def validate_options(self, n_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        check_player_count(self.name, self.min_players, self.max_players, n_players)
        return validate_options_against(self.options, options)

    def setup(self, n_players: int, options: Mapping[str, Any], rng: random.Random) -> list[Event]:
        names = COMPONENTS.card_names
        deck = [names[k] for k, count in enumerate(COMPONENTS.card_counts) for _ in range(count)]
        rng.shuffle(deck)
        hands = []
        for _ in range(n_players):
            hands.append([deck.pop() for _ in range(COMPONENTS.cards_each)])
        open_card = deck.pop()
        return [
            {
                "type": "GameSetUp",
                "players": n_players,
                "options": dict(options),
                "hands": hands,
                "deck": deck,
                "open": open_card,
            }
        ]

    def apply(self, state: Any, event: Event) -> Any:
        return apply_event(state, event)

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
        return views.is_undo_barrier(event)

    def outcome(self, state: JavaState) -> Outcome | None:
        if not state.over:
            return None
        keys = [(0 if state.forfeited[p] else 1, state.scores[p]) for p in range(state.n)]
        return Outcome(
            ranks=rank_by(keys),
            scores=[float(x) for x in state.scores],
            tiebreak=None,
            details={"forfeited": [p for p in range(state.n) if state.forfeited[p]]},
        )

    def clone(self, state: JavaState) -> JavaState:
        return clone(state)

    def state_to_json(self, state: JavaState) -> Any:
        return to_json(state)

    def state_from_json(self, data: Any) -> JavaState:
        return from_json(data)

    def determinize(self, state: JavaState, seat: int, rng: random.Random) -> JavaState:
        return bots.determinize(state, seat, rng)

    def bot_command(
        self, state: JavaState, seat: int, level: str, rng: random.Random, budget_s: float
    ) -> Command:
        return bots.bot_command(self, state, seat, level, rng, budget_s)


ENGINE = JavaEngine()
