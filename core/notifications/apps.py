from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "core.notifications"
    label = "notifications"

    def ready(self) -> None:
        # The Celery tasks, registered for the code that schedules them by name
        # (``core.matches.scheduling.task_named``). Here, not at the top: they import models.
        from core.notifications import tasks  # noqa: F401
