"""The map of Japan and the 20 tiles of each player, loaded once from ``samurai.json``.

The JSON is derived from ``shared/games/samurai.json`` and keeps its ``sources``; the hex layout is
marked "approximate" there (a single fan-made map whose counts match the rules), see README.md.
Hex ids are the positions in the file's ``map.hexes`` list, so an id names the same hex in the
2-, 3- and 4-player maps.
"""

from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass
from functools import cache
from typing import Any

DATA_PATH = pathlib.Path(__file__).with_name("samurai.json")

# The three kinds of figures, in the order used by every per-kind list in the state.
KINDS: tuple[str, ...] = ("helmet", "buddha", "rice_field")
KIND_INDEX = {name: i for i, name in enumerate(KINDS)}

TILE_EXCHANGE = "tile_exchange"
FIGURE_EXCHANGE = "figure_exchange"
HAND_SIZE = 5


@dataclass(frozen=True)
class TileType:
    """One kind of tile; a player may own several copies (two samurai 1, two ships 1)."""

    name: str  # "helmet2", "samurai1", "ship2", "tile_exchange", ...
    kind: str
    strength: int
    affects: tuple[int, ...]  # kind indices this tile influences
    kanji: bool  # kanji tiles: any number per turn; plain tiles: at most one per turn
    count: int
    sea: bool  # ships go on sea spaces, every other placed tile on land


@dataclass(frozen=True)
class Board:
    """The part of the map used by one player count, with precomputed neighbourhoods."""

    n_players: int
    hex_ids: tuple[int, ...]
    land: frozenset[int]  # free-able land spaces: land without a settlement
    sea: frozenset[int]
    land_order: tuple[int, ...]
    sea_order: tuple[int, ...]
    settlements: tuple[int, ...]
    settlement_type: dict[int, str]  # hex -> "edo" | "city" | "village"
    edo: int
    cities: tuple[int, ...]  # without Edo
    villages: tuple[int, ...]
    # A figure is taken when every one of these land spaces holds a tile (clause "Jak se
    # přivlastňují figury?": "všechna pozemní pole sousedící s figurou").
    surround: dict[int, tuple[int, ...]]
    # Spaces whose tiles influence the settlement: land and sea neighbours (ships count).
    influencers: dict[int, tuple[int, ...]]
    near_settlements: dict[int, tuple[int, ...]]  # space -> settlements it touches
    figures_per_kind: int


def _raw() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    return raw


@cache
def tile_types() -> dict[str, TileType]:
    out: dict[str, TileType] = {}
    for item in _raw()["player_tiles"]["list"]:
        kind = item["kind"]
        numbered = item["strength"] is not None and kind != TILE_EXCHANGE
        name = f"{kind}{item['strength']}" if numbered else kind
        out[name] = TileType(
            name=name,
            kind=kind,
            strength=item["strength"] or 0,
            affects=tuple(KIND_INDEX[k] for k in item["affects"]),
            kanji=item["kanji"],
            count=item["count"],
            sea=kind == "ship",
        )
    return out


@cache
def full_tile_set() -> tuple[str, ...]:
    """The 20 tiles every player owns, sorted by name."""
    return tuple(sorted(t.name for t in tile_types().values() for _ in range(t.count)))


@cache
def all_hexes() -> tuple[dict[str, Any], ...]:
    return tuple(_raw()["map"]["hexes"])


@cache
def sources() -> tuple[str, ...]:
    return tuple(_raw()["sources"])


@cache
def board(n_players: int) -> Board:
    raw = _raw()
    deltas = raw["coordinate_system"]["neighbors"]
    hexes = all_hexes()
    ids = tuple(i for i, h in enumerate(hexes) if h["min_players"] <= n_players)
    at = {(hexes[i]["q"], hexes[i]["r"]): i for i in ids}

    def neighbours(i: int) -> list[int]:
        q, r = hexes[i]["q"], hexes[i]["r"]
        return [at[(q + dq, r + dr)] for dq, dr in deltas if (q + dq, r + dr) in at]

    land = tuple(i for i in ids if hexes[i]["terrain"] == "land" and not hexes[i].get("settlement"))
    sea = tuple(i for i in ids if hexes[i]["terrain"] == "sea")
    settle = tuple(i for i in ids if hexes[i].get("settlement"))
    kinds = {i: hexes[i]["settlement"] for i in settle}
    land_set, sea_set = frozenset(land), frozenset(sea)
    surround = {s: tuple(n for n in neighbours(s) if n in land_set) for s in settle}
    influencers = {
        s: tuple(n for n in neighbours(s) if n in land_set or n in sea_set) for s in settle
    }
    near: dict[int, list[int]] = {i: [] for i in ids}
    for s in settle:
        for n in influencers[s]:
            near[n].append(s)
    return Board(
        n_players=n_players,
        hex_ids=ids,
        land=land_set,
        sea=sea_set,
        land_order=land,
        sea_order=sea,
        settlements=settle,
        settlement_type=kinds,
        edo=next(i for i in settle if kinds[i] == "edo"),
        cities=tuple(i for i in settle if kinds[i] == "city"),
        villages=tuple(i for i in settle if kinds[i] == "village"),
        surround=surround,
        influencers=influencers,
        near_settlements={i: tuple(v) for i, v in near.items()},
        figures_per_kind=raw["player_count_setup"][str(n_players)]["figures_each_kind"],
    )
