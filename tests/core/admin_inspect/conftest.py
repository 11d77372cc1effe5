"""Fixtures of the staff inspection tests: staff with and without the action permissions, a
race played through the pipeline (with an undo and snapshots), a long match written directly."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.db import connection, transaction
from rest_framework.test import APIClient

from core.eventstore import store
from core.eventstore.models import Snapshot
from core.matches import services
from core.matches.models import Match, Seat
from core.matches.state import fold_events, load_state, state_cache
from games.registry import get_engine
from tests.conftest import client_for, make_user

ACTION_PERMISSIONS = (
    "abort_match",
    "award_result",
    "replace_seat",
    "rollback_match",
    "import_match",
)


def make_staff(name: str, *perms: str) -> Any:
    user = make_user(name)
    user.is_staff = True
    user.save()
    if perms:
        user.user_permissions.add(
            *Permission.objects.filter(content_type__app_label="admin_inspect", codename__in=perms)
        )
    return user


@pytest.fixture
def staff(db: Any) -> Any:
    """Staff, no action permission."""
    return make_staff("inspector")


@pytest.fixture
def officer(db: Any) -> Any:
    """Staff with every action permission."""
    return make_staff("officer", *ACTION_PERMISSIONS)


@pytest.fixture
def staff_client(staff: Any) -> APIClient:
    return client_for(staff)


@pytest.fixture
def officer_client(officer: Any) -> APIClient:
    return client_for(officer)


def play_race(
    alice: Any, bob: Any, *, turns: int = 6, target: int = 60, undo_at: int | None = 2
) -> Match:
    """alice (seat 0) and bob (seat 1) race, each turn two adds and an end (an undo in one)."""
    match = services.match_create(
        user=alice,
        game="race",
        n_players=2,
        options={"target": target},
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username=bob.username)],
    )
    services.match_join(match_id=match.pk, user=bob)
    users = [alice, bob]
    for turn in range(turns):
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.ACTIVE:
            break
        seat = next(s.index for s in match.seats.all() if s.to_move)
        for i, cmd in enumerate(
            [{"type": "add", "amount": 2}, {"type": "add", "amount": 1}, {"type": "end_turn"}]
        ):
            if turn == undo_at and i == 2:
                services.match_undo(match_id=match.pk, user=users[seat], command_id=f"u{turn}")
                services.match_submit_command(
                    match_id=match.pk,
                    user=users[seat],
                    command={"type": "add", "amount": 3},
                    command_id=f"again{turn}",
                )
            services.match_submit_command(
                match_id=match.pk, user=users[seat], command=cmd, command_id=f"t{turn}.{i}"
            )
    return Match.objects.get(pk=match.pk)


@pytest.fixture
def race_match(alice: Any, bob: Any, race_game: str, settings: Any) -> Match:
    settings.SNAPSHOT_EVERY = 4
    return play_race(alice, bob)


def play_randomly(game: str, steps: int, seed: int = 3) -> Match:
    """A match of ``game`` between users, ``steps`` random legal commands in."""
    engine = get_engine(game)
    n = engine.min_players
    users = [make_user(f"{game}-p{i}") for i in range(n)]
    seats = [services.SeatSpec("me")] + [
        services.SeatSpec("user", username=u.username) for u in users[1:]
    ]
    options = {"catan": {"trade_offers_per_turn": 0}, "java": {"whole_moves": True}}
    match = services.match_create(
        user=users[0], game=game, n_players=n, seats=seats, options=options.get(game, {})
    )
    for u in users[1:]:
        services.match_join(match_id=match.pk, user=u)
    rng = random.Random(seed)
    for step in range(steps):
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.ACTIVE:
            break
        state = load_state(match)
        seat = rng.choice(sorted(engine.active_seats(state)))
        command = rng.choice(engine.legal_commands(state, seat))
        state_cache.put(match.pk, match.version, state)
        services.match_submit_command(
            match_id=match.pk, user=users[seat], command=command, command_id=f"r{step}"
        )
    return Match.objects.get(pk=match.pk)


def long_race(alice: Any, bob: Any, events: int, snapshot_every: int = 50) -> Match:
    """A race of ``events`` events written straight to the store (adds of nothing, so it never
    ends), with a snapshot at every ``snapshot_every``-th turn end: a long history, fast."""
    match = Match.objects.create(
        game="race", n_players=2, options={"target": 99}, status=Match.Status.ACTIVE
    )
    Seat.objects.bulk_create(
        [
            Seat(match=match, index=0, kind=Seat.Kind.HUMAN, user=alice),
            Seat(match=match, index=1, kind=Seat.Kind.HUMAN, user=bob),
        ]
    )
    engine = get_engine("race")
    batch: list[dict[str, Any]] = [
        {"type": "GameStarted", "players": 2, "target": 99},
        {"type": "SecretsDealt", "secrets": [4, 7]},
    ]
    seat, state = 0, None
    with transaction.atomic():
        while len(batch) < events:
            batch += [{"type": "Added", "seat": seat, "amount": 0}] * 3
            batch.append({"type": "TurnEnded", "seat": seat, "bonus": 0})
            seat = 1 - seat
        batch = batch[:events]
        for start in range(0, len(batch), 100):
            chunk = batch[start : start + 100]
            store.append(match=match, expected_version=match.version, events=chunk, actor=None)
            state = fold_events(
                engine, state, [(start + i + 1, e["type"], e) for i, e in enumerate(chunk)]
            )
            if chunk[-1]["type"] == "TurnEnded" and (start // 100) % 2:
                Snapshot.objects.create(
                    match=match,
                    version=match.version,
                    rules_version=1,
                    state=engine.state_to_json(state),
                )
    return Match.objects.get(pk=match.pk)


def tamper(event_id: int, **changes: Any) -> None:
    """Change a stored event behind the store's back: the database's append-only guard is
    switched off for this one statement (a test of what verification then shows)."""
    from core.eventstore.models import Event

    table = Event._meta.db_table
    sets = ", ".join(f"{column} = %s" for column in changes)
    values = [
        __import__("json").dumps(v) if column == "payload" else v for column, v in changes.items()
    ]
    with connection.cursor() as cur:
        if connection.vendor == "postgresql":
            # Triggers off for this session's statements (superuser), then on again.
            cur.execute("SET session_replication_role = replica")
            cur.execute(f"UPDATE {table} SET {sets} WHERE id = %s", [*values, event_id])
            cur.execute("SET session_replication_role = origin")
        else:
            cur.execute("DROP TRIGGER eventstore_event_no_update")
            cur.execute(f"UPDATE {table} SET {sets} WHERE id = %s", [*values, event_id])
            cur.execute(
                f"CREATE TRIGGER eventstore_event_no_update BEFORE UPDATE ON {table} "
                "BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE refused'); END"
            )
