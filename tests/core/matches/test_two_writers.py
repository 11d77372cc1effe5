"""Both writers of a plan write the same thing: ``orm_writer`` (the match's row lock, the ORM)
and ``hotpath`` (one statement on PostgreSQL). The same commands on the same match, once through
each writer (the first run rolled back), give equal plans and byte-identical answers, streams
(hash chain included), outbox rows, seats, match row, snapshots and command records. The clock
is frozen, so that the times each writer stamps (and the hashes over them) can be compared."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

from core.eventstore.models import CommandRecord, Event, Snapshot
from core.matches import hotpath, orm_writer, services
from core.matches.models import Match, Seat
from core.matches.plan import Plan
from core.matches.state import load_state, state_cache
from core.notifications.models import OutboxItem
from games.registry import get_engine
from tests.conftest import make_user

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

COMMANDS = 40
RESERVE = {"kind": "reserve", "reserve_seconds": 86400, "increment_seconds": 3600}


class _RolledBack(Exception):
    pass


def _facts(plan: Plan) -> dict[str, Any]:
    """Everything a plan holds, as values (the state is in its snapshot and the answers)."""
    after = plan.after
    return {
        "events": plan.events,
        "on": (plan.expected_version, plan.actor, plan.command_id, plan.now),
        "turn": (plan.before, plan.active, plan.seats_moved, [s.index for s in plan.turn_begins]),
        "ending": (plan.outcome, plan.abandoned, plan.status),
        "clock": (plan.match_set, plan.reserves),
        "seats": [(s.pk, s.to_move, s.reserve_seconds, s.status) for s in plan.seats],
        "rows": (plan.notifications, plan.snapshot, plan.record),
        "after": (
            after.match_id,
            after.version,
            after.user_ids,
            after.bot_turn,
            after.clock_checks,
        ),
    }


def _written(match_id: int) -> dict[str, Any]:
    """What the database holds of the match, every column but the rows' own ids."""
    return {
        "events": list(
            Event.objects.of("match", match_id)
            .order_by("seq")
            .values_list("seq", "type", "payload", "actor", "command_id", "created_at", "hash")
        ),
        "match": Match.objects.filter(pk=match_id).values().get(),
        "seats": list(Seat.objects.filter(match_id=match_id).order_by("index").values()),
        "outbox": list(
            OutboxItem.objects.filter(match_id=match_id)
            .order_by("key")
            .values("user_id", "kind", "key", "payload", "created_at")
        ),
        "snapshots": list(
            Snapshot.objects.filter(match_id=match_id)
            .order_by("version")
            .values("version", "rules_version", "state", "created_at")
        ),
        "records": list(
            CommandRecord.objects.filter(match_id=match_id)
            .order_by("version")
            .values("command_id", "user_id", "seat", "version", "response", "created_at")
        ),
    }


def _play(match_id: int, players: list[Any]) -> list[bytes]:
    """Seeded random legal commands by whoever is to move; each answer's bytes."""
    rng, answers = random.Random(11), []
    for n in range(COMMANDS):
        match = Match.objects.get(pk=match_id)
        if match.status != Match.Status.ACTIVE:
            break
        engine = get_engine(match.game)
        state = load_state(match, use_cache=False)
        seat = min(engine.active_seats(state))
        answer = services.match_submit_command(
            match_id=match_id,
            user=players[seat],
            command=rng.choice(engine.legal_commands(state, seat)),
            command_id=f"c{n}",
            expected_version=match.version,
        )
        answers.append(answer.encoded)
    return answers


def _recording(written: list[tuple[str, dict[str, Any]]], name: str, write: Callable) -> Callable:
    def recorded(plan: Plan) -> Any:
        written.append((name, _facts(plan)))
        return write(plan)

    return recorded


def _run(
    monkeypatch: pytest.MonkeyPatch, match_id: int, players: list[Any], *, orm_only: bool
) -> tuple[list[bytes], dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """Play through the writers (only the ORM one with ``orm_only``), then roll it all back."""
    plans: list[tuple[str, dict[str, Any]]] = []
    with monkeypatch.context() as patch:
        patch.setattr(hotpath, "write", _recording(plans, "hotpath", hotpath.write))
        patch.setattr(orm_writer, "write", _recording(plans, "orm", orm_writer.write))
        if orm_only:
            patch.setattr(hotpath, "can_write", lambda plan: False)
        state_cache.clear()
        try:
            with transaction.atomic():
                answers = _play(match_id, players)
                written = _written(match_id)
                raise _RolledBack
        except _RolledBack:
            pass
    return answers, written, plans


def test_both_writers_write_the_same_plans_to_the_same_bytes(
    monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    settings.SNAPSHOT_EVERY = 6
    alice, bob = make_user("alice"), make_user("bob")
    match = services.match_create(
        user=alice,
        game="samurai",
        n_players=2,
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username="bob")],
        time_control=RESERVE,
    )
    services.match_join(match_id=match.pk, user=bob)
    frozen = timezone.now() + timedelta(minutes=30)
    monkeypatch.setattr(timezone, "now", lambda: frozen)

    hot_answers, hot_written, hot_plans = _run(monkeypatch, match.pk, [alice, bob], orm_only=False)
    orm_answers, orm_written, orm_plans = _run(monkeypatch, match.pk, [alice, bob], orm_only=True)

    assert len(hot_answers) == COMMANDS and {name for name, _ in hot_plans} == {"hotpath"}
    assert {name for name, _ in orm_plans} == {"orm"}
    assert [facts for _, facts in hot_plans] == [facts for _, facts in orm_plans]
    assert hot_answers == orm_answers
    assert hot_written == orm_written
    # The run wrote what the comparison is about: turns, the clock, notifications, snapshots.
    assert hot_written["snapshots"] and hot_written["outbox"]
    assert any(s["reserve_seconds"] is not None for s in hot_written["seats"])
