"""The database itself refuses to update or delete an event (PostgreSQL and SQLite triggers)."""

from django.db import migrations

POSTGRES = [
    """
    CREATE OR REPLACE FUNCTION eventstore_refuse_change() RETURNS trigger AS $$
    BEGIN
        RAISE EXCEPTION 'events are append-only: % refused', TG_OP
            USING ERRCODE = 'restrict_violation';
    END;
    $$ LANGUAGE plpgsql;
    """,
    """
    CREATE TRIGGER eventstore_event_append_only
    BEFORE UPDATE OR DELETE ON eventstore_event
    FOR EACH ROW EXECUTE FUNCTION eventstore_refuse_change();
    """,
    "INSERT INTO eventstore_feedcounter (id, position) VALUES (1, 0) ON CONFLICT DO NOTHING;",
]
SQLITE = [
    """
    CREATE TRIGGER eventstore_event_no_update BEFORE UPDATE ON eventstore_event
    BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE refused'); END;
    """,
    """
    CREATE TRIGGER eventstore_event_no_delete BEFORE DELETE ON eventstore_event
    BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE refused'); END;
    """,
    "INSERT OR IGNORE INTO eventstore_feedcounter (id, position) VALUES (1, 0);",
]


def install(apps, schema_editor):
    statements = POSTGRES if schema_editor.connection.vendor == "postgresql" else SQLITE
    for sql in statements:
        schema_editor.execute(sql, params=None)


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0001_initial")]
    operations = [migrations.RunPython(install, migrations.RunPython.noop)]
