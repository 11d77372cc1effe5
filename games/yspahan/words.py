"""Yspahan's names for players (games/WORDS.md): the glossary of things and places, the Czech case
forms the log's sentences need, and the words for the match options and the bot levels.

Places are named as our board shows them (``pwa/src/boards/yspahan.tsx``): the four quarters by
the names written in their corners (Bags, Barrels, Chests, Vases), a souk by its quarter and the
points printed on its empty shops (unique within a quarter), a street space by the two quarters
the street runs between and its count of spaces from the central crossing. Everything here is
computed once, at import, from ``yspahan.json``.
"""

from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass

from games.narration import BotWords, OptionWords, Words
from games.yspahan import data as D

# ----------------------------------------------------------------------------- counted nouns

# (English one/many, Czech 1 / 2-4 / 5+) for Reader.count; the Czech case is in the name.
Noun = tuple[tuple[str, str], tuple[str, str, str]]
GOLD: Noun = (("gold", "gold"), ("peníz", "peníze", "peněz"))
CAMELS_NOM: Noun = (("camel", "camels"), ("velbloud", "velbloudi", "velbloudů"))
CAMELS_ACC: Noun = (("camel", "camels"), ("velblouda", "velbloudy", "velbloudů"))
POINTS: Noun = (("point", "points"), ("bod", "body", "bodů"))
CUBES_NOM: Noun = (("cube", "cubes"), ("kostička", "kostičky", "kostiček"))
CUBES_ACC: Noun = (("cube", "cubes"), ("kostičku", "kostičky", "kostiček"))
CARDS_NOM: Noun = (("card", "cards"), ("karta", "karty", "karet"))
DICE_ACC: Noun = (
    ("yellow die", "yellow dice"),
    ("žlutou kostku", "žluté kostky", "žlutých kostek"),
)
SPACES: Noun = (("space", "spaces"), ("pole", "pole", "polí"))

# ----------------------------------------------------------------------------- the quarters


@dataclass(frozen=True)
class Quarter:
    en: str  # as written on the board: "Bags"
    cs: str  # as written on the board: "Pytle"
    cs_gen: str  # "sektor pytlů"
    cs_ins: str  # "mezi pytli a truhlami"


QUARTER: dict[str, Quarter] = {
    "bag": Quarter("Bags", "Pytle", "pytlů", "pytli"),
    "barrel": Quarter("Barrels", "Sudy", "sudů", "sudy"),
    "chest": Quarter("Chests", "Truhly", "truhel", "truhlami"),
    "vase": Quarter("Vases", "Vázy", "váz", "vázami"),
}
assert tuple(QUARTER) == D.QUARTERS


def _quarter_words(q: str) -> Words:
    return (f"{QUARTER[q].en} quarter", f"sektor {QUARTER[q].cs_gen}")


# ----------------------------------------------------------------------------- tower rows

# Bottom to top, as the tower's rows (D.ROW_NAMES); the label is the row's name on the board.
ROW_LABEL: tuple[Words, ...] = (
    ("camels", "velbloudi"),
    ("bags", "pytle"),
    ("barrels", "sudy"),
    ("chests", "truhly"),
    ("vases", "vázy"),
    ("gold", "peníze"),
)
ROW: tuple[Words, ...] = (
    ("camels row", "řádek velbloudů"),
    ("bags row", "řádek pytlů"),
    ("barrels row", "řádek sudů"),
    ("chests row", "řádek truhel"),
    ("vases row", "řádek váz"),
    ("gold row", "řádek peněz"),
)
assert len(ROW) == D.N_ROWS

# ----------------------------------------------------------------------------- souks and shops


def _points_cs(points: int) -> str:
    return f"{points} {'body' if 2 <= points <= 4 else 'bod' if points == 1 else 'bodů'}"


def _souk_tail_cs(souk: int) -> str:
    return f"za {_points_cs(D.SOUK_POINTS[souk])} v sektoru {QUARTER[_quarter_of(souk)].cs_gen}"


def _quarter_of(souk: int) -> str:
    return D.QUARTERS[D.SOUK_QUARTER[souk]]


