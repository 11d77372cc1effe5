"""How a finished game was counted, for one reader (games/WORDS.md, ``Explanation``): why it
ended (clause "Konec hry", a forfeit, or nobody able to place a tile), who won, then the count as
clause "Vítěz" goes: the majority of each kind, the figures nobody won, the contenders' figures
beyond their majorities and the tie-breaks that decided. Built from the final state and
``scoring.outcome`` (never changed here). The screens are lifted at the end ("Po konci hry
všichni hráči odkryjí své zástěny"), so every count may be shown to everyone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from games.base import Event
from games.narration import Explanation, Reader, Section, Table, Words
from games.samurai.capture import figures_on_map
from games.samurai.data import KINDS
from games.samurai.narrate import end_causes
from games.samurai.scoring import outcome
from games.samurai.state import State
from games.samurai.words import KIND_WORDS, kind_count


def _fmt(r: Reader, en: str, cs: str, **fields: Any) -> str:
    """Part of a sentence, not capitalised (it follows a colon or is put into another)."""
    values = {k: r.pick(v) if isinstance(v, tuple) else v for k, v in fields.items()}
    return (en if r.lang == "en" else cs).format(**values)


def _title(kind: str) -> Words:
    k = KIND_WORDS[kind]
    return (k.en_plural[:1].upper() + k.en_plural[1:], k.cs_plural[:1].upper() + k.cs_plural[1:])


def _kinds(r: Reader, kinds: Sequence[str]) -> str:
    """ "helmets and Buddhas" / "přilby a Buddhové"."""
    k = [KIND_WORDS[kind] for kind in kinds]
    return r.join([x.en_plural if r.lang == "en" else x.cs_plural for x in k])


def _of(r: Reader, kinds: Sequence[str]) -> str:
    """What a majority is of: "helmets and Buddhas" / "přileb a Buddhů" (genitive)."""
    k = [KIND_WORDS[kind] for kind in kinds]
    return r.join([x.en_plural if r.lang == "en" else x.cs_plural_gen for x in k])


def _names(r: Reader, seats: Sequence[int]) -> str:
    """ "you and Bob" / "vy a Bob": the reader first."""
    ordered = sorted(seats, key=lambda s: (not r.is_you(s), s))
    return r.join([r.name(s) for s in ordered])


def _subject(r: Reader, seats: Sequence[int]) -> str:
    """Several players opening a sentence: "You and Bob" (the reader capitalised), "alice and
    Bob" (a name keeps its case); pass it as ``who`` so that :meth:`Reader.fill` leaves it."""
    names = _names(r, seats)
    return names[:1].upper() + names[1:] if any(r.is_you(s) for s in seats) else names


def _by_seat(r: Reader, seats: Sequence[int], values: Sequence[int]) -> str:
    """ "alice 5, you 3" / "alice 5, vy 3": largest first."""
    return ", ".join(f"{r.name(s)} {values[s]}" for s in sorted(seats, key=lambda s: -values[s]))


# --- why it ended -----------------------------------------------------------------------------


def _why(s: State, r: Reader) -> str:
    if s.end_reason == "forfeit":
        left = [seat for seat in range(s.n) if not s.forfeited[seat]]
        return r.say(
            "The game ends because only one player is left in it: {who}.",
            "Hra končí, protože ve hře zbývá jediný hráč: {who}.",
            who=_names(r, left),
        )
    if s.end_reason == "no_moves":
        # The text is silent on this case; the game stops (README, "Interpretations").
        return r.say(
            "The game ends because nobody can place a tile any more.",
            "Hra končí, protože už nikdo nemůže položit žádnou kartu.",
        )
    # Clause "Konec hry": the last figure of a kind has left the map, or a fourth figure stands
    # beside it; the turn under way was finished first.
    on_map = figures_on_map(s)
    gone = [kind for k, kind in enumerate(KINDS) if on_map[k] == 0]
    causes = end_causes(r, gone, sum(s.beside))
    return r.say(
        "The game ends because {causes}; the turn under way was played to its end.",
        "Hra končí, protože {causes}; rozehraný tah se dohrál do konce.",
        causes=r.join(causes),
    )


# --- who won ----------------------------------------------------------------------------------


