"""Catan's names of things and places for players, in English and Czech (games/WORDS.md).

Things are named as the game names them: the terrains (hills, forest, pasture, fields, mountains,
desert), the resources they yield, the development cards, the pieces. Czech follows the Czech rule
text (``shared/rules/catan-2p-variant.cs.txt``: "vesnice", "cesta", "město", "Nejdelší cesta",
"Největší armáda", "akční karta", "rytíř").

Places are named as a player finds them on our board (``pwa/src/boards/catan.tsx``), which shows
every hex's terrain colour, icon and number token and every harbour's ratio: a hex is "the
pasture 9" ("pastvina s devítkou"), a corner lies between the hexes that meet there ("between the
forest 4, the pasture 9 and the hills 10"), a road between the two hexes it separates or on one
hex's coast. The map is drawn at random for each match, so these come from the terrain recorded
in the event (``annotate.py``); an event stored before that is narrated with the place's position
on the island ("the hex on the left of the top row"), which is also the glossary's name of each
hex, corner and edge (the map itself is the match's, not the game's).

Every table is built once at import: ``narrate`` runs for every event, viewer and request.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.catan.annotate import EDGE_HEXES
from games.catan.data import DEV_CARDS, RESOURCES
from games.catan.data_board import EDGE_NODES, HEX_COORDS, HEX_NODES, N_EDGES, N_NODES, NODE_HEXES
from games.catan.events_awards import LARGEST_ARMY_MIN, LONGEST_ROAD_MIN
from games.narration import Reader, Words


def clause(r: Reader, seat: int, en: tuple[str, str], cs: tuple[str, str], **fields: Any) -> str:
    """A clause about ``seat`` inside a sentence, ``(you_form, other_form)`` per language as in
    ``Reader.line``, without the capital a sentence starts with."""
    you, other = en if r.lang == "en" else cs
    template = you if r.is_you(seat) else other
    values = {k: r.pick(v) if isinstance(v, tuple) else v for k, v in fields.items()}
    return template.format(who=r.name(seat), **values)


# -- counted things --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Noun:
    """A thing counted in a sentence's object: English ``(one, many)``, Czech accusative ``(1,
    2-4, 5+)``; ``{n}`` is the count."""

    en: tuple[str, str]
    cs: tuple[str, str, str]

    def count(self, n: int) -> Words:
        en = self.en[0] if n == 1 else self.en[1]
        cs = self.cs[0] if n == 1 else self.cs[1] if 2 <= n <= 4 else self.cs[2]
        return en.format(n=n), cs.format(n=n)


RESOURCE_NOUNS: dict[str, Noun] = {
    "brick": Noun(("{n} brick", "{n} brick"), ("{n} cihlu", "{n} cihly", "{n} cihel")),
    "lumber": Noun(("{n} lumber", "{n} lumber"), ("{n} dřevo", "{n} dřeva", "{n} dřev")),
    "wool": Noun(("{n} wool", "{n} wool"), ("{n} vlnu", "{n} vlny", "{n} vln")),
    "grain": Noun(("{n} grain", "{n} grain"), ("{n} obilí", "{n} obilí", "{n} obilí")),
    "ore": Noun(("{n} ore", "{n} ore"), ("{n} rudu", "{n} rudy", "{n} rud")),
}
DEV_NOUNS: dict[str, Noun] = {
    "knight": Noun(("a Knight", "{n} Knights"), ("rytíře", "{n} rytíře", "{n} rytířů")),
    "victory_point": Noun(
        ("a Victory Point card", "{n} Victory Point cards"),
        ("kartu s vítězným bodem", "{n} karty s vítězným bodem", "{n} karet s vítězným bodem"),
    ),
    "road_building": Noun(
        ("a Road Building card", "{n} Road Building cards"),
        ("kartu Stavba silnic", "{n} karty Stavba silnic", "{n} karet Stavba silnic"),
    ),
    "year_of_plenty": Noun(
        ("a Year of Plenty card", "{n} Year of Plenty cards"),
        ("kartu Vynález", "{n} karty Vynález", "{n} karet Vynález"),
    ),
    "monopoly": Noun(
        ("a Monopoly card", "{n} Monopoly cards"),
        ("kartu Monopol", "{n} karty Monopol", "{n} karet Monopol"),
    ),
}
CARD = Noun(("a card", "{n} cards"), ("jednu kartu", "{n} karty", "{n} karet"))
DEV_CARD = Noun(
    ("a development card", "{n} development cards"),
    ("akční kartu", "{n} akční karty", "{n} akčních karet"),
)
POINT = Noun(("{n} point", "{n} points"), ("{n} bod", "{n} body", "{n} bodů"))
ROAD = Noun(("{n} road", "{n} roads"), ("{n} cesta", "{n} cesty", "{n} cest"))
KNIGHTS = Noun(("{n} knight", "{n} knights"), ("{n} rytíř", "{n} rytíři", "{n} rytířů"))


@dataclass(frozen=True)
class Award:
    """A special card: its name as an object (Czech accusative: "získává Nejdelší cestu"; both
    names are feminine, so "o ni" fits both), what its size counts, and why nobody holds it."""

    name: Words
    unit: Noun
    nobody_leads: Words


AWARDS: dict[str, Award] = {
    "longest_road": Award(
        ("Longest Road", "Nejdelší cestu"),
        ROAD,
        (
            f"nobody leads alone with at least {LONGEST_ROAD_MIN} roads",
            f"nikdo nevede sám s alespoň {LONGEST_ROAD_MIN} cestami",
        ),
    ),
    "largest_army": Award(
        ("Largest Army", "Největší armádu"),
        KNIGHTS,
        (
            f"nobody leads alone with at least {LARGEST_ARMY_MIN} knights",
            f"nikdo nevede sám s alespoň {LARGEST_ARMY_MIN} rytíři",
        ),
    ),
}


# The card names of a hand and of the commands ("brick", "knight"...), one of them counted.
CARD_NOUNS: dict[str, Noun] = {**RESOURCE_NOUNS, **DEV_NOUNS, "development": DEV_CARD}

# Names as such (a title, a table heading, the glossary): nominative.
RESOURCE_NAMES: dict[str, Words] = {
    "brick": ("brick", "cihla"),
    "lumber": ("lumber", "dřevo"),
    "wool": ("wool", "vlna"),
    "grain": ("grain", "obilí"),
    "ore": ("ore", "ruda"),
}
DEV_NAMES: dict[str, Words] = {
    "knight": ("Knight", "Rytíř"),
    "victory_point": ("Victory Point", "Vítězný bod"),
    "road_building": ("Road Building", "Stavba silnic"),
    "year_of_plenty": ("Year of Plenty", "Vynález"),
    "monopoly": ("Monopoly", "Monopol"),
}
# Monopoly names a resource: "Monopoly on wool" / "Monopol na vlnu" (accusative).
RESOURCE_ACC: dict[str, Words] = {
    "brick": ("brick", "cihly"),
    "lumber": ("lumber", "dřevo"),
    "wool": ("wool", "vlnu"),
    "grain": ("grain", "obilí"),
    "ore": ("ore", "rudu"),
}
# A 2:1 harbour's resource: "the 2:1 wool harbour" / "přístav 2:1 na vlnu".
HARBOUR_NAMES: dict[str, Words] = {"3:1": ("the 3:1 harbour", "přístav 3:1")} | {
    f"2:1 {r}": (f"the 2:1 {RESOURCE_NAMES[r][0]} harbour", f"přístav 2:1 na {RESOURCE_ACC[r][1]}")
    for r in RESOURCES
}
HARBOUR_GEN: dict[str, str] = {"3:1": "přístavu 3:1"} | {
    f"2:1 {r}": f"přístavu 2:1 na {RESOURCE_ACC[r][1]}" for r in RESOURCES
}


def card_list(r: Reader, names: Sequence[str]) -> str:
    """Cards by name, grouped and counted in the hand's order: "2 brick, 1 wool and a Knight" /
    "2 cihly, 1 vlnu a rytíře" (Czech accusative)."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    order = [n for n in (*RESOURCES, *DEV_CARDS, "development") if n in counts]
    return r.join([r.pick(CARD_NOUNS[n].count(counts[n])) for n in order])


