from django.apps import AppConfig


class AdminInspectConfig(AppConfig):
    name = "core.admin_inspect"
    label = "admin_inspect"
    verbose_name = "Match inspection"
    default_auto_field = "django.db.models.BigAutoField"