def _winner_sentence(
    s: State, r: Reader, held: list[list[str]], rest: list[int], totals: list[int], ranks: list[int]
) -> str:
    present = [not f for f in s.forfeited]
    contenders = [seat for seat in range(s.n) if held[seat] and present[seat]]
    winners = [seat for seat in contenders if ranks[seat] == 1]
    if not winners:
        # "Na vítězství mohou pomýšlet jen ti hráči, kteří mají od některého druhu figur
        # většinu": nobody holds one, nobody wins.
        first = [seat for seat in range(s.n) if ranks[seat] == 1]
        if len(first) == 1 and s.n > 1:
            # A single player left in the game ranks first (scoring.score), winner or not.
            return r.line(
                first[0],
                (
                    "Nobody holds the majority of any kind, so nobody wins; you rank first as "
                    "the only player still in the game.",
                    "Nobody holds the majority of any kind, so nobody wins; {who} ranks first "
                    "as the only player still in the game.",
                ),
                (
                    "Nikdo nemá většinu v žádném druhu figurek, a tak nikdo nevyhrává; jako "
                    "jediný hráč, který zůstal ve hře, jste na prvním místě.",
                    "Nikdo nemá většinu v žádném druhu figurek, a tak nikdo nevyhrává; na "
                    "prvním místě je {who}, jediný hráč, který zůstal ve hře.",
                ),
            )
        return r.say(
            "Nobody wins: nobody holds the majority of any kind.",
            "Nikdo nevyhrává: nikdo nemá většinu v žádném druhu figurek.",
        )
    if len(winners) > 1:
        w = winners[0]
        return r.say(
            "{who} share the victory: the same figures beyond their majorities ({rest}) and "
            "the same in all ({total}).",
            "Dělené vítězství: {names} (stejně figurek mimo většinu, {rest}, i celkem, {total}).",
            who=_subject(r, winners),
            names=_names(r, winners),
            rest=rest[w],
            total=totals[w],
        )
    w = winners[0]
    if len(held[w]) >= 2:
        # "Jestliže některý hráč získal většinu figur dvou druhů, je každopádně vítězem on."
        return r.line(
            w,
            (
                "You win with majorities in two kinds: {kinds}.",
                "{who} wins with majorities in two kinds: {kinds}.",
            ),
            (
                "Vyhráváte s většinou ve dvou druzích ({kinds}).",
                "Vyhrává {who} s většinou ve dvou druzích ({kinds}).",
            ),
            kinds=_kinds(r, held[w]),
        )
    if len(contenders) == 1:
        return r.line(
            w,
            (
                "You win as the only player holding a majority (the majority of {kinds}).",
                "{who} wins as the only player holding a majority (the majority of {kinds}).",
            ),
            (
                "Vyhráváte jako jediný hráč s většinou (většina {kinds}).",
                "Vyhrává {who}, jediný hráč s většinou (většina {kinds}).",
            ),
            kinds=_of(r, held[w]),
        )
    level = [c for c in contenders if c != w and rest[c] == rest[w] and len(held[c]) < 2]
    if level:
        # "Jestliže je stav nerozhodný, spočítají hráči ... všechny své figury."
        runner = max(level, key=lambda c: totals[c])
        return r.line(
            w,
            (
                "You win: level on figures beyond the majorities ({rest}), you have more "
                "figures in all ({a} to {b}).",
                "{who} wins: level on figures beyond the majorities ({rest}), {who} has more "
                "figures in all ({a} to {b}).",
            ),
            (
                "Vyhráváte: ve figurkách mimo většinu je shoda ({rest}), rozhodují tedy všechny "
                "figurky ({a} proti {b}).",
                "Vyhrává {who}: ve figurkách mimo většinu je shoda ({rest}), rozhodují tedy "
                "všechny figurky ({a} proti {b}).",
            ),
            rest=rest[w],
            a=totals[w],
            b=totals[runner],
        )
    return r.line(
        w,
        (
            "You win with {rest} beyond your majority of {kinds}, the most of the players "
            "holding a majority.",
            "{who} wins with {rest} beyond their majority of {kinds}, the most of the players "
            "holding a majority.",
        ),
        (
            "Vyhráváte: mimo svou většinu {kinds} máte {rest}, nejvíc ze všech hráčů s většinou.",
            "Vyhrává {who}: mimo svou většinu {kinds} má {rest}, nejvíc ze všech hráčů s většinou.",
        ),
        rest=r.count(rest[w], ("figure", "figures"), ("figurku", "figurky", "figurek")),
        kinds=_of(r, held[w]),
    )


# --- the sections -----------------------------------------------------------------------------


def _column(s: State, r: Reader, seat: int) -> str:
    name = r.name(seat)
    if s.forfeited[seat]:
        return name + _fmt(r, " (left)", " (mimo hru)")
    return name


