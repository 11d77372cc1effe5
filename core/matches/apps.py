from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "core.matches"
    label = "matches"
