"""Scenario builders: short event lists that put a game exactly where a test needs it."""

from __future__ import annotations

import random
from typing import Any

from games.base import Command, Event
from games.drunter import ENGINE
from games.drunter.data import BOARD
from games.drunter.state import State

KINDS = {"wall": 0, "river": 1, "street": 2}


def hand(**counts: int) -> list[int]:
    """Tile counts by name, e.g. hand(street3=1, wall1=2)."""
    out = [0] * 9
    for name, count in counts.items():
        out[KINDS[name[:-1]] * 3 + int(name[-1]) - 1] = count
    return out


def plenty() -> list[int]:
    return [4] * 9


def start(
    n: int = 2,
    hands: list[list[int]] | None = None,
    buildings: list[str] | None = None,
    extended: bool = False,
    goals: list[list[str]] | None = None,
    tiles: list[Event] | None = None,
    first: int = 0,
    **options: Any,
) -> State:
    """A game with chosen hands and secrets, optional tiles already on the board; ``options``
    are further match options (``shrug_with_others=True``...)."""
    state = None
    for e in opening(n, hands, buildings, extended, goals, tiles, first, **options):
        state = ENGINE.apply(state, e)
    assert state is not None
    return state


def opening(
    n: int = 2,
    hands: list[list[int]] | None = None,
    buildings: list[str] | None = None,
    extended: bool = False,
    goals: list[list[str]] | None = None,
    tiles: list[Event] | None = None,
    first: int = 0,
    **options: Any,
) -> list[Event]:
    """The events of :func:`start`'s game, for a test that reads the whole match."""
    events: list[Event] = [
        {
            "type": "GameStarted",
            "players": n,
            "options": {"extended": extended, "goal_deal": "balanced", **options},
            "tiles": hands or [plenty() for _ in range(n)],
            "first": first,
        }
    ]
    if not extended:
        names = buildings or list(BOARD.building_types[:n])
        events += [{"type": "BuildingDealt", "seat": s, "building": b} for s, b in enumerate(names)]
    else:
        pairs = goals or [[BOARD.building_types[s], BOARD.special_cards[s]] for s in range(n)]
        events += [{"type": "GoalsDealt", "seat": s, "cards": p} for s, p in enumerate(pairs)]
    events += tiles or []
    events.append({"type": "TurnStarted", "seat": first})
    return events


def tile(seat: int, route: str, length: int, direction: str, x: int, y: int) -> Event:
    """A tile already lying on the board (no vote), starting at (x, y)."""
    return {
        "type": "TilePlaced",
        "seat": seat,
        "route": route,
        "length": length,
        "direction": direction,
        "cells": [[x, y]],
        "vote": False,
        "voters": [],
    }


def place(route: str, length: int, direction: str) -> Command:
    return {"type": "place_tile", "route": route, "length": length, "direction": direction}


def act(state: State, seat: int, command: Command) -> tuple[State, list[Event]]:
    events = ENGINE.execute(state, seat, command, random.Random(0))
    for e in events:
        state = ENGINE.apply(state, e)
    return state, events


def types(events: list[Event]) -> list[str]:
    return [e["type"] for e in events]


def builder(state: State, route: str) -> Any:
    return ENGINE.view(state, None)["builders"][route]


def cell(x: int, y: int) -> int:
    return BOARD.cell(x, y)