# "8-point Bags souk" / "bazar za 8 bodů v sektoru pytlů" (the nominative); SOUK_CS_GEN is the
# genitive and locative ("do bazaru…", "v bazaru…").
SOUK: tuple[Words, ...] = tuple(
    (
        f"{D.SOUK_POINTS[k]}-point {QUARTER[_quarter_of(k)].en} souk",
        f"bazar {_souk_tail_cs(k)}",
    )
    for k in range(D.N_SOUKS)
)
SOUK_CS_GEN: tuple[str, ...] = tuple(f"bazaru {_souk_tail_cs(k)}" for k in range(D.N_SOUKS))


# ----------------------------------------------------------------------------- street spaces

_PATH = json.loads((pathlib.Path(__file__).parent / "yspahan.json").read_text())["path"]["cells"]
_ARM: dict[int, str] = {c["id"]: c["arm"] for c in _PATH}


def _arm_quarters() -> dict[str, tuple[str, str]]:
    """The two quarters each street runs between: those of the shops along it."""
    seen: dict[str, set[str]] = {}
    for cell in D.CELLS:
        if cell == D.HUB:
            continue
        for shop in D.CELL_SHOPS[cell]:
            seen.setdefault(_ARM[cell], set()).add(_quarter_of(D.SHOP_SOUK[shop]))
    out: dict[str, tuple[str, str]] = {}
    for arm, quarters in seen.items():
        pair = tuple(q for q in D.QUARTERS if q in quarters)
        assert len(pair) == 2, (arm, pair)
        out[arm] = (pair[0], pair[1])
    return out


_BETWEEN = _arm_quarters()


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _space_words(cell: int) -> tuple[str, str, str]:
    """English, Czech nominative, Czech accusative ("na 4. pole…", "na křižovatku…")."""
    if cell == D.HUB:
        return ("central crossing", "křižovatka uprostřed", "křižovatku uprostřed")
    a, b = _BETWEEN[_ARM[cell]]
    steps = D.DISTANCE[D.HUB][cell]
    en = f"{ordinal(steps)} space from the centre between {QUARTER[a].en} and {QUARTER[b].en}"
    cs = f"{steps}. pole od středu mezi {QUARTER[a].cs_ins} a {QUARTER[b].cs_ins}"
    return (en, cs, cs)


_SPACES = {cell: _space_words(cell) for cell in D.CELLS}
SPACE: dict[int, Words] = {cell: (w[0], w[1]) for cell, w in _SPACES.items()}
SPACE_CS_ACC: dict[int, str] = {cell: w[2] for cell, w in _SPACES.items()}


def _shop_words(shop: int) -> Words:
    """The souk, and for a shop by the street the street space it faces (the one nearest the
    centre when it faces two): the supervisor stopping there inspects it."""
    souk = D.SHOP_SOUK[shop]
    en, cs = SOUK[souk]
    faces = sorted(
        (D.DISTANCE[D.HUB][cell], cell) for cell in D.CELLS if shop in D.CELL_SHOPS[cell]
    )
    if len(D.SOUK_SHOPS[souk]) == 1:
        en, cs = f"{en}, its only shop", f"{cs}, jediný stánek"
    elif not faces:
        return (f"{en}, an inner shop", f"{cs}, vnitřní stánek")
    else:
        en, cs = f"{en}, the shop", f"{cs}, stánek"
    cell = faces[0][1]
    # Czech: "vedle" takes the genitive, which for "N. pole" is the nominative's form.
    return (f"{en} beside the {SPACE[cell][0]}", f"{cs} vedle {SPACE[cell][1]}")


SHOP: tuple[Words, ...] = tuple(_shop_words(i) for i in range(D.N_SHOPS))

# ----------------------------------------------------------------------------- cards, buildings

CARD: dict[str, Words] = {
    "3_camels": ("3 Camels", "3 velbloudi"),
    "3_gold": ("3 Gold", "3 peníze"),
    "cube_to_caravan": ("Cube to the caravan", "Kostička do karavany"),
    "cube_to_souk": ("Cube to a souk", "Kostička na tržiště"),
    "swap_camels_gold": ("Gold and camels exchange", "Výměna peněz a velbloudů"),
    "gold_to_vp": ("Gold for points", "Peníze za body"),
    "camels_to_vp": ("Camels for points", "Velbloudi za body"),
    "build_no_camels": ("Build without camels", "Stavba bez velbloudů"),
    "build_no_gold": ("Build without gold", "Stavba bez peněz"),
}
assert tuple(CARD) == D.CARD_IDS

