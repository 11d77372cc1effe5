"""The fast lane: a move (``POST /api/matches/<id>/commands``) and ``GET /api/matches/<id>/legal``
with an API token already checked by this process, answered without the rest of the chain.

Measured with bench/command_cpu.py, the middleware after this one (sessions, CSRF, messages,
axes, whitenoise, ...) and DRF's dispatch (request wrapping, content negotiation, authenticator
list, permission and throttle classes, finalize) cost a command about as much CPU as its own
service and database work. A phone's play is these two requests, over and over; nothing in them
needs a session, a CSRF check, a message or a static file.

The lane answers only what it can answer exactly as the full stack would, and hands the rest
on, untouched, to the full stack (``get_response``):

- the route resolves (this URL configuration) to ``MatchCommandApi`` (POST) or
  ``MatchLegalApi`` (GET), the Host is allowed, no HTTPS redirect is due;
- ``Authorization: Token <key>`` with a valid key (``CachedTokenAuthentication``: this
  process's cache, else the database): a bad key, a session cookie and no credentials at all
  take the full stack, which refuses or serves them as ever;
- ``Accept`` absent, ``*/*`` or ``application/json`` (DRF would pick JSON too); anything else
  may mean the browsable API, 406, ...;
- a POST whose body is ``application/json`` (UTF-8) and parses as DRF's parser would (strict:
  no NaN); a body DRF would refuse takes the full stack for its 400 or 415.

It then runs the view's permission and throttle classes (a throttled request is refused here
with DRF's 429, the throttle having counted it), the same view code (``apis.command_answer``,
``apis.legal_answer``), DRF's exception handler (``{code, message}``, 503 busy, never a bare
500), DRF's final headers (``Allow``, ``Vary: Accept``) and the response phase of the
middleware it skipped that touches such an answer (security headers, X-Frame-Options,
Content-Length). tests/core/api/test_fastlane.py compares the two lanes' answers.

It sits after ``core.ops.middleware.Ops`` (timing, probes) and ``core.api.guard.RequestGuard``
(the write budget, what was saved), which every request keeps.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.common import CommonMiddleware
from django.middleware.security import SecurityMiddleware
from django.urls import Resolver404, ResolverMatch, get_urlconf, resolve
from django.utils.cache import patch_vary_headers
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.response import Response
from rest_framework.utils.json import strict_constant
from rest_framework.views import set_rollback

from core import boundedjson
from core.accounts.auth import CachedTokenAuthentication, cached_credentials
from core.api.errors import exception_handler, service_down
from core.api.renderers import JSONRenderer
from core.matches import apis
from core.ops.logs import log_context_add

_PATH = re.compile(r"/api/matches/([0-9]+)/(commands|legal)\Z")
_METHOD = {"commands": "POST", "legal": "GET"}
_ACCEPTED = frozenset({"", "*/*", "application/json"})
_CHARSETS = frozenset({"utf-8", "utf8"})


def _unused(request: HttpRequest) -> HttpResponse:
    raise AssertionError("only the request and response hooks of these middleware are used")


def _token_user(request: HttpRequest) -> tuple[Any, Any] | None:
    """The user and token of a valid ``Authorization: Token <key>`` header, as
    ``CachedTokenAuthentication`` answers them (from this process's cache, else the database,
    which refills the cache), or None: no such header, or one the full stack is to refuse."""
    header = request.META.get("HTTP_AUTHORIZATION", "")
    if not isinstance(header, str):
        return None
    parts = header.split()
    if len(parts) != 2 or parts[0].lower() != "token":
        return None
    if settings.LUDOTEKA_TOKEN_CACHE_SECONDS <= 0:
        return None
    hit = cached_credentials(parts[1])
    if hit is not None:
        return hit
    # An entry gone stale (every 30 s for each player, in each server process): checked here
    # as the full stack would, so as not to send one request in ten down the long way.
    try:
        return CachedTokenAuthentication().authenticate_credentials(parts[1])
    except AuthenticationFailed:
        return None  # the full stack's 401
    except Exception as exc:
        # The database unreachable (a restart, a failover): the full stack checks the token
        # inside DRF, whose handler answers 503 ``busy``. Raised here, it was a bare 500
        # (bench/load's PostgreSQL crash).
        if service_down(exc):
            return None
        raise


def _json_body(request: HttpRequest) -> tuple[bool, Any]:
    """(True, data) for a body DRF's JSONParser reads as ``data``; (False, None) otherwise."""
    if request.content_type != "application/json":
        return False, None
    if request.content_params.get("charset", "utf-8").lower() not in _CHARSETS:
        return False, None
    if not request.META.get("CONTENT_LENGTH"):
        return False, None  # DRF's empty data, not a parse
    try:
        text = request.body.decode("utf-8")
        return True, boundedjson.loads(text, parse_constant=strict_constant)
    except Exception:  # malformed, too deep, not UTF-8, too large: the full stack's answer
        return False, None


