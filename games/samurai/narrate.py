"""The match log in the players' words (games/WORDS.md): one line per event, for one reader, in
English or Czech. The event is already redacted for the reader (``views.redact``): a line names
only what is in it, never anything looked up elsewhere. Czech lines are in the present tense, so
that no verb agrees with a player's gender, and a player's name stays in the nominative.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.narration import Reader, Words
from games.samurai import events as ev
from games.samurai.data import board
from games.samurai.places import SETTLEMENTS, spaces_for
from games.samurai.words import KIND_WORDS, TILE_WORDS, kind_count

Event = dict[str, Any]

# The map of each player count, as the opening line names it (clause "Příprava hry").
_MAP_WORDS: dict[int, Words] = {
    2: ("on Honshu", "na ostrově Honšú"),
    3: ("on Honshu, Kyushu and Shikoku", "na ostrovech Honšú, Kjúšú a Šikoku"),
    4: ("on the whole map of Japan", "na celé mapě Japonska"),
}


def _figures_in_play(n: int, lang: str) -> str:
    per_kind = board(n).figures_per_kind
    parts = [kind_count(per_kind, kind, lang) for kind in KIND_WORDS]
    joiner = " and " if lang == "en" else " a "
    return ", ".join(parts[:-1]) + joiner + parts[-1]


def _game_started(e: Event, r: Reader) -> str:
    n = e["n_players"]
    opening = r.say(
        "A game of Samurai for {n} players begins {map}, with {figures}.",
        "Začíná hra Samuraj pro {n} hráče {map}; ve hře je {figures}.",
        n=n,
        map=_MAP_WORDS.get(n, _MAP_WORDS[4]),
        figures=_figures_in_play(n, r.lang) if n in _MAP_WORDS else "",
    )
    if e.get("options", {}).get("random_starting_tiles"):
        # "navrhujeme ... z nich vybral 5 náhodně" (clause "Výchozí postavení").
        tiles = r.say(
            "Each player gets 5 of their 20 tiles at random.",
            "Každý dostává 5 ze svých 20 karet náhodně.",
        )
    else:
        tiles = r.say(
            "Each player secretly chooses 5 of their 20 tiles.",
            "Každý si tajně vybírá 5 ze svých 20 karet.",
        )
    return f"{opening} {tiles}"


def _tile_chosen(e: Event, r: Reader) -> str:
    tile = e.get("tile")
    if tile is None:  # another player's secret choice
        return r.line(
            e["seat"],
            ("You choose a starting tile.", "{who} secretly chooses a starting tile."),
            ("Vybíráte si počáteční kartu.", "{who} si tajně vybírá počáteční kartu."),
        )
    return r.line(
        e["seat"],
        ("You take {tile} behind your screen.", "{who} takes {tile} behind their screen."),
        ("Berete si za zástěnu {tile}.", "{who} si bere za zástěnu {tile}."),
        tile=TILE_WORDS[tile].a,
    )


def _tiles(r: Reader, names: Sequence[str]) -> str:
    return r.join([r.pick(TILE_WORDS[name].a) for name in names])


def _tile_count(r: Reader, n: int) -> str:
    # Czech accusative: "dobírá 1 kartu / 2 karty / 5 karet".
    return r.count(n, ("tile", "tiles"), ("kartu", "karty", "karet"))


def _tiles_drawn(e: Event, r: Reader) -> str:
    tiles = e.get("tiles")
    # Another player's draw shows only how many.
    what = _tile_count(r, e["count"]) if tiles is None else _tiles(r, tiles)
    return r.line(
        e["seat"],
        ("You draw {what} from your supply.", "{who} draws {what} from their supply."),
        ("Dobíráte si ze zásoby {what}.", "{who} si dobírá ze zásoby {what}."),
        what=what,
    )


def _phrase(r: Reader, en: str, cs: str, **fields: Any) -> str:
    """Part of a sentence, filled like :meth:`Reader.say` but left as written (not capitalised:
    it goes after a colon or a semicolon)."""
    values = {k: r.pick(v) if isinstance(v, tuple) else v for k, v in fields.items()}
    return (en if r.lang == "en" else cs).format(**values)


def _place(r: Reader, hex_id: int) -> str:
    """A settlement as the object of "from"/"in" ("z"/"do" + the Czech genitive)."""
    town = SETTLEMENTS[hex_id]
    return town.en if r.lang == "en" else town.cs_gen


def _at(r: Reader, hex_id: int) -> str:
    """Where a tile goes: "next to Edo, on its north-west side" / "vedle Eda, na …"."""
    return r.pick(spaces_for(len(r.names))[hex_id].at)


def _a_kind(kind: str) -> Words:
    k = KIND_WORDS[kind]
    return (f"a {k.en}", k.cs_acc)


def _figure_placed(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        ("You put {kind} in {place}.", "{who} puts {kind} in {place}."),
        ("Stavíte {kind} do {place}.", "{who} staví {kind} do {place}."),
        kind=_a_kind(e["kind"]),
        place=_place(r, e["hex"]),
    )


def _tile_placed(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        ("You place {tile} {at}.", "{who} places {tile} {at}."),
        ("Pokládáte {tile} {at}.", "{who} pokládá {tile} {at}."),
        tile=TILE_WORDS[e["tile"]].a,
        at=_at(r, e["hex"]),
    )


def _tile_exchange_played(e: Event, r: Reader) -> str:
    # "Kartu výměna karet položí hráč na pole, na kterém leží jeho vlastní karta ... Tuto kartu
    # si vezme a ihned ji znova někam položí."
    taken = TILE_WORDS[e["taken_back"]]
    return r.line(
        e["seat"],
        (
            "You play the tile exchange {at}: you take back your {tile} to place it again at once.",
            "{who} plays the tile exchange {at}: they take back their {tile} to place it again "
            "at once.",
        ),
        (
            "Hrajete výměnu karet {at}: berete si zpět {tile} a hned {it} znovu položíte.",
            "{who} hraje výměnu karet {at}: bere si zpět {tile} a hned {it} znovu položí.",
        ),
        tile=taken.own,
        at=_at(r, e["hex"]),
        it=taken.cs_it,
    )


def _figures_swapped(e: Event, r: Reader) -> str:
    first, second = KIND_WORDS[e["first_kind"]], KIND_WORDS[e["second_kind"]]
    first_at, second_at = e["first_hex"], e["second_hex"]
    forms = (
        ("You play the figure exchange: {what}.", "{who} plays the figure exchange: {what}."),
        ("Hrajete výměnu figur: {what}.", "{who} hraje výměnu figur: {what}."),
    )
    if first_at == second_at:
        what = _phrase(
            r,
            "the {a} and the {b} in {place} change places, which changes nothing on the map",
            "{a} a {b} z {place} si vyměňují místa, na plánu se tím nic nemění",
            a=(first.en, first.cs),
            b=(second.en, second.cs),
            place=_place(r, first_at),
        )
    else:
        # Two figures of one kind change places: the map stays as it was (README, "Výměna figur").
        same = e["first_kind"] == e["second_kind"]
        what = _phrase(
            r,
            "the {a} in {p} and the {b} in {q} change places"
            + (", which changes nothing on the map" if same else ""),
            "{a} z {p} a {b} z {q} si vyměňují místa"
            + (", na plánu se tím nic nemění" if same else ""),
            a=(first.en, first.cs),
            b=(second.en, second.cs),
            p=_place(r, first_at),
            q=_place(r, second_at),
        )
    return r.line(e["seat"], *forms, what=what)


def _influence_of_others(r: Reader, influence: Sequence[int], winner: int | None) -> str:
    """ "Bob 3, you 1" / "Bob 3, vy 1": every other seat with some influence, strongest first."""
    others = sorted((-v, seat) for seat, v in enumerate(influence) if seat != winner and v > 0)
    if not others:
        return _phrase(r, "nobody else has any", "nikdo jiný žádný vliv nemá")
    return ", ".join(f"{r.name(seat)} {-v}" for v, seat in others)


def _figure_captured(e: Event, r: Reader) -> str:
    # Clause "Jak se přivlastňují figury?": the largest summed influence takes the figure.
    seat, influence = e["seat"], e.get("influence") or []
    strength = influence[seat] if seat < len(influence) else 0
    fields: dict[str, Any] = {
        "place": _place(r, e["hex"]),
        "v": strength,
        "rest": _influence_of_others(r, influence, seat),
    }
    kind = KIND_WORDS.get(e["kind"])
    if kind is None:  # won behind another player's screen: the kind is theirs to know
        return r.line(
            seat,
            (
                "You win a figure from {place} with influence {v} ({rest}).",
                "{who} wins a figure from {place} with influence {v} ({rest}) and puts it "
                "behind their screen.",
            ),
            (
                "Získáváte figurku z {place} s vlivem {v} ({rest}).",
                "{who} získává figurku z {place} s vlivem {v} ({rest}) a staví ji za svou zástěnu.",
            ),
            **fields,
        )
    if e.get("screened"):
        return r.line(
            seat,
            (
                "You win the {kind} from {place} with influence {v} ({rest}) and put it behind "
                "your screen.",
                "{who} wins the {kind} from {place} with influence {v} ({rest}) and puts it "
                "behind their screen.",
            ),
            (
                "Získáváte {kind} z {place} s vlivem {v} ({rest}) a stavíte {it} za svou zástěnu.",
                "{who} získává {kind} z {place} s vlivem {v} ({rest}) a staví {it} za svou "
                "zástěnu.",
            ),
            kind=(kind.en, kind.cs_acc),
            it=kind.cs_it,
            **fields,
        )
    return r.line(
        seat,
        (
            "You win the {kind} from {place} with influence {v} ({rest}).",
            "{who} wins the {kind} from {place} with influence {v} ({rest}).",
        ),
        (
            "Získáváte {kind} z {place} s vlivem {v} ({rest}).",
            "{who} získává {kind} z {place} s vlivem {v} ({rest}).",
        ),
        kind=(kind.en, kind.cs_acc),
        **fields,
    )


def _figure_set_aside(e: Event, r: Reader) -> str:
    # Clause "Zvláštní případ": nobody has the largest influence; the figure belongs to nobody.
    kind = KIND_WORDS[e["kind"]]
    influence = e.get("influence") or []
    best = max(influence, default=0)
    fields: dict[str, Any] = {"kind": (kind.en, kind.cs), "place": _place(r, e["hex"])}
    if best <= 0:
        return r.say(
            "The {kind} from {place} goes beside the board and belongs to nobody: nobody has any "
            "influence on it.",
            "{kind} z {place} jde vedle plánu a nepatří nikomu: nikdo na {it} nemá vliv.",
            it=kind.cs_it_after_preposition,
            **fields,
        )
    leaders = r.join([r.name(seat) for seat, v in enumerate(influence) if v == best])
    return r.say(
        "The {kind} from {place} goes beside the board and belongs to nobody: {leaders} tie for "
        "the most influence ({best} each).",
        "{kind} z {place} jde vedle plánu a nepatří nikomu: nejvyšší vliv ({best}) má víc hráčů "
        "({leaders}).",
        leaders=leaders,
        best=best,
        **fields,
    )


def _turn_ended(e: Event, r: Reader) -> str:
    nxt = e["next"]
    if r.is_you(nxt):
        then = _phrase(r, "you are next", "na tahu jste vy")
    else:
        then = _phrase(r, "{name} is next", "na tahu je {name}", name=r.name(nxt))
    return r.line(
        e["seat"],
        ("You end your turn; {then}.", "{who} ends their turn; {then}."),
        ("Končíte tah; {then}.", "{who} končí tah; {then}."),
        then=then,
    )


def _turn_skipped(e: Event, r: Reader) -> str:
    # "Musí položit nejméně jednu kartu": with none that fits, the turn passes (README).
    return r.line(
        e["seat"],
        (
            "You cannot place any tile and miss your turn.",
            "{who} cannot place any tile and misses the turn.",
        ),
        (
            "Nemůžete položit žádnou kartu a vynecháváte tah.",
            "{who} nemůže položit žádnou kartu a vynechává tah.",
        ),
    )


def _seat_forfeited(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        (
            "You leave the game: your tiles stay on the map without influence, and your figures "
            "count for no majority.",
            "{who} leaves the game: their tiles stay on the map without influence, and their "
            "figures count for no majority.",
        ),
        (
            "Opouštíte hru: své karty necháváte na plánu bez vlivu a své figurky mimo počítání "
            "většin.",
            "{who} opouští hru: své karty nechává na plánu bez vlivu a své figurky mimo "
            "počítání většin.",
        ),
    )


_ENDINGS: dict[str, Words] = {
    # Clause "Konec hry".
    "figures": (
        "The game ends: no figure of one kind is left on the map, or a fourth figure stands "
        "beside the board.",
        "Hra končí: na plánu už nezbývá žádná figurka jednoho druhu, nebo vedle plánu stojí "
        "čtvrtá figurka.",
    ),
    "forfeit": (
        "The game ends: only one player is left in it.",
        "Hra končí: ve hře zbývá jediný hráč.",
    ),
    "no_moves": (
        "The game ends: nobody can place a tile any more.",
        "Hra končí: už nikdo nemůže položit žádnou kartu.",
    ),
}


def end_causes(r: Reader, kinds_gone: Sequence[str], beside: int) -> list[str]:
    """What ended the game by the figures (clause "Konec hry"), each a clause: "no helmet is
    left on the map", "4 figures stand beside the board" (``beside`` counts from four)."""
    causes = []
    for kind in kinds_gone:
        w = KIND_WORDS[kind]
        causes.append(
            r.pick((f"no {w.en} is left on the map", f"na plánu už není {w.cs_none} {w.cs}"))
        )
    if beside >= 4:
        figures = r.count(beside, ("figure", "figures"), ("figurka", "figurky", "figurek"))
        causes.append(r.pick((f"{figures} stand beside the board", f"vedle plánu stojí {figures}")))
    return causes


