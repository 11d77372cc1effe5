"""Who is on a socket: an API token in the subprotocol header, the session cookie, or (legacy)
an API token in the query string.

A browser cannot set headers on a WebSocket, but it can offer subprotocols, and those travel in
the ``Sec-WebSocket-Protocol`` header, not in the URL that access logs, proxies and the
browser's console show. A client offers two: ``ludoteka`` (the one the server picks, as the
protocol requires it to pick one the client offered, never the token) and
``ludoteka.token.<key>``. ``?token=<key>`` still works for older clients (see the README);
a socket opened with no credentials may send its token as its first frame (``auth``).

The middleware puts ``scope["user"]`` (``AnonymousUser`` when nobody), ``scope["auth"]``:
``"token"``, ``"session"``, a refusal (``"bad_token"``, ``"disabled"``, ``"foreign_origin"``),
or ``None`` when the socket brought no credentials, ``scope["ludoteka.token_id"]``, the id of
the ``ApiToken`` row the credentials stand on (the token's; a session's log-in row, when it has
one), and ``scope["ludoteka.subprotocol"]``, the subprotocol the consumer accepts with.
Consumers turn refusals into close codes, and join the group of that row: its revocation
closes them (``core/accounts/revocation.py``).

A browser sends its cookies with a WebSocket opened by any site, so a session cookie counts only
from an allowed origin (Channels' ``AllowedHostsOriginValidator`` rules, ``ALLOWED_HOSTS``). A
token is an explicit credential, so token sockets are accepted from any origin: native clients
and other front ends included.

A token is looked up as the REST API's are (``core.hotlane.tokens``): once per process every
``LUDOTEKA_TOKEN_CACHE_SECONDS``, then from the process's cache, on the event loop, with no
thread and no query. A client opening many sockets (a reconnect storm, or one opening hundreds)
then costs a handshake each, not a database round trip each.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qs, urlparse

from channels.security.websocket import AllowedHostsOriginValidator
from django.conf import settings
from django.contrib.auth import get_user
from django.contrib.auth.models import AnonymousUser
from django.http.cookie import parse_cookie

from core.accounts.models import ApiToken
from core.accounts.tokens import token_find
from core.hotlane.tokens import cached_credentials, token_cache
from realtime.reads import run_read

PROTOCOL = "ludoteka"
TOKEN_PROTOCOL = "ludoteka.token."  # + the key


def _user_for_session(session_key: str) -> Any:
    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    # Django's own checks (backend, hash); get_user reads nothing of a request but its session.
    return get_user(SimpleNamespace(session=store))  # type: ignore[arg-type]


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    headers: list[tuple[bytes, bytes]] = scope.get("headers", [])  # ASGI: raw name, value
    for key, value in headers:
        if key == name:
            return value.decode("latin1")
    return None


def origin_allowed(origin: str | None) -> bool:
    if origin is None:  # browsers always send Origin on a WebSocket: this is not one
        return True
    allowed: bool = AllowedHostsOriginValidator(None).valid_origin(urlparse(origin))
    return allowed  # (Channels is untyped)


def token_still_valid(key: str) -> bool:
    """Whether a socket's token still holds, as the REST API would answer now (this process's
    cache, else the database): a socket opened with a token revoked since may not act."""
    from rest_framework.exceptions import AuthenticationFailed

    from core.hotlane.tokens import CachedTokenAuthentication

    try:
        CachedTokenAuthentication().authenticate_credentials(key)
    except AuthenticationFailed:
        return False
    return True


def cached_token(key: Any) -> tuple[Any, int] | None:
    """The active user of ``key`` and its token's id if this process checked it lately (no
    query), else None."""
    if not isinstance(key, str) or not key:
        return None
    hit = cached_credentials(key)
    return None if hit is None else (hit[0], hit[1].pk)


def token_auth(key: Any) -> tuple[Any, str, int | None]:
    """Who ``key`` is: the user, how (``"token"`` or a refusal), and the token's id."""
    hit = cached_token(key)
    if hit is not None:
        return hit[0], "token", hit[1]
    token = token_find(key) if isinstance(key, str) else None
    if token is None:  # none, revoked or expired
        return AnonymousUser(), "bad_token", None
    if not token.user.is_active:
        return AnonymousUser(), "disabled", None
    if settings.LUDOTEKA_TOKEN_CACHE_SECONDS > 0:
        token_cache.put(token.digest, token.user, token)
    return token.user, "token", token.pk


def session_token_id(user_id: int, session_key: str) -> int | None:
    """The id of the log-in row of a session (``ApiToken.session_key``), if it has one: a
    session opened by ``POST /api/accounts/login`` or ``/register`` has."""
    token_id: int | None = (
        ApiToken.objects.filter(user_id=user_id, session_key=session_key)
        .values_list("pk", flat=True)
        .first()
    )
    return token_id


def token_alive(token_id: int) -> bool:
    """Whether the row ``token_id`` is still there (a socket that has just joined its group
    checks that it did not go a moment before)."""
    return ApiToken.objects.filter(pk=token_id).exists()


def offered_token(scope: dict[str, Any]) -> str | None:
    """The token the socket brought: its subprotocol, else the legacy ``?token=``."""
    offered: Sequence[str] = scope.get("subprotocols") or ()
    for protocol in offered:
        if protocol.startswith(TOKEN_PROTOCOL):
            return protocol.removeprefix(TOKEN_PROTOCOL)
    query: bytes = scope.get("query_string", b"")
    token = parse_qs(query.decode("latin1")).get("token")
    return token[0] if token else None


def authenticate(scope: dict[str, Any]) -> tuple[Any, str | None, int | None]:
    """The socket's user, how it authenticated (or why it is refused), and the id of the token
    row its credentials stand on (None: none)."""
    token = offered_token(scope)
    if token is not None:
        return token_auth(token)
    cookies = parse_cookie(_header(scope, b"cookie") or "")
    session_key = cookies.get(settings.SESSION_COOKIE_NAME)
    if session_key:
        user = _user_for_session(session_key)
        if user.is_authenticated:
            if not origin_allowed(_header(scope, b"origin")):
                return AnonymousUser(), "foreign_origin", None
            return user, "session", session_token_id(user.pk, session_key)
    return AnonymousUser(), None, None


class SocketAuthMiddleware:
    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket":
            hit = cached_token(offered_token(scope))
            found: tuple[Any, str | None, int | None] = (
                (hit[0], "token", hit[1])
                if hit is not None
                else await run_read(authenticate, scope)
            )
            user, how, token_id = found
            offered = scope.get("subprotocols") or ()
            scope = {
                **scope,
                "user": user,
                "auth": how,
                "ludoteka.token_id": token_id,
                "ludoteka.subprotocol": PROTOCOL if PROTOCOL in offered else None,
            }
            if how == "token":  # checked again before each write (token_still_valid)
                scope["token"] = offered_token(scope)
        return await self.inner(scope, receive, send)
