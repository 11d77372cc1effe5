"""Drunter und Drüber (Klaus Teuber, Hans im Glück 1991): routes through a town, secret
building owners, outhouse votes; the extended rules with goal cards as an option."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import Command, Event, EventText, Outcome, check_player_count
from games.base import validate_options_against as _validate
from games.drunter import bots, events, flow, sim, state, views
from games.drunter import commands as cmds
from games.drunter.state import OVER, VOTE, State
from games.search import search_command

META = {
    "slug": "drunter",
    "name": "Drunter und Drüber",
    "designer": "Klaus Teuber",
    "players": (2, 4),
}


class _SearchFacade:
    """The engine as the shared search sees it: identical, except that a vote offers a few
    sensible card sets instead of all of them (up to 128), which would drown the tree."""

    def __init__(self, engine: DrunterEngine) -> None:
        self._engine = engine

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def legal_commands(self, s: State, seat: int) -> list[Command]:
        if s.phase == VOTE and seat in cmds.active_seats(s):
            return bots.pruned_votes(s, seat)
        return self._engine.legal_commands(s, seat)


def search_move(
    s: State, seat: int, rng: random.Random, budget_s: float, stats: dict[str, Any] | None = None
) -> Command:
    """ISMCTS (games.search) over belief-weighted determinisations; each leaf is valued by one
    fast playout (sim.playout) instead of a rollout through execute/apply."""
    return search_command(
        _SearchFacade(ENGINE),  # type: ignore[arg-type]
        s,
        seat,
        s.n,
        rng,
        budget_s=budget_s,
        rollout_depth=0,
        evaluate=lambda leaf: sim.playout(leaf, rng),
        stats=stats,
    )


class DrunterEngine:
    slug = "drunter"
    name = "Drunter und Drüber"
    min_players = 2
    max_players = 4
    rules_version = 1
    options = cmds.OPTIONS
    commands = cmds.COMMANDS
    event_texts: Mapping[str, EventText] = events.EVENT_TEXTS
    bot_levels = ("random", "greedy", "search")

    def validate_options(self, n_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        check_player_count(self.name, self.min_players, self.max_players, n_players)
        return _validate(self.options, options)

    def setup(self, n_players: int, options: Mapping[str, Any], rng: random.Random) -> list[Event]:
        return flow.setup(n_players, options, rng)

    def apply(self, s: State | None, event: Event) -> State:
        return events.apply(s, event)

    def active_seats(self, s: State) -> frozenset[int]:
        return cmds.active_seats(s)

    def legal_commands(self, s: State, seat: int) -> list[Command]:
        return cmds.legal_commands(s, seat)

    def execute(self, s: State, seat: int, command: Command, rng: random.Random) -> list[Event]:
        return flow.execute(s, seat, command)

    def forfeit(self, s: State, seat: int) -> list[Event]:
        return flow.forfeit(s, seat)

    def view(self, s: State, seat: int | None) -> Any:
        return views.view(s, seat)

    def admin_view(self, s: State) -> Any:
        return views.admin_view(s)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        return events.redact(event, seat)

    def is_undo_barrier(self, event: Event) -> bool:
        # Every command either ends the turn, involves the other players (votes, goals) or
        # deals/reveals secrets, so nothing is ever taken back.
        return True

    def outcome(self, s: State) -> Outcome | None:
        if s.phase != OVER or s.result is None:
            return None
        r = s.result
        details = {k: v for k, v in r.items() if k not in ("scores", "ranks", "tiebreak")}
        return Outcome(
            ranks=list(r["ranks"]),
            scores=[float(x) for x in r["scores"]],
            tiebreak=r["tiebreak"],
            details=details,
        )

    def clone(self, s: State) -> State:
        return state.clone(s)

    def state_to_json(self, s: State) -> Any:
        return state.to_json(s)

    def state_from_json(self, data: Any) -> State:
        return state.from_json(data)

    def determinize(self, s: State, seat: int, rng: random.Random) -> State:
        return bots.determinize(s, seat, rng)

    def bot_command(
        self, s: State, seat: int, level: str, rng: random.Random, budget_s: float
    ) -> Command:
        legal = self.legal_commands(s, seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal command")
        if level == "random":
            return rng.choice(legal)
        if level == "greedy" or s.phase != "place":
            # Votes, jokers and goal commitments follow the hand-written evaluation.
            return bots.greedy_command(s, seat, rng)
        if level == "search":
            return search_move(s, seat, rng, budget_s)
        raise ValueError(f"unknown bot level {level!r}")


ENGINE = DrunterEngine()
