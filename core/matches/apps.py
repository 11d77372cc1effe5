from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "core.matches"
    label = "matches"

    def ready(self) -> None:
        # The Celery tasks, registered for the code that schedules them by name
        # (``scheduling.task_named``). Here, not at the top: they import models (app loading).
        from core.eventstore import streams
        from core.matches import tasks  # noqa: F401
        from core.matches.models import Match

        # A match heads the event stream ("match", its id): its version and head_hash.
        streams.register("match", Match)
