"""Short event lists that bring a match to a chosen position, for rule-clause tests."""

from __future__ import annotations

import random
from typing import Any

from games.samurai import ENGINE
from games.samurai.data import KIND_INDEX, KINDS, board
from games.samurai.state import State

DEFAULT_HAND = ["samurai1", "samurai2", "ship1", "ronin1", "helmet2"]


def started(
    n: int = 2, options: dict[str, Any] | None = None, rules_version: int | None = None
) -> list[dict[str, Any]]:
    """The opening events; ``rules_version=1`` makes them look like those of a match begun before
    version 2 (its GameStarted names no version)."""
    opts = ENGINE.validate_options(n, options or {})
    events = ENGINE.setup(n, opts, random.Random(0))
    if rules_version == 1:
        del events[0]["rules_version"]
    elif rules_version is not None:
        events[0]["rules_version"] = rules_version
    return events


def chosen(n: int, hands: list[list[str]] | None = None) -> list[dict[str, Any]]:
    hands = hands or [DEFAULT_HAND] * n
    return [
        {"type": "TileChosen", "seat": seat, "tile": tile}
        for seat in range(n)
        for tile in hands[seat]
    ]


def figure_events(n: int, layout: dict[int, list[str]] | None = None) -> list[dict[str, Any]]:
    """FigurePlaced events filling cities then villages, seats in turn; ``layout`` fixes the
    kinds of some settlements, the rest is filled from what is left."""
    b = board(n)
    left = [b.figures_per_kind - 1] * 3
    layout = dict(layout or {})
    for kinds in layout.values():
        for k in kinds:
            left[KIND_INDEX[k]] -= 1
    plan: list[tuple[int, str]] = []
    for settlement in (*b.cities, *b.villages):
        size = 2 if settlement in b.cities else 1
        kinds = layout.get(settlement)
        if kinds is None:
            kinds = []
            for _ in range(size):
                k = max(
                    (k for k in range(3) if KINDS[k] not in kinds),
                    key=lambda k: (left[k], -k),
                )
                left[k] -= 1
                kinds.append(KINDS[k])
        plan += [(settlement, k) for k in kinds]
    return [
        {"type": "FigurePlaced", "seat": i % n, "kind": kind, "hex": h}
        for i, (h, kind) in enumerate(plan)
    ]


def play_state(
    n: int = 2,
    hands: list[list[str]] | None = None,
    layout: dict[int, list[str]] | None = None,
    options: dict[str, Any] | None = None,
    rules_version: int | None = None,
) -> State:
    state = None
    for event in started(n, options, rules_version) + chosen(n, hands) + figure_events(n, layout):
        state = ENGINE.apply(state, event)
    assert state is not None and state.phase == "play", state.phase
    return state


def put(state: State, space: int, seat: int, tile: str) -> None:
    """Set a tile on the map directly (scenario set-up, not a move)."""
    state.tiles[space] = (seat, tile)


def run(state: State, seat: int, command: dict[str, Any], seed: int = 0) -> list[dict[str, Any]]:
    events = ENGINE.execute(state, seat, command, random.Random(seed))
    for event in events:
        ENGINE.apply(state, event)
    return events
