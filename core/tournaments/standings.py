"""Points, standings and tie-breaks: pure functions of the results, no database.

A table's result as the tournament counts it: the engine's ranks (1 = best, equal ranks share),
except that an entrant who forfeited (resigned, or timed out under the forfeit policy) is placed
below everyone who did not. Placement points come from a table per table size (the organiser's,
or by default the winner gets ``size_of_the_tournament's_tables - 1`` and the last 0, evenly in
between); players sharing places share those places' points equally.

Standings, best first:

* Two-player formats (round robin, Swiss): points, then Buchholz (the sum of the final points
  of every opponent met), then Sonneborn-Berger (the sum of each opponent's final points times
  the share of the game's points one took from them: a win counts them whole, a draw half).
* Multi-player tables: points, then total game points (the sum of one's in-game scores), then
  head-to-head among exactly the players still tied (how many of them one finished ahead of at
  a shared table, minus how many finished ahead of one).
* Single elimination: the round one went out in (later is better, the winner first), then the
  place at the last table, then total game points.
* Series: series points (placement points, game scores, or the Catan two-player variant's
  margins), then games won, then total game points.
* Every format's final fallback: the lot, a random order of the entrants drawn once when the
  tournament starts and recorded in its ``TournamentStarted`` event (so replays agree), the
  lowest lot first. Ratings do not break ties: a player's result is what counts.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Result:
    """One table's result. ``seats`` in seat order (None: a filler bot)."""

    round: int
    table: int
    seats: tuple[int | None, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    forfeits: frozenset[int] = frozenset()

    def counted_ranks(self) -> tuple[int, ...]:
        """Ranks with forfeited entrants placed after everyone else (sharing among themselves
        in the engine's order)."""
        keys = [
            (1 if p is not None and p in self.forfeits else 0, self.ranks[i])
            for i, p in enumerate(self.seats)
        ]
        return _competition_ranks(keys)

    def entrant_ranks(self) -> dict[int, int]:
        return {
            p: r for p, r in zip(self.seats, self.counted_ranks(), strict=True) if p is not None
        }


def _competition_ranks(keys: Sequence[tuple[Any, ...]]) -> tuple[int, ...]:
    """1-based ranks, lower keys first, equal keys sharing the better rank."""
    order = sorted(range(len(keys)), key=lambda i: keys[i])
    ranks = [0] * len(keys)
    for pos, i in enumerate(order):
        if pos and keys[i] == keys[order[pos - 1]]:
            ranks[i] = ranks[order[pos - 1]]
        else:
            ranks[i] = pos + 1
    return tuple(ranks)


def default_points(size: int, top: int) -> list[float]:
    """Placement points at a table of ``size``: ``top`` for the winner down to 0, evenly."""
    if size <= 1:
        return [float(top)]
    return [round(top * (size - 1 - i) / (size - 1), 4) for i in range(size)]


def placement_points(ranks: Sequence[int], table: Sequence[float]) -> list[float]:
    """Each seat's points: the average of the table's points over the places its rank shares
    (two tied for first at four: (3 + 2) / 2 each)."""
    out = []
    for r in ranks:
        shared = sum(1 for x in ranks if x == r)
        places = table[r - 1 : r - 1 + shared]
        out.append(sum(places) / shared if places else 0.0)
    return out


def margin_points(ranks: Sequence[int], scores: Sequence[float]) -> list[float]:
    """The Catan two-player variant, rule 1: a series is scored by the sum over its games of the
    winner's points minus the loser's ("součet rozdílu mezi body vítězného a poraženého hráče
    v jednotlivých hrách"); the loser of a game scores nothing for it. With more seats the
    margin is over the best of the others; a game with no single winner scores nothing."""
    winners = [i for i, r in enumerate(ranks) if r == 1]
    if len(winners) != 1:
        return [0.0] * len(ranks)
    w = winners[0]
    best_other = max((s for i, s in enumerate(scores) if i != w), default=0.0)
    return [float(scores[w] - best_other) if i == w else 0.0 for i in range(len(ranks))]


@dataclass
class Row:
    entrant: int
    points: float = 0.0
    games: int = 0
    wins: int = 0
    byes: int = 0
    game_points: float = 0.0
    adjustments: float = 0.0
    tiebreaks: dict[str, float] = field(default_factory=dict)
    out_in_round: int | None = None  # single elimination: the round one lost in
    rank: int = 0


@dataclass(frozen=True)
class Scoring:
    """How results turn into points. ``tables[size]`` are the placement points at a table of
    ``size``; ``series`` is ``placement``, ``score`` or ``margin``."""

    format: str
    table_size: int
    tables: Mapping[int, Sequence[float]]
    bye_points: float
    series: str = "placement"

    def points_for(self, size: int) -> Sequence[float]:
        return self.tables.get(size) or default_points(size, self.table_size - 1)


def standings(
    *,
    scoring: Scoring,
    entrants: Sequence[int],
    lots: Mapping[int, int],
    results: Sequence[Result],
    byes: Sequence[tuple[int, int]] = (),
    adjustments: Sequence[tuple[int, float]] = (),
    eliminated: Mapping[int, int] | None = None,
) -> list[Row]:
    """Rows best first, ``rank`` 1..n. ``byes`` are ``(round, entrant)``; ``eliminated`` maps a
    knocked-out entrant to the round of its last table (single elimination)."""
    rows = {e: Row(e) for e in entrants}
    # per entrant: (opponent, own share of the game's points) for two-player tie-breaks
    duels: dict[int, list[tuple[int, float]]] = defaultdict(list)
    last_place: dict[int, int] = {}
    for res in results:
        counted = res.counted_ranks()
        size = len(res.seats)
        if scoring.format == "series" and scoring.series == "margin":
            pts = margin_points(counted, res.scores)
        elif scoring.format == "series" and scoring.series == "score":
            pts = [float(s) for s in res.scores]
        else:
            pts = placement_points(counted, scoring.points_for(size))
        top = max(scoring.points_for(size)) or 1.0
        for i, p in enumerate(res.seats):
            if p is None or p not in rows:
                continue
            row = rows[p]
            row.points += pts[i]
            row.games += 1
            row.game_points += float(res.scores[i])
            if counted[i] == 1 and sum(1 for r in counted if r == 1) == 1:
                row.wins += 1
            last_place[p] = counted[i]
            if size == 2:
                other = res.seats[1 - i]
                if other is not None:
                    share = placement_points(counted, scoring.points_for(2))[i] / top
                    duels[p].append((other, share))
    for _, p in byes:
        if p in rows:
            rows[p].points += scoring.bye_points
            rows[p].byes += 1
    for p, amount in adjustments:
        if p in rows:
            rows[p].points += amount
            rows[p].adjustments += amount
    for row in rows.values():
        row.points = round(row.points, 6)
        row.game_points = round(row.game_points, 6)
    two_player = scoring.table_size == 2 and scoring.format in ("round_robin", "swiss")
    if two_player:
        for row in rows.values():
            opponents = duels[row.entrant]
            row.tiebreaks["buchholz"] = round(
                sum(rows[o].points for o, _ in opponents if o in rows), 6
            )
            row.tiebreaks["sonneborn_berger"] = round(
                sum(rows[o].points * share for o, share in opponents if o in rows), 6
            )
        key = lambda r: (  # noqa: E731
            -r.points,
            -r.tiebreaks["buchholz"],
            -r.tiebreaks["sonneborn_berger"],
            lots.get(r.entrant, 0),
        )
        ordered = sorted(rows.values(), key=key)
    elif scoring.format == "knockout":
        eliminated = eliminated or {}
        for row in rows.values():
            row.out_in_round = eliminated.get(row.entrant)
        # Still in (at the end: the champion, or the final table's top K) before everyone out,
        # then the later round out first; within each, the place at one's last table.
        ordered = sorted(
            rows.values(),
            key=lambda r: (
                -(r.out_in_round if r.out_in_round is not None else 10**6),
                last_place.get(r.entrant, 10**6),
                -r.game_points,
                lots.get(r.entrant, 0),
            ),
        )
    elif scoring.format == "series":
        ordered = sorted(
            rows.values(),
            key=lambda r: (-r.points, -r.wins, -r.game_points, lots.get(r.entrant, 0)),
        )
    else:
        ordered = _multi_player_order(list(rows.values()), results, lots)
    for i, row in enumerate(ordered, start=1):
        row.rank = i
    return ordered


def _multi_player_order(
    rows: list[Row], results: Sequence[Result], lots: Mapping[int, int]
) -> list[Row]:
    """Points, then total game points, then head-to-head within each group still tied, then
    the lot."""
    rows.sort(key=lambda r: (-r.points, -r.game_points))
    out: list[Row] = []
    i = 0
    while i < len(rows):
        j = i
        while j < len(rows) and (rows[j].points, rows[j].game_points) == (
            rows[i].points,
            rows[i].game_points,
        ):
            j += 1
        group = rows[i:j]
        if len(group) > 1:
            h2h = head_to_head({r.entrant for r in group}, results)
            for r in group:
                r.tiebreaks["head_to_head"] = h2h[r.entrant]
            group.sort(key=lambda r: (-h2h[r.entrant], lots.get(r.entrant, 0)))
        else:
            group[0].tiebreaks["head_to_head"] = 0
        out += group
        i = j
    for r in out:
        r.tiebreaks["game_points"] = r.game_points
    return out


def head_to_head(group: set[int], results: Sequence[Result]) -> dict[int, int]:
    """For each of ``group``: the times one finished ahead of another member at a shared table,
    minus the times behind."""
    score = dict.fromkeys(group, 0)
    for res in results:
        ranks = res.entrant_ranks()
        present = [p for p in ranks if p in group]
        for a in present:
            for b in present:
                if a != b and ranks[a] < ranks[b]:
                    score[a] += 1
                    score[b] -= 1
    return score


def table_order(res: Result, seeds: Mapping[int, int]) -> list[int]:
    """The entrants of a table best first: counted rank, then in-game score, then the better
    seed (single elimination advances the first K of this order)."""
    counted = res.counted_ranks()
    seated = [(i, p) for i, p in enumerate(res.seats) if p is not None]
    seated.sort(key=lambda ip: (counted[ip[0]], -res.scores[ip[0]], seeds.get(ip[1], 10**6)))
    return [p for _, p in seated]