def _majorities(s: State, r: Reader, held: list[list[str]]) -> Section:
    present = [not f for f in s.forfeited]
    lines = []
    for k, kind in enumerate(KINDS):
        w = KIND_WORDS[kind]
        counts = [c[k] for c in s.captured]
        holder = next((seat for seat in range(s.n) if kind in held[seat]), None)
        title = _title(kind)
        if holder is not None:
            others = [seat for seat in range(s.n) if seat != holder and counts[seat] > 0]
            rest = (
                _by_seat(r, others, counts)
                if others
                else _fmt(r, "nobody else has any", "nikdo jiný {none} nemá", none=w.cs_none_acc)
            )
            lines.append(
                r.line(
                    holder,
                    (
                        "{title}: you hold the majority ({n}; {rest}).",
                        "{title}: {who} holds the majority ({n}; {rest}).",
                    ),
                    (
                        "{title}: většinu máte vy ({n}; {rest}).",
                        "{title}: většinu má {who} ({n}; {rest}).",
                    ),
                    title=title,
                    n=counts[holder],
                    rest=rest,
                )
            )
            continue
        best = max((counts[seat] for seat in range(s.n) if present[seat]), default=0)
        if best == 0:
            lines.append(
                r.say(
                    "{title}: nobody won any, so nobody holds the majority.",
                    "{title}: nikdo nezískal {none}, většinu tedy nemá nikdo.",
                    title=title,
                    none=w.cs_none_acc,
                )
            )
            continue
        tied = [seat for seat in range(s.n) if present[seat] and counts[seat] == best]
        lines.append(
            r.say(
                "{title}: {names} tie with {n} each, so nobody holds the majority.",
                "{title}: shoda na {n} ({names}), většinu tedy nemá nikdo.",
                title=title,
                names=_names(r, tied),
                n=best,
            )
        )
    left = [seat for seat in range(s.n) if s.forfeited[seat]]
    if left:
        lines.append(
            r.say(
                "Figures of players who left the game count for no majority: {names}.",
                "Do většin se nepočítají figurky těch, kdo opustili hru: {names}.",
                names=_names(r, left),
            )
        )
    rows: list[list[str | int | float]] = [
        [r.pick(_title(kind)), *(c[k] for c in s.captured)] for k, kind in enumerate(KINDS)
    ]
    rows.append([_fmt(r, "All figures", "Všechny figurky"), *(sum(c) for c in s.captured)])
    table: Table = {
        "columns": ["", *(_column(s, r, seat) for seat in range(s.n))],
        "rows": rows,
    }
    return {"title": _fmt(r, "Majorities", "Většiny"), "lines": lines, "table": table}


def _figures_list(r: Reader, counts: Sequence[int]) -> str:
    return r.join([kind_count(n, kind, r.lang) for kind, n in zip(KINDS, counts, strict=True) if n])


def _nobodys(s: State, r: Reader) -> Section:
    on_map = figures_on_map(s)
    lines = []
    if sum(s.beside):
        # Clause "Zvláštní případ": nobody had the largest influence when it was taken.
        lines.append(
            r.say(
                "Beside the board, owned by nobody: {list}. A figure goes there when no single "
                "player has the most influence on it as it is taken.",
                "Vedle plánu bez majitele: {list}. Tam jde figurka, na kterou při odebrání nemá "
                "nikdo sám největší vliv.",
                list=_figures_list(r, s.beside),
            )
        )
    else:
        lines.append(
            r.say("No figure stands beside the board.", "Vedle plánu nestojí žádná figurka.")
        )
    if sum(on_map):
        lines.append(
            r.say(
                "Still on the map, owned by nobody: {list}.",
                "Na plánu zůstávají bez majitele: {list}.",
                list=_figures_list(r, on_map),
            )
        )
    else:
        lines.append(r.say("No figure is left on the map.", "Na plánu už není žádná figurka."))
    table: Table = {
        "columns": [
            "",
            _fmt(r, "Beside the board", "Vedle plánu"),
            _fmt(r, "On the map", "Na plánu"),
        ],
        "rows": [[r.pick(_title(kind)), s.beside[k], on_map[k]] for k, kind in enumerate(KINDS)],
    }
    return {
        "title": _fmt(r, "Figures nobody won", "Figurky, které nikdo nezískal"),
        "lines": lines,
        "table": table,
    }


