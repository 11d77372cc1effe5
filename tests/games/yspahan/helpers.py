"""Small builders for Yspahan scenario tests: a state from a few events, commands applied."""

from __future__ import annotations

import random
from typing import Any

from games.base import Event
from games.testing import canonical
from games.yspahan import ENGINE
from games.yspahan import data as D
from games.yspahan.setup import round_order
from games.yspahan.state import State


def start(
    n: int = 3,
    first: int = 0,
    deck: list[int] | None = None,
    rules_version: int | None = None,
    **options: Any,
) -> State:
    """A match at its first roll. ``rules_version=1`` gives the opening event of a match begun
    before version 2 (it names no version); by default the engine's current version."""
    opts = ENGINE.validate_options(n, options)
    published = opts["two_player_rules"] == "published"
    order = round_order(n, [False] * n, [0] * n, first, 1, 1, first, published)
    started: dict[str, Any] = {
        "type": "GameStarted",
        "n_players": n,
        "options": opts,
        "first": first,
        "order": order,
    }
    if rules_version != 1:
        started["rules_version"] = rules_version or ENGINE.rules_version
    state = ENGINE.apply(None, started)
    cards = deck if deck is not None else [c for c in range(9) for _ in range(2)]
    return ENGINE.apply(state, {"type": "DeckShuffled", "order": cards, "count": len(cards)})


def rolled(state: State, white: list[int], yellow: list[int] | None = None) -> State:
    yellow = yellow or []
    return ENGINE.apply(
        state,
        {
            "type": "DiceRolled",
            "seat": state.first,
            "yellow_bought": len(yellow),
            "white": white,
            "yellow": yellow,
        },
    )


def do(
    state: State, seat: int, command: dict[str, Any], seed: int = 0
) -> tuple[State, list[Event]]:
    events = ENGINE.execute(state, seat, command, random.Random(seed))
    for event in events:
        state = ENGINE.apply(state, event)
    return state, events


def types(events: list[Event]) -> list[str]:
    return [e["type"] for e in events]


def snapshot(state: State) -> str:
    return canonical(ENGINE.state_to_json(state))


def shop(name: str) -> int:
    return D.SHOP_NAMES.index(name)


def souk_shops(souk: str) -> tuple[int, ...]:
    return D.SOUK_SHOPS[D.SOUK_IDS.index(souk)]


def card(name: str) -> int:
    return D.CARD_IDS.index(name)


def give(state: State, seat: int, *names: str) -> None:
    for name in names:
        state.hands[seat][card(name)] += 1
        state.deck.remove(card(name))


def end(state: State, seat: int) -> State:
    """End the turn unless it ended by itself (nothing else was possible)."""
    if state.phase == "after" and seat in ENGINE.active_seats(state):
        state, _ = do(state, seat, {"type": "end_turn"})
    return state
