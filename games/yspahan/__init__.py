"""Yspahan (Sébastien Pauchon, Ystari 2006) for 2-4 players: the engine the platform loads."""

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
from games.yspahan import bots, rules, views
from games.yspahan.commands import COMMANDS
from games.yspahan.events import EVENT_TEXTS, apply
from games.yspahan.state import OVER, State, state_from_json, state_to_json

OPTIONS: tuple[Option, ...] = (
    Option(
        "building_points",
        "choice",
        "text",
        "Points for the 1st-6th building: 'text' 0/5/5/5/5/10 (Czech rules), "
        "'published' 0/0/5/5/5/10 (published game).",
        choices=("text", "published"),
    ),
    Option(
        "caravan_entry_points",
        "choice",
        "text",
        "Points for a cube entering caravan section 1/2/3: 'text' 1/2/3 (Czech rules), "
        "'published' 2/1/0 (published game as boardspace has it).",
        choices=("text", "published"),
    ),
    Option(
        "souk_clearing",
        "choice",
        "text",
        "'text': at the end of every round the cubes of unfinished souks go back (Czech rules); "
        "'published': souks keep their cubes until the end of the epoch (published game).",
        choices=("text", "published"),
    ),
)


class YspahanEngine:
    slug = "yspahan"
    name = "Yspahan"
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
        # "určí se počáteční hráč" (drawn at random); "karty se zamíchají".
        first = rng.randrange(n_players)
        deck = [c for c in range(9) for _ in range(2)]
        rng.shuffle(deck)
        order = rules.round_order(
            n_players, [False] * n_players, [0] * n_players, first, 1, 1, first
        )
        return [
            {
                "type": "GameStarted",
                "n_players": n_players,
                "options": dict(options),
                "first": first,
                "order": order,
            },
            {"type": "DeckShuffled", "order": deck, "count": len(deck)},
        ]

    def apply(self, state: State | None, event: Event) -> State:
        return apply(state, event)

    def active_seats(self, state: State) -> frozenset[int]:
        return rules.active_seats(state)

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        return rules.legal_commands(state, seat)

    def execute(self, state: State, seat: int, command: Command, rng: random.Random) -> list[Event]:
        return rules.execute(state, seat, command, rng)

    def forfeit(self, state: State, seat: int) -> list[Event]:
        return rules.forfeit(state, seat)

    def view(self, state: State, seat: int | None) -> Any:
        return views.view(state, seat)

    def admin_view(self, state: State) -> Any:
        return views.admin_view(state)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        return views.redact(event, seat)

    def is_undo_barrier(self, event: Event) -> bool:
        kind = event["type"]
        if kind in ("CardPlayed", "BonusCardDiscarded", "RowTaken", "CubePlaced", "BuildingBuilt"):
            return False
        if kind == "SupervisorMoved":
            return any(seat != event["seat"] for seat in event["affected"])
        if kind == "CubeEnteredCaravan":
            return event["source"] != "card"
        return True

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        # "v případě rovnosti žádné pomocné kriterium není určeno": equal points share the place;
        # a forfeited seat ranks below everyone still playing.
        keys = [(0 if state.out[s] else 1, state.vp[s]) for s in range(state.n)]
        return {
            "ranks": rank_by(keys),
            "scores": [float(v) for v in state.vp],
            "tiebreak": None,
            "details": {"forfeited": [s for s in range(state.n) if state.out[s]]},
        }

    def clone(self, state: State) -> State:
        return state.clone()

    def state_to_json(self, state: State) -> Any:
        return state_to_json(state)

    def state_from_json(self, data: Any) -> State:
        return state_from_json(data)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return bots.determinize(state, seat, rng)

    def bot_command(
        self, state: State, seat: int, level: str, rng: random.Random, budget_s: float
    ) -> Command:
        return bots.bot_command(self, state, seat, level, rng, budget_s)


ENGINE = YspahanEngine()
