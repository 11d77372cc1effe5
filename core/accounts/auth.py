"""API token authentication with the token → user lookup kept in the process for a while.

DRF's ``TokenAuthentication`` reads the token and its user from the database on every request:
on a command that is a round trip and an ORM query of its own (about a fifth of a command's
cost, measured). Here a token found valid is trusted for ``LUDOTEKA_TOKEN_CACHE_SECONDS`` (30 s)
in this process. Deleting a token, or saving its user (deactivation, a profile change), drops
the entries of this process at once; another server process notices when its entry expires,
so a revoked token or a deactivated account keeps working there for at most that long.
"""

from __future__ import annotations

import threading
from time import monotonic
from typing import Any

from django.conf import settings
from django.db.models.signals import post_delete, post_save
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

MAX_ENTRIES = 20_000


class _TokenCache:
    def __init__(self) -> None:
        self._items: dict[str, tuple[float, Any, Any]] = {}
        self._lock = threading.Lock()

    def get(self, key: str) -> tuple[Any, Any] | None:
        item = self._items.get(key)
        if item is None or item[0] < monotonic():
            return None
        return item[1], item[2]

    def put(self, key: str, user: Any, token: Any) -> None:
        ttl = float(getattr(settings, "LUDOTEKA_TOKEN_CACHE_SECONDS", 30.0))
        with self._lock:
            if len(self._items) >= MAX_ENTRIES:
                self._items.clear()  # rare: refilled one lookup per active token
            self._items[key] = (monotonic() + ttl, user, token)

    def drop_user(self, user_id: Any) -> None:
        with self._lock:
            for key in [k for k, v in self._items.items() if v[1].pk == user_id]:
                del self._items[key]

    def drop(self, key: str) -> None:
        with self._lock:
            self._items.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


token_cache = _TokenCache()


class CachedTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``, as DRF's, with the lookup cached (see the module)."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        if settings.LUDOTEKA_TOKEN_CACHE_SECONDS <= 0:
            return super().authenticate_credentials(key)
        hit = token_cache.get(key)
        if hit is not None:
            return hit
        user, token = super().authenticate_credentials(key)  # refuses unknown and inactive
        token_cache.put(key, user, token)
        return user, token


def _token_deleted(sender: Any, instance: Token, **kwargs: Any) -> None:
    token_cache.drop(instance.key)


def _user_saved(sender: Any, instance: Any, **kwargs: Any) -> None:
    token_cache.drop_user(instance.pk)


post_delete.connect(_token_deleted, sender=Token, dispatch_uid="ludoteka-token-cache-drop")
post_save.connect(
    _user_saved, sender=settings.AUTH_USER_MODEL, dispatch_uid="ludoteka-token-cache-user"
)
