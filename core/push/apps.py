from django.apps import AppConfig
from django.conf import settings


class PushConfig(AppConfig):
    name = "core.push"
    label = "push"

    def ready(self) -> None:
        # A configured key that does not parse fails at start-up, not at the first push.
        if settings.PUSH_VAPID_PRIVATE_KEY:
            from core.push.vapid import vapid

            vapid()
