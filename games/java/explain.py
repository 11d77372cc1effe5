"""How a finished game of Java was counted, for one reader (games/WORDS.md, ``Explanation``):
why it ended and who won, then every scoring as the rules count it (lakes, palaces, festivals,
each player's final scoring by city) and the ranking.

The scorings come from the match's events when the platform passes them (``ev.ledger_of``), or
else from the state's ledger, which the fold keeps from the first event on. The ledger is derived,
not part of a snapshot: a state loaded from a snapshot has none, so without the events the ending
says what the final state itself shows (the totals and the cities as they stand) and points to the
match log for each scoring.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.base import Event
from games.java import events as ev
from games.java.narrate import clause, festival_result, names, symbols_line
from games.java.scoring import final_points, outcome
from games.java.state import JavaState
from games.java.words import PALACE_WORDS, lake_words, place_of, points
from games.narration import Explanation, Reader, Section, Words

SOURCES: tuple[tuple[tuple[str, ...], Words], ...] = (
    ((ev.LAKE_SCORED,), ("Lakes", "Vodní plochy")),
    (
        (ev.PALACE_BUILT, ev.PALACE_ENLARGED),
        ("Palaces built and enlarged", "Stavba a rozšíření paláců"),
    ),
    ((ev.FESTIVAL_RESOLVED,), ("Festivals", "Slavnosti")),
    ((ev.FINAL_SCORED,), ("Final scoring", "Závěrečné bodování")),
)


def explain(s: JavaState, r: Reader, events: Iterable[Event] | None = None) -> Explanation | None:
    """The ending for ``r``; ``events``, the match's events redacted for ``r``, give every
    scoring even to a state loaded from a snapshot."""
    result = outcome(s)
    if result is None:
        return None
    ranks = result["ranks"]
    summary = f"{_why(s, r)} {_winners(s, ranks, r)}"
    scored = ev.ledger_of(events) if events is not None else s.ledger
    if scored is None:
        sections = [_totals_only(s, r), _cities_at_end(s, r)]
    else:
        ledger = list(scored)
        sections = [
            _by_source(s, ledger, r),
            _lakes(ledger, r),
            _palaces(ledger, r),
            _festivals(ledger, r),
            _final(s, ledger, r),
        ]
    sections.append(_ranking(s, ranks, r))
    return {"summary": summary, "sections": sections}


# --------------------------------------------------------------------------- the summary


def _label(r: Reader, seat: int) -> str:
    """A player at the start of a line or in a table: "You" / "Vy", others by name."""
    return r.pick(("You", "Vy")) if r.is_you(seat) else r.name(seat)


def _why(s: JavaState, r: Reader) -> str:
    alive = [p for p in range(s.n) if not s.forfeited[p]]
    if len(alive) <= 1:
        # Forfeits leave one player: the game ends at once (README: forfeit).
        return _left(r, [p for p in range(s.n) if s.forfeited[p]])
    if s.trigger >= 0 and s.three_left == 0:
        # "Hráč, který položí na plán poslední díl o třech polích ze společné zásoby, provede
        # ihned po svém tahu závěrečné bodování. Po něm ještě provedou svůj poslední tah ..."
        return r.line(
            s.trigger,
            (
                "You laid the last three-space tile: you scored the final scoring right after "
                "that turn, and everyone else had one last turn and scored right after it.",
                "{who} laid the last three-space tile: {who} scored the final scoring right after "
                "that turn, and everyone else had one last turn and scored right after it.",
            ),
            (
                "Pokládáte poslední trojdílné území: hned po svém tahu provádíte závěrečné "
                "bodování a ostatní ještě po jednom posledním tahu, každý hned po něm.",
                "{who} pokládá poslední trojdílné území: hned po svém tahu provádí závěrečné "
                "bodování a ostatní ještě po jednom posledním tahu, každý hned po něm.",
            ),
        )
    if s.trigger >= 0:
        # The island stalled (README, Interpretations): it ends as after the last tile.
        return r.line(
            s.trigger,
            (
                "For a whole round nobody could lay a land tile, so the island was complete: "
                "you, who closed that round, scored the final scoring at once, and everyone else "
                "had one last turn and scored right after it.",
                "For a whole round nobody could lay a land tile, so the island was complete: "
                "{who}, who closed that round, scored the final scoring at once, and everyone "
                "else had one last turn and scored right after it.",
            ),
            (
                "Celé kolo nikdo nemohl položit díl krajiny, ostrov je tedy hotový: vy jako "
                "poslední v tom kole provádíte hned závěrečné bodování a ostatní ještě po jednom "
                "posledním tahu, každý hned po něm.",
                "Celé kolo nikdo nemohl položit díl krajiny, ostrov je tedy hotový: {who} jako "
                "poslední v tom kole provádí hned závěrečné bodování a ostatní ještě po jednom "
                "posledním tahu, každý hned po něm.",
            ),
        )
    # A match set up under the first rules: a stalled island scored everybody at once.
    return r.say(
        "For a whole round nobody could lay a land tile, so the island was complete and everybody "
        "scored the final scoring at once (as the rules of this match had it).",
        "Celé kolo nikdo nemohl položit díl krajiny, ostrov je tedy hotový a všichni provádějí "
        "závěrečné bodování najednou (podle pravidel, s nimiž byla partie založena).",
    )


def _left(r: Reader, seats: list[int]) -> str:
    """ "alice and Bob left the game, so it ended." / "Hru vzdávají alice a Bob: hra tím končí."
    (the reader first: "You and alice left …" / "Hru vzdáváte vy a alice: …")."""
    others = [r.name(p) for p in seats if not r.is_you(p)]
    you = any(r.is_you(p) for p in seats)
    if r.lang == "en":
        text = r.join((["you"] if you else []) + others) + " left the game, so it ended."
        return text[:1].upper() + text[1:] if you else text
    verb = "Hru vzdáváte" if you else "Hru vzdává" if len(others) == 1 else "Hru vzdávají"
    return f"{verb} {r.join((['vy'] if you else []) + others)}: hra tím končí."


def _winners(s: JavaState, ranks: list[int], r: Reader) -> str:
    first = [p for p in range(s.n) if ranks[p] == 1]
    pts = s.scores[first[0]]
    if len(first) == 1:
        return r.line(
            first[0],
            ("You win with {pts}.", "{who} wins with {pts}."),
            ("Vítězíte: {pts}.", "Vítězí {who}: {pts}."),
            pts=points(r, pts),
        )
    return r.say(
        "Shared victory: {who}, {pts} each.",
        "Dělené vítězství: {who}, každý {pts}.",
        who=names(r, first),
        pts=points(r, pts),
    )


# --------------------------------------------------------------------------- the scorings


def _tally(s: JavaState, ledger: list[dict[str, Any]]) -> dict[str, list[int]]:
    """Points per source and seat, from the ledger's events."""
    out = {types[0]: [0] * s.n for types, _ in SOURCES}
    for e in ledger:
        kind = e["type"]
        if kind == ev.LAKE_SCORED:
            if e["seat"] is not None:
                out[kind][e["seat"]] += e["points"]
        elif kind in (ev.PALACE_BUILT, ev.PALACE_ENLARGED):
            out[ev.PALACE_BUILT][e["seat"]] += e["points"]
        elif kind == ev.FESTIVAL_RESOLVED:
            for seat, pts in enumerate(e["points"]):
                out[kind][seat] += pts
        elif kind == ev.FINAL_SCORED:
            out[kind][e["seat"]] += e["points"]
    return out


