"""Who is on a socket: an API token in the query string, or the session cookie.

The middleware puts ``scope["user"]`` (``AnonymousUser`` when nobody) and ``scope["auth"]``:
``"token"``, ``"session"``, a refusal (``"bad_token"``, ``"disabled"``, ``"foreign_origin"``), or
``None`` when the socket brought no credentials (it may still send a token as its first
message). Consumers turn refusals into close codes.

A browser sends its cookies with a WebSocket opened by any site, so a session cookie counts only
from an allowed origin (Channels' ``AllowedHostsOriginValidator`` rules, ``ALLOWED_HOSTS``). A
token is an explicit credential, so token sockets are accepted from any origin: native clients
and other front ends included.
"""

from __future__ import annotations

from importlib import import_module
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qs, urlparse

from channels.security.websocket import AllowedHostsOriginValidator
from django.conf import settings
from django.contrib.auth import get_user
from django.contrib.auth.models import AnonymousUser
from django.http.cookie import parse_cookie

from realtime.reads import run_read


def user_for_token(key: Any) -> Any | None:
    """The user holding API token ``key`` (active or not), or None: none, revoked or expired."""
    from core.accounts.tokens import token_find

    token = token_find(key)
    return None if token is None else token.user


def _user_for_session(session_key: str) -> Any:
    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    return get_user(SimpleNamespace(session=store))  # Django's own checks: backend, hash


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin1")
    return None


def origin_allowed(origin: str | None) -> bool:
    if origin is None:  # browsers always send Origin on a WebSocket: this is not one
        return True
    return AllowedHostsOriginValidator(None).valid_origin(urlparse(origin))


def token_still_valid(key: str) -> bool:
    """Whether a socket's token still holds, as the REST API would answer now (this process's
    cache, else the database): a socket opened with a token revoked since may not act."""
    from rest_framework.exceptions import AuthenticationFailed

    from core.accounts.auth import CachedTokenAuthentication

    try:
        CachedTokenAuthentication().authenticate_credentials(key)
    except AuthenticationFailed:
        return False
    return True


def token_auth(key: Any) -> tuple[Any, str]:
    user = user_for_token(key)
    if user is None:
        return AnonymousUser(), "bad_token"
    if not user.is_active:
        return AnonymousUser(), "disabled"
    return user, "token"


def authenticate(scope: dict[str, Any]) -> tuple[Any, str | None]:
    token = parse_qs(scope.get("query_string", b"").decode("latin1")).get("token")
    if token:
        return token_auth(token[0])
    cookies = parse_cookie(_header(scope, b"cookie") or "")
    session_key = cookies.get(settings.SESSION_COOKIE_NAME)
    if session_key:
        user = _user_for_session(session_key)
        if user.is_authenticated:
            if not origin_allowed(_header(scope, b"origin")):
                return AnonymousUser(), "foreign_origin"
            return user, "session"
    return AnonymousUser(), None


class SocketAuthMiddleware:
    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket":
            user, how = await run_read(authenticate, scope)
            scope = {**scope, "user": user, "auth": how}
            if how == "token":  # checked again before each write (token_still_valid)
                query = parse_qs(scope.get("query_string", b"").decode("latin1"))
                scope["token"] = query["token"][0]
        return await self.inner(scope, receive, send)
