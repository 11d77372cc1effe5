"""How a finished game of Yspahan was counted (games/WORDS.md, ``Explanation``), for one reader.

The rules count points as the game goes ("Bodování tržiště" and "Bodování karavany" at the end of
each week, a cube's section points as it joins the caravan, a building's points as it is built,
cards f and g); "Závěrečné vyhodnocení" then ranks by points with no tie-break. The final state
keeps each player's total, buildings and the caravan as the third week scored it, but not the
earlier scorings one by one (the marketplace is emptied after each week). So ``explain`` shows
the parts the final state holds exactly and the rest as one sum; given the match's events too it
shows every source (souks by quarter and week, the caravan, buildings, cards).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.base import Event
from games.narration import Explanation, Reader, Section, Table, Words
from games.yspahan import data as D
from games.yspahan import words as W
from games.yspahan.legal import caravan_per_section, has_building
from games.yspahan.scoring import caravan_points, outcome
from games.yspahan.state import State


def _points(r: Reader, n: int) -> str:
    return r.count(n, *W.POINTS)


def _with_points(r: Reader, n: int) -> str:
    """ "with 54 points" / "s 54 body" (Czech instrumental)."""
    if r.lang == "en":
        return f"with {_points(r, n)}"
    return f"s {n} {'bodem' if n == 1 else 'body'}"


def _header(r: Reader, seat: int) -> str:
    name = r.name(seat)
    return name[:1].upper() + name[1:] if r.is_you(seat) else name


def _building_points(s: State, seat: int) -> int:
    built = bin(s.buildings[seat]).count("1")
    return sum(D.BUILDING_POINTS[s.options["building_points"]][:built])


@dataclass
class Ledger:
    """Points by source over a whole game, per seat, from its events."""

    souks: dict[str, list[int]]  # quarter -> per seat, over the three weeks
    weeks: list[list[tuple[int, int, int]]]  # per week: (souk, owner, points) of each scored souk
    entries: list[int]  # cubes joining the caravan
    caravan: list[int]  # full caravans and the caravan at the end of each week
    buildings: list[int]
    cards: list[int]  # gold for points, camels for points

    @classmethod
    def of(cls, n: int, events: Iterable[Event]) -> Ledger:
        book = cls({q: [0] * n for q in D.QUARTERS}, [], [0] * n, [0] * n, [0] * n, [0] * n)
        for e in events:
            kind = e["type"]
            if kind == "CubeEnteredCaravan":
                book.entries[e["seat"]] += e["points"]
            elif kind == "CaravanScored":
                for seat, pts in enumerate(e["points"]):
                    book.caravan[seat] += pts
            elif kind == "MarketScored":
                week = []
                for souk_id, owner, gain in e["souks"]:
                    souk = D.SOUK_IDS.index(souk_id)
                    book.souks[D.QUARTERS[D.SOUK_QUARTER[souk]]][owner] += gain
                    week.append((souk, owner, gain))
                book.weeks.append(week)
            elif kind == "BuildingBuilt":
                book.buildings[e["seat"]] += e["points"]
            elif kind == "CardPlayed" and e["card"] == "gold_to_vp":
                book.cards[e["seat"]] += e["amount"]
            elif kind == "CardPlayed" and e["card"] == "camels_to_vp":
                book.cards[e["seat"]] += 2 * e["amount"]
        return book


# ----------------------------------------------------------------------------- the summary


def _ended_by_leaving(s: State) -> bool:
    return sum(not out for out in s.out) <= 1


def _summary(s: State, r: Reader, ranks: list[int]) -> str:
    vp = s.vp
    winners = [seat for seat in range(s.n) if ranks[seat] == 1]
    top = vp[winners[0]]
    if _ended_by_leaving(s):
        why = r.say(
            "The game ends early: every other player has left it.",
            "Hra končí předčasně: všichni ostatní hráči ji opustili.",
        )
    else:
        why = r.say(
            "The game ends after the scoring of the third week, as the rules say.",
            "Hra podle pravidel končí bodováním třetího týdne.",
        )
    if len(winners) == 1:
        who = r.line(
            winners[0],
            en=("You win {points}.", "{who} wins {points}."),
            cs=("Vyhráváte {points}.", "Vyhrává {who} {points}."),
            points=_with_points(r, top),
        )
    else:
        # The reader first ("You and alice share…"); a name keeps its own case.
        tied = sorted(winners, key=lambda seat: not r.is_you(seat))
        players = r.join([r.name(seat) for seat in tied])
        if r.is_you(tied[0]):
            players = players[:1].upper() + players[1:]
        who = r.fill(
            r.pick(
                (
                    "{who} share first place {points}: the rules name no tie-break.",
                    "Společné první místo {points}: {who}; pomocné kritérium pravidla neurčují.",
                )
            ),
            who=players,
            points=_with_points(r, top),
        )
    text = f"{why} {who}"
    me = r.viewer
    if me is not None and 0 <= me < s.n and ranks[me] != 1:
        text += " " + r.say(
            "You finish {rank} {points}.",
            "Končíte na {rank}. místě {points}.",
            rank=(W.ordinal(ranks[me]), str(ranks[me])),
            points=_with_points(r, vp[me]),
        )
    return text


# ----------------------------------------------------------------------------- the sections


def _table(s: State, r: Reader, rows: Sequence[tuple[Words, Sequence[int]]]) -> Table:
    return {
        "columns": ["", *[_header(r, seat) for seat in range(s.n)]],
        "rows": [[r.pick(label), *values] for label, values in rows],
    }


# The points of the 1st to 6th building by option ("Ad 4)"; option building_points).
_BUILDING_RULE: dict[str, Words] = {
    "text": (
        "Buildings: the first building scores nothing, the second to fifth 5 points each and "
        "the sixth 10 points.",
        "Budovy: první budova nedává nic, druhá až pátá po 5 bodech a šestá 10 bodů.",
    ),
    "published": (
        "Buildings: the first two buildings score nothing, the third to fifth 5 points each "
        "and the sixth 10 points.",
        "Budovy: první dvě budovy nedávají nic, třetí až pátá po 5 bodech a šestá 10 bodů.",
    ),
}


def _buildings_lines(s: State, r: Reader) -> list[str]:
    lines = [r.pick(_BUILDING_RULE[s.options["building_points"]])]
    for seat in range(s.n):
        built = [b + 1 for b in range(D.N_BUILDINGS) if has_building(s, seat, b)]
        if not built:
            continue
        lines.append(
            r.line(
                seat,
                en=(
                    "You built {count} ({list}): {points}.",
                    "{who} built {count} ({list}): {points}.",
                ),
                cs=(
                    "Máte {count} ({list}): {points}.",
                    "{who} má {count} ({list}): {points}.",
                ),
                count=r.count(len(built), ("building", "buildings"), ("budovu", "budovy", "budov")),
                list=r.join([str(b) for b in built]),
                points=_points(r, _building_points(s, seat)),
            )
        )
    return lines


def _caravan_lines(s: State, r: Reader) -> list[str]:
    per = caravan_per_section(s)
    lines = [
        r.say(
            "The caravan at the end of the third week: each player scores their cubes in it × "
            "the section of their last cube.",
            "Karavana na konci třetího týdne: každý dostane počet svých kostiček v ní × číslo "
            "sekce své poslední kostičky.",
        )
    ]
    for seat in range(s.n):
        mine = [i for i, who in enumerate(s.caravan) if who == seat]
        if not mine:
            continue
        section = mine[-1] // per + 1
        lines.append(
            f"{_header(r, seat)}: {len(mine)} × {section} = {_points(r, len(mine) * section)}."
        )
    if len(lines) == 1:
        lines.append(r.say("The caravan was empty.", "Karavana byla prázdná."))
    return lines


def _sources_from_state(s: State, r: Reader) -> Section:
    """What the final state holds exactly (buildings, the caravan as the third week scored it)
    and the rest as one sum."""
    left_early = _ended_by_leaving(s)
    buildings = [_building_points(s, seat) for seat in range(s.n)]
    final_caravan = [0] * s.n if left_early else caravan_points(s)
    rest = [s.vp[seat] - buildings[seat] - final_caravan[seat] for seat in range(s.n)]
    rows: list[tuple[Words, Sequence[int]]] = [(("Buildings", "Budovy"), buildings)]
    lines = _buildings_lines(s, r)
    if not left_early:
        rows.append((("Caravan at the end of week 3", "Karavana na konci 3. týdne"), final_caravan))
        lines += _caravan_lines(s, r)
        rows.append((("Souks, caravan and cards before", "Bazary, karavana a karty předtím"), rest))
    else:
        rows.append((("Souks, caravan and cards", "Bazary, karavana a karty"), rest))
    rows.append((("Total", "Celkem"), s.vp))
    lines.append(
        r.say(
            "The rest was scored as the game went: completed souks at the end of each week, "
            "each cube joining the caravan, every full caravan and the caravan at the end of "
            "each week, and cards that turn gold or camels into points; the log shows each of "
            "these scorings.",
            "Zbytek se počítal průběžně: zaplněné bazary na konci každého týdne, každá kostička "
            "při vstupu do karavany, každá plná karavana i karavana na konci každého týdne a "
            "karty, které mění peníze nebo velbloudy na body; každé z těchto bodování ukazuje "
            "záznam hry.",
        )
    )
    return {
        "title": r.pick(("Points by source", "Body podle původu")),
        "lines": lines,
        "table": _table(s, r, rows),
    }


def _souk_week_lines(r: Reader, book: Ledger) -> list[str]:
    lines = [
        r.say(
            "Souks: at the end of each week every souk filled with one player's cubes scores "
            "its points for that player (+2 with building 5).",
            "Bazary: na konci každého týdne dá každý bazar zaplněný kostičkami jednoho hráče "
            "tomuto hráči své body (+2 s budovou 5).",
        )
    ]
    for week, scored in enumerate(book.weeks, start=1):
        if not scored:
            lines.append(
                r.say(
                    "Week {w}: no souk was complete.",
                    "{w}. týden: žádný bazar nebyl zaplněný.",
                    w=week,
                )
            )
            continue
        # By quarter, as the board groups the souks.
        parts = [
            f"{r.name(owner)} +{gain} ({r.pick(W.SOUK[souk])})"
            for souk, owner, gain in sorted(scored, key=lambda x: (D.SOUK_QUARTER[x[0]], x[0]))
        ]
        lines.append(
            r.say("Week {w}: {parts}.", "{w}. týden: {parts}.", w=week, parts="; ".join(parts))
        )
    return lines


def _sources_from_events(s: State, r: Reader, book: Ledger) -> Section:
    rows: list[tuple[Words, Sequence[int]]] = []
    for q in D.QUARTERS:
        quarter = W.QUARTER[q]
        rows.append(((f"Souks: {quarter.en}", f"Bazary: {quarter.cs}"), book.souks[q]))
    rows += [
        (("Cubes joining the caravan", "Vstup kostiček do karavany"), book.entries),
        (("Caravan scorings", "Bodování karavany"), book.caravan),
        (("Buildings", "Budovy"), book.buildings),
        (("Cards", "Karty"), book.cards),
        (("Total", "Celkem"), s.vp),
    ]
    entry = D.CARAVAN_ENTRY_POINTS[s.options["caravan_entry_points"]]
    lines = _souk_week_lines(r, book)
    lines.append(
        r.say(
            "Caravan: a cube joining it scores {a}, {b} or {c} in section 1, 2 or 3; when it "
            "scores (full, or at the end of a week) each player gets their cubes in it × the "
            "section of their last cube.",
            "Karavana: kostička při vstupu dá {a}, {b} nebo {c} v 1., 2. nebo 3. sekci; při "
            "bodování karavany (plné, nebo na konci týdne) dostane každý počet svých kostiček v "
            "ní × číslo sekce své poslední kostičky.",
            a=entry[0],
            b=entry[1],
            c=_points(r, entry[2]),
        )
    )
    lines += _buildings_lines(s, r)
    lines.append(
        r.say(
            "Cards: “Gold for points” turns up to 10 gold into 1 point each, “Camels for "
            "points” up to 4 camels into 2 points each.",
            "Karty: „Peníze za body“ mění až 10 peněz na 1 bod za kus, „Velbloudi za body“ až "
            "4 velbloudy na 2 body za kus.",
        )
    )
    return {
        "title": r.pick(("Points by source", "Body podle původu")),
        "lines": lines,
        "table": _table(s, r, rows),
    }


def _end_section(s: State, r: Reader, ranks: list[int]) -> Section:
    order = sorted(range(s.n), key=lambda seat: (ranks[seat], seat))
    rows: list[list[str | int | float]] = [
        [ranks[seat], _header(r, seat), s.vp[seat]] for seat in order
    ]
    lines = [
        r.say(
            "The most points win; equal points share the place, as the rules name no "
            "tie-break. Gold, camels and cards left over score nothing.",
            "Vyhrává nejvíc bodů; při rovnosti se hráči o místo dělí, pomocné kritérium "
            "pravidla neurčují. Zbylé peníze, velbloudi a karty body nedávají.",
        )
    ]
    gone = [seat for seat in range(s.n) if s.out[seat]]
    if gone:
        lines.append(
            r.say(
                "Whoever leaves the game ranks below everyone who stayed, whatever the points: "
                "{players}.",
                "Kdo hru opustí, končí za všemi, kdo v ní zůstali, bez ohledu na body: {players}.",
                players=r.join([r.name(seat) for seat in gone]),
            )
        )
    return {
        "title": r.pick(("The ranking", "Pořadí")),
        "lines": lines,
        "table": {
            "columns": [
                r.pick(("Place", "Místo")),
                r.pick(("Player", "Hráč")),
                r.pick(("Points", "Body")),
            ],
            "rows": rows,
        },
    }


def explain(
    state: State, reader: Reader, events: Iterable[Event] | None = None
) -> Explanation | None:
    """How the finished game was counted for ``reader``; None while it runs. With the match's
    ``events`` the points are split by every source the rules score."""
    result = outcome(state)
    if result is None:
        return None
    ranks = result["ranks"]
    if events is None:
        points = _sources_from_state(state, reader)
    else:
        points = _sources_from_events(state, reader, Ledger.of(state.n, events))
    return {
        "summary": _summary(state, reader, ranks),
        "sections": [points, _end_section(state, reader, ranks)],
    }
