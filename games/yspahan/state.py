"""The game state: flat lists of small ints so that cloning and playouts stay cheap."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

# Phases of a round.
ROLL = "roll"  # the first player may buy yellow dice and rolls
ACTION = "action"  # the player picks a row (move / row action / card) or, with 2 players, builds
INSPECT = "inspect"  # the mover picks which inspected shop goes to the caravan next
CARAVAN = "caravan"  # a shop's owner sends that cube or one from supply (1 camel)
PLACE = "place"  # the player puts the cubes of a market-row action one by one
AFTER = "after"  # the main action is done: build (3-4 players), play cards, end the turn
OVER = "over"


@dataclass(slots=True)
class State:
    n: int
    options: dict[str, Any]
    epoch: int
    day: int  # 1..7 within the epoch
    first: int
    order: list[int]  # who acts this round, in turn order (2 players: first, other, first)
    turn: int  # index into order
    phase: str
    money: list[int]
    camels: list[int]
    vp: list[int]
    hands: list[list[int]]  # per seat, count of each card type
    buildings: list[int]  # per seat, bit b set when building b is built
    deck: list[int]  # draw pile, top card last
    discard: list[int]  # played cards, face up
    owner: list[int]  # per shop, the seat whose cube is there or -1
    caravan: list[int]  # seats of the cubes in the caravan, in the order they entered
    supervisor: int
    tower_value: list[int]  # face value of each row's dice, 0 when the row is empty
    tower_white: list[int]
    tower_yellow: list[int]
    used: list[bool]  # rows already used this round
    yellow_gone: bool  # the first player has taken their action: yellow dice are spent
    bonus: int  # cards discarded this turn for +1 to the row action
    to_place: int  # cubes still to put in the market
    place_quarter: int
    inspect: list[int]  # shops next to the supervisor still to be sent to the caravan
    inspecting: int  # shop whose owner is choosing now, or -1
    built: bool  # a building was built this turn
    out: list[bool]  # forfeited seats
    # The engine's rules version when the match began (GameStarted; none there: version 1).
    # Snapshots written before version 2 lack the field and load as version 1.
    rules_version: int = 1

    def actor(self) -> int:
        return self.order[self.turn]

    def clone(self) -> State:
        return State(
            self.n,
            self.options,
            self.epoch,
            self.day,
            self.first,
            self.order[:],
            self.turn,
            self.phase,
            self.money[:],
            self.camels[:],
            self.vp[:],
            [h[:] for h in self.hands],
            self.buildings[:],
            self.deck[:],
            self.discard[:],
            self.owner[:],
            self.caravan[:],
            self.supervisor,
            self.tower_value[:],
            self.tower_white[:],
            self.tower_yellow[:],
            self.used[:],
            self.yellow_gone,
            self.bonus,
            self.to_place,
            self.place_quarter,
            self.inspect[:],
            self.inspecting,
            self.built,
            self.out[:],
            self.rules_version,
        )


FIELD_NAMES = tuple(f.name for f in fields(State))


def clone(state: State) -> State:
    return state.clone()


def state_to_json(state: State) -> dict[str, Any]:
    out = {}
    for name in FIELD_NAMES:
        value = getattr(state, name)
        out[name] = (
            [v[:] for v in value]
            if name == "hands"
            else value[:]
            if isinstance(value, list)
            else dict(value)
            if isinstance(value, dict)
            else value
        )
    return out


def state_from_json(data: dict[str, Any]) -> State:
    return State(**{name: data[name] for name in FIELD_NAMES if name in data}).clone()
