"""Laying land tiles: the shape, level, support and city rules ("Pokládání krajiny"), shared by
``execute`` (one placement, with a reason when refused) and ``legal_commands`` (all of them)."""

from __future__ import annotations

from collections.abc import Iterator

from games.java.data import BOARD
from games.java.geometry import N_BOARD, NEIGHBOURS, region, settlements
from games.java.state import (
    KIND_SLOT,
    PALACE,
    RICE,
    VILLAGE,
    WATER,
    JavaState,
)

# Refusal codes of one placement (also module constants for tests via rules.py).
TILE_OFF_GRID = "tile_off_grid"
TILE_NOT_FLAT = "tile_not_flat"
TILE_COVERS_BLOCKED = "tile_covers_blocked"
TILE_EXACT_COVER = "tile_exact_cover"
CITIES_JOINED = "cities_joined"

MESSAGES = {
    TILE_OFF_GRID: "A land tile must rest with at least one space inside the grid.",
    TILE_NOT_FLAT: "A land tile must lie flat on the board or on tiles of one level; no part may "
    "hang in the air.",
    TILE_COVERS_BLOCKED: "A land tile may not cover a figure, a palace or water.",
    TILE_EXACT_COVER: "A land tile may not lie exactly on a tile of its size; a tile of two or "
    "three spaces must rest on at least two tiles.",
    CITIES_JOINED: "A land tile may not join two cities (one settlement holds one palace).",
}

ALL_KINDS = ("three", "two", "rice", "village")
SHAPES: dict[int, tuple[tuple[int, ...], ...]] = {
    1: tuple((c,) for c in BOARD.singles),
    2: BOARD.pairs,
    3: BOARD.triangles,
}


def base_cost(s: JavaState, cells: tuple[int, ...]) -> int | str:
    """The action points to lay a tile on ``cells`` (1 + 1 per space overhanging the grid on the
    ground), or the refusal code. The village/rice layout is checked by ``joins_cities``."""
    height, top, fig = s.height, s.top, s.figure
    h = height[cells[0]]
    overhang = 0
    for c in cells:
        if height[c] != h:
            return TILE_NOT_FLAT  # "žádná jeho část nesmí trčet ve vzduchu"
        t = top[c]
        if fig[c] >= 0 or t in (WATER, PALACE):
            return TILE_COVERS_BLOCKED  # "nelze překrýt pole, na kterém stojí figurka..."
        if h == 0 and c >= N_BOARD:
            overhang += 1  # "za každé přečnívající pole hráč zaplatí 1 AB navíc"
    if min(cells) >= N_BOARD:
        return TILE_OFF_GRID
    if h > 0:
        tiles = s.tile
        if len(cells) == 1:
            if s.tile_sizes[tiles[cells[0]]] == 1:
                return TILE_EXACT_COVER
        else:
            first = tiles[cells[0]]
            if all(tiles[c] == first for c in cells):
                return TILE_EXACT_COVER  # "musí ležet na nejméně dvou jiných dílech"
    return 1 + overhang


class CityIndex:
    """Settlement labels of the current board, computed once per query batch."""

    def __init__(self, s: JavaState) -> None:
        self.state = s
        self.palace_count = sum(1 for t in s.top if t == PALACE)
        if self.palace_count >= 2:
            self.labels, _groups, self.palaces = settlements(s)
        else:
            self.labels, self.palaces = [], []

    def joins_cities(self, village: int, rice: tuple[int, ...]) -> bool:
        """Would a new village space on ``village`` (with rice laid on ``rice``) connect two
        settlements that each hold a palace? ("nelze však spojit dvě města")"""
        if self.palace_count < 2:
            return False
        s = self.state
        top = s.top
        found: set[int] = set()
        for n in NEIGHBOURS[village]:
            if n in rice or (top[n] != VILLAGE and top[n] != PALACE):
                continue
            pal = self.palaces[self.labels[n]]
            if pal >= 0:
                found.add(pal)
        if len(found) < 2:
            return False
        # Rice laid on the same tile may cut a city; decide on the board as it would be.
        after = top[:]
        for c in rice:
            after[c] = RICE
        after[village] = VILLAGE
        return sum(1 for c in region(s, village, after) if after[c] == PALACE) > 1


def tile_available(s: JavaState, seat: int, kind: str) -> bool:
    if kind == "three":
        return s.three_left > 0
    return s.supply[seat][KIND_SLOT[kind]] > 0


def iter_placements(
    s: JavaState,
    seat: int,
    max_cost: int,
    kinds: tuple[str, ...] = ("three", "two", "rice", "village"),
) -> Iterator[tuple[str, tuple[int, ...], tuple[int, ...], int]]:
    """Every legal placement (kind, rice cells, village cells, cost) with cost <= ``max_cost``."""
    index: CityIndex | None = None
    for kind in kinds:
        if not tile_available(s, seat, kind):
            continue
        size = 3 if kind == "three" else 2 if kind == "two" else 1
        for cells in SHAPES[size]:
            cost = base_cost(s, cells)
            if isinstance(cost, str) or cost > max_cost:
                continue
            if kind == "rice":
                yield kind, cells, (), cost
                continue
            if index is None:
                index = CityIndex(s)
            for v in cells:
                rice = tuple(c for c in cells if c != v)
                if not index.joins_cities(v, rice):
                    yield kind, rice, (v,), cost


def min_land_cost(s: JavaState, seat: int, limit: int) -> int | None:
    """The cheapest placement cost (up to ``limit``), None if no tile can be laid."""
    best = None
    for *_, cost in iter_placements(s, seat, limit):
        if cost == 1:
            return 1
        if best is None or cost < best:
            best = cost
    return best
