"""Scenario helpers: a game on the beginners' map, moved past the set-up, with pieces and cards
put where a test needs them (bank and supplies kept consistent)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from games.base import IllegalCommand
from games.catan import ENGINE
from games.catan.data import DEV_INDEX, RES_INDEX
from games.catan.data_board import EDGE_INDEX, HEX_INDEX, HEX_NODES
from games.catan.events_awards import refresh_largest_army, refresh_longest_road
from games.catan.state import MAIN, ROLL, State
from games.testing import canonical


def corner(q: int, r: int, k: int) -> int:
    """Corner k (0 top, then clockwise) of hex (q, r)."""
    return HEX_NODES[HEX_INDEX[(q, r)]][k]


def edge(a: int, b: int) -> int:
    return EDGE_INDEX[(min(a, b), max(a, b))]


def hex_id(q: int, r: int) -> int:
    return HEX_INDEX[(q, r)]


def new_game(n: int = 2, seed: int = 0, **options: Any) -> State:
    options.setdefault("beginner_board", True)
    opts = ENGINE.validate_options(n, options)
    state = None
    for e in ENGINE.setup(n, opts, random.Random(seed)):
        state = ENGINE.apply(state, e)
    assert state is not None
    return state


def skip_setup(s: State, current: int = 0, phase: str = ROLL) -> State:
    """Leave the set-up without placing anything: play starts with ``current``."""
    s.phase = phase
    s.turn = 1
    s.current = current
    s.first = current
    s.rolled = phase == MAIN
    return s


def put(s: State, seat: int, node: int, city: bool = False) -> None:
    s.node_owner[node] = seat
    s.node_level[node] = 2 if city else 1
    if city:
        s.cities[seat] += 1
    else:
        s.settlements[seat] += 1
    s.ratio_cache = [None] * s.n


def road(s: State, seat: int, *nodes: int) -> None:
    """Roads along a path of corners."""
    for a, b in itertools.pairwise(nodes):
        s.edge_owner[edge(a, b)] = seat
        s.roads[seat] += 1
    refresh_longest_road(s, list(range(s.n)))


def give(s: State, seat: int, **cards: int) -> None:
    """Move cards from the bank (resources) or the deck (development cards) to a hand."""
    for name, count in cards.items():
        if name in RES_INDEX:
            r = RES_INDEX[name]
            s.bank[r] -= count
            s.res[seat][r] += count
        else:
            k = DEV_INDEX[name]
            for _ in range(count):
                s.deck.remove(k)
            s.dev[seat][k] += count


def knights(s: State, seat: int, count: int) -> None:
    for _ in range(count):
        s.deck.remove(DEV_INDEX["knight"])
    s.knights[seat] += count
    refresh_largest_army(s)


def run(s: State, seat: int, command: dict[str, Any], seed: int = 0) -> list[dict[str, Any]]:
    events = ENGINE.execute(s, seat, command, random.Random(seed))
    for e in events:
        ENGINE.apply(s, e)
    return events


def run_with(s: State, seat: int, command: dict[str, Any], rng: random.Random) -> list[dict]:
    events = ENGINE.execute(s, seat, command, rng)
    for e in events:
        ENGINE.apply(s, e)
    return events


class FixedDice(random.Random):
    """A generator whose dice come out as given (``random()`` drives the dice)."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def random(self) -> float:
        if self.faces:
            return (self.faces.pop(0) - 1) / 6 + 0.01
        return super().random()


def refused(s: State, seat: int, command: dict[str, Any], code: str) -> None:
    """The command is refused with ``code`` and the state does not change."""
    before = canonical(ENGINE.state_to_json(s))
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(s, seat, command, random.Random(0))
    assert err.value.code == code, err.value
    assert err.value.message
    assert canonical(ENGINE.state_to_json(s)) == before
    listed = {canonical(c) for c in ENGINE.legal_commands(s, seat)}
    assert canonical(command) not in listed


def legal_types(s: State, seat: int) -> set[str]:
    return {c["type"] for c in ENGINE.legal_commands(s, seat)}
