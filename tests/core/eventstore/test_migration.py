"""The generic store's migration keeps every chain: a database made by the schema before it
(eventstore 0005, tournaments 0002, each kind in its own table) holding match and tournament
streams, migrated forward, verifies every stream; migrated back, each table holds its own again."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.db import connections
from django.db.migrations.executor import MigrationExecutor

from core.eventstore import store
from core.eventstore.hashing import GENESIS, stream_hash, walk_chain

BEFORE = [("eventstore", "0005_event_no_match_type_index"), ("tournaments", "0002_append_only")]
ALIAS = "before_generic_store"
EVENTS = 7  # per stream
TOURNAMENT_ACTOR = 70_000  # a user id: more than the old event table's smallint actor holds


def _postgres_admin(settings: dict[str, Any]) -> psycopg.Connection[Any]:
    return psycopg.connect(
        host=settings["HOST"] or None,
        port=settings["PORT"] or None,
        user=settings["USER"] or None,
        password=settings["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    )


@pytest.fixture
def old_database(tmp_path: Path, django_db_blocker: Any) -> Iterator[str]:
    """An empty database of the suite's kind, as the connection ``ALIAS``."""
    default = connections["default"].settings_dict
    postgres = connections["default"].vendor == "postgresql"
    name = f"{default['NAME']}_before_generic_store" if postgres else str(tmp_path / "old.db")
    with django_db_blocker.unblock():
        if postgres:
            with _postgres_admin(default) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
                admin.execute(f'CREATE DATABASE "{name}"')
        connections.settings[ALIAS] = {**default, "NAME": name}
        try:
            yield ALIAS
        finally:
            connections[ALIAS].close()
            del connections[ALIAS]
            del connections.settings[ALIAS]
            if postgres:
                with _postgres_admin(default) as admin:
                    admin.execute(f'DROP DATABASE IF EXISTS "{name}"')


def _migrate(targets: list[tuple[str, str]] | None = None) -> Any:
    """Migrate ``ALIAS`` to ``targets`` (if None, the two apps' latest: the other apps stay
    where the streams' need them); the apps of that state."""
    executor = MigrationExecutor(connections[ALIAS])
    if targets is None:
        apps = {app for app, _ in BEFORE}
        targets = [node for node in executor.loader.graph.leaf_nodes() if node[0] in apps]
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _chain(kind: str, key: int, actor: int | None, start: datetime) -> list[dict[str, Any]]:
    """``EVENTS`` hashed events of the stream ``(kind, key)``, as the old stores wrote them."""
    rows, prev = [], GENESIS
    for seq in range(1, EVENTS + 1):
        at = start + timedelta(milliseconds=seq, microseconds=seq)
        payload = {"n": seq, "names": ["Ann", "Žofie"], "none": None}
        digest = stream_hash(
            prev_hash=prev,
            stream=(kind, key),
            seq=seq,
            type=f"Thing{seq}Happened",
            payload=payload,
            actor=actor,
            created_at=at,
        )
        row = {"seq": seq, "type": f"Thing{seq}Happened", "payload": payload, "actor": actor}
        rows.append({**row, "created_at": at, "prev_hash": prev, "hash": digest})
        prev = digest
    return rows


def _write_old_streams(apps: Any) -> tuple[list[int], list[int]]:
    """Two matches' and two tournaments' streams, each in the table of its kind."""
    user = apps.get_model("accounts", "User").objects.using(ALIAS).create(username="ann")
    match_model = apps.get_model("matches", "Match")
    tournament_model = apps.get_model("tournaments", "Tournament")
    event_model = apps.get_model("eventstore", "Event")
    tournament_event_model = apps.get_model("tournaments", "TournamentEvent")
    start = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
    position = 0
    matches, tournaments = [], []
    for _ in range(2):
        match = match_model.objects.using(ALIAS).create(game="race", n_players=2, created_by=user)
        rows = _chain("match", match.pk, 1, start)
        for row in rows:
            position += 1
            event_model.objects.using(ALIAS).create(match_id=match.pk, position=position, **row)
        match_model.objects.using(ALIAS).filter(pk=match.pk).update(
            version=EVENTS, head_hash=rows[-1]["hash"]
        )
        matches.append(match.pk)
        tournament = tournament_model.objects.using(ALIAS).create(
            name="Cup", game="race", format="swiss", players_per_table=2, organiser=user
        )
        rows = _chain("tournament", tournament.pk, TOURNAMENT_ACTOR, start)
        for row in rows:
            tournament_event_model.objects.using(ALIAS).create(tournament_id=tournament.pk, **row)
        tournament_model.objects.using(ALIAS).filter(pk=tournament.pk).update(
            version=EVENTS, head_hash=rows[-1]["hash"]
        )
        tournaments.append(tournament.pk)
    counter = apps.get_model("eventstore", "FeedCounter").objects.using(ALIAS)
    counter.update_or_create(id=1, defaults={"position": position})
    return matches, tournaments


def _assert_every_stream_verifies(matches: list[int], tournaments: list[int]) -> None:
    for kind, keys in (("match", matches), ("tournament", tournaments)):
        for key in keys:
            report = store.verify_stream(kind, key, using=ALIAS)
            assert report.ok and report.checked == EVENTS, (kind, key, report)


def test_every_chain_verifies_after_the_move_to_one_store_and_back(old_database: str) -> None:
    matches, tournaments = _write_old_streams(_migrate(BEFORE))

    apps = _migrate()
    _assert_every_stream_verifies(matches, tournaments)
    events = apps.get_model("eventstore", "Event").objects.using(ALIAS)
    assert events.filter(stream_kind="tournament", actor=TOURNAMENT_ACTOR).count() == 2 * EVENTS
    if connections[ALIAS].vendor == "sqlite":  # its appends number the feed at once: so do copies
        positions = sorted(events.values_list("position", flat=True))
        assert positions == list(range(1, 4 * EVENTS + 1))

    # Back to the two tables: each stream where it was, still verifying.
    apps = _migrate(BEFORE)
    old_events = apps.get_model("eventstore", "Event").objects.using(ALIAS)
    old_tournament_events = apps.get_model("tournaments", "TournamentEvent").objects.using(ALIAS)
    assert old_events.count() == 2 * EVENTS and old_tournament_events.count() == 2 * EVENTS
    heads = apps.get_model("matches", "Match").objects.using(ALIAS)
    for key in matches:
        head = heads.get(pk=key).head_hash
        rows = old_events.filter(match_id=key).order_by("seq")
        assert walk_chain(("match", key), rows, head).ok
    heads = apps.get_model("tournaments", "Tournament").objects.using(ALIAS)
    for key in tournaments:
        head = heads.get(pk=key).head_hash
        rows = old_tournament_events.filter(tournament_id=key).order_by("seq")
        assert walk_chain(("tournament", key), rows, head).ok

    _migrate()  # and forward once more
    _assert_every_stream_verifies(matches, tournaments)