# Buildings carry the numbers 1-6 the board prints on them, with what each one gives.
_BUILDING_GIVES: dict[str, Words] = {
    "extra_camel": ("+1 camel", "+1 velbloud"),
    "extra_gold": ("+2 gold", "+2 peníze"),
    "extra_movement": ("free moves", "posun zdarma"),
    "extra_card": ("a card per caravan cube", "karta za kostičku v karavaně"),
    "extra_points": ("+2 per souk", "+2 body za bazar"),
    "extra_cube": ("+1 cube", "+1 kostička"),
}
assert tuple(_BUILDING_GIVES) == D.BUILDING_IDS
BUILDING: dict[str, Words] = {
    b: (f"building {i + 1} ({gives[0]})", f"budova {i + 1} ({gives[1]})")
    for i, (b, gives) in enumerate(_BUILDING_GIVES.items())
}
BUILDING_CS_ACC: dict[str, str] = {
    b: f"budovu {i + 1} ({gives[1]})" for i, (b, gives) in enumerate(_BUILDING_GIVES.items())
}
BUILDING_NUMBER: dict[str, int] = {b: i + 1 for i, b in enumerate(D.BUILDING_IDS)}

# ----------------------------------------------------------------------------- the glossary

GLOSSARY: dict[str, dict[str, Words]] = {
    "quarters": {q: _quarter_words(q) for q in D.QUARTERS},
    "souks": {D.SOUK_IDS[k]: SOUK[k] for k in range(D.N_SOUKS)},
    "shops": {str(i): SHOP[i] for i in range(D.N_SHOPS)},
    "spaces": {str(cell): SPACE[cell] for cell in D.CELLS},
    "rows": {str(r): ROW[r] for r in range(D.N_ROWS)},
    "caravan": {
        "1": ("caravan section 1", "1. sekce karavany"),
        "2": ("caravan section 2", "2. sekce karavany"),
        "3": ("caravan section 3", "3. sekce karavany"),
    },
    "cards": dict(CARD),
    "buildings": dict(BUILDING),
    "figures": {
        "supervisor": ("supervisor", "dozorce"),
        "cube": ("cube", "kostička"),
        "first": ("first player", "počáteční hráč"),
    },
    "resources": {
        "gold": ("gold", "peníze"),
        "camels": ("camels", "velbloudi"),
        "vp": ("points", "body"),
        "cards": ("cards", "karty"),
    },
    # Where an inspected cube comes from (send_to_caravan's source).
    "sources": {
        "shop": ("the cube in the shop", "kostička ze stánku"),
        "supply": ("a cube from supply, for 1 camel", "kostička ze zásoby za 1 velblouda"),
    },
}

# ----------------------------------------------------------------------------- options and bots

