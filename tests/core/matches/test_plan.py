"""The decision step (core/matches/plan.py): what a move changes, decided in memory for either
writer to write. No test here may use the database (none is marked ``django_db``): deciding
writes and reads nothing."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from core.matches import hotpath
from core.matches.models import Match, Seat
from core.matches.plan import Append, Plan, decide
from core.matches.state import fold_events
from core.matches.timecontrol import parse_time_control
from games.registry import get_engine

NOW = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
HUMAN, BOT = Seat.Kind.HUMAN, Seat.Kind.BOT


def _table(
    race_game: str, *, kinds: tuple[str, str] = (HUMAN, HUMAN), time_control: Any = None
) -> tuple[Match, list[Seat], Any, Any]:
    """An active race match of two seats at version 2 (its setup), in memory only."""
    engine = get_engine(race_game)
    setup = engine.setup(2, {"target": 12}, random.Random(1))
    state = fold_events(engine, None, [(i + 1, e["type"], e) for i, e in enumerate(setup)])
    clock = parse_time_control(time_control).as_json()
    match = Match(
        pk=7,
        game=race_game,
        n_players=2,
        status=Match.Status.ACTIVE,
        version=len(setup),
        time_control=clock,
        turn_started_at=NOW - timedelta(hours=1),
    )
    seats = [
        Seat(
            pk=70 + i,
            match=match,
            index=i,
            kind=kind,
            user_id=100 + i if kind == HUMAN else None,
            bot_level="random" if kind == BOT else "",
            to_move=i == 0,
        )
        for i, kind in enumerate(kinds)
    ]
    return match, seats, engine, state


def _move(
    match: Match, seats: list[Seat], engine: Any, state: Any, *commands: dict[str, Any]
) -> Plan:
    """Seat 0's ``commands`` decided by the engine, then planned."""
    before = engine.active_seats(state)
    events: list[dict[str, Any]] = []
    for command in commands:
        batch = engine.execute(state, 0, command, random.Random(3))
        for event in batch:
            state = engine.apply(state, event)
        events += batch
    return decide(
        match=match,
        seats=seats,
        engine=engine,
        state=state,
        events=events,
        before=before,
        actor=0,
        command_id="c1",
        now=NOW,
    )


def test_a_move_within_the_turn_plans_only_its_events(race_game: str) -> None:
    match, seats, engine, state = _table(race_game)
    plan = _move(match, seats, engine, state, {"type": "add", "amount": 2})
    assert (plan.expected_version, plan.version, match.version) == (2, 3, 3)
    assert not plan.seats_moved and not plan.notifications and not plan.reserves
    assert plan.match_set == {} and plan.snapshot is None and plan.status == "active"
    assert not plan.after.bot_turn and not plan.after.clock_checks
    assert hotpath.can_write(plan)


def test_a_turn_change_plans_whose_turn_it_is_and_tells_the_next_player(race_game: str) -> None:
    match, seats, engine, state = _table(race_game)
    plan = _move(match, seats, engine, state, {"type": "add", "amount": 2}, {"type": "end_turn"})
    assert plan.active == frozenset({1}) and plan.seats_moved
    assert [s.to_move for s in seats] == [False, True]  # in memory, as the writers write them
    (row,) = plan.notifications
    assert (row.user_id, row.kind, row.key) == (101, "your_turn", "your_turn:101:7:4")
    assert row.payload == {"game": "race", "version": 4}
    assert plan.after.user_ids == (100, 101) and plan.after.version == 4


def test_a_bots_turn_is_scheduled_after_commit_and_nobody_is_notified(race_game: str) -> None:
    match, seats, engine, state = _table(race_game, kinds=(HUMAN, BOT))
    plan = _move(match, seats, engine, state, {"type": "add", "amount": 1}, {"type": "end_turn"})
    assert plan.after.bot_turn and plan.notifications == []


