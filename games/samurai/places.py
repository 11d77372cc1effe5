"""Where things are, in the players' terms: every space of the map named as a player finds it on
our board (``pwa/src/boards/samurai.tsx``), which prints no names: the map of Japan with north at
the top (a compass shows it), Edo (three figures, a double outline), the cities (two figures)
and the villages (one).

Edo keeps its printed name. The other settlements are described from a landmark a player spots
at once: Edo, a city, the tip or a quarter of an island ("the village north-west of Edo", "the
village in the north-west of Kyushu"). A space that takes a tile is described by the
settlements it touches, which is what a tile there influences ("next to Edo, on its north-west
side"). Everything is computed once, at import: ``narrate`` runs for every event, viewer and
language.

Which settlements a sea space touches depends on the number of players for ten sea spaces of
Honshu (Kyushu, Shikoku and Hokkaido join the map with 3 and 4 players), so the phrases are kept
per player count; the glossary gives each space's phrase for the smallest map that has it, true
on every map.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from games.narration import Words
from games.samurai.data import all_hexes, board

Direction = Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"]

# "north-west" / "severozápadně (od)" / "severozápadní (straně)".
DIRECTION_EN: dict[Direction, str] = {
    "n": "north",
    "ne": "north-east",
    "e": "east",
    "se": "south-east",
    "s": "south",
    "sw": "south-west",
    "w": "west",
    "nw": "north-west",
}
DIRECTION_CS_ADVERB: dict[Direction, str] = {
    "n": "severně",
    "ne": "severovýchodně",
    "e": "východně",
    "se": "jihovýchodně",
    "s": "jižně",
    "sw": "jihozápadně",
    "w": "západně",
    "nw": "severozápadně",
}
DIRECTION_CS_ADJECTIVE: dict[Direction, str] = {
    "n": "severní",
    "ne": "severovýchodní",
    "e": "východní",
    "se": "jihovýchodní",
    "s": "jižní",
    "sw": "jihozápadní",
    "w": "západní",
    "nw": "severozápadní",
}

# The six neighbours of a pointy-top hex in the map's axial coordinates (rows of constant r run
# west to east, r grows southward: samurai.json "coordinate_system").
HEX_DIRECTION: dict[tuple[int, int], Direction] = {
    (1, 0): "e",
    (-1, 0): "w",
    (1, -1): "ne",
    (0, -1): "nw",
    (0, 1): "se",
    (-1, 1): "sw",
}

# The islands (the map's "part" of each space) as a sentence names them.
ISLAND_EN = {"honshu": "Honshu", "kyushu": "Kyushu", "shikoku": "Shikoku", "hokkaido": "Hokkaido"}
ISLAND_CS = {"honshu": "Honšú", "kyushu": "Kjúšú", "shikoku": "Šikoku", "hokkaido": "Hokkaidó"}


@dataclass(frozen=True)
class Settlement:
    """A settlement's name: English (with its article), Czech nominative and genitive (for "z",
    "do", "vedle", "od": the only cases the log's sentences put a place in).

    A village is named by a locator and a landmark ("north-west" + "of Edo", "in the west" + "of
    Kyushu"), so that two villages beside one space share the landmark ("next to the villages
    north-west and west of the city west of Edo")."""

    en: str
    cs: str
    cs_gen: str
    locator: Words | None = None  # ("north-west", "severozápadně"), ("in the west", "na západě")
    landmark: Words | None = None  # ("of Edo", "od Eda"), ("of Kyushu", "Kjúšú")
    anchor: int | None = None  # the town the village is placed from, if any
    # How the description is checked against the map (tests/games/samurai/test_words.py):
    # ("from", town, direction), ("tip" | "quarter" | "end", island, direction).
    where: tuple[str, str | int, Direction] | None = None


EDO = 109
CITY_NORTH_EAST = 51
CITY_WEST = 123
CITY_HOKKAIDO = 28


def _city(d: Direction) -> Settlement:
    return Settlement(
        f"the city {DIRECTION_EN[d]} of Edo",
        f"město {DIRECTION_CS_ADVERB[d]} od Eda",
        f"města {DIRECTION_CS_ADVERB[d]} od Eda",
        where=("from", EDO, d),
    )


_TOWNS: dict[int, Settlement] = {
    EDO: Settlement("Edo", "Edo", "Eda"),
    CITY_NORTH_EAST: _city("ne"),
    CITY_WEST: _city("w"),
    CITY_HOKKAIDO: Settlement("the city on Hokkaido", "město na Hokkaidó", "města na Hokkaidó"),
}


def _village(
    locator: Words,
    landmark: Words,
    where: tuple[str, str | int, Direction],
    anchor: int | None = None,
) -> Settlement:
    # The genitive of "vesnice" is "vesnice": one Czech form serves both cases.
    cs = f"vesnice {locator[1]} {landmark[1]}"
    return Settlement(
        f"the village {locator[0]} {landmark[0]}", cs, cs, locator, landmark, anchor, where
    )


def _from(town: int, d: Direction) -> Settlement:
    """ "the village north-west of Edo" / "vesnice severozápadně od Eda"."""
    t = _TOWNS[town]
    return _village(
        (DIRECTION_EN[d], DIRECTION_CS_ADVERB[d]),
        (f"of {t.en}", f"od {t.cs_gen}"),
        anchor=town,
        where=("from", town, d),
    )


def _tip(island: str, d: Direction) -> Settlement:
    """ "the village at the northern tip of Hokkaido" / "vesnice na severním cípu Hokkaidó"."""
    return _village(
        (f"at the {DIRECTION_EN[d]}ern tip", f"na {DIRECTION_CS_ADJECTIVE[d][:-1]}ím cípu"),
        (f"of {ISLAND_EN[island]}", ISLAND_CS[island]),
        where=("tip", island, d),
    )


# "na severozápadě", "na jihu"... (the quarter of an island, locative of the compass noun).
_QUARTER_CS: dict[Direction, str] = {
    "n": "na severu",
    "ne": "na severovýchodě",
    "e": "na východě",
    "se": "na jihovýchodě",
    "s": "na jihu",
    "sw": "na jihozápadě",
    "w": "na západě",
    "nw": "na severozápadě",
}


def _quarter(island: str, d: Direction) -> Settlement:
    """ "the village in the north-west of Kyushu" / "vesnice na severozápadě Kjúšú"."""
    return _village(
        (f"in the {DIRECTION_EN[d]}", _QUARTER_CS[d]),
        (f"of {ISLAND_EN[island]}", ISLAND_CS[island]),
        where=("quarter", island, d),
    )


_VILLAGES: dict[int, Settlement] = {
    # Hokkaido (4 players): around its city, and its three tips.
    3: _tip("hokkaido", "n"),
    11: _from(CITY_HOKKAIDO, "nw"),
    13: _from(CITY_HOKKAIDO, "ne"),
    23: _tip("hokkaido", "e"),
    26: _from(CITY_HOKKAIDO, "w"),
    30: _from(CITY_HOKKAIDO, "e"),
    43: _tip("hokkaido", "s"),
    # Honshu: the northern tip, around Edo and its two cities, and the western end.
    41: _tip("honshu", "n"),
    53: _from(CITY_NORTH_EAST, "e"),
    75: _from(CITY_NORTH_EAST, "se"),
    71: _from(EDO, "nw"),
    73: _from(EDO, "ne"),
    111: _from(EDO, "e"),
    125: _from(EDO, "sw"),
    145: _from(EDO, "se"),
    86: _from(CITY_WEST, "nw"),
    88: _from(CITY_WEST, "ne"),
    103: _from(CITY_WEST, "w"),
    139: _from(CITY_WEST, "sw"),
    83: _village(
        ("on the north-west coast", "na severozápadním pobřeží"),
        ("of Honshu", "Honšú"),
        where=("quarter", "honshu", "nw"),
    ),
    100: _village(
        ("at the western end", "na západním konci"),
        ("of Honshu", "Honšú"),
        where=("end", "honshu", "w"),
    ),
    # Kyushu and Shikoku (3 and 4 players) have no city: the quarter of the island.
    96: _quarter("kyushu", "nw"),
    98: _quarter("kyushu", "ne"),
    131: _quarter("kyushu", "w"),
    133: _quarter("kyushu", "e"),
    161: _tip("kyushu", "s"),
    135: _quarter("shikoku", "nw"),
    137: _quarter("shikoku", "ne"),
    164: _quarter("shikoku", "sw"),
    166: _quarter("shikoku", "se"),
}

SETTLEMENTS: MappingProxyType[int, Settlement] = MappingProxyType({**_TOWNS, **_VILLAGES})


def _two(a: int, b: int) -> tuple[str, str]:
    """Two settlements beside one space, said shortly: "Edo and the village south-west of it",
    "the villages north-west and west of the city west of Edo" (Czech: genitive after
    "vedle")."""
    first, second = SETTLEMENTS[a], SETTLEMENTS[b]
    if second.anchor == a:
        # Every landmark town is neuter in Czech (Edo, město): "od něj".
        assert second.locator is not None
        return (
            f"{first.en} and the village {second.locator[0]} of it",
            f"{first.cs_gen} a vesnice {second.locator[1]} od něj",
        )
    if first.landmark is not None and first.landmark == second.landmark:
        assert first.locator is not None and second.locator is not None
        return (
            f"the villages {first.locator[0]} and {second.locator[0]} {first.landmark[0]}",
            f"vesnic {first.locator[1]} a {second.locator[1]} {first.landmark[1]}",
        )
    return f"{first.en} and {second.en}", f"{first.cs_gen} a {second.cs_gen}"


def _landmarks_first(near: tuple[int, ...]) -> list[int]:
    """Edo, then the cities, then the villages; a village before another of the same landmark
    in the order of its locator on the map (north before south)."""
    rank = {"edo": 0, "city": 1, "village": 2}
    hexes = all_hexes()
    return sorted(near, key=lambda s: (rank[hexes[s]["settlement"]], hexes[s]["r"], s))


@dataclass(frozen=True)
class Space:
    """A space that takes a tile: ``name`` for the glossary ("the land next to Edo, on its
    north-west side"), ``at`` where a tile goes in a sentence ("next to Edo, on its north-west
    side" / "vedle Eda, na severozápadní straně")."""

    name: Words
    at: Words


def _touching(hex_id: int, near: tuple[int, ...]) -> tuple[str, str]:
    """ "next to Edo, on its north-west side" / "vedle Eda, na severozápadní straně", or "next to
    A and B" / "vedle A a B" (the genitive after "vedle")."""
    hexes = all_hexes()
    if len(near) == 1:
        town = SETTLEMENTS[near[0]]
        delta = (
            hexes[hex_id]["q"] - hexes[near[0]]["q"],
            hexes[hex_id]["r"] - hexes[near[0]]["r"],
        )
        d = HEX_DIRECTION[delta]
        return (
            f"next to {town.en}, on its {DIRECTION_EN[d]} side",
            f"vedle {town.cs_gen}, na {DIRECTION_CS_ADJECTIVE[d]} straně",
        )
    # No space of this map touches more than two settlements (checked by the tests).
    a, b = _landmarks_first(near)
    en, cs = _two(a, b)
    return f"next to {en}", f"vedle {cs}"


def _space(hex_id: int, near: tuple[int, ...]) -> Space:
    h = all_hexes()[hex_id]
    if h["terrain"] == "land":
        en, cs = _touching(hex_id, near)
        return Space((f"the land {en}", f"pole {cs}"), (en, cs))
    island_en, island_cs = ISLAND_EN[h["part"]], ISLAND_CS[h["part"]]
    if not near:
        # A few sea spaces touch no settlement: a ship there influences nothing.
        return Space(
            (f"the open sea off {island_en}", f"otevřené moře u {island_cs}"),
            (
                f"out at sea off {island_en}, next to no settlement",
                f"na otevřené moře u {island_cs}, kde nesousedí s žádnou osadou",
            ),
        )
    en, cs = _touching(hex_id, near)
    return Space((f"the sea {en}", f"mořské pole {cs}"), (f"in the sea {en}", f"na moře {cs}"))


def _spaces(n_players: int) -> MappingProxyType[int, Space]:
    b = board(n_players)
    return MappingProxyType(
        {h: _space(h, b.near_settlements[h]) for h in b.hex_ids if h not in b.settlement_type}
    )


SPACES_BY_PLAYERS: MappingProxyType[int, MappingProxyType[int, Space]] = MappingProxyType(
    {n: _spaces(n) for n in (2, 3, 4)}
)


def _glossary_places() -> dict[str, Words]:
    out: dict[str, Words] = {}
    for hex_id, h in enumerate(all_hexes()):
        if hex_id in SETTLEMENTS:
            town = SETTLEMENTS[hex_id]
            out[str(hex_id)] = (town.en, town.cs)
        else:
            # The smallest map with this space: its phrase holds on every larger map too.
            out[str(hex_id)] = SPACES_BY_PLAYERS[h["min_players"]][hex_id].name
    return out


GLOSSARY_PLACES: dict[str, Words] = _glossary_places()


def spaces_for(n_players: int) -> MappingProxyType[int, Space]:
    """The phrases of the map of ``n_players`` (the largest map for an unexpected count)."""
    return SPACES_BY_PLAYERS.get(n_players, SPACES_BY_PLAYERS[4])