def resource_list(r: Reader, counts: Sequence[int]) -> str:
    """A 5-long count of resources: "2 grain and 1 ore" / "2 obilí a 1 rudu"."""
    return r.join(
        [r.pick(RESOURCE_NOUNS[RESOURCES[i]].count(n)) for i, n in enumerate(counts) if n > 0]
    )


# -- the island ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Terrain:
    """A terrain: English name, Czech by case (nominative, genitive, accusative, locative,
    instrumental)."""

    en: str
    nom: str
    gen: str
    acc: str
    loc: str
    ins: str


# Keyed as the view and the events key a hex: by the resource it yields, or "desert".
TERRAINS: dict[str, Terrain] = {
    "brick": Terrain("hills", "kopce", "kopců", "kopce", "kopcích", "kopci"),
    "lumber": Terrain("forest", "les", "lesa", "les", "lese", "lesem"),
    "wool": Terrain("pasture", "pastvina", "pastviny", "pastvinu", "pastvině", "pastvinou"),
    "grain": Terrain("fields", "pole", "pole", "pole", "poli", "polem"),
    "ore": Terrain("mountains", "hory", "hor", "hory", "horách", "horami"),
    "desert": Terrain("desert", "poušť", "pouště", "poušť", "poušti", "pouští"),
}
# The number token in Czech, as players say it: "pastvina s devítkou" (instrumental, with "s" or
# "se" as the next sound needs).
_CS_NUMBER = {
    2: "se dvojkou",
    3: "s trojkou",
    4: "se čtyřkou",
    5: "s pětkou",
    6: "se šestkou",
    8: "s osmičkou",
    9: "s devítkou",
    10: "s desítkou",
    11: "s jedenáctkou",
    12: "s dvanáctkou",
}


