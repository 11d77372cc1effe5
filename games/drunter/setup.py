"""The opening events ("Příprava hry"; extended 4): the tiles dealt face up, the secret building
or goal cards, and the first turn."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import Event
from games.drunter.data import BOARD
from games.drunter.state import tile_index


def setup(n: int, options: Mapping[str, Any], rng: random.Random) -> list[Event]:
    # Příprava hry: the 60 tiles are shuffled and each player takes the counts for the player
    # count; the kinds each player gets are random.
    hands = [[0] * (3 * len(BOARD.tile_kinds)) for _ in range(n)]
    for length in (1, 2, 3):
        pool = [k for k, counts in enumerate(BOARD.tile_supply) for _ in range(counts[length - 1])]
        rng.shuffle(pool)
        each = BOARD.deal[n][length - 1]
        for seat in range(n):
            for kind in pool[seat * each : (seat + 1) * each]:
                hands[seat][tile_index(kind, length)] += 1
    events: list[Event] = [
        {
            "type": "GameStarted",
            "players": n,
            "options": dict(options),
            "tiles": hands,
            "first": 0,
        }
    ]
    n_types = len(BOARD.building_types)
    if not options["extended"]:
        for seat, t in enumerate(rng.sample(range(n_types), n)):
            events.append(
                {"type": "BuildingDealt", "seat": seat, "building": BOARD.building_types[t]}
            )
    else:
        if options["goal_deal"] == "balanced":
            # Translator's note to extended 4: one building card and one special card each.
            houses = rng.sample(range(n_types), n)
            specials = rng.sample(range(n_types, len(BOARD.goal_cards)), n)
            pairs = [[houses[i], specials[i]] for i in range(n)]
        else:
            cards = rng.sample(range(len(BOARD.goal_cards)), 2 * n)
            pairs = [cards[2 * i : 2 * i + 2] for i in range(n)]
        for seat, pair in enumerate(pairs):
            names = [BOARD.goal_cards[g] for g in pair]
            events.append({"type": "GoalsDealt", "seat": seat, "cards": names})
    events.append({"type": "TurnStarted", "seat": 0})
    return events
