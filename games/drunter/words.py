"""Drunter und Drüber in the players' words (games/WORDS.md): the names of the routes, tiles,
buildings and cards, and of every square of the town as a player finds it on our board.

The board (``pwa/src/boards/drunter.tsx``) prints no coordinates: what a player sees is the
buildings with their type and value, the outhouses, the four start corners and the tiles. So a
square is named by what stands on it ("the school 4") or by its way from the nearest building
or start corner ("2 squares east of the museum 1"). Everything is computed once at import from
``board.json``, so narration only looks words up.

Czech needs cases: a sentence takes the form it needs from a :class:`Noun` (nominative,
genitive, accusative); English uses one form with its article.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games.drunter.data import BOARD
from games.narration import Words


@dataclass(frozen=True)
class Noun:
    """A thing in English (with its article where a sentence needs one) and in Czech by case."""

    en: str
    nom: str
    gen: str
    acc: str

    def __call__(self, case: str = "nom") -> Words:
        return (self.en, getattr(self, case))

    def numbered(self, value: int) -> Noun:
        return Noun(
            f"{self.en} {value}",
            f"{self.nom} {value}",
            f"{self.gen} {value}",
            f"{self.acc} {value}",
        )


# --- routes and tiles --------------------------------------------------------------------------

# The board names the routes "Street", "Town wall 1", "Town wall 2", "River" (the walls in the
# order of board.json); the log uses the same names.
ROUTES: dict[str, Noun] = {
    "street": Noun("the street", "ulice", "ulice", "ulici"),
    "wall_1": Noun("town wall 1", "hradby 1", "hradeb 1", "hradby 1"),
    "wall_2": Noun("town wall 2", "hradby 2", "hradeb 2", "hradby 2"),
    "river": Noun("the river", "řeka", "řeky", "řeku"),
}
assert set(ROUTES) == set(BOARD.route_ids), "a route of board.json has no name"

KINDS: dict[str, Words] = {
    "street": ("street", "ulice"),
    "wall": ("town wall", "hradby"),
    "river": ("river", "řeka"),
}
assert set(KINDS) == set(BOARD.tile_kinds)

# "Jednotková, dvojková, trojková placka" as the rule text calls them; the middle square of a
# 3-tile is a tunnel (Příprava hry).
TILE_BY_LENGTH: dict[int, Words] = {
    1: ("a 1-square tile", "jednotkovou plackou"),  # Czech: instrumental, "prodlužuje ... plackou"
    2: ("a 2-square tile", "dvojkovou plackou"),
    3: ("a 3-square tile with a tunnel", "trojkovou plackou s tunelem"),
}
TILE_NAMES: dict[int, Words] = {
    1: ("1-square tile", "jednotková placka"),
    2: ("2-square tile", "dvojková placka"),
    3: ("3-square tile with a tunnel", "trojková placka s tunelem"),
}

DIRECTION_TO: dict[str, Words] = {
    "N": ("north", "na sever"),
    "E": ("east", "na východ"),
    "S": ("south", "na jih"),
    "W": ("west", "na západ"),
}

# --- buildings and cards -----------------------------------------------------------------------

# The names on our board's legend (Radnice, Škola, Hasičárna, Hostinec, Muzeum, Kostel).
BUILDINGS: dict[str, Noun] = {
    "town_hall": Noun("town hall", "radnice", "radnice", "radnici"),
    "school": Noun("school", "škola", "školy", "školu"),
    "fire_station": Noun("fire station", "hasičárna", "hasičárny", "hasičárnu"),
    "inn": Noun("inn", "hostinec", "hostince", "hostinec"),
    "museum": Noun("museum", "muzeum", "muzea", "muzeum"),
    "church": Noun("church", "kostel", "kostela", "kostel"),
}
assert set(BUILDINGS) == set(BOARD.building_types), "a building type of board.json has no name"

# The four special cards of the extended rules ("Význam zvláštních karet").
SPECIALS: dict[str, Noun] = {
    "all_3s": Noun(
        "every visible 3",
        "všechny viditelné trojky",
        "všech viditelných trojek",
        "všechny viditelné trojky",
    ),
    "all_4s": Noun(
        "every visible 4",
        "všechny viditelné čtyřky",
        "všech viditelných čtyřek",
        "všechny viditelné čtyřky",
    ),
    "lowest_of_each_type": Noun(
        "the lowest building of each type",
        "nejnižší budova každého typu",
        "nejnižší budovy každého typu",
        "nejnižší budovu každého typu",
    ),
    "one_point_each": Noun(
        "1 point per visible building",
        "1 bod za každou viditelnou budovu",
        "1 bodu za každou viditelnou budovu",
        "1 bod za každou viditelnou budovu",
    ),
}
assert set(SPECIALS) == set(BOARD.special_cards)


def goal_noun(card: str) -> Noun:
    """A goal card of the extended rules: a building type or a special card."""
    if card in BUILDINGS:
        b = BUILDINGS[card]
        return Noun(f"the {b.en}", b.nom, b.gen, b.acc)
    return SPECIALS[card]


# Citizen cards keep the words printed on them; the shrug has none.
SHRUG: Noun = Noun("the shrug", "krčení rameny", "krčení rameny", "krčení rameny")
VOTE_CARDS: dict[str, Words] = {
    "JAAA": ("JAAA (3 votes for)", "JAAA (3 hlasy pro)"),
    "JAA": ("JAA (2 votes for)", "JAA (2 hlasy pro)"),
    "JA": ("JA (1 vote for)", "JA (1 hlas pro)"),
    "NEEE": ("NEEE (3 votes against)", "NEEE (3 hlasy proti)"),
    "NEE": ("NEE (2 votes against)", "NEE (2 hlasy proti)"),
    "NE": ("NE (1 vote against)", "NE (1 hlas proti)"),
    "JEIN": (
        "JEIN (2 votes, for or against as its player declares)",
        "JEIN (2 hlasy, pro nebo proti podle ohlášení)",
    ),
    "shrug": ("shrug (no vote)", "krčení rameny (bez hlasu)"),
}
assert set(VOTE_CARDS) == set(BOARD.vote_cards)


def card_name(card: str) -> Words:
    """A citizen card as a list names it: its printed word, or the shrug."""
    return SHRUG("nom") if card == "shrug" else (card, card)


# --- the squares of the town -------------------------------------------------------------------

# The start corners, as the rule text describes them (Příprava hry), and their side of the town.
CORNER_NOUNS: dict[str, Noun] = {
    "street": Noun(
        "the stagecoach park",
        "parkoviště dostavníků",
        "parkoviště dostavníků",
        "parkoviště dostavníků",
    ),
    "wall": Noun(
        "the {side} watchtower",
        "{side_nom} strážní věž",
        "{side_gen} strážní věže",
        "{side_nom} strážní věž",
    ),
    "river": Noun("the waterworks", "vodní dílo", "vodního díla", "vodní dílo"),
}
# A corner's side of the town: English, Czech adjective (feminine nominative, genitive).
CORNER_SIDES: dict[tuple[bool, bool], tuple[str, str, str]] = {
    (False, False): ("north-west", "severozápadní", "severozápadní"),
    (True, False): ("north-east", "severovýchodní", "severovýchodní"),
    (False, True): ("south-west", "jihozápadní", "jihozápadní"),
    (True, True): ("south-east", "jihovýchodní", "jihovýchodní"),
}

# Czech adverbs of the compass for "just north of ...", English and Czech.
COMPASS: dict[tuple[int, int], tuple[str, str]] = {
    (0, -1): ("north", "severně"),
    (1, -1): ("north-east", "severovýchodně"),
    (1, 0): ("east", "východně"),
    (1, 1): ("south-east", "jihovýchodně"),
    (0, 1): ("south", "jižně"),
    (-1, 1): ("south-west", "jihozápadně"),
    (-1, 0): ("west", "západně"),
    (-1, -1): ("north-west", "severozápadně"),
}
AXIS: dict[tuple[int, int], tuple[str, str]] = {
    (0, -1): ("north", "na sever"),
    (1, 0): ("east", "na východ"),
    (0, 1): ("south", "na jih"),
    (-1, 0): ("west", "na západ"),
}


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def _squares_cs(n: int) -> str:
    return f"{n} {'pole' if n == 1 or 2 <= n <= 4 else 'polí'}"


def _corner_noun(route: int) -> Noun:
    x, y = BOARD.xy(BOARD.route_corner[route])
    side = CORNER_SIDES[(x > BOARD.width // 2, y > BOARD.height // 2)]
    template = CORNER_NOUNS[BOARD.tile_kinds[BOARD.route_kind[route]]]
    fields = {"side": side[0], "side_nom": side[1], "side_gen": side[2]}
    return Noun(
        template.en.format(**fields),
        template.nom.format(**fields),
        template.gen.format(**fields),
        template.acc.format(**fields),
    )


def _landmarks() -> list[tuple[int, Noun]]:
    """What a player can find on the board by its look: each building (type and value) and the
    start corners. Outhouses all look alike, so they are never a landmark themselves."""
    out = [(cell, BUILDINGS[BOARD.building_types[t]].numbered(v)) for t, v, cell in BOARD.buildings]
    out += [(BOARD.route_corner[r], _corner_noun(r)) for r in range(len(BOARD.route_ids))]
    return out


LANDMARKS = _landmarks()


def _relative(cell: int, landmark: int, noun: Noun) -> Words:
    """The way from a landmark to a square, as a player counts squares on the board."""
    x, y = BOARD.xy(cell)
    lx, ly = BOARD.xy(landmark)
    dx, dy = x - lx, y - ly
    the_en = noun.en if noun.en.startswith("the ") else f"the {noun.en}"
    if max(abs(dx), abs(dy)) == 1:
        en_dir, cs_dir = COMPASS[(_sign(dx), _sign(dy))]
        if dx and dy:
            return (f"diagonally {en_dir} of {the_en}", f"šikmo {cs_dir} od {noun.gen}")
        return (f"just {en_dir} of {the_en}", f"hned {cs_dir} od {noun.gen}")
    if dx == 0 or dy == 0:
        n = abs(dx) + abs(dy)
        en_dir, cs_dir = COMPASS[(_sign(dx), _sign(dy))]
        return (f"{n} squares {en_dir} of {the_en}", f"{_squares_cs(n)} {cs_dir} od {noun.gen}")
    ex, cx = AXIS[(_sign(dx), 0)]
    ey, cy = AXIS[(0, _sign(dy))]
    en_x = f"{abs(dx)} square{'s' if abs(dx) > 1 else ''} {ex}"
    return (
        f"{en_x} and {abs(dy)} {ey} of {the_en}",
        f"{_squares_cs(abs(dx))} {cx} a {abs(dy)} {cy} od {noun.gen}",
    )


def _nearest(cell: int) -> tuple[int, Noun]:
    x, y = BOARD.xy(cell)

    def distance(item: tuple[int, Noun]) -> tuple[int, int]:
        lx, ly = BOARD.xy(item[0])
        # Nearest first; among equals a square in line (easier to count) before a diagonal.
        return ((x - lx) ** 2 + (y - ly) ** 2, min(abs(x - lx), abs(y - ly)))

    return min((item for item in LANDMARKS if item[0] != cell), key=distance)


@dataclass(frozen=True)
class Square:
    """One square of the town: ``near`` (where it lies, an adverbial phrase: "just north of
    the school 4") and ``noun`` when something stands on it (a building, an outhouse, a start
    corner), else ``None``."""

    near: Words
    noun: Noun | None
    building: int  # index into BOARD.buildings, or -1
    outhouse: bool


def _square(cell: int) -> Square:
    landmark, noun = _nearest(cell)
    near = _relative(cell, landmark, noun)
    b = BOARD.building_at[cell]
    if b >= 0:
        t, v, _ = BOARD.buildings[b]
        bn = BUILDINGS[BOARD.building_types[t]].numbered(v)
        return Square(near, Noun(f"the {bn.en}", bn.nom, bn.gen, bn.acc), b, False)
    if BOARD.outhouse[cell]:
        noun_en, noun_cs = near
        return Square(
            near,
            Noun(
                f"the outhouse {noun_en}",
                f"kadibudka {noun_cs}",
                f"kadibudky {noun_cs}",
                f"kadibudku {noun_cs}",
            ),
            -1,
            True,
        )
    if cell in BOARD.route_corner:
        corner = _corner_noun(BOARD.route_corner.index(cell))
        return Square(near, corner, -1, False)
    return Square(near, None, -1, False)


SQUARES: tuple[Square, ...] = tuple(_square(c) for c in range(BOARD.n_cells))


def square_words(cell: int) -> Words:
    """A square as the glossary names it: what stands on it, or where it lies."""
    sq = SQUARES[cell]
    if sq.noun is None:
        return sq.near
    en = sq.noun.en[4:] if sq.noun.en.startswith("the ") else sq.noun.en
    return (en, sq.noun.nom)


# --- the glossary ------------------------------------------------------------------------------


def _glossary() -> dict[str, dict[str, Words]]:
    routes = {r: (n.en[4:] if n.en.startswith("the ") else n.en, n.nom) for r, n in ROUTES.items()}
    # Keyed "kind:length" as the board keys the tiles of a hand.
    tiles = {
        f"{kind}:{length}": (
            f"{KINDS[kind][0]} {TILE_NAMES[length][0]}",
            f"{TILE_NAMES[length][1]} ({KINDS[kind][1]})",
        )
        for kind in BOARD.tile_kinds
        for length in (1, 2, 3)
    }
    goals = {c: (goal_noun(c).en.removeprefix("the "), goal_noun(c).nom) for c in BOARD.goal_cards}
    return {
        "routes": routes,
        "tile_kinds": dict(KINDS),
        "tiles": tiles,
        "buildings": {t: (n.en, n.nom) for t, n in BUILDINGS.items()},
        "goal_cards": goals,
        "vote_cards": dict(VOTE_CARDS),
        "figures": {"builder": ("builder", "zedník"), "outhouse": ("outhouse", "kadibudka")},
        "directions": {d: (w[0], w[1].removeprefix("na ")) for d, w in DIRECTION_TO.items()},
        # Keyed "x,y" as the view's cells ([x, y]).
        "places": {"{},{}".format(*BOARD.xy(c)): square_words(c) for c in range(BOARD.n_cells)},
    }


GLOSSARY: Mapping[str, Mapping[str, Words]] = _glossary()
