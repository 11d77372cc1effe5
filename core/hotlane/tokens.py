"""API token authentication with the token → user lookup kept in the process for a while.

DRF's ``TokenAuthentication`` reads the token and its user from the database on every request:
on a command that is a round trip and an ORM query of its own (about a fifth of a command's
cost, measured). Here a token found valid (``core/accounts/tokens.py``) is trusted for
``LUDOTEKA_TOKEN_CACHE_SECONDS`` (30 s) in this process, keyed by the key's digest.

Revoking a token (log-out, "log out other devices", a password change or reset, deleting the
account) deletes its row, and saving its user (deactivation, a profile change) touches the
user: either drops the entries of this process at once. Another server process notices when
its entry expires, so there a revoked token or a deactivated account keeps working for at
most ``LUDOTEKA_TOKEN_CACHE_SECONDS`` (tests/core/accounts/test_tokens.py measures both).
"""

from __future__ import annotations

import threading
from time import monotonic
from typing import Any

from django.conf import settings
from django.db.models.signals import post_delete, post_save
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from core.accounts.models import ApiToken
from core.accounts.tokens import token_digest, token_find

MAX_ENTRIES = 20_000


class _TokenCache:
    def __init__(self) -> None:
        self._items: dict[str, tuple[float, Any, Any]] = {}
        self._lock = threading.Lock()

    def get(self, digest: str) -> tuple[Any, Any] | None:
        item = self._items.get(digest)
        if item is None or item[0] < monotonic():
            return None
        return item[1], item[2]

    def put(self, digest: str, user: Any, token: Any) -> None:
        ttl = float(getattr(settings, "LUDOTEKA_TOKEN_CACHE_SECONDS", 30.0))
        with self._lock:
            if len(self._items) >= MAX_ENTRIES:
                self._items.clear()  # rare: refilled one lookup per active token
            self._items[digest] = (monotonic() + ttl, user, token)

    def drop_user(self, user_id: Any) -> None:
        with self._lock:
            for key in [k for k, v in self._items.items() if v[1].pk == user_id]:
                del self._items[key]

    def drop(self, digest: str) -> None:
        with self._lock:
            self._items.pop(digest, None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


token_cache = _TokenCache()


def cached_credentials(key: str) -> tuple[Any, Any] | None:
    """This process's entry for token ``key``, if it holds a live one (the fast lane's look)."""
    if settings.LUDOTEKA_TOKEN_CACHE_SECONDS <= 0:
        return None
    return token_cache.get(token_digest(key))


class CachedTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``, as DRF's, on ``ApiToken`` and with the lookup cached
    (see the module). ``request.auth`` is the ``ApiToken``."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        hit = cached_credentials(key)
        if hit is not None:
            return hit
        token = token_find(key)
        if token is None:
            raise AuthenticationFailed("Invalid token.")
        if not token.user.is_active:
            raise AuthenticationFailed("User inactive or deleted.")
        if settings.LUDOTEKA_TOKEN_CACHE_SECONDS > 0:
            token_cache.put(token.digest, token.user, token)
        return token.user, token


def _token_deleted(sender: Any, instance: ApiToken, **kwargs: Any) -> None:
    token_cache.drop(instance.digest)


def _user_saved(sender: Any, instance: Any, **kwargs: Any) -> None:
    token_cache.drop_user(instance.pk)


post_delete.connect(_token_deleted, sender=ApiToken, dispatch_uid="ludoteka-token-cache-drop")
post_save.connect(
    _user_saved, sender=settings.AUTH_USER_MODEL, dispatch_uid="ludoteka-token-cache-user"
)
