from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "core.matches"
    label = "matches"

    def ready(self) -> None:
        # The Celery tasks, registered for the code that schedules them by name
        # (``scheduling.task_named``). Here, not at the top: they import models (app loading).
        from core.matches import tasks  # noqa: F401
