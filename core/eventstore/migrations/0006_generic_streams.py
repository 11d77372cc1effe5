"""Events of any stream kind: ``Event.match`` (a foreign key to matches.Match) becomes the pair
``(stream_kind, stream_key)``, every existing event ``("match", its match id)``, the pair its hash
already names (``hashing.stream_hash``), so every chain verifies unchanged. ``actor`` widens to a
bigint: a tournament's actor is a user id (tournaments 0003 moves its events here).

On PostgreSQL each step is one set-based statement: the key is the old column renamed and its
foreign key dropped (no rewrite), the kind a new column whose constant default fills every row
without a rewrite (PostgreSQL 11+), the one rewrite of the table is the actor's smallint→bigint,
and the new unique index is built once, after it. The append-only trigger's function is made to
name the new columns. SQLite rebuilds the table (Django's way to alter it), dropping the
append-only triggers: made again at the end.

Reversible: back to a ``match`` foreign key and a smallint actor, once tournaments 0003 took its
events back out (it does, reversed before this one).
"""

from django.db import migrations, models

# The function of 0003_feed_sequenced with the stream's columns in place of match_id.
ALLOW_SEQUENCING = """
CREATE OR REPLACE FUNCTION eventstore_refuse_change() RETURNS trigger AS $$
BEGIN
    -- The one change allowed: the feed sequencer giving a committed event its position, once.
    IF TG_OP = 'UPDATE' AND OLD.position IS NULL AND NEW.position IS NOT NULL
       AND (NEW.id, NEW.stream_kind, NEW.stream_key, NEW.seq, NEW.type, NEW.payload, NEW.actor,
            NEW.command_id, NEW.created_at, NEW.prev_hash, NEW.hash)
           IS NOT DISTINCT FROM
           (OLD.id, OLD.stream_kind, OLD.stream_key, OLD.seq, OLD.type, OLD.payload, OLD.actor,
            OLD.command_id, OLD.created_at, OLD.prev_hash, OLD.hash)
    THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'events are append-only: % refused', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
"""
ALLOW_SEQUENCING_BY_MATCH = ALLOW_SEQUENCING.replace(
    "NEW.stream_kind, NEW.stream_key", "NEW.match_id"
).replace("OLD.stream_kind, OLD.stream_key", "OLD.match_id")

SQLITE_TRIGGERS = [
    """
    CREATE TRIGGER IF NOT EXISTS eventstore_event_no_update BEFORE UPDATE ON eventstore_event
    BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE refused'); END;
    """,
    """
    CREATE TRIGGER IF NOT EXISTS eventstore_event_no_delete BEFORE DELETE ON eventstore_event
    BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE refused'); END;
    """,
]


def _function(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql, params=None)

    return run


def sqlite_triggers(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for sql in SQLITE_TRIGGERS:
            schema_editor.execute(sql, params=None)


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0005_event_no_match_type_index")]

    operations = [
        # First, so that the actor's rewrite below rebuilds one index fewer.
        migrations.RemoveConstraint(model_name="event", name="event_match_seq"),
        migrations.AlterField(
            model_name="event", name="actor", field=models.BigIntegerField(null=True)
        ),
        # match → stream_key in three steps that each keep the values: the foreign key dropped
        # (same bigint column), the field renamed, then its column.
        migrations.AlterField(
            model_name="event",
            name="match",
            field=models.BigIntegerField(db_column="match_id"),
        ),
        migrations.RenameField(model_name="event", old_name="match", new_name="stream_key"),
        migrations.AlterField(
            model_name="event", name="stream_key", field=models.BigIntegerField()
        ),
        migrations.AddField(
            model_name="event",
            name="stream_kind",
            field=models.CharField(default="match", max_length=16),
            preserve_default=False,
        ),
        migrations.AddConstraint(
            model_name="event",
            constraint=models.UniqueConstraint(
                fields=("stream_kind", "stream_key", "seq"), name="event_stream_seq"
            ),
        ),
        migrations.RunPython(_function(ALLOW_SEQUENCING), _function(ALLOW_SEQUENCING_BY_MATCH)),
        migrations.RunPython(sqlite_triggers, sqlite_triggers),
    ]
