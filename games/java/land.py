"""Laying land tiles: the shape, level, support and city rules ("Pokládání krajiny"), shared by
``execute`` (one placement, with a reason when refused) and ``legal_commands`` (all of them)."""

from __future__ import annotations

from collections.abc import Iterator

from games.java.data import BOARD
from games.java.geometry import N_BOARD, NEIGHBOURS, between_cities, diff, region, towns
from games.java.state import (
    EMPTY,
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
    TILE_OFF_GRID: (
        "A land tile must rest with at least one space inside the grid.",
        "Díl krajiny musí ležet alespoň jedním polem uvnitř mřížky.",
    ),
    TILE_NOT_FLAT: (
        "A land tile must lie flat on the board or on tiles of one level; no part may "
        "hang in the air.",
        "Díl krajiny musí ležet naplocho na desce nebo na dílech jedné výšky; žádná jeho část "
        "nesmí viset ve vzduchu.",
    ),
    TILE_COVERS_BLOCKED: (
        "A land tile may not cover a figure, a palace or water.",
        "Díl krajiny nesmí zakrýt figurku, palác ani vodu.",
    ),
    TILE_EXACT_COVER: (
        "A land tile may not lie exactly on a tile of its size; a tile of two or "
        "three spaces must rest on at least two tiles.",
        "Díl krajiny nesmí ležet přesně na dílu stejné velikosti; dvojdílné a trojdílné území "
        "musí ležet alespoň na dvou dílech.",
    ),
    CITIES_JOINED: (
        "A land tile may not join two cities (one settlement holds one palace).",
        "Díl krajiny nesmí spojit dvě města (v jednom sídle stojí jeden palác).",
    ),
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
        self.palace_count = s.top.count(PALACE)
        if self.palace_count >= 2:
            self.labels, _groups, self.palaces = towns(s)
        else:
            self.labels, self.palaces = [], []

    def risky(self) -> list[int]:
        """The spaces next to two or more cities: only a village laid there can join two."""
        return between_cities(self.state) if self.palace_count >= 2 else []

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


SIZE_OF = {"three": 3, "two": 2, "rice": 1, "village": 1}


# Per size, per cell: the indices of the shapes of that size that cover the cell.
def _shapes_by_cell(shapes: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    around: list[list[int]] = [[] for _ in BOARD.coords]
    for i, cells in enumerate(shapes):
        for c in cells:
            around[c].append(i)
    return tuple(tuple(x) for x in around)


CELL_SHAPES = {size: _shapes_by_cell(shapes) for size, shapes in SHAPES.items()}


class Fits:
    """Where a land tile of each size fits and what it costs (``base_cost``, 0 = it does not),
    for one board, with the number of fitting shapes per cost.

    A shape's fit depends only on its own cells' height, top, figure and tile, so the table is
    kept in step with a board by comparing those four lists with copies taken when it was last
    brought up to date, and refreshing only the shapes over the cells that differ: an event, a
    rule module's working copy or a test that edits the board directly all look alike. Each
    state carries its own table (``clone`` copies it; no sharing between states)."""

    __slots__ = ("cost", "count", "figure", "height", "tile", "top", "version", "water")

    def __init__(self, s: JavaState | None = None) -> None:
        if s is None:
            return
        board = (s.height, s.top, s.figure, s.tile, s.tile_sizes)
        self.cost = {
            size: [_fit(*board, cells, OVERHANG[size][i]) for i, cells in enumerate(SHAPES[size])]
            for size in SHAPES
        }
        self.count = {size: [costs.count(c) for c in range(4)] for size, costs in self.cost.items()}
        self.version = 0  # bumped whenever the board it follows changed
        # The spaces where a water tile may lie (legal.water_part), kept while no tile changes
        # the board (figures do not matter to water).
        self.water: list[int] | None = None
        self._remember(s)

    def _remember(self, s: JavaState) -> None:
        self.height, self.top = s.height[:], s.top[:]
        self.figure, self.tile = s.figure[:], s.tile[:]

    def copy(self) -> Fits:
        out = Fits()
        out.cost = {size: costs[:] for size, costs in self.cost.items()}
        out.count = {size: counts[:] for size, counts in self.count.items()}
        out.height, out.top, out.figure, out.tile = self.height, self.top, self.figure, self.tile
        out.version = self.version
        out.water = self.water
        return out  # the copies of the board are never changed in place, only replaced

    def sync(self, s: JavaState) -> Fits:
        same_figures = self.figure == s.figure
        same_board = self.height == s.height and self.top == s.top and self.tile == s.tile
        if same_figures and same_board:
            return self
        moved = set() if same_figures else set(diff(self.figure, s.figure))
        changed: set[int] = set()
        if not same_board:
            self.water = None
            changed.update(diff(self.height, s.height), diff(self.top, s.top))
            changed.update(diff(self.tile, s.tile))
        self.version += 1
        # A figure arriving on a space closes every shape over it (no tile covers a figure);
        # any other change is judged afresh.
        old = self.figure
        now = s.figure
        arrived = {c for c in moved if c not in changed and old[c] < 0 <= now[c]}
        again = (moved - arrived) | changed
        height, top, fig, tile, sizes = s.height, s.top, now, s.tile, s.tile_sizes
        for size, shapes in SHAPES.items():
            costs, counts, around = self.cost[size], self.count[size], CELL_SHAPES[size]
            closed = {i for c in arrived for i in around[c]}
            for i in closed:
                if costs[i]:
                    counts[costs[i]] -= 1
                    counts[0] += 1
                    costs[i] = 0
            over = OVERHANG[size]
            for i in {i for c in again for i in around[c]} - closed:
                new = _fit(height, top, fig, tile, sizes, shapes[i], over[i])
                if new != costs[i]:
                    counts[costs[i]] -= 1
                    counts[new] += 1
                    costs[i] = new
        if same_board:  # a figure moved: only that list is copied again
            self.figure = s.figure[:]
        else:
            self._remember(s)
        return self


assert max(EMPTY, RICE, VILLAGE) < WATER < PALACE  # _fit: "top >= WATER" means water or palace

# Per size, per shape: how many of its spaces lie beyond the grid (each costs 1 AP more on
# the ground). Every shape has a space inside the grid (see data.Board).
OVERHANG = {
    size: tuple(sum(1 for c in cells if c >= N_BOARD) for cells in shapes)
    for size, shapes in SHAPES.items()
}


def _fit(
    height: list[int],
    top: list[int],
    fig: list[int],
    tile: list[int],
    sizes: list[int],
    cells: tuple[int, ...],
    over: int,
) -> int:
    """``base_cost`` of a shape as a number, 0 when the tile does not fit (same checks)."""
    h = height[cells[0]]
    for c in cells:
        if height[c] != h or fig[c] >= 0 or top[c] >= WATER:  # WATER, PALACE
            return 0
    if h:
        if len(cells) == 1:
            if sizes[tile[cells[0]]] == 1:
                return 0
        else:
            first = tile[cells[0]]
            if all(tile[c] == first for c in cells):
                return 0
        return 1
    return 1 + over


def fits_of(s: JavaState) -> Fits:
    """The state's fit table, built on first use and brought up to date with its board."""
    fits: Fits | None = s.fits
    if fits is None:
        fits = s.fits = Fits(s)
        return fits
    return fits.sync(s)


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
    fits = fits_of(s)
    for kind in kinds:
        if not tile_available(s, seat, kind):
            continue
        size = SIZE_OF[kind]
        shapes = SHAPES[size]
        for i, cost in enumerate(fits.cost[size]):
            if not cost or cost > max_cost:
                continue
            cells = shapes[i]
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


def any_placement(s: JavaState, seat: int, limit: int) -> bool:
    """Can ``seat`` lay any land tile for at most ``limit`` action points?"""
    return next(iter_placements(s, seat, limit), None) is not None
