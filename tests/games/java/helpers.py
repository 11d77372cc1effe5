"""Scenario builders for Java tests: a fresh game, tiles and figures put straight on the board."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.base import IllegalCommand
from games.java import ENGINE
from games.java.data import BOARD
from games.java.state import FIGURES, RICE, VILLAGE, JavaState
from games.testing import canonical, fold


def new_game(n: int = 2, seed: int = 0, **options: Any) -> JavaState:
    opts = ENGINE.validate_options(n, options)
    return fold(ENGINE, ENGINE.setup(n, opts, random.Random(seed)))


def cell(q: int, r: int) -> int:
    return BOARD.index[(q, r)]


def put(
    s: JavaState, rice: list[tuple[int, int]], village: list[tuple[int, int]] = (), level: int = 1
) -> int:
    """Lay a tile directly (no rules): returns its id."""
    tid = len(s.tile_sizes)
    s.tile_sizes.append(len(rice) + len(village))
    for qr, top in [(x, RICE) for x in rice] + [(x, VILLAGE) for x in village]:
        c = cell(*qr)
        s.height[c] = level
        s.top[c] = top
        s.tile[c] = tid
    return tid


def stand(s: JavaState, seat: int, q: int, r: int) -> None:
    s.figure[cell(q, r)] = seat
    s.supply[seat][FIGURES] -= 1


def run(s: JavaState, seat: int, command: dict[str, Any], seed: int = 0) -> JavaState:
    """Execute and fold into a copy; returns the new state."""
    events = ENGINE.execute(s, seat, command, random.Random(seed))
    out = ENGINE.clone(s)
    for e in events:
        out = ENGINE.apply(out, e)
    return out


def events_of(s: JavaState, seat: int, command: dict[str, Any], seed: int = 0) -> list[dict]:
    return ENGINE.execute(s, seat, command, random.Random(seed))


def refused(s: JavaState, seat: int, command: dict[str, Any], code: str) -> IllegalCommand:
    before = canonical(ENGINE.state_to_json(s))
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(s, seat, command, random.Random(0))
    assert err.value.code == code, err.value
    assert err.value.message
    assert canonical(ENGINE.state_to_json(s)) == before
    return err.value


def is_legal(s: JavaState, seat: int, command: dict[str, Any]) -> bool:
    return canonical(command) in {canonical(c) for c in ENGINE.legal_commands(s, seat)}


def land(tile: str, rice: list[tuple[int, int]], village: list[tuple[int, int]] = ()) -> dict:
    return {
        "type": "lay_land",
        "tile": tile,
        "rice": [list(x) for x in rice],
        "village": [list(x) for x in village],
    }
