"""The event's match key loses its own index: the unique (match, seq) index leads with it and
serves every lookup by match (and the key's checks), so each event writes one index fewer.

The index is dropped by name on both backends; a plain AlterField would make SQLite rebuild the
table, dropping its append-only triggers."""

from django.db import migrations, models


def _match_field(apps):
    event = apps.get_model("eventstore", "Event")
    return event, event._meta.get_field("match")


def drop_index(apps, schema_editor):
    event, field = _match_field(apps)
    names = schema_editor._constraint_names(
        event, [field.column], index=True, unique=False, primary_key=False
    )
    for name in names:
        schema_editor.execute(schema_editor._delete_index_sql(event, name))


def create_index(apps, schema_editor):
    event, field = _match_field(apps)
    schema_editor.execute(schema_editor._create_index_sql(event, fields=[field]))


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0003_feed_sequenced")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="event",
                    name="match",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=models.deletion.PROTECT,
                        related_name="events",
                        to="matches.match",
                    ),
                )
            ],
            database_operations=[migrations.RunPython(drop_index, create_index)],
        )
    ]