def _columns(s: JavaState, r: Reader) -> list[str]:
    return ["", *(_label(r, p) for p in range(s.n))]


def _by_source(s: JavaState, ledger: list[dict[str, Any]], r: Reader) -> Section:
    tally = _tally(s, ledger)
    rows: list[list[str | int | float]] = [
        [r.pick(title), *tally[types[0]]] for types, title in SOURCES
    ]
    rows.append([r.pick(("Total", "Celkem")), *s.scores])
    return {
        "title": r.pick(("Points by source", "Body podle původu")),
        "lines": [
            r.say(
                "Points come from enclosed lakes (3 per water space), from palaces (half a tile's "
                "value when it is laid), from festivals (half the palace's value, or a share when "
                "tied) and from the final scoring of the cities.",
                "Body přinášejí obklopené vodní plochy (3 za každé pole vody), paláce (polovina "
                "hodnoty dílku při jeho položení), slavnosti (polovina hodnoty paláce, při shodě "
                "podíl) a závěrečné bodování měst.",
            )
        ],
        "table": {"columns": _columns(s, r), "rows": rows},
    }


def _lakes(ledger: list[dict[str, Any]], r: Reader) -> Section:
    lines = []
    for e in ledger:
        if e["type"] != ev.LAKE_SCORED:
            continue
        lake = lake_words(e["cells"])
        name = r.pick(lake.nom)
        name = name[:1].upper() + name[1:]
        if e["seat"] is None:
            lines.append(
                r.say(
                    "{lake}: no points, nobody stood alone highest on its shore.",
                    "{lake}: bez bodů, na břehu nikdo nestál jednoznačně nejvýše.",
                    lake=name,
                )
            )
        else:
            lines.append(
                r.say(
                    "{lake}: {pts} to {who}, highest on its shore.",
                    "{lake}: {pts} pro {who} za nejvyšší figurku na břehu.",
                    lake=name,
                    pts=points(r, e["points"]),
                    who=r.obj(e["seat"], "acc"),
                )
            )
    if not lines:
        lines.append(r.say("No lake was enclosed.", "Žádná vodní plocha nebyla obklopena."))
    return {"title": r.pick(("Lakes", "Vodní plochy")), "lines": lines}