def _count(
    s: State, r: Reader, held: list[list[str]], rest: list[int], totals: list[int], ranks: list[int]
) -> Section:
    """Clause "Vítěz" in its order: who may win, the majority figures set aside, the figures
    left, then all figures, then a shared place."""
    present = [not f for f in s.forfeited]
    contenders = [seat for seat in range(s.n) if held[seat] and present[seat]]
    lines = []
    if contenders:
        listed = ", ".join(
            _fmt(
                r,
                "{name} (majority of {of})",
                "{name} (většina {of})",
                name=r.name(seat),
                of=_of(r, held[seat]),
            )
            for seat in sorted(contenders, key=lambda c: (not r.is_you(c), c))
        )
        lines.append(
            r.say(
                "Only players holding a majority can win: {listed}.",
                "Vyhrát mohou jen hráči s většinou: {listed}.",
                listed=listed,
            )
        )
    else:
        lines.append(
            r.say(
                "Only players holding a majority can win, and nobody holds one: nobody wins.",
                "Vyhrát mohou jen hráči s většinou a tu nemá nikdo: nikdo nevyhrává.",
            )
        )
    outside = [seat for seat in range(s.n) if present[seat] and not held[seat]]
    if outside and contenders:
        lines.append(
            r.say(
                "Without a majority, out of the count: {names}.",
                "Bez většiny, a tedy mimo počítání: {names}.",
                names=_names(r, outside),
            )
        )
    outright = [seat for seat in contenders if len(held[seat]) >= 2]
    for seat in outright:
        lines.append(
            r.line(
                seat,
                (
                    "You hold the majority in two kinds and win whatever the others have.",
                    "{who} holds the majority in two kinds and wins whatever the others have.",
                ),
                (
                    "Máte většinu ve dvou druzích, a proto vyhráváte bez ohledu na ostatní.",
                    "{who} má většinu ve dvou druzích, a proto vyhrává bez ohledu na ostatní.",
                ),
            )
        )
    counted = [seat for seat in contenders if seat not in outright]
    if counted and (len(counted) > 1 or outright):
        lines.append(
            r.say(
                ("For the places after: t" if outright else "T")
                + "he figures of each majority are set aside; left over: {list}.",
                ("O dalších místech: f" if outright else "F")
                + "igurky většin se dávají stranou; zbývá: {list}.",
                list=_by_seat(r, counted, rest),
            )
        )
        groups: dict[int, list[int]] = {}
        for seat in counted:
            groups.setdefault(rest[seat], []).append(seat)
        for value, group in sorted(groups.items(), reverse=True):
            if len(group) < 2:
                continue
            lines.append(
                r.say(
                    "{who} tie with {n} left over, so all their figures decide: {list}.",
                    "Shoda na {n} ({names}), rozhodují tedy všechny figurky: {list}.",
                    who=_subject(r, group),
                    names=_names(r, group),
                    n=value,
                    list=_by_seat(r, group, totals),
                )
            )
            by_total: dict[int, list[int]] = {}
            for seat in group:
                by_total.setdefault(totals[seat], []).append(seat)
            for total, same in sorted(by_total.items(), reverse=True):
                if len(same) > 1:
                    lines.append(
                        r.say(
                            "{who} tie again with {n} in all and share their place.",
                            "Opět shoda ({n} celkem), a tak společné místo: {names}.",
                            who=_subject(r, same),
                            names=_names(r, same),
                            n=total,
                        )
                    )
    left = [seat for seat in range(s.n) if s.forfeited[seat]]
    if left:
        lines.append(
            r.say(
                "Left the game, so ranked last: {names}.",
                "Odchod ze hry, a tedy poslední místo: {names}.",
                names=_names(r, left),
            )
        )
    places: dict[int, list[int]] = {}
    for seat in range(s.n):
        places.setdefault(ranks[seat], []).append(seat)
    lines.append(
        r.say(
            "Places: {places}.",
            "Pořadí: {places}.",
            places="; ".join(
                f"{rank}. {_names(r, seats)}" for rank, seats in sorted(places.items())
            ),
        )
    )
    dash = "—"
    table: Table = {
        "columns": ["", *(_column(s, r, seat) for seat in range(s.n))],
        "rows": [
            [
                _fmt(r, "Majority", "Většina"),
                *(
                    _kinds(r, held[seat]) if held[seat] and present[seat] else dash
                    for seat in range(s.n)
                ),
            ],
            [
                _fmt(r, "Beyond the majority", "Mimo většinu"),
                *(rest[seat] if seat in contenders else dash for seat in range(s.n)),
            ],
            [_fmt(r, "All figures", "Všechny figurky"), *totals],
            [_fmt(r, "Place", "Místo"), *ranks],
        ],
    }
    return {"title": _fmt(r, "Who wins", "Kdo vyhrává"), "lines": lines, "table": table}


def explain(s: State, r: Reader, events: Iterable[Event] | None = None) -> Explanation | None:
    """The ending for ``r``. The final state holds everything counted (the figures won, the map,
    the set-aside figures), so the match's ``events`` add nothing here; they are accepted as in
    every game (games/WORDS.md)."""
    result = outcome(s)
    if result is None:
        return None
    details = result["details"]
    held: list[list[str]] = details["majorities"]
    rest: list[int] = details["figures_beyond_majorities"]
    totals: list[int] = details["all_figures"]
    ranks = result["ranks"]
    summary = _why(s, r) + " " + _winner_sentence(s, r, held, rest, totals, ranks)
    return {
        "summary": summary,
        "sections": [
            _majorities(s, r, held),
            _nobodys(s, r),
            _count(s, r, held, rest, totals, ranks),
        ],
    }
