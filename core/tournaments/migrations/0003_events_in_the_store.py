"""A tournament's events move into the event store (eventstore 0006): the stream
``("tournament", id)``, the pair their hashes already name (``hashing.stream_hash``), each
event's columns copied as they are, so every chain verifies unchanged. Then the table of
their own goes.

One set-based INSERT … SELECT on either database. On PostgreSQL the copies come without a feed
position: the feed sequencer numbers them once committed, as it does every append. SQLite's
appends take their position at once, so the copies take theirs here, after the last one
handed out, in their old insertion order.

Reversible: the table comes back (its append-only triggers too), the events are copied back and
taken out of the store (its append-only trigger stood aside for that one statement); the feed
positions they had are not given again.
"""

import importlib

from django.db import migrations

COPY = """
INSERT INTO eventstore_event (stream_kind, stream_key, seq, position, type, payload, actor,
                              command_id, created_at, prev_hash, hash)
SELECT 'tournament', tournament_id, seq, {position}, type, payload, actor,
       NULL, created_at, prev_hash, hash
FROM tournaments_tournamentevent ORDER BY id
"""
SQLITE_POSITION = (
    "(SELECT position FROM eventstore_feedcounter WHERE id = 1) + ROW_NUMBER() OVER (ORDER BY id)"
)
COPY_BACK = """
INSERT INTO tournaments_tournamentevent (tournament_id, seq, type, payload, actor, created_at,
                                         prev_hash, hash)
SELECT stream_key, seq, type, payload, actor, created_at, prev_hash, hash
FROM eventstore_event WHERE stream_kind = 'tournament' ORDER BY stream_key, seq
"""
TAKE_OUT = "DELETE FROM eventstore_event WHERE stream_kind = 'tournament'"


def copy_in(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(COPY.format(position="NULL"), params=None)
        return
    schema_editor.execute(
        "INSERT OR IGNORE INTO eventstore_feedcounter (id, position) VALUES (1, 0)", params=None
    )
    schema_editor.execute(COPY.format(position=SQLITE_POSITION), params=None)
    schema_editor.execute(
        "UPDATE eventstore_feedcounter SET position = position + "
        "(SELECT COUNT(*) FROM tournaments_tournamentevent) WHERE id = 1",
        params=None,
    )


def copy_out(apps, schema_editor):
    schema_editor.execute(COPY_BACK, params=None)
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            "ALTER TABLE eventstore_event DISABLE TRIGGER eventstore_event_append_only",
            params=None,
        )
        schema_editor.execute(TAKE_OUT, params=None)
        schema_editor.execute(
            "ALTER TABLE eventstore_event ENABLE TRIGGER eventstore_event_append_only",
            params=None,
        )
    else:
        schema_editor.execute("DROP TRIGGER eventstore_event_no_delete", params=None)
        schema_editor.execute(TAKE_OUT, params=None)
        schema_editor.execute(
            "CREATE TRIGGER eventstore_event_no_delete BEFORE DELETE ON eventstore_event "
            "BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE refused'); END;",
            params=None,
        )
    # The old table's own append-only triggers, as tournaments 0002 made them.
    importlib.import_module("core.tournaments.migrations.0002_append_only").install(
        apps, schema_editor
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0002_append_only"),
        ("eventstore", "0006_generic_streams"),
    ]

    operations = [
        migrations.RunPython(copy_in, copy_out),
        migrations.DeleteModel(name="TournamentEvent"),
    ]
