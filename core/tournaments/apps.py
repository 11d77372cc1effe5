from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "core.tournaments"
    label = "tournaments"

    def ready(self) -> None:
        # A finished match of a tournament moves the tournament on (core.matches.hooks).
        from core.matches import hooks
        from core.tournaments.services import tournament_match_ended

        hooks.register_match_ended(tournament_match_ended)
