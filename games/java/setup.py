"""The opening event of a match ("Příprava hry"): the festival cards dealt, the deck shuffled
with its top card turned face up."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import Event
from games.java import events as ev
from games.java.data import COMPONENTS


def setup(
    n_players: int, options: Mapping[str, Any], rng: random.Random, rules_version: int
) -> list[Event]:
    names = COMPONENTS.card_names
    deck = [names[k] for k, count in enumerate(COMPONENTS.card_counts) for _ in range(count)]
    rng.shuffle(deck)
    # "Každý hráč dostane ... 3 slavnostní karty"; "Vrchní karta se otočí ... lícem nahoru."
    hands = []
    for _ in range(n_players):
        hands.append([deck.pop() for _ in range(COMPONENTS.cards_each)])
    open_card = deck.pop()
    return [
        {
            "type": ev.GAME_SET_UP,
            "rules_version": rules_version,
            "players": n_players,
            "options": dict(options),
            "hands": hands,
            "deck": deck,
            "open": open_card,
        }
    ]
