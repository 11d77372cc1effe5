"""How a finished game was counted, for one reader (games/WORDS.md, ``Explanation``).

Built from the final state and the result ``GameEnded`` recorded in it (the outcome's details):
why the game ended, who won, the buildings left standing, each player's card and its points,
the outhouse votes that the board still shows (every vote held, with its count, when the
platform passes the match's events), the votes left on the citizen cards, the tie-break and who
left early. At the end every player turns up their building card (Konec hry)
or their committed goal (extended 6); the second goal card stays face down unless it breaks a
tie, when only what it would score is said.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.base import Event
from games.drunter.data import BOARD, cards_of, tile_cells
from games.drunter.narrate import cards_list, names, points, tile_squares, winners_sentence
from games.drunter.scoring import uncovered_buildings, vote_power
from games.drunter.state import OVER, State
from games.drunter.words import BUILDINGS, SPECIALS, SQUARES, goal_noun
from games.narration import Explanation, Reader, Section, Table

N_TYPES = len(BOARD.building_types)


def explain(s: State, r: Reader, events: Iterable[Event] | None = None) -> Explanation | None:
    """The ending for ``r``; ``events``, the match's events redacted for ``r``, add every
    outhouse vote held (the final state keeps only the tiles that stayed)."""
    if s.phase != OVER or s.result is None:
        return None
    result = s.result
    sections: list[Section] = []
    if s.extended:
        sections.append(_goals(s, r, result))
    else:
        sections.append(_buildings_held(s, r, result))
    sections.append(_town(s, r, result))
    if not s.extended:
        sections.append(_votes(s, r, events))
    tie = _tiebreak(s, r, result)
    if tie is not None:
        sections.append(tie)
    left = _forfeits(r, result)
    if left is not None:
        sections.append(left)
    return {"summary": winners_sentence(r, result), "sections": sections}


# --- helpers -----------------------------------------------------------------------------------


def _you(r: Reader, seat: int) -> str:
    """A player at the start of a line or in a table cell: their name as it is written, the
    reader as "You" / "Vy"."""
    return _subject(r, [seat])


def _subject(r: Reader, seats: list[int]) -> str:
    """Players as the subject opening a sentence: "You and alice", "alice and Bob" (a user
    name keeps its own case)."""
    text = names(r, seats)
    return text[:1].upper() + text[1:] if r.is_you(seats[0]) else text


def _order(result: dict[str, Any]) -> list[int]:
    ranks = result["ranks"]
    return sorted(range(len(ranks)), key=lambda seat: (ranks[seat], seat))


def _values(values: list[int]) -> str:
    return ", ".join(str(v) for v in values) if values else "—"


def _sum(values: list[int]) -> str:
    """ "5 + 4 + 1"; empty when nothing counts."""
    return " + ".join(str(v) for v in values)


def _adds_up(r: Reader, how: str, score: int) -> str:
    """ "5 + 4 + 1 = 10 points", or "none left standing, 0 points"."""
    if not how:
        return r.pick(("none left standing, ", "žádná nestojí, ")) + points(r, score)
    if how == str(score):
        return points(r, score)
    return f"{how} = {points(r, score)}"


def _standing(s: State, t: int) -> tuple[list[int], list[int]]:
    """The values of type ``t`` still visible and those covered, highest first."""
    visible = sorted((v for tt, v in uncovered_buildings(s) if tt == t), reverse=True)
    every = sorted((v for tt, v, _ in BOARD.buildings if tt == t), reverse=True)
    covered = list(every)
    for v in visible:
        covered.remove(v)
    return visible, covered


def _goal_sum(s: State, card: int, r: Reader | None = None) -> str:
    """How a goal card adds up over the visible buildings ("Význam zvláštních karet"); with a
    reader, the lowest building of each type is named by its type."""
    visible = uncovered_buildings(s)
    if card < N_TYPES:
        return _sum(sorted((v for t, v in visible if t == card), reverse=True))
    special = BOARD.special_cards[card - N_TYPES]
    if special == "all_3s":
        return _sum([v for _t, v in visible if v == 3])
    if special == "all_4s":
        return _sum([v for _t, v in visible if v == 4])
    if special == "lowest_of_each_type":
        lowest = [min((v for t, v in visible if t == k), default=0) for k in range(N_TYPES)]
        if r is None:
            return _sum(lowest)
        return " + ".join(
            f"{r.pick(BUILDINGS[key]('nom'))} {v}"
            for key, v in zip(BOARD.building_types, lowest, strict=True)
        )
    return f"{len(visible)} × 1" if visible else ""


# --- sections ----------------------------------------------------------------------------------


def _buildings_held(s: State, r: Reader, result: dict[str, Any]) -> Section:
    """Basic game: each player's secret building, its standing values and the points."""
    held: list[str] = result["buildings"]
    lines = [
        r.say(
            "Each player turns up their building card and scores the values printed on the"
            " buildings of that type that no tile covers.",
            "Každý odkryje svou kartu budovy a sečte hodnoty budov toho typu, které nezakryla"
            " žádná placka.",
        )
    ]
    rows: list[list[str | int | float]] = []
    for seat in _order(result):
        t = BOARD.building_types.index(held[seat])
        visible, covered = _standing(s, t)
        noun = BUILDINGS[held[seat]]
        lines.append(
            r.say(
                "{who} — {b}: {sum}.",
                "{who} — {b}: {sum}.",
                who=_you(r, seat),
                b=noun("nom"),
                sum=_adds_up(r, _sum(visible), result["scores"][seat]),
            )
        )
        rows.append(
            [
                _you(r, seat),
                r.pick(noun("nom")),
                _values(visible),
                _values(covered),
                result["scores"][seat],
            ]
        )
    table: Table = {
        "columns": [
            "",
            r.pick(("Building", "Budova")),
            r.pick(("Standing", "Stojí")),
            r.pick(("Covered", "Zakryté")),
            r.pick(("Points", "Body")),
        ],
        "rows": rows,
    }
    return {
        "title": r.pick(("Buildings saved", "Zachráněné budovy")),
        "lines": lines,
        "table": table,
    }