def _palaces(ledger: list[dict[str, Any]], r: Reader) -> Section:
    lines = []
    for e in ledger:
        if e["type"] == ev.PALACE_BUILT:
            at = place_of(e["cell"])
            lines.append(
                r.say(
                    "{who}: a {palace} built on {at}, {pts}.",
                    "{who}: {palace} postavený {at_cs}, {pts}.",
                    who=_label(r, e["seat"]),
                    palace=PALACE_WORDS[e["value"]],
                    at=at.en,
                    at_cs=at.cs_at,
                    pts=points(r, e["points"]),
                )
            )
        elif e["type"] == ev.PALACE_ENLARGED:
            at = place_of(e["cell"])
            lines.append(
                r.say(
                    "{who}: the palace on {at} enlarged to value {value}, {pts}.",
                    "{who}: palác {at_cs} rozšířený na hodnotu {value}, {pts}.",
                    who=_label(r, e["seat"]),
                    value=e["value"],
                    at=at.en,
                    at_cs=at.cs_at,
                    pts=points(r, e["points"]),
                )
            )
    if not lines:
        lines.append(r.say("No palace was built.", "Žádný palác nebyl postaven."))
    return {"title": r.pick(("Palaces", "Paláce")), "lines": lines}


def _festivals(ledger: list[dict[str, Any]], r: Reader) -> Section:
    lines = []
    for e in ledger:
        if e["type"] != ev.FESTIVAL_RESOLVED:
            continue
        at = place_of(e["cell"])
        held = clause(
            r,
            e["seat"],
            ("held by you", "held by {who}"),
            ("pořádáte vy", "pořádá {who}"),
        )
        first = r.say(
            "The {palace} on {at} ({held}), matching symbols: {counts}.",
            "Palác s hodnotou {value} {at_cs} ({held}), odpovídající symboly: {counts}.",
            palace=PALACE_WORDS[e["value"]],
            value=e["value"],
            at=at.en,
            at_cs=at.cs_at,
            held=held,
            counts=symbols_line(r, e["bidders"], e["symbols"]),
        )
        lines.append(f"{first} {festival_result(r, e['winners'], e['points'], e['value'])}")
    if not lines:
        lines.append(r.say("No festival was held.", "Žádná slavnost se nekonala."))
    return {"title": r.pick(("Festivals", "Slavnosti")), "lines": lines}


def _city_words(r: Reader, city: dict[str, Any]) -> str:
    """ "first in the city of the palace 10 on … (10)", inside a sentence."""
    at = place_of(city["cell"])
    value, pts = city["value"], city["points"]
    if r.lang == "en":
        place = "first" if city["place"] == 1 else "second"
        return f"{place} in the city of the palace {value} on {at.en} ({pts})"
    return f"{city['place']}. místo ve městě s palácem {value} {at.cs_at} ({pts})"


