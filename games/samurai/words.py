"""Samurai's names of things, in English and Czech (games/WORDS.md): the figures, the tiles, the
places (``places.py``), the match options and the bot levels. ``GLOSSARY`` is keyed by the
identifiers the view and the commands use; the log (``narrate.py``) and the ending
(``explain.py``) take their words from here.

The names follow the Czech rule text (``shared/rules/samurai.cs.txt``): "přilba", "Buddha",
"rýžové pole"; the tiles "Samuraj", "Loď", "Jezdec", "výměna figur", "výměna karet", each with
its strength ("Přilba je ovlivňována silou 4"); English after the published game (helmet, Buddha,
rice field; samurai, ship, ronin, figure exchange, tile exchange).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from games.narration import BotWords, OptionWords, Words
from games.samurai import commands as cmd
from games.samurai.data import FIGURE_EXCHANGE, TILE_EXCHANGE, tile_types
from games.samurai.places import GLOSSARY_PLACES

# --- the figures ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    """A kind of figure in every form a sentence needs. Czech: singular nominative, accusative
    and genitive, plural nominative / accusative (2-4) and genitive (5 and more, 0); "ji"/"ho"
    (it, accusative), "ni"/"něj" (after a preposition) and "žádný" in the nominative and the
    accusative."""

    en: str
    en_plural: str
    cs: str
    cs_acc: str
    cs_gen: str
    cs_plural: str
    cs_plural_acc: str
    cs_plural_gen: str
    cs_it: str
    cs_it_after_preposition: str
    cs_none: str
    cs_none_acc: str


KIND_WORDS: MappingProxyType[str, Kind] = MappingProxyType(
    {
        "helmet": Kind(
            en="helmet",
            en_plural="helmets",
            cs="přilba",
            cs_acc="přilbu",
            cs_gen="přilby",
            cs_plural="přilby",
            cs_plural_acc="přilby",
            cs_plural_gen="přileb",
            cs_it="ji",
            cs_it_after_preposition="ni",
            cs_none="žádná",
            cs_none_acc="žádnou",
        ),
        "buddha": Kind(
            en="Buddha",
            en_plural="Buddhas",
            cs="Buddha",
            cs_acc="Buddhu",
            cs_gen="Buddhy",
            cs_plural="Buddhové",
            cs_plural_acc="Buddhy",
            cs_plural_gen="Buddhů",
            cs_it="ho",
            cs_it_after_preposition="něj",
            cs_none="žádný",
            cs_none_acc="žádného",
        ),
        "rice_field": Kind(
            en="rice field",
            en_plural="rice fields",
            cs="rýžové pole",
            cs_acc="rýžové pole",
            cs_gen="rýžového pole",
            cs_plural="rýžová pole",
            cs_plural_acc="rýžová pole",
            cs_plural_gen="rýžových polí",
            cs_it="ho",
            cs_it_after_preposition="něj",
            cs_none="žádné",
            cs_none_acc="žádné",
        ),
    }
)


def kind_count(n: int, kind: str, lang: str, case: str = "nom") -> str:
    """ "3 helmets" / "3 přilby", "5 Buddhů", "1 rýžové pole" (Czech ``case``: "nom" or "acc")."""
    k = KIND_WORDS[kind]
    if lang == "en":
        return f"{n} {k.en if n == 1 else k.en_plural}"
    if n == 1:
        return f"1 {k.cs if case == 'nom' else k.cs_acc}"
    if 2 <= n <= 4:
        return f"{n} {k.cs_plural if case == 'nom' else k.cs_plural_acc}"
    return f"{n} {k.cs_plural_gen}"


# --- the tiles --------------------------------------------------------------------------------


@dataclass(frozen=True)
class TileKind:
    """A kind of tile: English (and its article), Czech nominative and accusative, the Czech
    "it" in the accusative and "one's own" in the accusative (the tile exchange takes one's own
    tile back: "hraje výměnu karet na svého samuraje ... a bere si ho zpět")."""

    en: str
    en_article: str
    cs: str
    cs_acc: str
    cs_it: str
    cs_own_acc: str


_TILE_KINDS: dict[str, TileKind] = {
    "helmet": TileKind("helmet", "a", "přilba", "přilbu", "ji", "svou"),
    "buddha": TileKind("Buddha", "a", "Buddha", "Buddhu", "ho", "svého"),
    "rice_field": TileKind("rice field", "a", "rýžové pole", "rýžové pole", "ho", "své"),
    "samurai": TileKind("samurai", "a", "samuraj", "samuraje", "ho", "svého"),
    "ronin": TileKind("ronin", "a", "jezdec", "jezdce", "ho", "svého"),
    "ship": TileKind("ship", "a", "loď", "loď", "ji", "svou"),
    TILE_EXCHANGE: TileKind("tile exchange", "the", "výměna karet", "výměnu karet", "ji", "svou"),
    FIGURE_EXCHANGE: TileKind(
        "figure exchange", "the", "výměna figur", "výměnu figur", "ji", "svou"
    ),
}


@dataclass(frozen=True)
class Tile:
    """One tile by name ("samurai2"): ``name`` ("samurai of strength 2" / "samuraj se silou 2"),
    ``a`` (with its article / the Czech accusative: "a samurai of strength 2" / "samuraje se
    silou 2"), ``own`` ("your" / "their" goes before the English; "svého samuraje se silou 2")
    and the Czech "it" for it."""

    name: Words
    a: Words
    own: Words
    cs_it: str


def _tile(name: str) -> Tile:
    t = tile_types()[name]
    k = _TILE_KINDS[t.kind]
    # The tile exchange's 0 and the figure exchange's missing number are no strength to name.
    strength = (f" of strength {t.strength}", f" se silou {t.strength}") if t.strength else ("", "")
    return Tile(
        (k.en + strength[0], k.cs + strength[1]),
        (f"{k.en_article} {k.en}{strength[0]}", k.cs_acc + strength[1]),
        (k.en + strength[0], f"{k.cs_own_acc} {k.cs_acc}{strength[1]}"),
        k.cs_it,
    )


TILE_WORDS: MappingProxyType[str, Tile] = MappingProxyType(
    {name: _tile(name) for name in sorted(tile_types())}
)

# --- the glossary -----------------------------------------------------------------------------

# Plain dicts of tuples: served as JSON by the platform (``GET /api/games/samurai``).
GLOSSARY: dict[str, dict[str, Words]] = {
    "figures": {key: (k.en, k.cs) for key, k in KIND_WORDS.items()},
    "tiles": {key: t.name for key, t in TILE_WORDS.items()},
    "settlements": {
        "edo": ("Edo", "Edo"),
        "city": ("city", "město"),
        "village": ("village", "vesnice"),
    },
    "places": dict(GLOSSARY_PLACES),
}

# --- options and bots -------------------------------------------------------------------------

OPTION_WORDS: dict[str, OptionWords] = {
    cmd.RANDOM_START: OptionWords(
        label=("Random starting tiles", "Náhodné počáteční karty"),
        help=(
            "Each player gets 5 of their 20 tiles at random instead of choosing them, as "
            "the rules suggest for a first game. Off by default: everyone chooses their 5 "
            "starting tiles in secret.",
            "Každý dostane 5 ze svých 20 karet náhodně místo tajného výběru, jak pravidla "
            "radí pro první hru. Ve výchozím nastavení vypnuto: počáteční karty si každý "
            "vybírá tajně.",
        ),
    ),
    cmd.CAPTURE_TIMING: OptionWords(
        label=("When surrounded figures are taken", "Kdy se odebírají obklíčené figurky"),
        help=(
            "By default a figure is taken the moment a tile completes its surrounding, so "
            "tiles placed later in the same turn no longer count for it (the publisher's "
            "clarification). The other choice reads the turn's steps in order: first all "
            "your tiles, then every surrounded figure is taken, counting all of them.",
            "Ve výchozím nastavení se figurka odebere v okamžiku, kdy ji položená karta "
            "obklíčí, takže karty položené později v tomtéž tahu se pro ni už nepočítají "
            "(upřesnění vydavatele). Druhá možnost čte kroky tahu popořadě: nejdřív "
            "položíte všechny karty, pak se odeberou všechny obklíčené figurky a počítají "
            "se všechny karty.",
        ),
        choices={
            cmd.PER_TILE: ("As soon as a tile surrounds them", "Hned, jak je karta obklíčí"),
            cmd.END_OF_PLACEMENT: (
                "After all the tiles of the turn",
                "Až po položení všech karet tahu",
            ),
        },
    ),
    cmd.CAPTURED_FIGURES: OptionWords(
        label=("Won figures: open or screened", "Získané figurky: odkryté, nebo za zástěnou"),
        help=(
            "Behind the screen, the others see how many figures a player has won but not "
            "which, until the end of the game; in the open, everyone sees them. By default "
            "they are open with 2 players and behind the screen with 3 or 4, as the rules "
            "have it.",
            "Za zástěnou vidí ostatní jen počet figurek, které hráč získal, ne jejich druh, "
            "a to až do konce hry; odkryté vidí všichni. Ve výchozím nastavení jsou ve 2 "
            "hráčích odkryté a ve 3 nebo 4 za zástěnou, jak říkají pravidla.",
        ),
        choices={
            cmd.AUTO: (
                "Open with 2 players, screened with 3 or 4",
                "Ve 2 hráčích odkryté, ve 3 a 4 za zástěnou",
            ),
            cmd.OPEN: ("Open: everyone sees them", "Odkryté: všichni je vidí"),
            cmd.SCREENED: (
                "Behind the screen: the others see only how many",
                "Za zástěnou: ostatní vidí jen počet",
            ),
        },
    ),
}

# The strength figures are those of games/samurai/README.md ("Strength"): the search level at
# 0.3 s a move, 200 games a cell (2026-11-24); random and greedy from the first run, 10 games a
# cell (2026-11-23), the only measurement of those two levels against each other.
BOT_WORDS: dict[str, BotWords] = {
    "random": BotWords(
        label=("Beginner", "Začátečník"),
        help=(
            "Plays any legal move at random: it places tiles and sets figures without a plan.",
            "Hraje náhodně kterýkoli povolený tah: pokládá karty a staví figurky bez plánu.",
        ),
        strength=(
            "Easy to beat: against Casual it won 1 of 10 measured games with 2 players and "
            "5 % with 4.",
            "Snadno porazitelný: proti Rekreačnímu hráči vyhrál 1 z 10 měřených her ve "
            "dvou a 5 % her ve čtyřech.",
        ),
    ),
    "greedy": BotWords(
        label=("Casual", "Rekreační hráč"),
        help=(
            "Looks one move ahead: it plays the tiles that most strengthen its hold on the "
            "figures by a fixed rule of thumb, and spends no tile it does not need.",
            "Dívá se jeden tah dopředu: hraje karty, které podle pevného odhadu nejvíc "
            "posílí jeho vliv na figurky, a zbytečně neplýtvá kartami.",
        ),
        strength=(
            "Won all 10 measured 2-player games and 92 % of 4-player games against "
            "Beginner; Strong beats it in 85 % of 2-player games.",
            "Proti Začátečníkovi vyhrál všech 10 měřených her ve dvou a 92 % her ve "
            "čtyřech; Silný ho ve dvou porazí v 85 % her.",
        ),
    ),
    "search": BotWords(
        label=("Strong", "Silný"),
        help=(
            "Thinks ahead: it tries its most promising moves in many simulated "
            "continuations of the game, guessing the tiles behind the other screens.",
            "Přemýšlí dopředu: své nejslibnější tahy zkouší v mnoha simulovaných "
            "pokračováních hry a odhaduje přitom karty za zástěnami soupeřů.",
        ),
        strength=(
            "With 2 players it wins 99.5 % of games against Beginner and 85 % against "
            "Casual; with 4 it wins 54 % of games against three Casual bots, where an "
            "equal share is 25 % (200 games each).",
            "Ve dvou vyhrává 99,5 % her proti Začátečníkovi a 85 % proti Rekreačnímu "
            "hráči; ve čtyřech vyhrává 54 % her proti třem Rekreačním hráčům, kde by "
            "rovný podíl byl 25 % (vždy 200 her).",
        ),
    ),
}

PLAYER_BOT_LEVELS: tuple[str, ...] = ("random", "greedy", "search")
DEFAULT_BOT_LEVEL = "greedy"
