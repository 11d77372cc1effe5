"""Board and component data, loaded once from ``yspahan.json`` (copied from
``shared/games/yspahan.json``; its ``sources`` list says where every number comes from).

Everything the rules need is turned into flat tuples indexed by small ints so that the hot paths
(legal moves, playouts) never touch dicts or strings.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

_RAW: dict[str, Any] = json.loads((pathlib.Path(__file__).parent / "yspahan.json").read_text())
SOURCES: tuple[str, ...] = tuple(_RAW["sources"])

# Tower rows, bottom to top ("Tabulka věže": velbloudí řádek, 4 řádky sektorů, peněžní řádek).
ROW_CAMELS = 0
ROW_GOLD = 5
ROW_NAMES: tuple[str, ...] = tuple(_RAW["tower"]["rows_bottom_to_top"])
N_ROWS = 6
QUARTERS: tuple[str, ...] = ("bag", "barrel", "chest", "vase")  # quarter q <-> tower row q + 1

# Souks (bazaars) and their shops (stalls); a shop's global index is its position in SHOP_SOUK.
SOUK_IDS: tuple[str, ...] = tuple(s["id"] for s in _RAW["marketplace"]["souks"])
SOUK_POINTS: tuple[int, ...] = tuple(s["points"] for s in _RAW["marketplace"]["souks"])
SOUK_QUARTER: tuple[int, ...] = tuple(
    QUARTERS.index(s["quarter"]) for s in _RAW["marketplace"]["souks"]
)
_shops: list[tuple[int, int]] = []
for _si, _souk in enumerate(_RAW["marketplace"]["souks"]):
    for _shop in _souk["shop_list"]:
        _shops.append((_si, _shop["index"]))
SHOP_SOUK: tuple[int, ...] = tuple(si for si, _ in _shops)
SHOP_NAMES: tuple[str, ...] = tuple(f"{SOUK_IDS[si]}#{i}" for si, i in _shops)
N_SHOPS = len(SHOP_SOUK)
N_SOUKS = len(SOUK_IDS)
SOUK_SHOPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, si in enumerate(SHOP_SOUK) if si == s) for s in range(N_SOUKS)
)
QUARTER_SOUKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(N_SOUKS) if SOUK_QUARTER[s] == q) for q in range(len(QUARTERS))
)

# The path: a cross of streets around the hub (cell 10). Each cell knows its arm and its steps
# from the hub, which is all a non-reversing walk needs (NOTES: "moving along the streets,
# possibly through the hub, without reversing").
CELLS: tuple[int, ...] = tuple(c["id"] for c in _RAW["path"]["cells"])
HUB = 10
_arm: dict[int, int] = {c["id"]: c["arm"] for c in _RAW["path"]["cells"]}
_steps: dict[int, int] = {c["id"]: c["steps_from_hub"] for c in _RAW["path"]["cells"]}
N_CELL_IDS = max(CELLS) + 1


def _distance(a: int, b: int) -> int:
    """Steps of the only non-reversing walk from a to b (the street map is a tree)."""
    if a == b:
        return 0
    if _arm[a] == _arm[b] or a == HUB or b == HUB:
        if a == HUB or b == HUB:
            return _steps[a] + _steps[b]
        return abs(_steps[a] - _steps[b])
    return _steps[a] + _steps[b]


DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(_distance(a, b) if a in _arm and b in _arm else -1 for b in range(N_CELL_IDS))
    for a in range(N_CELL_IDS)
)

_shop_index = {name: i for i, name in enumerate(SHOP_NAMES)}
CELL_SHOPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted(
            _shop_index[name]
            for c in _RAW["path"]["cells"]
            if c["id"] == cell
            for name in c["adjacent_shops"]
        )
    )
    for cell in range(N_CELL_IDS)
)

# Cards a-i of the text ("Přehled karet"), two copies each.
CARD_IDS: tuple[str, ...] = tuple(t["id"] for t in _RAW["cards"]["types"])
CARD_3_CAMELS, CARD_3_GOLD, CARD_CARAVAN, CARD_SOUK, CARD_SWAP = 0, 1, 2, 3, 4
CARD_GOLD_VP, CARD_CAMELS_VP, CARD_NO_CAMELS, CARD_NO_GOLD = 5, 6, 7, 8
N_CARD_TYPES = len(CARD_IDS)
COPIES_PER_CARD = _RAW["cards"]["copies_each"]
GOLD_VP_MAX = 10  # card f: "max. 10x"
CAMELS_VP_MAX = 4  # card g: "v poměru 1:2, max. 4x"

# Buildings 1-6 of the text ("Ad 4"), in its order.
BUILDING_IDS: tuple[str, ...] = tuple(b["id"] for b in _RAW["buildings"]["list"])
BUILDING_COST: tuple[tuple[int, int], ...] = tuple(
    (b["cost"]["camels"], b["cost"]["gold"]) for b in _RAW["buildings"]["list"]
)
B_CAMEL, B_GOLD, B_MOVE, B_CARD, B_POINTS, B_CUBE = 0, 1, 2, 3, 4, 5
N_BUILDINGS = len(BUILDING_IDS)

# Points for the n-th building: the text ("1 budova - nic, 2 až 5 budov - 5 bodů, všech 6 budov
# - 10 bodů") and the published game (BGA, boardspace: 0,0,5,5,5,10), NOTES §2.
BUILDING_POINTS = {
    "text": (0, 5, 5, 5, 5, 10),
    "published": tuple(_RAW["buildings"]["vp_for_nth_building"]),
}
# Points for a cube entering caravan section 1/2/3: the text ("1,2 nebo 3 vítězné body") and the
# published game as boardspace implements it (2/1/0), NOTES §2.
_entry = _RAW["caravan"]["immediate_points_on_entry"]
CARAVAN_ENTRY_POINTS = {
    "text": tuple(_entry["czech_text"][f"section{i}"] for i in (1, 2, 3)),
    "published": tuple(_entry["boardspace_code"][f"section{i}"] for i in (1, 2, 3)),
}
CARAVAN_SECTIONS = 3


def caravan_per_section(n_players: int, published_two_player: bool = True) -> int:
    """4 spaces per section, 3 with three players ("ve třech hráčích se používají pouze 3 pole");
    two players use 3 under the published 2-player rules (boardspace, NOTES §2), the text's 4
    under its plain structure (option two_player_rules: text)."""
    if n_players == 2:
        return 3 if published_two_player else 4
    return 4 if n_players >= 4 else 3


EPOCHS = 3
DAYS_PER_EPOCH = 7
START_GOLD = _RAW["setup"]["gold_per_player"]
WHITE_DICE = _RAW["components"]["white_dice"]
YELLOW_DICE = _RAW["components"]["yellow_dice"]
