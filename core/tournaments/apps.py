from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "core.tournaments"
    label = "tournaments"

    def ready(self) -> None:
        # Here, not at the top: services and tasks import models (Django's app loading).
        from core.eventstore import streams
        from core.matches import hooks
        from core.tournaments import tasks  # noqa: F401  # registered for scheduling.task_named
        from core.tournaments.models import STREAM_KIND, Tournament
        from core.tournaments.services import tournament_match_ended

        # A tournament heads the event stream (STREAM_KIND, its id).
        streams.register(STREAM_KIND, Tournament)

        # A finished match of a tournament moves the tournament on (core.matches.hooks).
        hooks.register_match_ended(tournament_match_ended)