OPTION_WORDS: dict[str, OptionWords] = {
    "building_points": OptionWords(
        label=("Points for buildings", "Body za budovy"),
        help=(
            "How many points each new building brings. By default the Czech rules: the first "
            "building scores nothing, the second to fifth 5 points each and the sixth 10; the "
            "published game gives nothing for the second one either.",
            "Kolik bodů přinese každá další budova. Výchozí jsou česká pravidla: první budova "
            "nic, druhá až pátá po 5 bodech a šestá 10 bodů; vydaná hra nedává nic ani za druhou.",
        ),
        choices={
            "text": (
                "Czech rules: 0, 5, 5, 5, 5, 10",
                "Česká pravidla: 0, 5, 5, 5, 5, 10",
            ),
            "published": (
                "Published game: 0, 0, 5, 5, 5, 10",
                "Vydaná hra: 0, 0, 5, 5, 5, 10",
            ),
        },
    ),
    "caravan_entry_points": OptionWords(
        label=("Points for joining the caravan", "Body za vstup do karavany"),
        help=(
            "Points for each cube the moment it joins the caravan. By default the Czech rules: "
            "1, 2 or 3 points in the first, second or third section, so late cubes earn most; "
            "the published game gives 2, 1 and 0, rewarding early cubes.",
            "Body za každou kostičku ve chvíli, kdy vstoupí do karavany. Výchozí jsou česká "
            "pravidla: 1, 2 nebo 3 body v první, druhé nebo třetí sekci, nejvíc tedy dají pozdní "
            "kostičky; vydaná hra dává 2, 1 a 0 a odměňuje ty včasné.",
        ),
        choices={
            "text": ("Czech rules: 1, 2, 3", "Česká pravidla: 1, 2, 3"),
            "published": ("Published game: 2, 1, 0", "Vydaná hra: 2, 1, 0"),
        },
    ),
    "souk_clearing": OptionWords(
        label=("Unfinished souks", "Nedokončené bazary"),
        help=(
            "What happens to cubes in souks that are not yet full. By default the Czech rules: "
            "they go back to their owners at the end of every day, so a souk must be filled in "
            "one day; in the published game they stay until the end of the week.",
            "Co se stane s kostičkami v bazarech, které ještě nejsou plné. Výchozí jsou česká "
            "pravidla: na konci každého dne se vrací majitelům, bazar se tedy musí zaplnit během "
            "jednoho dne; ve vydané hře zůstávají až do konce týdne.",
        ),
        choices={
            "text": (
                "Czech rules: they go back every day",
                "Česká pravidla: každý den se vrací",
            ),
            "published": (
                "Published game: they stay until the week ends",
                "Vydaná hra: zůstávají do konce týdne",
            ),
        },
    ),
    "two_player_rules": OptionWords(
        label=("Turns with two players", "Tahy ve dvou hráčích"),
        help=(
            "Only for a game of two. By default the publisher's two-player rules: each day the "
            "first player takes the first and the third turn, building a building replaces the "
            "turn's dice action, and the caravan has 3 spaces per section. The other choice "
            "plays as with more players: one turn each, a building after the action, 4 caravan "
            "spaces per section.",
            "Jen pro hru dvou hráčů. Výchozí jsou vydaná pravidla pro dva: každý den hraje "
            "počáteční hráč první a třetí tah, stavba budovy nahrazuje akci s kostkami a karavana "
            "má 3 pole v každé sekci. Druhá volba hraje jako ve více hráčích: každý jeden tah, "
            "budova po akci, 4 pole karavany v sekci.",
        ),
        choices={
            "published": (
                "Publisher's rules for two",
                "Vydaná pravidla pro dva",
            ),
            "text": (
                "As with more players",
                "Jako ve více hráčích",
            ),
        },
    ),
}

# Strength from the figures in games/yspahan/README.md (Bots): the strong level over 200 games
# a cell against each other level in every other seat; the casual level against the beginner
# over 10 games a cell.
BOT_WORDS: dict[str, BotWords] = {
    "random": BotWords(
        label=("Beginner", "Začátečník"),
        help=(
            "Picks any allowed move at random.",
            "Volí kterýkoli povolený tah náhodně.",
        ),
        strength=(
            "Won none of 10 games against Casual, with 2 or with 4 players.",
            "Proti Rekreačnímu hráči nevyhrál ani jednu z 10 her, ve dvou ani ve čtyřech.",
        ),
    ),
    "greedy": BotWords(
        label=("Casual", "Rekreační hráč"),
        help=(
            "Looks one move ahead and weighs points, gold, camels, cards and cubes in the souks "
            "and the caravan by rule of thumb.",
            "Dívá se o jeden tah dopředu a odhadem váží body, peníze, velbloudy, karty a "
            "kostičky v bazarech a v karavaně.",
        ),
        strength=(
            "Won all 10 games against Beginner, with 2 and with 4 players; Strong beats it in "
            "83 % of two-player games.",
            "Proti Začátečníkovi vyhrál všech 10 her ve dvou i ve čtyřech; Silný ho porazí ve "
            "83 % her dvou hráčů.",
        ),
    ),
    "search": BotWords(
        label=("Strong", "Silný"),
        help=(
            "Plays its best few moves out to the end of the day many times over, with the hidden "
            "cards dealt anew each time, and keeps the move that ends furthest ahead.",
            "Své nejlepší tahy mnohokrát dohraje do konce dne, pokaždé s nově rozdanými skrytými "
            "kartami, a vybere ten, po kterém nejvíc vede.",
        ),
        strength=(
            "Wins 100 % of games against Beginner and 83 % against Casual with 2 players; with "
            "4 players it finishes ahead of 69 % of Casual opponents and wins 49 % of games "
            "(200 games each).",
            "Ve dvou vyhrává 100 % her proti Začátečníkovi a 83 % proti Rekreačnímu hráči; ve "
            "čtyřech skončí před 69 % soupeřů úrovně Rekreační hráč a vyhraje 49 % her (vždy "
            "200 her).",
        ),
    ),
}

PLAYER_BOT_LEVELS: tuple[str, ...] = ("random", "greedy", "search")
DEFAULT_BOT_LEVEL = "greedy"