def _final(s: JavaState, ledger: list[dict[str, Any]], r: Reader) -> Section:
    scored = [e for e in ledger if e["type"] == ev.FINAL_SCORED]
    rule = r.say(
        "In each city, the player standing highest (ties decided by further developers; if "
        "still tied, all of them) scores the palace's value, the second player half of it.",
        "V každém městě získá hráč s nejvýše stojící figurkou (při shodě rozhodují další "
        "figurky, jinak všichni shodní) hodnotu paláce a druhý hráč polovinu.",
    )
    if not scored:
        when = r.say("The game ended before it.", "Hra skončila dřív, než k němu došlo.")
    elif s.trigger >= 0:
        when = r.say(
            "Each player scored right after their last turn, in this order:",
            "Každý boduje hned po svém posledním tahu, v tomto pořadí:",
        )
    else:
        when = r.say("Everybody scored at once:", "Všichni bodují najednou:")
    lines = [f"{rule} {when}"]
    for e in scored:
        parts = [_city_words(r, c) for c in e["cities"]]
        if parts:
            lines.append(
                r.say(
                    "{who}: {pts}: {parts}.",
                    "{who}: {pts}: {parts}.",
                    who=_label(r, e["seat"]),
                    pts=points(r, e["points"]),
                    parts="; ".join(parts),
                )
            )
        else:
            lines.append(
                r.say(
                    "{who}: no points, first or second in no city.",
                    "{who}: bez bodů, v žádném městě 1. ani 2. místo.",
                    who=_label(r, e["seat"]),
                )
            )
    return {"title": r.pick(("Final scoring", "Závěrečné bodování")), "lines": lines}


# --------------------------------------------------------------------------- without a ledger


def _totals_only(s: JavaState, r: Reader) -> Section:
    return {
        "title": r.pick(("Points", "Body")),
        "lines": [
            r.say(
                "Each scoring of the game (lakes, palaces, festivals, the final scoring) is "
                "listed in the match log.",
                "Každé bodování hry (vodní plochy, paláce, slavnosti, závěrečné bodování) je "
                "v záznamu partie.",
            )
        ],
        "table": {
            "columns": _columns(s, r),
            "rows": [[r.pick(("Total", "Celkem")), *s.scores]],
        },
    }


def _cities_at_end(s: JavaState, r: Reader) -> Section:
    """Who stands first and second in each city as the island stands at the end."""
    standing: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for p in range(s.n):
        if s.forfeited[p]:
            continue
        for city in final_points(s, p)[1]:
            key = (city["cell"][0], city["cell"][1])
            standing.setdefault(key, []).append((city["place"], p))
    lines = []
    for q, rr in sorted(standing, key=lambda k: (k[1], k[0])):
        ranked = sorted(standing[(q, rr)])
        at = place_of([q, rr])
        first = [p for place, p in ranked if place == 1]
        second = [p for place, p in ranked if place == 2]
        value = s.palace[ev.cell_of([q, rr])]
        text = r.say(
            "The city of the palace {value} on {at}: first {first}",
            "Město s palácem {value} {at_cs}: 1. místo {first}",
            value=value,
            at=at.en,
            at_cs=at.cs_at,
            first=names(r, first),
        )
        if second:
            text += r.say(", second {second}", ", 2. místo {second}", second=names(r, second))
        lines.append(text + ".")
    if not lines:
        lines.append(r.say("No city stands on the island.", "Na ostrově nestojí žádné město."))
    return {"title": r.pick(("Cities at the end", "Města na konci hry")), "lines": lines}


# --------------------------------------------------------------------------- the ranking


def _ranking(s: JavaState, ranks: list[int], r: Reader) -> Section:
    order = sorted(range(s.n), key=lambda p: (ranks[p], p))
    lines = [
        r.say(
            "Most points wins; equal points share the place (the rules name no further tie-break).",
            "Vítězí nejvíc bodů; hráči se stejným počtem bodů sdílejí pořadí (další rozhodování "
            "pravidla nemají).",
        )
    ]
    gone = [p for p in range(s.n) if s.forfeited[p]]
    if gone:
        lines.append(
            r.say(
                "Ranked last for leaving the game: {who}.",
                "Na posledním místě po vzdání hry: {who}.",
                who=names(r, gone),
            )
        )
    return {
        "title": r.pick(("Ranking", "Pořadí")),
        "lines": lines,
        "table": {
            "columns": [
                r.pick(("Place", "Místo")),
                r.pick(("Player", "Hráč")),
                r.pick(("Points", "Body")),
            ],
            "rows": [[ranks[p], _label(r, p), s.scores[p]] for p in order],
        },
    }