def _goals(s: State, r: Reader, result: dict[str, Any]) -> Section:
    """Extended rules: the committed goal of each player and how it adds up (extended 6)."""
    lines = [
        r.say(
            "Each player turns up the goal card they committed when the first route was blocked"
            " and scores it over the buildings left standing.",
            "Každý odkryje zvolenou kartu cíle (volí se, když se zablokuje první trasa) a sečte"
            " podle ní budovy, které zůstaly stát.",
        )
    ]
    rows: list[list[str | int | float]] = []
    for seat in _order(result):
        card = BOARD.goal_cards.index(result["chosen"][seat])
        noun = goal_noun(result["chosen"][seat])
        how = _goal_sum(s, card) or "—"
        lines.append(
            r.say(
                "{who} — {card}: {sum}.",
                "{who} — {card}: {sum}.",
                who=_you(r, seat),
                card=noun("nom"),
                sum=_adds_up(r, _goal_sum(s, card, r), result["scores"][seat]),
            )
        )
        if s.goal_choice[seat] < 0:
            lines.append(
                r.line(
                    seat,
                    en=(
                        "You had not committed a goal when the game ended, so your better card"
                        " counts.",
                        "{who} had not committed a goal when the game ended, so the better card"
                        " counts.",
                    ),
                    cs=(
                        "Do konce hry jste cíl nezvolili, proto platí vaše lepší karta.",
                        "{who} do konce hry cíl nezvolí, proto platí lepší karta.",
                    ),
                )
            )
        rows.append([_you(r, seat), r.pick(noun("nom")), how, result["scores"][seat]])
    if r.viewer is not None and 0 <= r.viewer < s.n:
        me = r.viewer
        other = [g for g in s.goals[me] if BOARD.goal_cards[g] != result["chosen"][me]]
        if other:
            lines.append(
                r.say(
                    "Your other card, {card}, would have scored {pts}.",
                    "Vaše druhá karta ({card}) by vynesla {pts}.",
                    card=goal_noun(BOARD.goal_cards[other[0]])("nom"),
                    pts=points(r, result["other_goal_scores"][me]),
                )
            )
    specials = [c for c in BOARD.special_cards if c in result["chosen"]]
    for c in specials:
        lines.append(r.say(*_SPECIAL_RULES[c]))
    table: Table = {
        "columns": [
            "",
            r.pick(("Goal", "Cíl")),
            r.pick(("Counted", "Počítá se")),
            r.pick(("Points", "Body")),
        ],
        "rows": rows,
    }
    return {"title": r.pick(("Goals", "Cíle")), "lines": lines, "table": table}


_SPECIAL_RULES: dict[str, tuple[str, str]] = {
    "all_3s": (
        "Every visible 3: each building worth 3 that no tile covers scores 3.",
        "Všechny viditelné trojky: každá nezakrytá budova s hodnotou 3 dává 3 body.",
    ),
    "all_4s": (
        "Every visible 4: each building worth 4 that no tile covers scores 4.",
        "Všechny viditelné čtyřky: každá nezakrytá budova s hodnotou 4 dává 4 body.",
    ),
    "lowest_of_each_type": (
        "The lowest building of each type: of every type, the uncovered building with the lowest"
        " value scores; a type wholly covered scores 0.",
        "Nejnižší budova každého typu: z každého typu se počítá nezakrytá budova s nejnižší"
        " hodnotou; zcela zakrytý typ platí za nulu.",
    ),
    "one_point_each": (
        "1 point per visible building: every building left uncovered scores 1, whatever its value.",
        "1 bod za každou viditelnou budovu: každá nezakrytá budova dává 1 bod bez ohledu na"
        " hodnotu.",
    ),
}
assert set(_SPECIAL_RULES) == set(SPECIALS)