class FastLane:
    sync_capable = True
    async_capable = False

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response
        self.security = SecurityMiddleware(_unused)
        self.common = CommonMiddleware(_unused)
        self.xframe = XFrameOptionsMiddleware(_unused)
        # Per URL configuration and route kind: what resolving these paths gives (or None).
        self.routes: dict[tuple[Any, str], ResolverMatch | None] = {}

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if settings.LUDOTEKA_FAST_LANE:
            found = _PATH.match(request.path_info)
            if found is not None and request.method == _METHOD[found[2]]:
                response = self.answer(request, int(found[1]), found[2])
                if response is not None:
                    return response
        return self.get_response(request)

    def route(self, kind: str) -> ResolverMatch | None:
        key = (get_urlconf() or settings.ROOT_URLCONF, kind)
        if key not in self.routes:
            try:
                match = resolve(f"/api/matches/1/{kind}")
            except Resolver404:
                match = None
            wanted = apis.MatchCommandApi if kind == "commands" else apis.MatchLegalApi
            if match is not None and getattr(match.func, "view_class", None) is not wanted:
                match = None
            self.routes[key] = match
        return self.routes[key]

    def answer(self, request: HttpRequest, match_id: int, kind: str) -> HttpResponseBase | None:
        """The lane's answer, or None: the full stack's to give."""
        route = self.route(kind)
        credentials = _token_user(request)
        if route is None or credentials is None:
            return None
        if request.META.get("HTTP_ACCEPT", "").strip() not in _ACCEPTED:
            return None
        try:
            request.get_host()
        except DisallowedHost:
            return None
        if self.security.process_request(request) is not None:
            return None  # an HTTPS redirect
        data = None
        if kind == "commands":
            parsed, data = _json_body(request)
            if not parsed:
                return None
        view = route.func.view_class()  # type: ignore[attr-defined]
        view.setup(request, match_id=match_id)
        request.user, request.auth = credentials  # type: ignore[attr-defined]
        if not all(p.has_permission(request, view) for p in view.get_permissions()):
            return None  # the full stack's refusal
        request.resolver_match = ResolverMatch(
            route.func,
            (),
            {"match_id": match_id},
            url_name=route.url_name,
            app_names=route.app_names,
            namespaces=route.namespaces,
            route=route.route,
            captured_kwargs={"match_id": match_id},
        )
        log_context_add(match_id=match_id)  # as Ops.process_view does
        view.format_kwarg = None
        response: HttpResponseBase
        try:
            waits = [t.wait() for t in view.get_throttles() if not t.allow_request(request, view)]
            if waits:
                view.throttled(request, max((w for w in waits if w is not None), default=None))
            if kind == "commands":
                response = apis.command_answer(user=request.user, match_id=match_id, data=data)
            else:
                response = apis.legal_answer(request, user=request.user, match_id=match_id)
        except Exception as exc:
            response = exception_handler(exc, {"view": view, "request": request})
            response.exception = True
            set_rollback()
        return self.finish(request, view, response)

    def finish(self, request: HttpRequest, view: Any, response: HttpResponseBase) -> Any:
        """DRF's ``finalize_response`` and rendering, then the skipped middleware's response
        hooks in the chain's order (innermost first)."""
        headers = dict(view.default_response_headers)
        if isinstance(response, Response):
            response.accepted_renderer = JSONRenderer()
            response.accepted_media_type = "application/json"
            response.renderer_context = {
                "view": view,
                "args": (),
                "kwargs": view.kwargs,
                "request": request,
            }
        vary = headers.pop("Vary", None)
        if vary is not None:
            patch_vary_headers(response, [v.strip() for v in vary.split(",")])
        for key, value in headers.items():
            response[key] = value
        if isinstance(response, Response):
            response.render()
        response = self.xframe.process_response(request, response)
        response = self.common.process_response(request, response)
        return self.security.process_response(request, response)
