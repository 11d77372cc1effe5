"""The Catan engine object: options, set-up and the contract methods wired to the modules."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import (
    Command,
    Event,
    InvalidOptions,
    Option,
    Outcome,
    check_player_count,
    rank_by,
    validate_options_against,
)
from games.catan import bots
from games.catan.commands import COMMANDS
from games.catan.data import DEV_DECK_COUNTS, KNIGHT, VICTORY_STANDARD, VICTORY_VARIANT
from games.catan.events import EVENT_TEXTS, is_undo_barrier, redact
from games.catan.execute import execute
from games.catan.fold import apply_event
from games.catan.legal import active_seats, legal_commands
from games.catan.setup_board import beginner_board, random_board, setup_steps
from games.catan.state import OVER, State, clone_state, state_from_json, state_to_json
from games.catan.views import admin_view, view

KNIGHTS_REMOVED = 5  # variant rule 4

VARIANT_RULES = (
    "three_settlements",
    "choose_start_resources",
    "remove_five_knights",
    "lay_out_point_cards",
    "war",
    "robber_blocks_harbour",
    "city_needs_three_settlements",
)

OPTIONS: tuple[Option, ...] = (
    Option(
        "variant",
        "bool",
        False,
        "Czech variant rules (clarifications, rule 1) with 3-4 players; always on with 2.",
    ),
    Option(
        "victory_points",
        "choice",
        0,
        "Points to win: 0 = by the rules (12 with two players, 10 otherwise), or 10 or 12.",
        choices=(0, 10, 12),
    ),
    Option("beginner_board", "bool", False, "The beginners' fixed map instead of a random one."),
    Option("three_settlements", "bool", False, "Rule 2: three settlements, order A1-B2-A2-B1."),
    Option(
        "choose_start_resources",
        "bool",
        False,
        "Rule 3: each player chooses the settlement that pays the starting resources.",
    ),
    Option("remove_five_knights", "bool", False, "Rule 4: five knights leave the deck."),
    Option("lay_out_point_cards", "bool", False, "Rule 5: point cards may be laid out for good."),
    Option("war", "bool", False, "Rule 6: war between players."),
    Option("robber_blocks_harbour", "bool", False, "Rule 7: a robber on a harbour blocks it."),
    Option(
        "city_needs_three_settlements",
        "bool",
        False,
        "Rule 8: the first city needs three settlements.",
    ),
    Option(
        "trade_offers_per_turn",
        "int",
        3,
        "Trade offers a player may open per turn (counter-offers are not counted).",
        minimum=0,
        maximum=20,
    ),
)


class CatanEngine:
    slug = "catan"
    name = "Catan"
    min_players = 2
    max_players = 4
    rules_version = 1
    options = OPTIONS
    commands = COMMANDS
    event_texts = EVENT_TEXTS
    bot_levels = ("random", "greedy", "search", "ismcts")

    def __init__(self) -> None:
        # The hot calls bound straight to the module functions: one Python frame less per call
        # in playouts and searches (the methods below document the same signatures).
        self.apply = apply_event  # type: ignore[method-assign]
        self.active_seats = active_seats  # type: ignore[method-assign]
        self.legal_commands = legal_commands  # type: ignore[method-assign]
        self.execute = execute  # type: ignore[method-assign]

    def validate_options(self, n_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        check_player_count(self.name, self.min_players, self.max_players, n_players)
        out = validate_options_against(self.options, options)
        if n_players == 2:
            out["variant"] = True  # the base game is for 3-4; two players play the variant
        elif not out["variant"]:
            used = [name for name in VARIANT_RULES if out[name]]
            if used:
                raise InvalidOptions(
                    f"Option(s) {', '.join(used)} belong to the two-player variant; "
                    "set variant to use them with more players."
                )
        return out

    def setup(self, n_players: int, options: Mapping[str, Any], rng: random.Random) -> list[Event]:
        opts = dict(options)
        if opts["beginner_board"]:
            hexes, numbers, harbours = beginner_board()
        else:
            hexes, numbers, harbours = random_board(rng)
        counts = list(DEV_DECK_COUNTS)
        if opts["remove_five_knights"]:
            counts[KNIGHT] -= KNIGHTS_REMOVED
        deck = [k for k, c in enumerate(counts) for _ in range(c)]
        rng.shuffle(deck)
        target = opts["victory_points"] or (VICTORY_VARIANT if n_players == 2 else VICTORY_STANDARD)
        first = rng.randrange(n_players)
        robber = hexes.index(-1)
        return [
            {
                "type": "GameCreated",
                "n_players": n_players,
                "options": opts,
                "target": target,
                "variant": bool(opts["variant"]),
                "hexes": hexes,
                "numbers": numbers,
                "harbours": harbours,
                "robber": robber,
                "first": first,
                "deck": deck,
                "setup_steps": setup_steps(n_players, first, opts["three_settlements"]),
            }
        ]

    def apply(self, state: State | None, event: Event) -> State:
        return apply_event(state, event)

    def active_seats(self, state: State) -> frozenset[int]:
        return active_seats(state)

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        return legal_commands(state, seat)

    def execute(self, state: State, seat: int, command: Command, rng: random.Random) -> list[Event]:
        return execute(state, seat, command, rng)

    def forfeit(self, state: State, seat: int) -> list[Event]:
        if state.phase == OVER or state.forfeited[seat]:
            return []
        return [{"type": "SeatForfeited", "seat": seat}]

    def view(self, state: State, seat: int | None) -> Any:
        return view(state, seat)

    def admin_view(self, state: State) -> Any:
        return admin_view(state)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        return redact(event, seat)

    def is_undo_barrier(self, event: Event) -> bool:
        return is_undo_barrier(event)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER or state.final_points is None:
            return None
        points = state.final_points
        winner = state.winner
        keys = [
            (
                0 if state.forfeited[p] and p != winner else 1,
                1 if p == winner else 0,
                points[p],
            )
            for p in range(state.n)
        ]
        ranks = rank_by(keys)
        losers = [points[p] for p in range(state.n) if p != winner]
        return Outcome(
            ranks=ranks,
            scores=[float(v) for v in points],
            tiebreak=None,
            details={
                "winner": winner,
                "target": state.target,
                "points": list(points),
                # Rule 1 series scoring adds these margins (winner minus the best loser).
                "margin": points[winner] - max(losers, default=0),
                "longest_road": None if state.lr_holder < 0 else state.lr_holder,
                "largest_army": None if state.la_holder < 0 else state.la_holder,
            },
        )

    def clone(self, state: State) -> State:
        return clone_state(state)

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


ENGINE = CatanEngine()
