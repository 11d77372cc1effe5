"""A tiny engine that exercises every part of the contract, for platform tests.

"Race": each seat is dealt a secret digit; in turn, a seat adds 1-3 points (as often as it
likes, at least once) and ends its turn, which draws a random bonus point. The game ends when
the total reaches the target; the most points win, ties broken by the secret digit.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from games.base import (
    GAME_OVER,
    NOT_YOUR_TURN,
    CommandSpec,
    Field,
    IllegalCommand,
    Option,
    check_command_shape,
    check_player_count,
    rank_by,
    validate_options_against,
)

MUST_ADD = "must_add"
BAD_AMOUNT = "bad_amount"


class RaceEngine:
    slug = "race"
    name = "Race"
    min_players = 2
    max_players = 3
    rules_version = 1
    options = (Option("target", "int", 12, "Points that end the game.", minimum=3, maximum=99),)
    commands = (
        CommandSpec("add", "Add 1-3 points.", (Field("amount", "int", "1, 2 or 3"),)),
        CommandSpec("end_turn", "End the turn and draw a bonus."),
    )
    _specs = {c.type: c for c in commands}
    bot_levels = ("random", "greedy", "search")

    def validate_options(self, n_players: int, options: Any) -> dict[str, Any]:
        check_player_count(self.name, self.min_players, self.max_players, n_players)
        return validate_options_against(self.options, options)

    def setup(self, n_players: int, options: Any, rng: random.Random) -> list[dict[str, Any]]:
        return [
            {"type": "GameStarted", "players": n_players, "target": options["target"]},
            {"type": "SecretsDealt", "secrets": [rng.randint(1, 9) for _ in range(n_players)]},
        ]

    def apply(self, state: Any, event: dict[str, Any]) -> Any:
        t = event["type"]
        if t == "GameStarted":
            n = event["players"]
            return {
                "n": n,
                "target": event["target"],
                "points": [0] * n,
                "turn": 0,
                "added": False,
                "secrets": [],
                "out": [],
                "over": False,
            }
        if t == "SecretsDealt":
            state["secrets"] = list(event["secrets"])
        elif t == "Added":
            state["points"][event["seat"]] += event["amount"]
            state["added"] = True
        elif t in ("TurnEnded", "Forfeited"):
            if t == "TurnEnded":
                state["points"][event["seat"]] += event["bonus"]
            else:
                state["out"].append(event["seat"])
            state["added"] = False
            alive = [s for s in range(state["n"]) if s not in state["out"]]
            if len(alive) <= 1 or sum(state["points"]) >= state["target"]:
                state["over"] = True
            else:
                nxt = (state["turn"] + 1) % state["n"]
                while nxt in state["out"]:
                    nxt = (nxt + 1) % state["n"]
                state["turn"] = nxt
        return state

    def active_seats(self, state: Any) -> frozenset[int]:
        return frozenset() if state["over"] else frozenset({state["turn"]})

    def legal_commands(self, state: Any, seat: int) -> list[dict[str, Any]]:
        if seat not in self.active_seats(state):
            return []
        out: list[dict[str, Any]] = [{"type": "add", "amount": a} for a in (1, 2, 3)]
        if state["added"]:
            out.append({"type": "end_turn"})
        return out

    def execute(
        self, state: Any, seat: int, command: Any, rng: random.Random
    ) -> list[dict[str, Any]]:
        if state["over"]:
            raise IllegalCommand(GAME_OVER, "The race is over.")
        check_command_shape(self._specs, command)
        if seat != state["turn"]:
            raise IllegalCommand(NOT_YOUR_TURN, "It is not your turn.")
        if command["type"] == "add":
            if command["amount"] not in (1, 2, 3):
                raise IllegalCommand(BAD_AMOUNT, "You may add 1, 2 or 3 points.")
            return [{"type": "Added", "seat": seat, "amount": command["amount"]}]
        if not state["added"]:
            raise IllegalCommand(MUST_ADD, "Add points at least once before ending your turn.")
        return [{"type": "TurnEnded", "seat": seat, "bonus": rng.randint(0, 1)}]

    def forfeit(self, state: Any, seat: int) -> list[dict[str, Any]]:
        return [{"type": "Forfeited", "seat": seat}]

    def view(self, state: Any, seat: int | None) -> Any:
        return {
            "points": state["points"],
            "turn": state["turn"],
            "target": state["target"],
            "my_secret": state["secrets"][seat] if seat is not None and state["secrets"] else None,
            "out": state["out"],
        }

    def admin_view(self, state: Any) -> Any:
        return copy.deepcopy(state)

    def redact(self, event: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        if event["type"] == "SecretsDealt":
            if seat is None:
                return None
            return {"type": "SecretsDealt", "mine": event["secrets"][seat]}
        return event

    def is_undo_barrier(self, event: dict[str, Any]) -> bool:
        return event["type"] != "Added"

    def outcome(self, state: Any) -> Any:
        if not state["over"]:
            return None
        keys = [
            (0 if s in state["out"] else 1, state["points"][s], state["secrets"][s])
            for s in range(state["n"])
        ]
        return {
            "ranks": rank_by(keys),
            "scores": list(state["points"]),
            "tiebreak": "secret",
            "details": {},
        }

    def clone(self, state: Any) -> Any:
        return copy.deepcopy(state)

    def state_to_json(self, state: Any) -> Any:
        return copy.deepcopy(state)

    def state_from_json(self, data: Any) -> Any:
        return copy.deepcopy(data)

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        out = copy.deepcopy(state)
        out["secrets"] = [
            v if s == seat else rng.randint(1, 9) for s, v in enumerate(out["secrets"])
        ]
        return out

    def bot_command(
        self, state: Any, seat: int, level: str, rng: random.Random, budget_s: float
    ) -> dict[str, Any]:
        legal = self.legal_commands(state, seat)
        if level == "random":
            return rng.choice(legal)
        return {"type": "end_turn"} if state["added"] else {"type": "add", "amount": 3}


ENGINE = RaceEngine()
