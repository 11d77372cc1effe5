"""Board and component data, read once from ``board.json``.

Everything about the printed town (grid size, start corners, buildings, outhouses) lives in the
data file, which is an APPROXIMATION of the real board (see its ``note`` and ``confidence``): the
real layout can replace the file without any code change. This module only turns it into flat
tables indexed by cell number ``y * width + x`` so the rules can run fast.
"""

from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass

DATA_FILE = pathlib.Path(__file__).with_name("board.json")

# Directions in a fixed order; commands name them by letter.
DIRECTIONS = ("N", "E", "S", "W")
DELTAS = ((0, -1), (1, 0), (0, 1), (-1, 0))

# Voting card slots in one citizen set; a hand is a bitmask over these indices.
SHRUG = "shrug"
JEIN = "JEIN"


@dataclass(frozen=True)
class Board:
    width: int
    height: int
    route_ids: tuple[str, ...]
    route_kind: tuple[int, ...]  # index into tile_kinds
    route_corner: tuple[int, ...]
    tile_kinds: tuple[str, ...]
    building_types: tuple[str, ...]
    building_names_de: tuple[str, ...]
    buildings: tuple[tuple[int, int, int], ...]  # (type index, value, cell)
    building_at: tuple[int, ...]  # cell -> index into buildings, or -1
    outhouse: tuple[bool, ...]
    step: tuple[tuple[int, ...], ...]  # cell -> per direction the next cell, or -1 off the grid
    tile_supply: tuple[tuple[int, int, int], ...]  # per kind: counts of length 1, 2, 3
    deal: dict[int, tuple[int, int, int]]  # players -> tiles of length 1, 2, 3 each
    vote_cards: tuple[str, ...]
    vote_values: tuple[int, ...]
    special_cards: tuple[str, ...]
    sources: tuple[str, ...]

    @property
    def n_cells(self) -> int:
        return self.width * self.height

    def xy(self, cell: int) -> list[int]:
        return [cell % self.width, cell // self.width]

    def cell(self, x: int, y: int) -> int:
        return y * self.width + x

    @property
    def goal_cards(self) -> tuple[str, ...]:
        """Extended rules: six building cards then the four special cards (ids 0..9)."""
        return self.building_types + self.special_cards


def load_board(path: pathlib.Path = DATA_FILE) -> Board:
    raw = json.loads(path.read_text(encoding="utf-8"))
    width: int = raw["grid"]["width"]
    height: int = raw["grid"]["height"]
    kinds = tuple(raw["tile_kinds"])
    types = tuple(raw["building_types"])

    def cell(x: int, y: int) -> int:
        if not (0 <= x < width and 0 <= y < height):
            raise ValueError(f"cell ({x},{y}) outside the {width}x{height} grid")
        return y * width + x

    buildings = tuple((types.index(t), int(v), cell(x, y)) for t, v, x, y in raw["buildings"])
    building_at = [-1] * (width * height)
    for index, (_, _, c) in enumerate(buildings):
        building_at[c] = index
    outhouse = [False] * (width * height)
    for x, y in raw["outhouses"]:
        outhouse[cell(x, y)] = True
    step = []
    for c in range(width * height):
        x, y = c % width, c // width
        row = []
        for dx, dy in DELTAS:
            nx, ny = x + dx, y + dy
            row.append(ny * width + nx if 0 <= nx < width and 0 <= ny < height else -1)
        step.append(tuple(row))
    split = raw["tile_kind_split"]
    supply = tuple((split[k]["length1"], split[k]["length2"], split[k]["length3"]) for k in kinds)
    deal = {
        int(n): (d["length1"], d["length2"], d["length3"])
        for n, d in raw["deal_by_player_count"].items()
    }
    return Board(
        width=width,
        height=height,
        route_ids=tuple(r["id"] for r in raw["routes"]),
        route_kind=tuple(kinds.index(r["kind"]) for r in raw["routes"]),
        route_corner=tuple(cell(*r["corner"]) for r in raw["routes"]),
        tile_kinds=kinds,
        building_types=types,
        building_names_de=tuple(raw["building_names_de"]),
        buildings=buildings,
        building_at=tuple(building_at),
        outhouse=tuple(outhouse),
        step=tuple(step),
        tile_supply=supply,
        deal=deal,
        vote_cards=tuple(c for c, _ in raw["voting_cards"]),
        vote_values=tuple(int(v) for _, v in raw["voting_cards"]),
        special_cards=tuple(raw["special_cards"]),
        sources=tuple(raw["sources"]),
    )


BOARD = load_board()


def tile_cells(start: int, direction: int, length: int) -> list[int]:
    """The cells of a tile lying from ``start`` towards ``direction``."""
    out = [start]
    for _ in range(length - 1):
        out.append(BOARD.step[out[-1]][direction])
    return out


def cards_of(mask: int) -> list[str]:
    """Voting card names of a bitmask over ``BOARD.vote_cards``."""
    return [BOARD.vote_cards[i] for i in range(len(BOARD.vote_cards)) if mask >> i & 1]


def mask_of(cards: list[str]) -> int:
    """The bitmask of voting card names."""
    mask = 0
    for c in cards:
        mask |= 1 << BOARD.vote_cards.index(c)
    return mask
