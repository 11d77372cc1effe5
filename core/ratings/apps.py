from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "core.ratings"
    label = "ratings"