def _town(s: State, r: Reader, result: dict[str, Any]) -> Section:
    """The buildings of every type left standing (public: the board shows them)."""
    rows: list[list[str | int | float]] = []
    held: list[str] | None = result.get("buildings")
    for t, key in enumerate(BOARD.building_types):
        visible, covered = _standing(s, t)
        row: list[str | int | float] = [
            r.pick(BUILDINGS[key]("nom")),
            _values(visible),
            _values(covered),
        ]
        if held is not None:
            row.append(names(r, [seat for seat in range(s.n) if held[seat] == key]) or "—")
        rows.append(row)
    standing = len(uncovered_buildings(s))
    columns = [
        r.pick(("Building", "Budova")),
        r.pick(("Standing", "Stojí")),
        r.pick(("Covered", "Zakryté")),
    ]
    if held is not None:
        columns.append(r.pick(("Held by", "Kdo ji má")))
    line = r.say(
        "{n} of the {total} buildings are still standing.",
        "Stojí ještě {n} z {total} budov.",
        n=standing,
        total=len(BOARD.buildings),
    )
    return {
        "title": r.pick(("The town at the end", "Město na konci hry")),
        "lines": [line],
        "table": {"columns": columns, "rows": rows},
    }


def _whose_tile(r: Reader, seat: int) -> str:
    """ "your tile" / "tile: alice" (a name stays in the nominative)."""
    if r.is_you(seat):
        return r.pick(("your tile", "vaše placka"))
    return r.pick(("tile: ", "placka: ")) + r.name(seat)


def _outhouses(r: Reader, cells: Iterable[int]) -> str:
    """The outhouses among ``cells``, by where they stand ("the outhouse by the town hall")."""
    nouns = [SQUARES[c].noun for c in cells if SQUARES[c].outhouse]
    return r.join([r.pick(n("nom")) for n in nouns if n is not None])


def _votes_held(r: Reader, events: Iterable[Event]) -> list[str]:
    """One line per outhouse vote (Jak se hlasuje o kadibudkách): whose tile lay on which
    outhouse, the count, and whether the tile stayed; a vote the end of the game cut short says
    so."""
    held: list[tuple[Event, Event | None]] = []
    for e in events:
        if e["type"] == "TilePlaced" and e.get("vote"):
            held.append((e, None))
        elif e["type"] == "VoteDecided" and held and held[-1][1] is None:
            held[-1] = (held[-1][0], e)
    lines = []
    for placed, decided in held:
        where = _outhouses(r, tile_squares(placed))
        head = f"{where[:1].upper()}{where[1:]} ({_whose_tile(r, placed['seat'])})"
        if decided is None:
            lines.append(
                r.say(
                    "{head}: not decided, the game ended first.",
                    "{head}: nerozhodnuto, hra skončila dřív.",
                    head=head,
                )
            )
            continue
        # "Při rovnosti hlasů nebo když převažují hlasy pro, se tah provede a kadibudka zmizí"
        # (Jak se hlasuje o kadibudkách): the event's ``accepted`` says which.
        result = (
            ("built over, the tile stayed", "zastavěná, placka zůstala")
            if decided["accepted"]
            else ("saved, the tile was taken back", "zachráněná, placka se vrátila")
        )
        lines.append(
            r.say(
                "{head}: {yes} for, {no} against — {result}.",
                "{head}: {yes} pro, {no} proti — {result}.",
                head=head,
                yes=decided["yes"],
                no=decided["no"],
                result=result,
            )
        )
    return lines


