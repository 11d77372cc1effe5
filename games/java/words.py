"""Java's names for players (games/WORDS.md): the glossary of tiles, palaces, festival cards and
places, and the phrases the log builds from them, in English and Czech.

The island has no printed names, so a space is named by where a player finds it on our board:
its row, counted from the mountain side in the north (rows 1 to 9), and its place in that row,
counted from the west end (1st to 17th). The three printed lakes are landmarks on the way (the
5th space of row 5, the 9th of row 4, the 13th of row 6) and keep their own names. A space a tile
overhangs the grid with lies off an edge and is named by the spaces it touches. Czech needs a
place in several cases (``z 5. pole``, ``na 5. pole``, ``na 5. poli``): every form is built once
here, at import, so that ``narrate`` only looks them up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games.java.data import BOARD, COMPONENTS
from games.java.events import cell_of
from games.java.state import PALACE_VALUES
from games.narration import Reader, Words

N_ROWS = 9  # the grid is an odd-r offset rectangle 17 x 9 (java.json, coordinate_system)

# --------------------------------------------------------------------------- numbers


def ordinal_en(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


# Czech prepositions before a number written in digits follow the spoken word: "ze 2." (ze
# druhého), "z 5." (z pátého); "ve 3. řadě" (ve třetí), "v 5. řadě" (v páté).
_CS_ZE = {2, 3, 4, 6, 7, 12, 13, 14, 16, 17}
_CS_VE = {2, 3, 4}


def cs_z(n: int) -> str:
    return "ze" if n in _CS_ZE else "z"


def _cs_v(n: int) -> str:
    return "ve" if n in _CS_VE else "v"


# --------------------------------------------------------------------------- places


@dataclass(frozen=True)
class Place:
    """One space in the players' words: English with its article, Czech in the cases the log
    needs, each with its preposition where it changes with the number."""

    en: str  # "the 5th space of row 3"
    cs: str  # nominative: "5. pole ve 3. řadě"
    cs_gen: str  # after "u", "včetně": "5. pole ve 3. řadě"
    cs_from: str  # "z 5. pole ve 3. řadě"
    cs_to: str  # "na 5. pole ve 3. řadě"
    cs_at: str  # "na 5. poli ve 3. řadě"

    @property
    def words(self) -> Words:
        return (self.en, self.cs)


def _row_col(q: int, r: int) -> tuple[int, int]:
    """0-based row and place in the row of axial (q, r) on the odd-r offset grid."""
    return r, q + (r - (r & 1)) // 2


def _inside(row: int, col: int) -> Place:
    n, k = col + 1, row + 1
    in_row = f"{_cs_v(k)} {k}. řadě"
    return Place(
        en=f"the {ordinal_en(n)} space of row {k}",
        cs=f"{n}. pole {in_row}",
        cs_gen=f"{n}. pole {in_row}",
        cs_from=f"{cs_z(n)} {n}. pole {in_row}",
        cs_to=f"na {n}. pole {in_row}",
        cs_at=f"na {n}. poli {in_row}",
    )


def _off_grid(row: int, col: int, last_col: int) -> Place:
    """A space beyond the grid, where only an overhanging tile can lie."""
    if 0 <= row < N_ROWS:
        k = row + 1
        side_en, side_cs = (
            ("west end", "západním koncem") if col < 0 else ("east end", "východním koncem")
        )
        en = f"the space off the {side_en} of row {k}"
        rest = f"za {side_cs} {k}. řady"
    else:
        # The rows beyond the north and south edges lie half a space east of the edge rows:
        # the space touches the edge row's spaces ``col`` and ``col + 1`` that exist.
        k = 1 if row < 0 else N_ROWS
        side_en, side_cs = ("north", "severním") if row < 0 else ("south", "jižním")
        touched = [c + 1 for c in (col, col + 1) if 0 <= c <= last_col]
        if len(touched) == 2:
            by_en = f"the {ordinal_en(touched[0])} and {ordinal_en(touched[1])} spaces"
            by_cs = f"{touched[0]}. a {touched[1]}. pole"
        else:
            by_en = f"the {ordinal_en(touched[0])} space"
            by_cs = f"{touched[0]}. pole"
        en = f"the space off the {side_en} edge by {by_en} of row {k}"
        rest = f"za {side_cs} okrajem vedle {by_cs} {_cs_v(k)} {k}. řadě"
    return Place(
        en=en,
        cs=f"pole {rest}",
        cs_gen=f"pole {rest}",
        cs_from=f"z pole {rest}",
        cs_to=f"na pole {rest}",
        cs_at=f"na poli {rest}",
    )


LAKE_NAMES: tuple[Words, ...] = (
    ("the western lake", "západní jezero"),
    ("the middle lake", "prostřední jezero"),
    ("the eastern lake", "východní jezero"),
)
_LAKE_CS_GEN = ("západního jezera", "prostředního jezera", "východního jezera")
_LAKE_CS_ADJ = ("západní", "prostřední", "východní")
_LAKE_EN_ADJ = ("western", "middle", "eastern")


def _build_places() -> tuple[tuple[Place, ...], dict[int, int]]:
    cols = [_row_col(q, r) for q, r in BOARD.coords]
    last_col = max(col for row, col in cols[: BOARD.n_board])
    places = []
    for cell, (row, col) in enumerate(cols):
        if cell < BOARD.n_board:
            places.append(_inside(row, col))
        else:
            places.append(_off_grid(row, col, last_col))
    # The printed lakes, west to east, get their names (they stay water for the whole game).
    by_west = sorted(BOARD.lakes, key=lambda c: cols[c][1])
    lake_index = {c: i for i, c in enumerate(by_west)}
    for c, i in lake_index.items():
        en, cs = LAKE_NAMES[i]
        places[c] = Place(
            en=en,
            cs=cs,
            cs_gen=_LAKE_CS_GEN[i],
            cs_from=f"ze {_LAKE_CS_GEN[i]}" if i == 0 else f"z {_LAKE_CS_GEN[i]}",
            cs_to=f"na {cs}",
            cs_at=f"na {cs}",
        )
    return tuple(places), lake_index


PLACES, LAKE_INDEX = _build_places()


def place_of(pair: list[int]) -> Place:
    return PLACES[cell_of(pair)]


def key_of(q: int, r: int) -> str:
    """The glossary key of a space: its ``[q, r]`` pair as the board writes it ("q,r")."""
    return f"{q},{r}"


# --------------------------------------------------------------------------- things

TILE_WORDS: dict[str, Words] = {
    "three": ("three-space land tile", "trojdílné území"),
    "two": ("two-space land tile", "dvojdílné území"),
    "rice": ("one-space rice tile", "jednodílné rýžové území"),
    "village": ("one-space village tile", "jednodílné vesnické území"),
}
WATER_WORDS: Words = ("water tile", "vodní nádrž")

PALACE_WORDS: dict[int, Words] = {
    v: (f"palace of value {v}", f"palác s hodnotou {v}") for v in PALACE_VALUES
}

# The board draws each festival card as its symbols, the letters A, B and C in colour (the
# data's suggested names for the symbols are unverified, java.json: palace_cards).
_SYMBOL_LETTER = {
    s: s.rsplit("_", 1)[-1] for card in COMPONENTS.card_symbols for s in card
}  # "symbol_A" -> "A"


def _letters(card: str) -> list[str]:
    return [_SYMBOL_LETTER[s] for s in card.split("+")]


@dataclass(frozen=True)
class CardWords:
    """A festival card by its symbols: the name ("festival card with symbols A and B"), the
    qualifier ("with symbols A and B" / "se symboly A a B"), what it shows ("shows symbols A and
    B" / "má symboly A a B") and the short form for lists ("A+B")."""

    name: Words
    with_: Words
    shows: Words
    short: str


def _card_words(card: str) -> CardWords:
    letters = _letters(card)
    if len(letters) == 1:
        en_sym, cs_with, cs_has = (
            f"symbol {letters[0]}",
            f"se symbolem {letters[0]}",
            f"symbol {letters[0]}",
        )
    else:
        both_en = " and ".join(letters)
        both_cs = " a ".join(letters)
        en_sym, cs_with, cs_has = (
            f"symbols {both_en}",
            f"se symboly {both_cs}",
            f"symboly {both_cs}",
        )
    return CardWords(
        name=(f"festival card with {en_sym}", f"slavnostní karta {cs_with}"),
        with_=(f"with {en_sym}", cs_with),
        shows=(f"shows {en_sym}", f"má {cs_has}"),
        short="+".join(letters),
    )


CARDS: dict[str, CardWords] = {name: _card_words(name) for name in COMPONENTS.card_names}

SYMBOL_WORDS: dict[str, Words] = {
    s: (f"symbol {letter}", f"symbol {letter}") for s, letter in sorted(_SYMBOL_LETTER.items())
}

EDGE_WORDS: dict[str, Words] = {
    "mountain": (
        "mountain edge (2 action points to come on or go off)",
        "okraj hor (nasazení či stažení 2 AB)",
    ),
    "lowland": (
        "lowland edge (1 action point to come on or go off)",
        "okraj nížiny (nasazení či stažení 1 AB)",
    ),
}

# Keyed by the view's names: a cell's ``top``, and the view's fields for the rest.
TERRAIN: dict[str, Words] = {
    "empty": ("empty ground", "prázdná země"),
    "rice": ("rice field", "rýžové pole"),
    "village": ("village", "vesnice"),
    "water": ("water", "voda"),
    "palace": ("palace", "palác"),
}
THINGS: dict[str, Words] = {
    "figure": ("developer", "figurka"),
    "tokens": ("action tokens", "akční žetony"),
    "action_points": ("action points", "akční body"),
    "city": ("city", "město"),
    "deck": ("festival deck", "balík slavnostních karet"),
    "open_card": ("open festival card", "odkrytá slavnostní karta"),
    "discard": ("discard pile", "odkládací balíček"),
}


def _glossary() -> dict[str, dict[str, Words]]:
    places = {key_of(q, r): PLACES[c].words for c, (q, r) in enumerate(BOARD.coords)}
    return {
        "places": places,
        "tiles": {**TILE_WORDS, "water": WATER_WORDS},
        "palaces": {str(v): w for v, w in PALACE_WORDS.items()},
        "cards": {name: w.name for name, w in CARDS.items()},
        "symbols": SYMBOL_WORDS,
        "edges": EDGE_WORDS,
        "terrain": TERRAIN,
        "things": THINGS,
    }


GLOSSARY: Mapping[str, Mapping[str, Words]] = _glossary()


# --------------------------------------------------------------------------- counted nouns


def points(r: Reader, n: int) -> str:
    return r.count(n, ("point", "points"), ("bod", "body", "bodů"))


def action_points(r: Reader, n: int) -> str:
    return r.count(
        n, ("action point", "action points"), ("akční bod", "akční body", "akčních bodů")
    )


def cost_words(r: Reader, n: int) -> str:
    """What a move costs: "for free" / "zdarma", "for 2 action points" / "za 2 akční body"."""
    if n == 0:
        return r.pick(("for free", "zdarma"))
    return r.pick(("for ", "za ")) + action_points(r, n)


@dataclass(frozen=True)
class LakeWords:
    """A lake enclosed by land: English, Czech nominative and accusative."""

    en: str
    cs: str
    cs_acc: str

    @property
    def nom(self) -> Words:
        return (self.en, self.cs)

    @property
    def acc(self) -> Words:
        return (self.en, self.cs_acc)


def lake_words(cells: list[list[int]]) -> LakeWords:
    """A lake by the printed lakes in it ("the middle lake, now 3 water spaces"), else by its
    size and its westernmost space of the northernmost row."""
    idx = [cell_of(p) for p in cells]
    printed = sorted(LAKE_INDEX[c] for c in idx if c in LAKE_INDEX)
    size = len(idx)
    if printed:
        if len(printed) == 1:
            en, cs = LAKE_NAMES[printed[0]]
        else:
            en = "the " + " and ".join(_LAKE_EN_ADJ[i] for i in printed) + " lakes, joined"
            cs = " a ".join(_LAKE_CS_ADJ[i] for i in printed) + " jezero, teď spojená"
        if size > len(printed):
            en += f", now {size} water spaces"
            cs += f", teď o {size} polích" if len(printed) == 1 else f" v {size} polích"
        return LakeWords(en, cs, cs)
    first = PLACES[min(idx)]
    if size == 1:
        en = f"a one-space lake on {first.en}"
        return LakeWords(
            en, f"vodní plocha o 1 poli {first.cs_at}", f"vodní plochu o 1 poli {first.cs_at}"
        )
    en = f"a lake of {size} water spaces including {first.en}"
    tail = f"o {size} polích včetně {first.cs_gen}"
    return LakeWords(en, f"vodní plocha {tail}", f"vodní plochu {tail}")
