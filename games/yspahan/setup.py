"""The opening events of a match ("Zahájení") and the turn order of each round."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import Event
from games.yspahan import data as D
from games.yspahan.commands import OPTION_PUBLISHED, TWO_PLAYER_RULES


def setup(
    n_players: int, options: Mapping[str, Any], rng: random.Random, rules_version: int
) -> list[Event]:
    # "určí se počáteční hráč" (drawn at random); "karty se zamíchají".
    first = rng.randrange(n_players)
    deck = [c for c in range(9) for _ in range(2)]
    rng.shuffle(deck)
    published = options.get(TWO_PLAYER_RULES, OPTION_PUBLISHED) == OPTION_PUBLISHED
    order = round_order(
        n_players, [False] * n_players, [0] * n_players, first, 1, 1, first, published
    )
    return [
        {
            "type": "GameStarted",
            "n_players": n_players,
            "options": dict(options),
            "first": first,
            "order": order,
            "rules_version": rules_version,
        },
        {"type": "DeckShuffled", "order": deck, "count": len(deck)},
    ]


def round_order(
    n: int,
    out: list[bool],
    vp: list[int],
    prev_first: int,
    epoch: int,
    day: int,
    first: int,
    published_two_player: bool = True,
) -> list[int]:
    """The turn order of a new round; its first seat is the first player."""
    if n == 4 and epoch == D.EPOCHS and day == D.DAYS_PER_EPOCH:
        # Last round with 4 players: fewest points first, "v případě rovnosti ten z nich, který
        # je blíže proti směru hodinových ručiček počátečnímu hráči z předposledního kola" -
        # counting from the seat that would normally start (prev_first - 1) onwards.
        alive = [seat for seat in range(n) if not out[seat]]
        return sorted(alive, key=lambda x: (vp[x], (prev_first - 1 - x) % n))
    order = [(first + i) % n for i in range(n)]
    order = [x for x in order if not out[x]]
    if n == 2 and len(order) == 2 and published_two_player:
        # Published 2-player rules (BGA): the first player takes the 1st and 3rd actions. The
        # text's plain structure (option two_player_rules: text) gives each player one action.
        order.append(order[0])
    return order
