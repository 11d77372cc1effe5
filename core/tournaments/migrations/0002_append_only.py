"""The database refuses to update or delete a tournament event, as it does a match event."""

from django.db import migrations

POSTGRES = [
    # eventstore_refuse_change() is the match store's function (eventstore 0002).
    """
    CREATE TRIGGER tournaments_event_append_only
    BEFORE UPDATE OR DELETE ON tournaments_tournamentevent
    FOR EACH ROW EXECUTE FUNCTION eventstore_refuse_change();
    """,
]
SQLITE = [
    """
    CREATE TRIGGER tournaments_event_no_update BEFORE UPDATE ON tournaments_tournamentevent
    BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE refused'); END;
    """,
    """
    CREATE TRIGGER tournaments_event_no_delete BEFORE DELETE ON tournaments_tournamentevent
    BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE refused'); END;
    """,
]


def install(apps, schema_editor):
    statements = POSTGRES if schema_editor.connection.vendor == "postgresql" else SQLITE
    for sql in statements:
        schema_editor.execute(sql, params=None)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial"), ("eventstore", "0002_append_only")]
    operations = [migrations.RunPython(install, migrations.RunPython.noop)]
