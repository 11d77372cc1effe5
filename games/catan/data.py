"""Component data of Catan, loaded once from ``catan.json`` (derived from shared/games/catan.json,
whose ``sources`` list is kept in the file).

Everything the engine needs at run time is turned into small integer tables here: resources are
0..4, development cards 0..4, costs are 5-long count lists.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

_DATA: dict[str, Any] = json.loads(
    (pathlib.Path(__file__).with_name("catan.json")).read_text(encoding="utf-8")
)

SOURCES: list[str] = list(_DATA["sources"])

RESOURCES: tuple[str, ...] = ("brick", "lumber", "wool", "grain", "ore")
RES_INDEX: dict[str, int] = {name: i for i, name in enumerate(RESOURCES)}
BRICK, LUMBER, WOOL, GRAIN, ORE = range(5)
DESERT = -1

DEV_CARDS: tuple[str, ...] = (
    "knight",
    "victory_point",
    "road_building",
    "year_of_plenty",
    "monopoly",
)
DEV_INDEX: dict[str, int] = {name: i for i, name in enumerate(DEV_CARDS)}
KNIGHT, VICTORY_POINT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY = range(5)

# Every card a hand can hold, by name: a resource or a development card.
CARD_NAMES: tuple[str, ...] = RESOURCES + DEV_CARDS


def _counts(table: dict[str, int]) -> list[int]:
    return [table.get(name, 0) for name in RESOURCES]


_COSTS = _DATA["costs"]
COST_ROAD: list[int] = _counts(_COSTS["road"])
COST_SETTLEMENT: list[int] = _counts(_COSTS["settlement"])
COST_CITY: list[int] = _counts(_COSTS["city"])
COST_DEV: list[int] = _counts(_COSTS["development_card"])

_PIECES = _DATA["pieces_per_player"]
MAX_SETTLEMENTS: int = _PIECES["settlements"]
MAX_CITIES: int = _PIECES["cities"]
MAX_ROADS: int = _PIECES["roads"]

BANK_PER_RESOURCE: int = _DATA["components"]["resource_cards_each"]
HAND_LIMIT = 7  # standard rules: a 7 makes every hand of more than 7 cards lose half

_DEV = _DATA["components"]["development_cards"]
DEV_DECK_COUNTS: list[int] = [_DEV[name] for name in DEV_CARDS]

_TERRAIN = _DATA["components"]["terrain_hexes"]
# terrain key in the file -> resource index (desert -1)
_TERRAIN_KEYS = {
    "hills_brick": BRICK,
    "forest_lumber": LUMBER,
    "pasture_wool": WOOL,
    "fields_grain": GRAIN,
    "mountains_ore": ORE,
    "desert": DESERT,
}
TERRAIN_POOL: list[int] = [res for key, res in _TERRAIN_KEYS.items() for _ in range(_TERRAIN[key])]
NUMBER_POOL: list[int] = [
    int(num) for num, count in _DATA["components"]["number_tokens"].items() for _ in range(count)
]

GENERIC_HARBOUR = 5  # harbour kind: 0..4 is the 2:1 harbour of that resource, 5 is 3:1
_HARBOURS = _DATA["components"]["harbors"]
HARBOUR_POOL: list[int] = [GENERIC_HARBOUR] * _HARBOURS["generic_3to1"] + [
    RES_INDEX[name] for name in RESOURCES for _ in range(_HARBOURS[f"{name}_2to1"])
]

VICTORY_STANDARD: int = _DATA["victory"]["standard"]
VICTORY_VARIANT: int = _DATA["victory"]["two_player_variant"]


def _harbour_kind(text: str) -> int:
    if text == "3:1":
        return GENERIC_HARBOUR
    return RES_INDEX[text.split()[1]]


_TERRAIN_NAMES = {"brick": BRICK, "lumber": LUMBER, "wool": WOOL, "grain": GRAIN, "ore": ORE}
_BEGINNER = _DATA["beginner_layout"]
# (q, r) -> (resource, number) of the beginners' map; number 0 on the desert.
BEGINNER_HEXES: dict[tuple[int, int], tuple[int, int]] = {
    (h["q"], h["r"]): (_TERRAIN_NAMES.get(h["terrain"], DESERT), h["number"] or 0)
    for h in _BEGINNER["hexes"]
}
# Harbour slots: (land hex, sea hex) pairs; the harbour lies on the edge they share. The random
# map keeps these nine frame positions and shuffles the harbour kinds over them (the frame of the
# base game has fixed harbour positions).
HARBOUR_SLOTS: list[tuple[tuple[int, int], tuple[int, int]]] = [
    ((h["land_hex"]["q"], h["land_hex"]["r"]), (h["sea_hex"]["q"], h["sea_hex"]["r"]))
    for h in _BEGINNER["harbors"]
]
BEGINNER_HARBOURS: list[int] = [_harbour_kind(h["type"]) for h in _BEGINNER["harbors"]]
