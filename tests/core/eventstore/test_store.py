"""The event store: append-only, optimistic concurrency, hash chain, feed order, snapshots."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import DatabaseError, OperationalError, connection, connections, transaction
from django.utils import timezone

from core.eventstore import store
from core.eventstore.exceptions import StaleVersion
from core.eventstore.models import Event
from core.matches import services
from core.matches.models import Match
from core.matches.state import load_state, replay_from_zero
from games.registry import get_engine

pytestmark = pytest.mark.django_db


def new_match(user: Any, race: str) -> Match:
    return services.match_create(
        user=user,
        game=race,
        n_players=2,
        seats=[services.SeatSpec("me"), services.SeatSpec("bot", level="greedy")],
        autostart=False,
    )


def test_append_numbers_events_and_chains_their_hashes(alice: Any, race_game: str) -> None:
    match = new_match(alice, race_game)
    with transaction.atomic():
        rows = store.append(
            match=match,
            expected_version=0,
            events=[{"type": "A"}, {"type": "B", "x": 1}],
            actor=None,
        )
    assert [r.seq for r in rows] == [1, 2]
    assert rows[1].prev_hash == rows[0].hash
    match.refresh_from_db()
    assert match.version == 2 and match.head_hash == rows[1].hash
    assert store.verify_chain(match.pk).ok


def test_the_appended_rows_hold_what_the_database_holds(alice: Any, race_game: str) -> None:
    match = new_match(alice, race_game)
    events = [{"type": "A", "t": (1, 2), "n": {"k": None}}, {"type": "Bé", "x": 1.5}]
    with transaction.atomic():
        rows = store.append(match=match, expected_version=0, events=events, actor=1, command_id="c")
    stored = list(Event.objects.of("match", match.pk).order_by("seq"))
    fields = [
        "pk",
        "stream_kind",
        "stream_key",
        "seq",
        "type",
        "payload",
        "actor",
        "command_id",
        "prev_hash",
        "hash",
    ]
    assert [[getattr(r, f) for f in fields] for r in rows] == [
        [getattr(r, f) for f in fields] for r in stored
    ]
    assert rows[0].payload == {"t": [1, 2], "n": {"k": None}}  # as JSON gives it back
    assert [r.created_at for r in rows] == [r.created_at for r in stored]
    assert store.verify_chain(match.pk).ok


def test_a_stale_expected_version_is_refused_and_nothing_is_written(
    alice: Any, race_game: str
) -> None:
    match = new_match(alice, race_game)
    with transaction.atomic():
        store.append(match=match, expected_version=0, events=[{"type": "A"}], actor=None)
    stale = Match.objects.get(pk=match.pk)
    stale.version = 0  # a writer that read the match before the append above
    with pytest.raises(StaleVersion) as err, transaction.atomic():
        store.append(match=stale, expected_version=0, events=[{"type": "B"}], actor=None)
    assert err.value.current == 1
    assert Event.objects.of("match", match.pk).count() == 1


@pytest.mark.parametrize(
    "sql", ["UPDATE eventstore_event SET type = 'X'", "DELETE FROM eventstore_event"]
)
def test_the_database_refuses_to_change_or_delete_events(
    alice: Any, race_game: str, sql: str
) -> None:
    match = new_match(alice, race_game)
    with transaction.atomic():
        store.append(match=match, expected_version=0, events=[{"type": "A"}], actor=None)
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cur,
    ):
        cur.execute(sql)
    assert Event.objects.of("match", match.pk).get().type == "A"


def _tamper(sql: str, params: list[Any]) -> None:
    """Bypass the append-only triggers, as an attacker with database access could."""
    with connection.cursor() as cur:
        if connection.vendor == "postgresql":
            cur.execute("SET LOCAL session_replication_role = replica")  # superuser: no triggers
            cur.execute(sql, params)
            cur.execute("SET LOCAL session_replication_role = origin")
        else:
            cur.execute("DROP TRIGGER eventstore_event_no_update")
            cur.execute(sql, params)


def test_verify_reports_the_first_broken_link(alice: Any, race_game: str) -> None:
    match = new_match(alice, race_game)
    with transaction.atomic():
        store.append(
            match=match,
            expected_version=0,
            actor=0,
            events=[{"type": "A", "n": 1}, {"type": "B", "n": 2}, {"type": "C", "n": 3}],
        )
    with transaction.atomic():
        _tamper(
            "UPDATE eventstore_event SET payload = %s "
            "WHERE stream_kind = 'match' AND stream_key = %s AND seq = 2",
            ['{"n": 99}', match.pk],
        )
        report = store.verify_chain(match.pk)
        assert not report.ok and report.broken_seq == 2 and report.checked == 1
        transaction.set_rollback(True)
    assert store.verify_chain(match.pk).ok


def test_feed_positions_are_unique_and_increase_in_commit_order(alice: Any, race_game: str) -> None:
    a, b = new_match(alice, race_game), new_match(alice, race_game)
    with transaction.atomic():
        store.append(match=a, expected_version=0, events=[{"type": "A"}], actor=None)
    with transaction.atomic():
        store.append(match=b, expected_version=0, events=[{"type": "B"}, {"type": "C"}], actor=None)
    with transaction.atomic():
        store.append(match=a, expected_version=1, events=[{"type": "D"}], actor=None)
    feed = store.read_feed()
    assert [e.type for e in feed] == ["A", "B", "C", "D"]
    positions = [e.position for e in feed]
    assert positions == sorted(positions) and len(set(positions)) == 4


def test_snapshot_plus_tail_equals_replay_from_zero(
    alice: Any, bob: Any, race_game: str, settings: Any
) -> None:
    settings.SNAPSHOT_EVERY = 3
    match = services.match_create(
        user=alice,
        game=race_game,
        n_players=2,
        options={"target": 40},
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username="bob")],
    )
    services.match_join(match_id=match.pk, user=bob)
    users = [alice, bob]
    for turn in range(8):
        match.refresh_from_db()
        seat = turn % 2
        for i in range(2):
            services.match_submit_command(
                match_id=match.pk,
                user=users[seat],
                command={"type": "add", "amount": 1},
                command_id=f"a{turn}{i}",
            )
        services.match_submit_command(
            match_id=match.pk, user=users[seat], command={"type": "end_turn"}, command_id=f"e{turn}"
        )
    match.refresh_from_db()
    assert match.snapshot_version > 0
    engine = get_engine(race_game)
    from core.matches.state import state_cache

    state_cache.clear()
    assert engine.state_to_json(load_state(match)) == engine.state_to_json(replay_from_zero(match))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_append_with_stops_waiting_for_the_match_lock_after_lock_wait_ms(
    alice: Any, race_game: str
) -> None:
    import psycopg

    match = new_match(alice, race_game)
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                Match.objects.select_for_update().get(pk=match.pk)
                locked.set()
                release.wait(30)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert locked.wait(30)
        with connection.cursor() as cur:
            cur.execute("SET lock_timeout = 0")  # the session would wait for ever
        with pytest.raises(OperationalError) as err:
            store.append_with(
                match=match,
                expected_version=0,
                events=[{"type": "A"}],
                actor=None,
                command_id=None,
                match_set={},
                also=(),
                now=timezone.now(),
                lock_wait_ms=50,
            )
        assert isinstance(err.value.__cause__, psycopg.errors.LockNotAvailable)
    finally:
        release.set()
        holder.join()
        with connection.cursor() as cur:
            cur.execute("RESET lock_timeout")
    assert not Event.objects.of("match", match.pk).exists()
    assert Match.objects.get(pk=match.pk).version == 0


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("prepare", [True, False])
def test_appends_are_prepared_statements_unless_turned_off(
    alice: Any, race_game: str, settings: Any, prepare: bool
) -> None:
    settings.LUDOTEKA_DB_PREPARE = prepare  # False behind a PgBouncer that cannot keep them
    connection.close()  # a new connection, as a new process would have
    match = new_match(alice, race_game)
    for _ in range(2):
        with transaction.atomic():
            store.append(
                match=match, expected_version=match.version, events=[{"type": "A"}], actor=0
            )
    with connection.cursor() as cur:
        cur.execute(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE 'WITH moved%%'"
        )
        (prepared,) = cur.fetchone()
    assert prepared == (1 if prepare else 0)
    assert store.verify_chain(match.pk).ok and match.version == 2
    connection.close()