def _game_ended(e: Event, r: Reader) -> str:
    # "Po konci hry všichni hráči odkryjí své zástěny."
    after = (
        " The screens are lifted and the figures counted.",
        " Zástěny se odkrývají a figurky se počítají.",
    )
    # Which kind ran out or how many figures stand beside the board, recorded at execute time
    # (capture.game_ended); an event stored before that says the clause instead.
    causes = end_causes(r, e.get("kinds_gone") or [], e.get("beside") or 0)
    if e.get("reason") == "figures" and causes:
        return r.say(
            "The game ends: {causes}." + after[0],
            "Hra končí: {causes}." + after[1],
            causes=r.join(causes),
        )
    why = _ENDINGS.get(e.get("reason") or "", ("The game ends.", "Hra končí."))
    return r.say(why[0] + after[0], why[1] + after[1])


LINES: dict[str, Callable[[Event, Reader], str]] = {
    ev.GAME_STARTED: _game_started,
    ev.TILE_CHOSEN: _tile_chosen,
    ev.TILES_DRAWN: _tiles_drawn,
    ev.FIGURE_PLACED: _figure_placed,
    ev.TILE_PLACED: _tile_placed,
    ev.TILE_EXCHANGE_PLAYED: _tile_exchange_played,
    ev.FIGURES_SWAPPED: _figures_swapped,
    ev.FIGURE_CAPTURED: _figure_captured,
    ev.FIGURE_SET_ASIDE: _figure_set_aside,
    ev.TURN_ENDED: _turn_ended,
    ev.TURN_SKIPPED: _turn_skipped,
    ev.SEAT_FORFEITED: _seat_forfeited,
    ev.GAME_ENDED: _game_ended,
}


def narrate(event: Event, reader: Reader) -> str | None:
    """The log line of ``event`` (already redacted for the reader); ``None`` for a type this
    engine does not emit."""
    line = LINES.get(event.get("type", ""))
    return line(event, reader) if line is not None else None
