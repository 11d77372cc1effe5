from django.apps import AppConfig


class EventstoreConfig(AppConfig):
    name = "core.eventstore"
    label = "eventstore"
