"""Seconds the generic store's migration takes on big tables (PostgreSQL). Prints one JSON object.

A fresh database is migrated to the schema before it (eventstore 0005, tournaments 0002), filled
with ``--match-events`` match events over ``--matches`` matches and ``--tournament-events``
tournament events (set-based INSERT … SELECT from generate_series: the hashes are filler, the
migration never reads them; tests/core/eventstore/test_migration.py checks the chains), then
migrated forward one migration at a time: eventstore 0006 (the actor's widening rewrites the
table once; the rest is catalog work and one unique index build), tournaments 0003 (one INSERT …
SELECT of the tournament events, the old table dropped). Figures move with the machine's load:
it is printed with them.

    .venv/bin/python bench/store_migration_bench.py \
        --database-url postgres://postgres@127.0.0.1:5432/mine_migration \
        [--match-events 1000000] [--matches 10000] [--tournament-events 100000]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any
from urllib.parse import urlparse

import psycopg
from _django import ROOT, bench_database_url, server_env

BEFORE = [("eventstore", "0005_event_no_match_type_index"), ("tournaments", "0002_append_only")]
AFTER = [
    ("eventstore", "0006_generic_streams"),
    ("tournaments", "0003_events_in_the_store"),
]


def fresh_database(url: str) -> None:
    name = urlparse(url).path.lstrip("/")
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def fill(apps: Any, matches: int, match_events: int, tournament_events: int) -> None:
    from django.db import connection

    user = apps.get_model("accounts", "User").objects.create(username="bench")
    match = apps.get_model("matches", "Match")
    match.objects.bulk_create(
        [match(game="race", n_players=2, created_by=user) for _ in range(matches)],
        batch_size=1000,
    )
    tournament = apps.get_model("tournaments", "Tournament").objects.create(
        name="Cup", game="race", format="swiss", players_per_table=2, organiser=user
    )
    per_match = max(1, match_events // matches)
    filler = "repeat('0', 64)"
    with connection.cursor() as cur:
        cur.execute("SELECT min(id) FROM matches_match")
        first = cur.fetchone()[0]
        cur.execute(
            "INSERT INTO eventstore_event (match_id, seq, position, type, payload, actor, "
            "command_id, created_at, prev_hash, hash) "
            "SELECT %s + (n - 1) / %s, (n - 1) %% %s + 1, n, 'TilePlaced', "
            '\'{"seat": 1, "tile": 7, "space": [3, 4]}\'::jsonb, 1, \'c\' || n, now(), '
            f"{filler}, {filler} FROM generate_series(1, %s) AS n",
            [first, per_match, per_match, per_match * matches],
        )
        cur.execute(
            "UPDATE eventstore_feedcounter SET position = %s WHERE id = 1", [per_match * matches]
        )
        cur.execute(
            "INSERT INTO tournaments_tournamentevent (tournament_id, seq, type, payload, actor, "
            "created_at, prev_hash, hash) SELECT %s, n, 'ResultRecorded', "
            '\'{"table": 1, "ranks": [1, 2]}\'::jsonb, 70000, now(), '
            f"{filler}, {filler} FROM generate_series(1, %s) AS n",
            [tournament.pk, tournament_events],
        )
        cur.execute("ANALYZE")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", default=bench_database_url() + "_migration")
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--match-events", type=int, default=1_000_000)
    parser.add_argument("--tournament-events", type=int, default=100_000)
    args = parser.parse_args()
    if not args.database_url.startswith("postgres"):
        raise SystemExit("PostgreSQL only: SQLite rebuilds the table, the embedded mode's way")
    fresh_database(args.database_url)
    os.environ.update(server_env(args.database_url))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "core.settings.base")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.chdir(ROOT)
    import django

    django.setup()
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    def migrate(targets: list[tuple[str, str]]) -> tuple[float, Any]:
        executor = MigrationExecutor(connection)
        started = time.perf_counter()
        executor.migrate(targets)
        seconds = time.perf_counter() - started
        return seconds, executor.loader.project_state(targets).apps

    _, apps = migrate(BEFORE)
    started = time.perf_counter()
    fill(apps, args.matches, args.match_events, args.tournament_events)
    fill_seconds = time.perf_counter() - started
    steps = {}
    for target in AFTER:
        steps[f"{target[0]}.{target[1]}"] = round(migrate([target])[0], 2)
    with connection.cursor() as cur:
        cur.execute("SELECT stream_kind, count(*) FROM eventstore_event GROUP BY 1 ORDER BY 1")
        counts = dict(cur.fetchall())
    print(
        json.dumps(
            {
                "bench": "generic_store_migration",
                "database": "postgresql",
                "match_events": args.match_events,
                "tournament_events": args.tournament_events,
                "fill_seconds": round(fill_seconds, 2),
                "migration_seconds": steps,
                "events_after": counts,
                "loadavg": [round(x, 2) for x in os.getloadavg()],
            }
        )
    )


if __name__ == "__main__":
    main()
