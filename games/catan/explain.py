"""The end of a game explained as the rules count it: why it ended and who won, every player's
victory points by source, Longest Road and Largest Army, and with the two-player variant the
margin its rule 1 adds up over a series of games.

Built from the final state and ``scoring.outcome`` (the ranks and the variant's margin), never
changing either. Everything shown is public at the end: the final points, point cards in hand
included, are in every player's view once the game is over (``views.view``: ``final_points``).
"""

from __future__ import annotations

from collections.abc import Iterable

from games.base import Event
from games.catan.data import VICTORY_POINT
from games.catan.events_awards import SPECIAL_CARD_POINTS
from games.catan.scoring import outcome
from games.catan.state import State
from games.catan.words import AWARDS, POINT, clause
from games.narration import Explanation, Reader, Section

Row = list[str | int | float]


def _heading(r: Reader, seat: int) -> str:
    """A player's column heading: the name, or "You" / "Vy"."""
    return r.pick(("You", "Vy")) if r.is_you(seat) else r.name(seat)


def _sources(s: State, p: int) -> dict[str, int]:
    """Player ``p``'s points by source, before the variant's cap on a loser."""
    return {
        "settlements": s.settlements[p],
        "cities": 2 * s.cities[p],
        "longest_road": SPECIAL_CARD_POINTS if s.lr_holder == p else 0,
        "largest_army": SPECIAL_CARD_POINTS if s.la_holder == p else 0,
        "laid": s.laid_vp[p],
        "hand": s.dev[p][VICTORY_POINT],
    }


def _summary(r: Reader, s: State, ranks: list[int], points: list[int]) -> str:
    winner = s.winner
    others = [p for p in range(s.n) if p != winner]
    others.sort(key=lambda p: (ranks[p], p))
    live = [p for p in range(s.n) if not s.forfeited[p]]
    if live == [winner] and points[winner] < s.target:
        why = r.line(
            winner,
            en=(
                "You win: every other player has left the game.",
                "{who} wins: every other player has left the game.",
            ),
            cs=(
                "Vyhráváte: nikdo jiný ve hře nezůstal.",
                "{who} vyhrává: nikdo jiný ve hře nezůstal.",
            ),
        )
    elif s.variant:
        # Variant rule 1: "hra končí ve chvíli, kdy jeden z hráčů získá dvanáctý bod".
        why = r.line(
            winner,
            en=(
                "You win with {points}: the game ends the moment a player reaches {target}.",
                "{who} wins with {points}: the game ends the moment a player reaches {target}.",
            ),
            cs=(
                "Vyhráváte s {points} body: hra končí ve chvíli, kdy někdo získá {target}. bod.",
                "{who} vyhrává s {points} body: hra končí ve chvíli, kdy někdo získá {target}. "
                "bod.",
            ),
            points=(f"{points[winner]} points", str(points[winner])),
            target=(str(s.target), str(s.target)),
        )
    else:
        # Standard rules: the player on turn who has the target, point cards in hand included.
        why = r.line(
            winner,
            en=(
                "You win with {points}: the player who has {target} points on their turn wins "
                "at once.",
                "{who} wins with {points}: the player who has {target} points on their turn wins "
                "at once.",
            ),
            cs=(
                "Vyhráváte s {points} body: kdo má na svém tahu {target} bodů, ihned vyhrává.",
                "{who} vyhrává s {points} body: kdo má na svém tahu {target} bodů, ihned vyhrává.",
            ),
            points=(f"{points[winner]} points", str(points[winner])),
            target=str(s.target),
        )
    scores = ", ".join(f"{r.name(p)} {points[p]}" for p in others)
    return why + " " + r.say("Others: {scores}.", "Ostatní: {scores}.", scores=scores)


