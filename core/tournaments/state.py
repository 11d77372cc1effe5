"""A tournament's state: a plain fold over its events, and what comes next. No database.

The stream of a tournament (the event store's ``("tournament", id)``) is the truth; the
``Tournament``, ``Entrant`` and ``TournamentMatch`` rows are projections of it. ``fold``
rebuilds the state from the events alone, so the history can be inspected and replayed, and
``next_round`` decides the next round's pairing from that state alone (``pairing.py``).

Events (``type`` and payload):

* ``TournamentCreated`` ``{config, organiser, organiser_name}``
* ``PlayerInvited`` ``{user, username}`` (private tournaments: who may register)
* ``PlayerRegistered`` ``{entrant, user, username, name, bot_level, rating}``
* ``PlayerWithdrew`` ``{entrant, by: player|organiser|timeout, reason}``
* ``TournamentStarted`` ``{seeds, lots, ratings, rounds}`` (``rounds`` null: until decided)
* ``RoundStarted`` ``{round, deadline, tables: [{table, match, seats}], byes, slots}``
* ``PlayerForfeited`` ``{round, table, match, entrant, reason: timeout|resigned}``
* ``ResultRecorded`` ``{round, table, match, ranks, scores, forfeits, how}`` (``how``:
  finished, aborted or round_deadline)
* ``ResultAdjusted`` ``{round, table, ranks, scores, reason}`` (the organiser's correction)
* ``PointsAdjusted`` ``{entrant, points, reason}`` (the organiser's bonus or penalty)
* ``RoundFinished`` ``{round}``
* ``TournamentFinished`` ``{standings}``
* ``TournamentCancelled`` ``{reason}``
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from core.tournaments import pairing
from core.tournaments.pairing import Pairing, Record, Table
from core.tournaments.standings import Result, Row, Scoring, standings, table_order

CREATED = "TournamentCreated"
INVITED = "PlayerInvited"
REGISTERED = "PlayerRegistered"
WITHDREW = "PlayerWithdrew"
STARTED = "TournamentStarted"
ROUND_STARTED = "RoundStarted"
FORFEITED = "PlayerForfeited"
RESULT = "ResultRecorded"
RESULT_ADJUSTED = "ResultAdjusted"
POINTS_ADJUSTED = "PointsAdjusted"
ROUND_FINISHED = "RoundFinished"
FINISHED = "TournamentFinished"
CANCELLED = "TournamentCancelled"

ROUND_ROBIN, SWISS, KNOCKOUT, SERIES = "round_robin", "swiss", "knockout", "series"
FORMATS = (ROUND_ROBIN, SWISS, KNOCKOUT, SERIES)


@dataclass
class EntrantState:
    number: int
    user: int | None
    username: str | None
    name: str
    bot_level: str | None
    rating: float | None
    withdrawn: bool = False
    withdrawn_in_round: int | None = None


@dataclass
class TableState:
    table: int
    match: int | None
    seats: tuple[int | None, ...]
    result: Result | None = None
    how: str | None = None
    adjusted_reason: str | None = None


@dataclass
class RoundState:
    number: int
    tables: list[TableState]
    byes: tuple[int, ...]
    slots: tuple[tuple[str, int], ...]
    deadline: str | None
    finished: bool = False

    def pairing(self) -> Pairing:
        return Pairing(tuple(Table(t.seats) for t in self.tables), self.byes, self.slots)

    @property
    def open_tables(self) -> list[TableState]:
        return [t for t in self.tables if t.result is None]


@dataclass
class TournamentState:
    config: dict[str, Any] = field(default_factory=dict)
    organiser: int | None = None
    status: str = "registration"  # registration, running, finished, cancelled
    entrants: dict[int, EntrantState] = field(default_factory=dict)
    invited: set[int] = field(default_factory=set)
    seeds: list[int] = field(default_factory=list)
    lots: dict[int, int] = field(default_factory=dict)
    planned_rounds: int | None = None
    rounds: list[RoundState] = field(default_factory=list)
    adjustments: list[tuple[int, float, str]] = field(default_factory=list)
    forfeits: list[dict[str, Any]] = field(default_factory=list)
    final: list[int] | None = None
    version: int = 0

    # --- reading ---------------------------------------------------------------------------

    @property
    def format(self) -> str:
        return str(self.config["format"])

    @property
    def table_size(self) -> int:
        return int(self.config["players_per_table"])

    @property
    def current(self) -> RoundState | None:
        return self.rounds[-1] if self.rounds else None

    def registered(self) -> list[EntrantState]:
        return [e for e in self.entrants.values() if not e.withdrawn]

    def user_entrant(self, user_id: int) -> EntrantState | None:
        return next((e for e in self.entrants.values() if e.user == user_id), None)

    def results(self) -> list[Result]:
        return [t.result for r in self.rounds for t in r.tables if t.result is not None]

    def history(self) -> list[Pairing]:
        return [r.pairing() for r in self.rounds]

    def scoring(self) -> Scoring:
        return scoring_of(self.config)

    def eliminated(self) -> dict[int, int]:
        """Single elimination: each knocked-out entrant and the round of its last table."""
        out: dict[int, int] = {}
        for rnd in self.rounds:
            if not rnd.finished:
                continue
            through = set(self.advancers(rnd))
            for t in rnd.tables:
                for p in t.seats:
                    if p is not None and p not in through:
                        out.setdefault(p, rnd.number)
        return out

    def alive(self) -> list[int]:
        """Single elimination: who is still in, in bracket order (seed order before round 1)."""
        if not self.rounds:
            return [p for p in self.seeds if not self.entrants[p].withdrawn]
        last = self.rounds[-1]
        pool = (
            self.advancers(last)
            if last.finished
            else [p for t in last.tables for p in t.seats if p is not None] + list(last.byes)
        )
        return [p for p in pool if not self.entrants[p].withdrawn]

    def advancers(self, rnd: RoundState) -> list[int]:
        """The entrants through from a finished knockout round, in bracket order: the byes, and
        the top K of each table (the winner at two-player tables; never a whole table)."""
        seeds = {p: i for i, p in enumerate(self.seeds)}
        k = int(self.config.get("advance") or 1) if self.table_size > 2 else 1
        out: list[int] = []
        slots = rnd.slots or tuple(("t", t.table) for t in rnd.tables)
        by_index = {t.table: t for t in rnd.tables}
        for kind, value in slots:
            if kind == "b":
                out.append(value)
                continue
            t = by_index[value]
            if t.result is None:
                continue
            ranked = table_order(t.result, seeds)
            out += ranked[: max(1, min(k, len(ranked) - 1))] if len(ranked) > 1 else ranked
        return out

    def standings(self) -> list[Row]:
        byes = [(r.number, p) for r in self.rounds for p in r.byes]
        return standings(
            scoring=self.scoring(),
            entrants=[e.number for e in self.entrants.values() if e.number in self.lots]
            if self.lots
            else [e.number for e in self.registered()],
            lots=self.lots,
            results=self.results(),
            byes=byes,
            adjustments=[(p, pts) for p, pts, _ in self.adjustments],
            eliminated=self.eliminated() if self.format == KNOCKOUT else None,
        )


def scoring_of(config: Mapping[str, Any]) -> Scoring:
    size = int(config["players_per_table"])
    tables = {
        int(k): [float(x) for x in v] for k, v in (config.get("placement_points") or {}).items()
    }
    bye = config.get("bye_points")
    scoring = Scoring(
        format=str(config["format"]),
        table_size=size,
        tables=tables,
        bye_points=0.0,
        series=str(config.get("series_scoring") or "placement"),
    )
    if bye is None:
        # A bye is worth a win at two-player tables, the average place at bigger ones.
        pts = scoring.points_for(size)
        bye = pts[0] if size == 2 else sum(pts) / len(pts)
    return Scoring(scoring.format, size, tables, float(bye), scoring.series)


# --- the fold ---------------------------------------------------------------------------------


def fold(events: Iterable[Mapping[str, Any]]) -> TournamentState:
    state = TournamentState()
    for event in events:
        apply(state, event)
    return state


def apply(state: TournamentState, event: Mapping[str, Any]) -> TournamentState:
    t = event["type"]
    state.version += 1
    if t == CREATED:
        state.config = dict(event["config"])
        state.organiser = event["organiser"]
    elif t == INVITED:
        state.invited.add(int(event["user"]))
    elif t == REGISTERED:
        n = int(event["entrant"])
        state.entrants[n] = EntrantState(
            number=n,
            user=event.get("user"),
            username=event.get("username"),
            name=str(event["name"]),
            bot_level=event.get("bot_level"),
            rating=event.get("rating"),
        )
    elif t == WITHDREW:
        e = state.entrants[int(event["entrant"])]
        e.withdrawn = True
        e.withdrawn_in_round = len(state.rounds) or None
    elif t == STARTED:
        state.status = "running"
        state.seeds = [int(p) for p in event["seeds"]]
        state.lots = {int(p): i for i, p in enumerate(event["lots"], start=1)}
        state.planned_rounds = event.get("rounds")
        for p, rating in (event.get("ratings") or {}).items():
            if int(p) in state.entrants:
                state.entrants[int(p)].rating = rating
    elif t == ROUND_STARTED:
        state.rounds.append(
            RoundState(
                number=int(event["round"]),
                tables=[
                    TableState(
                        table=int(tb["table"]),
                        match=tb.get("match"),
                        seats=tuple(tb["seats"]),
                    )
                    for tb in event["tables"]
                ],
                byes=tuple(event.get("byes") or ()),
                slots=tuple((str(k), int(v)) for k, v in event.get("slots") or ()),
                deadline=event.get("deadline"),
            )
        )
    elif t == FORFEITED:
        state.forfeits.append(dict(event))
    elif t in (RESULT, RESULT_ADJUSTED):
        rnd = state.rounds[int(event["round"]) - 1]
        table = next(tb for tb in rnd.tables if tb.table == int(event["table"]))
        forfeits = event.get("forfeits")
        if forfeits is None and table.result is not None:
            forfeits = sorted(table.result.forfeits)
        table.result = Result(
            round=rnd.number,
            table=table.table,
            seats=table.seats,
            ranks=tuple(int(r) for r in event["ranks"]),
            scores=tuple(float(s) for s in event["scores"]),
            forfeits=frozenset(int(p) for p in forfeits or ()),
        )
        table.how = str(event.get("how") or "adjusted")
        if t == RESULT_ADJUSTED:
            table.adjusted_reason = str(event["reason"])
    elif t == POINTS_ADJUSTED:
        state.adjustments.append((int(event["entrant"]), float(event["points"]), event["reason"]))
    elif t == ROUND_FINISHED:
        state.rounds[int(event["round"]) - 1].finished = True
    elif t == FINISHED:
        state.status = "finished"
        state.final = [int(p) for p in event["standings"]]
    elif t == CANCELLED:
        state.status = "cancelled"
    else:
        raise ValueError(f"unknown tournament event {t!r}")
    return state


# --- what comes next --------------------------------------------------------------------------


def planned_rounds(config: Mapping[str, Any], n: int) -> int | None:
    """Rounds a tournament of ``n`` entrants will have (None for single elimination: until one
    is left)."""
    fmt, size = config["format"], int(config["players_per_table"])
    if fmt == SERIES:
        return int(config.get("games") or 1)
    if fmt == KNOCKOUT:
        return None
    if config.get("rounds"):
        return int(config["rounds"])
    if fmt == ROUND_ROBIN:
        if size == 2:
            return pairing.round_robin_rounds(n)
        return max(1, math.ceil((n - 1) / (size - 1)))
    # Swiss: enough rounds for a single leader at two-player tables, three at bigger ones.
    return max(1, math.ceil(math.log2(max(n, 2)))) if size == 2 else 3


def next_round(state: TournamentState, *, min_size: int) -> Pairing | None:
    """The next round's pairing, or None when the tournament is over."""
    number = len(state.rounds) + 1
    fmt, size = state.format, state.table_size
    fill = bool(state.config.get("bots_allowed"))
    seed_rank = {p: i for i, p in enumerate(state.seeds)}
    active = [p for p in state.seeds if not state.entrants[p].withdrawn]
    if fmt == KNOCKOUT:
        alive = state.alive()
        if len(alive) < 2 or _final_played(state):
            return None
        record = Record.of(state.history())
        if not state.rounds:
            return pairing.knockout_first_round(
                alive, record, size=size, min_size=min_size, fill_with_bots=fill
            )
        last = state.rounds[-1]
        place = _knockout_places(state, last, seed_rank)
        if size > 2 and len(alive) <= size:
            # The final: everyone left at one table.
            alive = sorted(alive, key=lambda p: place.get(p, (0, 0)))
            return pairing.knockout_tables(
                alive,
                record,
                size=len(alive) if not fill else size,
                min_size=min(min_size, len(alive)),
                fill_with_bots=fill,
                round_no=number,
            )
        return pairing.knockout_next_round(
            alive,
            record,
            size=size,
            min_size=min_size,
            fill_with_bots=fill,
            round_no=number,
            rank_of={p: i for i, p in enumerate(sorted(alive, key=lambda p: place.get(p, (0, 0))))},
        )
    if state.planned_rounds is not None and number > state.planned_rounds:
        return None
    if len(active) < 2:
        return None
    if fmt == SERIES:
        return pairing.series_table(active, number)
    if fmt == ROUND_ROBIN and size == 2:
        return pairing.round_robin_pairs(state.seeds, number, active)
    order = [row.entrant for row in state.standings() if row.entrant in set(active)]
    if fmt == ROUND_ROBIN:
        return pairing.round_robin_tables(
            order,
            state.history(),
            size=size,
            min_size=min_size,
            fill_with_bots=fill,
            round_no=number,
        )
    points = {row.entrant: row.points for row in state.standings()}
    if size == 2:
        return pairing.swiss_pairs(order, points, state.history(), number)
    return pairing.swiss_tables(
        order,
        points,
        state.history(),
        size=size,
        min_size=min_size,
        fill_with_bots=fill,
        round_no=number,
    )


def _knockout_places(
    state: TournamentState, rnd: RoundState, seed_rank: Mapping[int, int]
) -> dict[int, tuple[int, int]]:
    """(place at one's last table, seed) per entrant: the order for snake seeding next round."""
    out: dict[int, tuple[int, int]] = {}
    for t in rnd.tables:
        if t.result is None:
            continue
        for place, p in enumerate(table_order(t.result, seed_rank), start=1):
            out[p] = (place, seed_rank.get(p, 0))
    for p in rnd.byes:
        out[p] = (0, seed_rank.get(p, 0))
    return out


def _final_played(state: TournamentState) -> bool:
    """Single elimination at tables of 3+: the last round was the final (everyone at one table),
    and it is over."""
    if not state.rounds or state.table_size == 2:
        return False
    last = state.rounds[-1]
    return last.finished and len(last.tables) == 1 and not last.byes


def final_order(state: TournamentState) -> list[int]:
    return [row.entrant for row in state.standings()]
