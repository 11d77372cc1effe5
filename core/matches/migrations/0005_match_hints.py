from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("matches", "0004_visibility_autostart")]

    operations = [
        migrations.AddField(
            model_name="match",
            name="hints",
            field=models.BooleanField(default=False),
        ),
    ]
