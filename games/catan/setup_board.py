"""Board generation: the random map (the variant's only map), or the beginners' fixed layout."""

from __future__ import annotations

import random

from games.catan.board import HARBOUR_SLOT_NODES, HEX_COORDS, HEX_NEIGHBOURS, N_HEXES, N_NODES
from games.catan.data import (
    BEGINNER_HARBOURS,
    BEGINNER_HEXES,
    DESERT,
    HARBOUR_POOL,
    NUMBER_POOL,
    TERRAIN_POOL,
)

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


def harbour_node_ports(harbours: list[int]) -> list[int]:
    ports = [-1] * N_NODES
    for slot, (a, b) in enumerate(HARBOUR_SLOT_NODES):
        ports[a] = harbours[slot]
        ports[b] = harbours[slot]
    return ports


def setup_steps(n: int, first: int, three_settlements: bool) -> list[int]:
    """Seats in placement order: snake order (standard). Variant rule 2 (A1-B2-A2-B1): a third
    round in forward order, so with two players A, B, B, A, A, B."""
    forward = [(first + i) % n for i in range(n)]
    steps = forward + forward[::-1]
    if three_settlements:
        steps += forward
    return steps