def terrain_words(land: Sequence[Any], case: str) -> Words:
    """One hex from an event's ``land`` entry ``[resource or "desert", number]``: "the pasture
    9" / Czech in ``case`` ("pastvinu s devítkou")."""
    kind, number = land[0], land[1]
    t = TERRAINS[kind]
    cs = getattr(t, case)
    if not number:
        return f"the {t.en}", cs
    return f"the {t.en} {number}", f"{cs} {_CS_NUMBER[number]}"


# Rows of the island, top to bottom (r = -2 .. 2): English, Czech locative and genitive.
_ROWS = (
    ("top row", "v horní řadě", "horní řady"),
    ("second row", "ve druhé řadě", "druhé řady"),
    ("middle row", "v prostřední řadě", "prostřední řady"),
    ("fourth row", "ve čtvrté řadě", "čtvrté řady"),
    ("bottom row", "v dolní řadě", "dolní řady"),
)


def _hex_position(q: int, r: int) -> Words:
    """Where a hex lies on the island, in words that follow "the hex" / "políčko"."""
    row = [c for c in HEX_COORDS if c[1] == r]
    i, size = row.index((q, r)), len(row)
    en_row, cs_in, cs_of = _ROWS[r + 2]
    if size == 5 and i == 2:
        return "in the centre of the island", "uprostřed ostrova"
    if i == 0:
        return f"on the left of the {en_row}", f"vlevo {cs_in}"
    if i == size - 1:
        return f"on the right of the {en_row}", f"vpravo {cs_in}"
    if size == 3:
        return f"in the middle of the {en_row}", f"uprostřed {cs_of}"
    if i < size / 2:
        return f"left of centre in the {en_row}", f"vlevo od středu {cs_of}"
    return f"right of centre in the {en_row}", f"vpravo od středu {cs_of}"


HEX_POSITIONS: tuple[Words, ...] = tuple(_hex_position(q, r) for q, r in HEX_COORDS)
_CS_HEX = {
    "nom": "políčko",
    "gen": "políčka",
    "acc": "políčko",
    "loc": "políčku",
    "ins": "políčkem",
}


def hex_by_position(h: int, case: str) -> Words:
    """A hex where the event does not say its terrain: "the hex on the left of the top row"."""
    en, cs = HEX_POSITIONS[h]
    return f"the hex {en}", f"{_CS_HEX[case]} {cs}"


# Corners of a pointy-top hex, 0 at the top then clockwise; sides k join corners k and k + 1.
_CORNER_DIRS = (
    ("north", "severní"),
    ("north-east", "severovýchodní"),
    ("south-east", "jihovýchodní"),
    ("south", "jižní"),
    ("south-west", "jihozápadní"),
    ("north-west", "severozápadní"),
)
_SIDE_DIRS = (
    ("north-east", "severovýchodní"),
    ("east", "východní"),
    ("south-east", "jihovýchodní"),
    ("south-west", "jihozápadní"),
    ("west", "západní"),
    ("north-west", "severozápadní"),
)


def _side_of(h: int, edge: int) -> int:
    a, b = EDGE_NODES[edge]
    nodes = HEX_NODES[h]
    i, j = nodes.index(a), nodes.index(b)
    return i if (i + 1) % 6 == j else j


def _hexes_words(r: Reader, hexes: list[Words]) -> str:
    return r.join([r.pick(w) for w in hexes])


def node_place(r: Reader, event: Mapping[str, Any]) -> str:
    """Where a corner is, as a place phrase after a verb: "between the forest 4, the pasture 9
    and the hills 10" / "mezi lesem s osmičkou, …"; on the coast "on the coast between …" or
    "at the north corner of the forest 4"; "at the 3:1 harbour" when there is one."""
    node = event["node"]
    hexes = NODE_HEXES[node]
    land = event.get("land")
    if land is None or len(land) != len(hexes):
        h = hexes[0]
        en_dir, cs_dir = _CORNER_DIRS[HEX_NODES[h].index(node)]
        en, cs = hex_by_position(h, "gen")
        return r.pick((f"at the {en_dir} corner of {en}", f"na {cs_dir}m rohu {cs}"))
    if len(hexes) == 1:
        en_dir, cs_dir = _CORNER_DIRS[HEX_NODES[hexes[0]].index(node)]
        en, cs = terrain_words(land[0], "gen")
        text = r.pick((f"at the {en_dir} corner of {en}", f"na {cs_dir}m rohu {cs}"))
    else:
        inner = _hexes_words(r, [terrain_words(x, "ins") for x in land])
        coast = len(hexes) < 3
        if r.lang == "en":
            text = f"on the coast between {inner}" if coast else f"between {inner}"
        else:
            text = f"na pobřeží mezi {inner}" if coast else f"mezi {inner}"
    harbour = event.get("harbour")
    if harbour in HARBOUR_NAMES:
        text += r.pick((f", at {HARBOUR_NAMES[harbour][0]}", f", u {HARBOUR_GEN[harbour]}"))
    return text


