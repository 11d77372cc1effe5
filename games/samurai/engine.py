"""``SamuraiEngine``: the contract of ``games/base.py`` wired to the modules of this package."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import Outcome, check_player_count, validate_options_against
from games.samurai import bots, rules, views
from games.samurai import events as ev
from games.samurai.commands import COMMANDS, OPTIONS, RANDOM_START
from games.samurai.data import HAND_SIZE
from games.samurai.fold import apply, new_state
from games.samurai.scoring import outcome
from games.samurai.state import State, clone, from_json, to_json


class SamuraiEngine:
    slug = "samurai"
    name = "Samurai"
    min_players = 2
    max_players = 4
    rules_version = 1
    options = OPTIONS
    commands = COMMANDS
    event_texts = ev.EVENT_TEXTS
    bot_levels = bots.LEVELS

    def validate_options(self, n_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        check_player_count(self.name, self.min_players, self.max_players, n_players)
        return validate_options_against(self.options, options)

    def setup(self, n_players: int, options: Mapping[str, Any], rng: random.Random) -> list[dict]:
        events: list[dict[str, Any]] = [
            {"type": ev.GAME_STARTED, "n_players": n_players, "options": dict(options)}
        ]
        if options.get(RANDOM_START):
            # The text's advice for a first game: shuffle all 20 and take 5 at random.
            state = new_state(n_players, dict(options))
            for seat in range(n_players):
                drawn = sorted(rng.sample(state.supplies[seat], HAND_SIZE))
                events.append(
                    {"type": ev.TILES_DRAWN, "seat": seat, "tiles": drawn, "count": HAND_SIZE}
                )
        return events

    def apply(self, state: State | None, event: dict[str, Any]) -> State:
        return apply(state, event)

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
        return views.is_undo_barrier(event)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def clone(self, state: State) -> State:
        return clone(state)

    def state_to_json(self, state: State) -> dict[str, Any]:
        return to_json(state)

    def state_from_json(self, data: dict[str, Any]) -> State:
        return from_json(data)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return bots.determinize(state, seat, rng)

    def bot_command(
        self, state: State, seat: int, level: str, rng: random.Random, budget_s: float
    ) -> dict[str, Any]:
        return bots.bot_command(self, state, seat, level, rng, budget_s)
