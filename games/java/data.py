"""Board geometry and component counts, derived once from ``java.json``.

The JSON is a copy of ``shared/games/java.json`` (its ``sources`` list is kept inside). The board
shape, its edge colours and the festival-card symbols are approximations there (see NOTES and
README): everything below is derived from the file, so the real board or cards can replace them
without code changes.

Cells are small ints. The 153 printed spaces come first; after them a ring of off-board cells
where a land tile may overhang the grid ("Nový díl krajiny lze položit i tak, že částí přesahuje
hranici"): a tile needs one space inside, so an overhanging cell is always a neighbour of the grid.
"""

from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass
from typing import Any

DATA_PATH = pathlib.Path(__file__).with_name("java.json")
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
EDGE_COST = {"lowland": 1, "mountain": 2}  # "1 AB ... z nížiny, 2 AB ... z hor"


@dataclass(frozen=True)
class Board:
    coords: tuple[tuple[int, int], ...]  # cell -> (q, r)
    index: dict[tuple[int, int], int]  # (q, r) -> cell
    n_board: int  # cells < n_board are printed spaces, the rest overhang the grid
    neighbours: tuple[tuple[int, ...], ...]
    edge_cost: tuple[int, ...]  # 0 = no edge (figures cannot enter/leave there)
    lakes: tuple[int, ...]  # printed lakes
    water_forbidden: tuple[bool, ...]  # edge spaces and off-board cells
    singles: tuple[int, ...]  # one-space shapes with the cell inside the grid
    pairs: tuple[tuple[int, int], ...]  # two adjacent cells, at least one inside
    triangles: tuple[tuple[int, int, int], ...]  # three mutually adjacent cells, one inside


@dataclass(frozen=True)
class Components:
    three_hex: int
    two_hex_each: int
    rice_each: int
    village_each: int
    water: int
    palaces: dict[int, int]  # value -> count
    figures_each: int
    tokens_each: int
    cards_each: int
    card_names: tuple[str, ...]  # one name per card kind
    card_symbols: tuple[frozenset[str], ...]
    card_counts: tuple[int, ...]
    festival_share: dict[int, int]  # palace value -> points for each tied winner
    ap_per_turn: int
    cards_per_turn: int


def _load() -> tuple[Board, Components, dict[str, Any]]:
    raw = json.loads(DATA_PATH.read_text())
    hexes = raw["board"]["hexes"]
    coords: list[tuple[int, int]] = [(h["q"], h["r"]) for h in hexes]
    index = {c: i for i, c in enumerate(coords)}
    n_board = len(coords)
    edge = [EDGE_COST.get(h.get("edge", ""), 0) for h in hexes]
    ring: dict[tuple[int, int], int] = {}
    for q, r in coords[:n_board]:
        for dq, dr in DIRECTIONS:
            n = (q + dq, r + dr)
            if n not in index:
                cost = edge[index[(q, r)]]
                ring[n] = min(ring.get(n, cost), cost)
    for n in sorted(ring, key=lambda c: (c[1], c[0])):
        index[n] = len(coords)
        coords.append(n)
        # Entering over an overhanging tile costs what the adjacent edge costs (the cheaper one).
        edge.append(ring[n])
    neighbours = tuple(
        tuple(index[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in index)
        for q, r in coords
    )
    lakes = tuple(index[(h["q"], h["r"])] for h in hexes if h["type"] == "lake")
    water_forbidden = tuple(i >= n_board or edge[i] > 0 for i in range(len(coords)))
    singles = tuple(range(n_board))
    pairs = tuple(
        (a, b) for a in range(len(coords)) for b in neighbours[a] if a < b and min(a, b) < n_board
    )
    triangles = sorted(
        {
            tuple(sorted((a, b, c)))
            for a in range(len(coords))
            for b in neighbours[a]
            for c in neighbours[b]
            if c in neighbours[a] and min(a, b, c) < n_board
        }
    )
    board = Board(
        coords=tuple(coords),
        index=index,
        n_board=n_board,
        neighbours=neighbours,
        edge_cost=tuple(edge),
        lakes=lakes,
        water_forbidden=water_forbidden,
        singles=singles,
        pairs=pairs,
        triangles=tuple(triangles),  # type: ignore[arg-type]
    )
    comp = raw["components"]
    cards = raw["palace_cards"]["assumed_distribution"]
    # The boxed tiles are the allotment of four players (48 developers, 12 each).
    players = comp["developers"]["total"] // comp["developers"]["per_player"]
    components = Components(
        three_hex=comp["land_tiles"]["three_hex"]["count"],
        two_hex_each=comp["land_tiles"]["two_hex"]["count"] // players,
        rice_each=comp["land_tiles"]["one_hex_rice"]["count"] // players,
        village_each=comp["land_tiles"]["one_hex_village"]["count"] // players,
        water=comp["irrigation_tiles"],
        palaces={int(k): v for k, v in comp["palace_tiles"].items() if k.isdigit()},
        figures_each=comp["developers"]["per_player"],
        tokens_each=comp["extra_action_tokens"]["per_player"],
        cards_each=comp["palace_cards_dealt_per_player"],
        card_names=tuple("+".join(c["symbols"]) for c in cards),
        card_symbols=tuple(frozenset(c["symbols"]) for c in cards),
        card_counts=tuple(c["count"] for c in cards),
        festival_share={int(k): v for k, v in raw["scoring"]["festival_shared_each"].items()},
        ap_per_turn=raw["actions"]["ap_per_turn"],
        cards_per_turn=raw["actions"]["limits"]["palace_cards_per_turn"],
    )
    return board, components, raw


BOARD, COMPONENTS, RAW = _load()
SOURCES: list[str] = RAW["sources"]
CARD_INDEX = {name: i for i, name in enumerate(COMPONENTS.card_names)}