def _votes(s: State, r: Reader, events: Iterable[Event] | None) -> Section:
    """Basic game: the outhouses built over (each after a vote that carried: a tile the town
    voted down left the board), every vote held when the events are given, and the citizen
    cards left, which break a tie."""
    built: list[str] = []
    # A tile still waiting for its vote when the game ended has built nothing over.
    settled = s.placed[:-1] if s.pending else s.placed
    for seat, _route, length, d, start in settled:
        for c in tile_cells(start, d, length):
            sq = SQUARES[c]
            if sq.outhouse and sq.noun is not None:
                built.append(f"{r.pick(sq.noun('nom'))} ({_whose_tile(r, seat)})")
    total = sum(BOARD.outhouse)
    lines = []
    if events is not None:
        held = _votes_held(r, events)
        lines.append(
            r.say(
                "Outhouse votes held: {n}; outhouses built over: {built} of {total}.",
                "Hlasování o kadibudkách: {n}; zastavěné kadibudky: {built} z {total}.",
                n=len(held),
                built=len(built),
                total=total,
            )
        )
        lines += held
    elif built:
        lines.append(
            r.say(
                "Outhouses built over after the town voted for it: {n} of {total} — {list}.",
                "Kadibudky zastavěné po hlasování pro: {n} z {total} — {list}.",
                n=len(built),
                total=total,
                list="; ".join(built),
            )
        )
    else:
        lines.append(
            r.say(
                "No outhouse was built over: all {total} are still standing.",
                "Žádná kadibudka není zastavěná: všech {total} stojí.",
                total=total,
            )
        )
    lines.append(
        r.say(
            "The votes left on the citizen cards (JEIN counts 2, the shrug 0) break a tie on"
            " points.",
            "Hlasy na zbylých kartách občanů (JEIN platí 2, krčení rameny 0) rozhodují při"
            " rovnosti bodů.",
        )
    )
    rows: list[list[str | int | float]] = [
        [_you(r, seat), cards_list(r, cards_of(s.votes[seat])) or "—", vote_power(s.votes[seat])]
        for seat in range(s.n)
    ]
    table: Table = {
        "columns": [
            "",
            r.pick(("Citizen cards left", "Zbylé karty občanů")),
            r.pick(("Votes", "Hlasy")),
        ],
        "rows": rows,
    }
    return {
        "title": r.pick(("Outhouse votes", "Hlasování o kadibudkách")),
        "lines": lines,
        "table": table,
    }


def _tiebreak(s: State, r: Reader, result: dict[str, Any]) -> Section | None:
    """Players still in the game with equal points: what separated them, or the shared place
    (Konec hry: the votes left; extended 6: the other goal card)."""
    scores: list[int] = result["scores"]
    ranks: list[int] = result["ranks"]
    forfeited: list[bool] = result["forfeited"]
    second: list[int] = result["votes_left"] if not s.extended else result["other_goal_scores"]
    alive = [seat for seat in range(s.n) if not forfeited[seat]]
    groups: dict[int, list[int]] = {}
    for seat in alive:
        groups.setdefault(scores[seat], []).append(seat)
    lines = []
    for score in sorted(groups, reverse=True):
        group = sorted(groups[score], key=lambda seat: (ranks[seat], seat))
        if len(group) < 2:
            continue
        you_in = any(r.is_you(seat) for seat in group)
        each = ", ".join(f"{r.name(seat)} {second[seat]}" for seat in group)
        if s.extended:
            rule = (
                "what the other goal card would score decides",
                "rozhodují body, které by vynesla druhá karta cíle",
            )
        else:
            rule = (
                "the votes left on citizen cards decide",
                "rozhodují hlasy na zbylých kartách občanů",
            )
        lines.append(
            r.say(
                "{who} have {pts} each: {rule} ({each}).",
                "{who} {have} shodně {pts}: {rule} ({each}).",
                who=_subject(r, group),
                have="máte" if you_in else "mají",
                pts=points(r, score),
                rule=rule,
                each=each,
            )
        )
        shared: dict[int, list[int]] = {}
        for seat in group:
            shared.setdefault(ranks[seat], []).append(seat)
        for rank, seats in sorted(shared.items()):
            if len(seats) > 1:
                you_here = any(r.is_you(seat) for seat in seats)
                lines.append(
                    r.say(
                        "Still equal: {who} share place {rank}.",
                        "Stále shodně: {who} se {share} o {rank}. místo.",
                        who=names(r, seats),
                        share="dělíte" if you_here else "dělí",
                        rank=rank,
                    )
                )
    if not lines:
        return None
    return {"title": r.pick(("Tie-break", "Rozhodnutí při rovnosti")), "lines": lines}


def _forfeits(r: Reader, result: dict[str, Any]) -> Section | None:
    left = [seat for seat, f in enumerate(result["forfeited"]) if f]
    if not left:
        return None
    lines = [
        r.line(
            seat,
            en=(
                "You left the game before the end (resigned or out of time), so you rank last"
                " whatever the points.",
                "{who} left the game before the end (resigned or out of time) and ranks last"
                " whatever the points.",
            ),
            cs=(
                "Hru opouštíte před koncem (vzdání nebo vypršený čas), a proto jste poslední bez"
                " ohledu na body.",
                "{who} opouští hru před koncem (vzdání nebo vypršený čas), a proto je poslední"
                " bez ohledu na body.",
            ),
        )
        for seat in left
    ]
    return {"title": r.pick(("Left the game", "Odchod ze hry")), "lines": lines}
