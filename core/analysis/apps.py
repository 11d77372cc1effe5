from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    name = "core.analysis"
    label = "analysis"

    def ready(self) -> None:
        # Here, not at the top: services and tasks import models (Django's app loading).
        from core.analysis import tasks  # noqa: F401  # registered for scheduling.task_named
        from core.analysis.services import analysis_match_ended
        from core.matches import hooks

        # A finished match is analysed at low priority (core.matches.hooks).
        hooks.register_match_ended(analysis_match_ended)
