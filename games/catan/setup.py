"""The opening events: the map (random, the variant's only map, or the beginners' fixed
layout), the shuffled development deck, the first player and the placement order."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.catan.data import (
    BEGINNER_HARBOURS,
    BEGINNER_HEXES,
    DESERT,
    DEV_DECK_COUNTS,
    HARBOUR_POOL,
    KNIGHT,
    NUMBER_POOL,
    TERRAIN_POOL,
    VICTORY_STANDARD,
    VICTORY_VARIANT,
)
from games.catan.data_board import HEX_COORDS, HEX_NEIGHBOURS, N_HEXES
from games.catan.state import complete_options

Event = dict[str, Any]
KNIGHTS_REMOVED = 5  # variant rule 4

RED_NUMBERS = (6, 8)


def random_board(rng: random.Random) -> tuple[list[int], list[int], list[int]]:
    """Terrain, number tokens and harbour kinds shuffled at random ("Hrajeme tuto variantu
    výhradně s náhodně složenou mapou ... vč. náhodného rozmístění žetonů").

    The published variable set-up forbids two red numbers (6, 8) on neighbouring hexes; random
    token layouts that break it are redrawn.
    """
    terrain = TERRAIN_POOL[:]
    rng.shuffle(terrain)
    land = [h for h in range(N_HEXES) if terrain[h] != DESERT]
    while True:
        tokens = NUMBER_POOL[:]
        rng.shuffle(tokens)
        numbers = [0] * N_HEXES
        for h, t in zip(land, tokens, strict=True):
            numbers[h] = t
        if not any(
            numbers[h] in RED_NUMBERS and numbers[x] in RED_NUMBERS
            for h in range(N_HEXES)
            for x in HEX_NEIGHBOURS[h]
        ):
            break
    harbours = HARBOUR_POOL[:]
    rng.shuffle(harbours)
    return terrain, numbers, harbours


def beginner_board() -> tuple[list[int], list[int], list[int]]:
    terrain = [BEGINNER_HEXES[c][0] for c in HEX_COORDS]
    numbers = [BEGINNER_HEXES[c][1] for c in HEX_COORDS]
    return terrain, numbers, BEGINNER_HARBOURS[:]


def setup_steps(n: int, first: int, three_settlements: bool) -> list[int]:
    """Seats in placement order: snake order (standard). Variant rule 2 (A1-B2-A2-B1): a third
    round in forward order, so with two players A, B, B, A, A, B."""
    forward = [(first + i) % n for i in range(n)]
    steps = forward + forward[::-1]
    if three_settlements:
        steps += forward
    return steps


def setup(n_players: int, options: Mapping[str, Any], rng: random.Random) -> list[Event]:
    """The one opening event, ``GameCreated``, with everything drawn at random recorded in it."""
    opts = complete_options(options)  # a match created before an option existed keeps its rules
    if opts["beginner_board"]:
        hexes, numbers, harbours = beginner_board()
    else:
        hexes, numbers, harbours = random_board(rng)
    counts = list(DEV_DECK_COUNTS)
    if opts["remove_five_knights"]:
        counts[KNIGHT] -= KNIGHTS_REMOVED
    deck = [k for k, c in enumerate(counts) for _ in range(c)]
    rng.shuffle(deck)
    target = opts["victory_points"] or (VICTORY_VARIANT if n_players == 2 else VICTORY_STANDARD)
    first = rng.randrange(n_players)
    robber = hexes.index(-1)
    return [
        {
            "type": "GameCreated",
            "n_players": n_players,
            "options": opts,
            "target": target,
            "variant": bool(opts["variant"]),
            "hexes": hexes,
            "numbers": numbers,
            "harbours": harbours,
            "robber": robber,
            "first": first,
            "deck": deck,
            "setup_steps": setup_steps(n_players, first, opts["three_settlements"]),
        }
    ]