def _points_section(r: Reader, s: State, ranks: list[int], points: list[int]) -> Section:
    seats = list(range(s.n))
    by = [_sources(s, p) for p in seats]
    labels = {
        "settlements": ("Settlements (1 point each)", "Vesnice (po 1 bodu)"),
        "cities": ("Cities (2 points each)", "Města (po 2 bodech)"),
        "longest_road": ("Longest Road", "Nejdelší cesta"),
        "largest_army": ("Largest Army", "Největší armáda"),
        "laid": ("Victory Point cards laid out", "Vyložené karty s vítězným bodem"),
        "hand": ("Victory Point cards in hand", "Karty s vítězným bodem v ruce"),
    }
    rows: list[Row] = []
    for key, label in labels.items():
        if key == "laid" and not s.options.get("lay_out_point_cards") and not any(s.laid_vp):
            continue  # rule 5 is not in this match
        rows.append([r.pick(label), *[by[p][key] for p in seats]])
    raw = [sum(by[p].values()) for p in seats]
    capped = [p for p in seats if points[p] < raw[p]]
    if capped:
        rows.append(
            [r.pick(("Loser's cap (rule 1)", "Strop poraženého (pravidlo 1)"))]
            + [points[p] - raw[p] for p in seats]
        )
    rows.append([r.pick(("Total", "Celkem")), *points])
    rows.append([r.pick(("Place", "Pořadí")), *ranks])
    lines = [
        r.say(
            "Each settlement counts 1 point and each city 2; Longest Road and Largest Army 2 "
            "points each; every Victory Point card 1.",
            "Každá vesnice má 1 bod a každé město 2; Nejdelší cesta a Největší armáda po 2 "
            "bodech; každá karta s vítězným bodem 1.",
        )
    ]
    if s.variant:
        lines.append(
            r.say(
                "Point cards a losing player holds count too, but a loser scores at most "
                "{cap} (rule 1).",
                "Karty s vítězným bodem v ruce poraženého se také počítají, poražený však má "
                "nejvýš {cap} bodů (pravidlo 1).",
                cap=s.target - 1,
            )
        )
    for p in capped:
        lines.append(
            clause(
                r,
                p,
                en=(
                    "Your {raw} points count as {points}.",
                    "{who}'s {raw} points count as {points}.",
                ),
                cs=(
                    "Vašich {raw} bodů se počítá jako {points}.",
                    "{who}: {raw} bodů se počítá jako {points}.",
                ),
                raw=raw[p],
                points=points[p],
            )
        )
    winner = s.winner
    for p in seats:
        if p != winner and not s.forfeited[p] and points[p] >= points[winner] and not s.variant:
            lines.append(
                clause(
                    r,
                    p,
                    en=(
                        "You also have {points} counting point cards in hand, but only the "
                        "player on turn wins.",
                        "{who} also has {points} counting point cards in hand, but only the "
                        "player on turn wins.",
                    ),
                    cs=(
                        "I vy máte s kartami v ruce {points}, vyhrává však jen hráč na tahu.",
                        "{who} má s kartami v ruce také {points}, vyhrává však jen hráč na tahu.",
                    ),
                    points=POINT.count(points[p]),
                )
            )
    shared = sorted({ranks[p] for p in seats if p != winner and ranks.count(ranks[p]) > 1})
    for place in shared:
        tied = sorted((p for p in seats if ranks[p] == place), key=lambda p: not r.is_you(p))
        with_you = r.is_you(tied[0])
        lines.append(
            r.say(
                "{names} share place {place} with {points}.",
                "{names} se {share} o {place}. místo s {points} body.",
                names=r.join([r.name(p) for p in tied]),
                share="dělíte" if with_you else "dělí",
                place=place,
                points=(POINT.count(points[tied[0]])[0], str(points[tied[0]])),
            )
        )
    for p in seats:
        if s.forfeited[p]:
            lines.append(
                clause(
                    r,
                    p,
                    en=("You left the game and rank last.", "{who} left the game and ranks last."),
                    cs=(
                        "Jste mimo hru a končíte na posledním místě.",
                        "{who} je mimo hru a končí na posledním místě.",
                    ),
                )
            )
    return {
        "title": r.pick(("Victory points", "Vítězné body")),
        "lines": lines,
        "table": {"columns": ["", *[_heading(r, p) for p in seats]], "rows": rows},
    }


def _awards_section(r: Reader, s: State) -> Section:
    lines = []
    for key, holder, values in (
        ("longest_road", s.lr_holder, s.road_len),
        ("largest_army", s.la_holder, s.knights),
    ):
        award = AWARDS[key]
        if holder >= 0:
            lines.append(
                r.line(
                    holder,
                    en=("You hold {award} ({size}).", "{who} holds {award} ({size})."),
                    cs=("Držíte {award} ({size}).", "{who} drží {award} ({size})."),
                    award=award.name,
                    size=award.unit.count(values[holder]),
                )
            )
        else:
            lines.append(
                r.say(
                    "Nobody holds {award}: {why}.",
                    "{award} nedrží nikdo: {why}.",
                    award=award.name,
                    why=award.nobody_leads,
                )
            )
    seats = list(range(s.n))
    return {
        "title": r.pick(("Longest Road and Largest Army", "Nejdelší cesta a Největší armáda")),
        "lines": lines,
        "table": {
            "columns": ["", *[_heading(r, p) for p in seats]],
            "rows": [
                [r.pick(("Longest road (roads)", "Nejdelší cesta (cest)")), *s.road_len],
                [r.pick(("Knights played", "Zahraní rytíři")), *s.knights],
            ],
        },
    }


def _margin_section(r: Reader, s: State, margin: int) -> Section:
    winner = s.winner
    return {
        "title": r.pick(("Several games", "Více her")),
        "lines": [
            r.say(
                "Over several games, each game adds the winner's lead over the loser (rule 1).",
                "Při více hrách se sčítají rozdíly mezi body vítěze a poraženého (pravidlo 1).",
            ),
            r.line(
                winner,
                en=("This game adds {margin} to your score.", "This game adds {margin} to {who}."),
                cs=("Tato hra vám přičítá {margin}.", "Tato hra přičítá hráči {who} {margin}."),
                margin=POINT.count(margin),
            ),
        ],
    }


def explain(
    state: State, reader: Reader, events: Iterable[Event] | None = None
) -> Explanation | None:
    """How the finished game was counted, for ``reader``; ``None`` while it runs. The final state
    holds every source of points, so the match's ``events`` add nothing here; they are accepted
    as in every game (games/WORDS.md)."""
    result = outcome(state)
    if result is None:
        return None
    points = [int(v) for v in result["scores"]]
    ranks = list(result["ranks"])
    sections = [
        _points_section(reader, state, ranks, points),
        _awards_section(reader, state),
    ]
    if state.variant:
        sections.append(_margin_section(reader, state, int(result["details"]["margin"])))
    return {"summary": _summary(reader, state, ranks, points), "sections": sections}