def edge_place(r: Reader, event: Mapping[str, Any]) -> str:
    """Where a road is: "between the forest 4 and the pasture 9" / "mezi lesem s osmičkou a
    pastvinou s devítkou"; on the coast "on the north-east coast of the forest 4"."""
    edge = event["edge"]
    hexes = EDGE_HEXES[edge]
    land = event.get("land")
    if land is None or len(land) != len(hexes):
        h = hexes[0]
        en_dir, cs_dir = _SIDE_DIRS[_side_of(h, edge)]
        en, cs = hex_by_position(h, "gen")
        return r.pick((f"on the {en_dir} side of {en}", f"na {cs_dir} straně {cs}"))
    if len(hexes) == 1:
        en_dir, cs_dir = _SIDE_DIRS[_side_of(hexes[0], edge)]
        en, cs = terrain_words(land[0], "gen")
        return r.pick((f"on the {en_dir} coast of {en}", f"na {cs_dir}m pobřeží {cs}"))
    inner = _hexes_words(r, [terrain_words(x, "ins") for x in land])
    return r.pick((f"between {inner}", f"mezi {inner}"))


def hex_place(r: Reader, event: Mapping[str, Any], case: str = "acc") -> str:
    """The hex an event names: "the pasture 9" / "pastvinu s devítkou" (Czech in ``case``)."""
    land = event.get("land")
    if not land:
        return r.pick(hex_by_position(event["hex"], case))
    return r.pick(terrain_words(land[0], case))


# -- the glossary ----------------------------------------------------------------------------------


def _corner_name(node: int) -> Words:
    h = NODE_HEXES[node][0]
    en_dir, cs_dir = _CORNER_DIRS[HEX_NODES[h].index(node)]
    en, cs = hex_by_position(h, "gen")
    return f"the {en_dir} corner of {en}", f"{cs_dir} roh {cs}"


def _edge_name(edge: int) -> Words:
    h = EDGE_HEXES[edge][0]
    en_dir, cs_dir = _SIDE_DIRS[_side_of(h, edge)]
    en, cs = hex_by_position(h, "gen")
    return f"the {en_dir} side of {en}", f"{cs_dir} strana {cs}"


GLOSSARY: dict[str, dict[str, Words]] = {
    "resources": dict(RESOURCE_NAMES),
    # Keyed by the resource a hex yields, as the view's hexes are: "brick" is the hills.
    "terrains": {key: (t.en, t.nom) for key, t in TERRAINS.items()},
    # The Czech cases a place's name needs ("na rohu lesa", "na pastvinu", "mezi lesem"), and
    # the number token as players say it ("s devítkou"): the board names places as the log does.
    "terrains_of": {key: (t.en, t.gen) for key, t in TERRAINS.items()},
    "terrains_to": {key: (t.en, t.acc) for key, t in TERRAINS.items()},
    "terrains_with": {key: (t.en, t.ins) for key, t in TERRAINS.items()},
    "numbers": {str(n): (str(n), cs) for n, cs in _CS_NUMBER.items()},
    "cards": {
        **{k: RESOURCE_NAMES[k] for k in RESOURCES},
        "knight": ("Knight", "Rytíř"),
        "victory_point": ("Victory Point card", "karta s vítězným bodem"),
        "road_building": ("Road Building", "Stavba silnic"),
        "year_of_plenty": ("Year of Plenty", "Vynález"),
        "monopoly": ("Monopoly", "Monopol"),
        "development": ("development card", "akční karta"),
    },
    "buildings": {
        "settlement": ("settlement", "vesnice"),
        "city": ("city", "město"),
        "road": ("road", "cesta"),
    },
    "figures": {"robber": ("robber", "zloděj")},
    "awards": {
        "longest_road": ("Longest Road", "Nejdelší cesta"),
        "largest_army": ("Largest Army", "Největší armáda"),
    },
    "harbours": {key: (en[4:], cs) for key, (en, cs) in HARBOUR_NAMES.items()},
    "hexes": {str(h): hex_by_position(h, "nom") for h in range(len(HEX_COORDS))},
    "corners": {str(n): _corner_name(n) for n in range(N_NODES)},
    "edges": {str(e): _edge_name(e) for e in range(N_EDGES)},
}