def test_a_reserve_clock_charges_the_seat_whose_turn_ended_and_sets_a_deadline(
    race_game: str,
) -> None:
    clock = {"kind": "reserve", "reserve_seconds": 7200, "increment_seconds": 0}
    match, seats, engine, state = _table(race_game, time_control=clock)
    plan = _move(match, seats, engine, state, {"type": "add", "amount": 1}, {"type": "end_turn"})
    assert plan.reserves == {70: 3600.0}  # an hour of its two spent
    assert plan.match_set["turn_started_at"] == NOW and plan.match_set["clock_version"] == 4
    assert plan.match_set["deadline"] > NOW and plan.after.clock_checks


def test_a_snapshot_is_planned_only_at_a_barrier_once_due(race_game: str, settings: Any) -> None:
    settings.SNAPSHOT_EVERY = 2
    match, seats, engine, state = _table(race_game)
    within = _move(match, seats, engine, state, {"type": "add", "amount": 1})
    assert within.snapshot is None  # 'Added' can be taken back: no barrier
    match, seats, engine, state = _table(race_game)
    plan = _move(match, seats, engine, state, {"type": "add", "amount": 1}, {"type": "end_turn"})
    assert plan.snapshot is not None and plan.match_set["snapshot_version"] == 4
    assert match.snapshot_version == 4


def test_an_ending_is_planned_for_the_orm_writer_only(race_game: str) -> None:
    match, seats, engine, state = _table(race_game)
    state["points"] = [10, 0]
    plan = _move(match, seats, engine, state, {"type": "add", "amount": 3}, {"type": "end_turn"})
    assert plan.outcome is not None and plan.status == "finished"
    assert plan.active == frozenset() and plan.notifications == []
    assert not hotpath.can_write(plan)


def test_a_resignation_abandons_the_match_only_when_no_person_plays_on(race_game: str) -> None:
    for other, abandoned in ((Seat.Status.PLAYING, False), (Seat.Status.FORFEITED, True)):
        match, seats, engine, state = _table(race_game, kinds=(HUMAN, HUMAN))
        seats[1].status = other
        plan = decide(
            match=match,
            seats=seats,
            engine=engine,
            state=state,
            before=engine.active_seats(state),
            seat_set={0: {"status": Seat.Status.FORFEITED}},
            abandon_when_nobody_plays=True,
            now=NOW,
        )
        assert plan.abandoned is abandoned
        # The forfeited seat is the plan's to write (and already so in memory).
        assert plan.seat_set == {70: {"status": Seat.Status.FORFEITED}}
        assert seats[0].status == Seat.Status.FORFEITED
        assert not hotpath.can_write(plan)


def test_a_timeout_plans_its_batches_by_their_actors_and_takes_no_snapshot(
    race_game: str, settings: Any
) -> None:
    settings.SNAPSHOT_EVERY = 1
    match, seats, engine, state = _table(race_game)
    before = engine.active_seats(state)
    timed_out = [{"type": "SeatTimedOut", "seat": 0, "policy": "bot"}]
    moves: list[dict[str, Any]] = []
    for command in ({"type": "add", "amount": 1}, {"type": "end_turn"}):
        batch = engine.execute(state, 0, command, random.Random(3))
        for event in batch:
            state = engine.apply(state, event)
        moves += batch
    assert engine.is_undo_barrier(moves[-1])  # a command's plan would snapshot here
    plan = decide(
        match=match,
        seats=seats,
        engine=engine,
        state=state,
        before=before,
        appends=[Append(timed_out, None), Append([], 1), Append(moves, 0)],
        now=NOW,
    )
    assert [(a.actor, a.command_id, len(a.events)) for a in plan.appends] == [
        (None, None, 1),
        (0, None, len(moves)),
    ]  # the empty batch is dropped
    assert plan.events == timed_out + moves
    assert (plan.expected_version, plan.version) == (2, 3 + len(moves))
    assert plan.snapshot is None and plan.active == frozenset({1})
    assert not hotpath.can_write(plan)  # two batches: the ORM writer's
