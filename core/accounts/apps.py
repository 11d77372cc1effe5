from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "core.accounts"
    label = "accounts"

    def ready(self) -> None:
        # Here, not at the top: it imports models (Django's app loading). Connects the
        # announcement that closes a revoked token's sockets (core/accounts/revocation.py).
        from core.accounts import revocation  # noqa: F401
