"""The lane: a request for a view that opts in (``hot_lane = True`` on its DRF view class; today
``POST /api/matches/<id>/commands`` and ``GET /api/matches/<id>/legal``), with an API token
already checked by this process, answered without the rest of the middleware and DRF's dispatch.

The middleware after this one (sessions, CSRF, messages, axes, whitenoise, ...) and DRF's
dispatch (request wrapping, content negotiation, authenticator list, finalize) cost such a
request about as much CPU as its own service and database work (the package's docstring has
the figures). A phone's play is these two requests, over and over; nothing in them needs a
session, a CSRF check, a message or a static file.

The lane answers only what it can answer exactly as the full stack would, and hands the rest
on, untouched, to the full stack (``get_response``):

- a GET or POST whose path resolves (this URL configuration) to a view with ``hot_lane = True``
  and a handler for the method; the Host is allowed, no HTTPS redirect is due;
- ``Authorization: Token <key>`` with a valid key (``tokens.CachedTokenAuthentication``: this
  process's cache, else the database): a bad key, a session cookie and no credentials at all
  take the full stack, which refuses or serves them as ever;
- ``Accept`` absent, ``*/*`` or ``application/json`` (DRF would pick JSON too); anything else
  may mean the browsable API, 406, ...;
- a POST whose body is ``application/json`` (UTF-8) and parses as DRF's parser would (strict:
  no NaN); a body DRF would refuse takes the full stack for its 400 or 415;
- the view's permission classes grant it (a refusal is the full stack's to word).

It then runs the view's throttle classes (a throttled request is refused here with DRF's 429,
the throttle having counted it), the view's own handler on the plain request (with ``user``,
``auth`` and, for a POST, ``data`` set as DRF's request has them: a view opting in reads
nothing else of DRF's request), DRF's exception handler (``{code, message}``, 503 busy, never a
bare 500), DRF's final headers (``Allow``, ``Vary: Accept``) and the response phase of the
middleware it skipped that touches such an answer (security headers, X-Frame-Options,
Content-Length). tests/core/hotlane/ sends the same requests both ways.

It sits after ``core.ops.middleware.Ops`` (timing, probes), the content security policy and
``core.api.guard.RequestGuard`` (the write budget, what was saved), which every request keeps.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, cast

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.core.signals import setting_changed
from django.dispatch import receiver
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
from core.api.errors import exception_handler, service_down
from core.api.renderers import JSONRenderer
from core.hotlane.tokens import CachedTokenAuthentication, cached_credentials
from core.ops.logs import log_context_add

_METHODS = frozenset({"GET", "POST"})
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
    if (request.content_params or {}).get("charset", "utf-8").lower() not in _CHARSETS:
        return False, None
    if not request.META.get("CONTENT_LENGTH"):
        return False, None  # DRF's empty data, not a parse
    try:
        text = request.body.decode("utf-8")
        return True, boundedjson.loads(text, parse_constant=strict_constant)
    except Exception:  # malformed, too deep, not UTF-8, too large: the full stack's answer
        return False, None


def _route(request: HttpRequest) -> ResolverMatch | None:
    """The path's route if its view opted in and handles the method, else None."""
    return _route_of(request.path_info, request.method or "", get_urlconf())


@functools.lru_cache(maxsize=4096)
def _route_of(path: str, method: str, urlconf: Any) -> ResolverMatch | None:
    """``_route``, kept per path, method and URL configuration: resolving walked the whole
    URL configuration (some 80 patterns, a regular expression each) on every request, about
    a tenth of a ``GET .../legal``'s CPU (bench/README.md, fifth pass). The answer depends on
    nothing else; the ``ResolverMatch`` is only read (its ``kwargs`` are copied into each
    call). The most recent 4,096 paths (a few hundred matches' two hot paths) are kept."""
    try:
        match = resolve(path, urlconf)
    except Resolver404:
        return None
    view_class = getattr(match.func, "view_class", None)
    if not getattr(view_class, "hot_lane", False):
        return None
    if not hasattr(view_class, method.lower()):
        return None
    return match


_VIEW_HEADERS: dict[type, tuple[list[str] | None, tuple[tuple[str, str], ...]]] = {}


def _view_headers(view: Any) -> tuple[list[str] | None, tuple[tuple[str, str], ...]]:
    """DRF's ``default_response_headers`` of a set-up view (``setup`` adds its ``head``),
    split once per view class: the ``Vary`` values and the other headers. They follow from
    the class alone (its handlers, its renderers)."""
    split = _VIEW_HEADERS.get(type(view))
    if split is None:
        headers = dict(view.default_response_headers)
        vary = headers.pop("Vary", None)
        varies = None if vary is None else [v.strip() for v in vary.split(",")]
        split = _VIEW_HEADERS[type(view)] = (varies, tuple(headers.items()))
    return split


def _let_go(response: Response, view: Any) -> None:
    """Break the request's reference cycles once its answer is rendered, so that reference
    counting frees the request, its view and its answer at once. DRF's rendering puts the
    answer in its own context (``context['response'] = self``) beside the view and the
    request, and Django's ``View.setup`` keeps ``view.head = view.get``, a bound method of the
    view on itself: each hot request left some 30 objects (its body's buffer, the request,
    the view, the answer) to the garbage collector, which ran the more often for them and
    promoted the survivors to its older generations, whose full passes stop the process for
    tens of milliseconds (bench/README.md, sixth pass)."""
    response.renderer_context = None  # type: ignore[attr-defined]  # absent from DRF's stubs
    view.__dict__.clear()


@receiver(setting_changed)
def _urls_changed(*, setting: str, **_: Any) -> None:
    if setting == "ROOT_URLCONF":
        _route_of.cache_clear()


class FastLane:
    sync_capable = True
    async_capable = False

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response
        self.security = SecurityMiddleware(_unused)
        self.common = CommonMiddleware(_unused)
        self.xframe = XFrameOptionsMiddleware(_unused)

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if (
            settings.LUDOTEKA_FAST_LANE
            and request.method in _METHODS
            and "HTTP_AUTHORIZATION" in request.META
        ):
            response = self.answer(request)
            if response is not None:
                return response
        return self.get_response(request)

    def answer(self, request: HttpRequest) -> HttpResponseBase | None:
        """The lane's answer, or None: the full stack's to give."""
        route = _route(request)
        if route is None:
            return None
        credentials = _token_user(request)
        if credentials is None:
            return None
        if request.META.get("HTTP_ACCEPT", "").strip() not in _ACCEPTED:
            return None
        try:
            request.get_host()
        except DisallowedHost:
            return None
        if self.security.process_request(request) is not None:
            return None  # an HTTPS redirect
        if request.method == "POST":
            parsed, data = _json_body(request)
            if not parsed:
                return None
            request.data = data  # type: ignore[attr-defined]
        view = route.func.view_class()  # type: ignore[attr-defined]
        view.setup(request, *route.args, **route.kwargs)
        request.user, request.auth = credentials  # type: ignore[attr-defined]
        if not all(p.has_permission(request, view) for p in view.get_permissions()):
            return None  # the full stack's refusal
        request.resolver_match = route
        if "match_id" in route.kwargs:
            log_context_add(match_id=route.kwargs["match_id"])  # as Ops.process_view does
        view.format_kwarg = None
        handler = getattr(view, request.method.lower())  # type: ignore[union-attr]
        response: HttpResponseBase
        try:
            waits = [t.wait() for t in view.get_throttles() if not t.allow_request(request, view)]
            if waits:
                view.throttled(request, max((w for w in waits if w is not None), default=None))
            response = handler(request, *route.args, **route.kwargs)
        except Exception as exc:
            response = exception_handler(exc, {"view": view, "request": request})
            response.exception = True
            set_rollback()
        return self.finish(request, view, response)

    def finish(
        self, request: HttpRequest, view: Any, response: HttpResponseBase
    ) -> HttpResponseBase:
        """DRF's ``finalize_response`` and rendering, then the skipped middleware's response
        hooks in the chain's order (innermost first)."""
        varies, headers = _view_headers(view)
        if isinstance(response, Response):
            response.accepted_renderer = JSONRenderer()
            response.accepted_media_type = "application/json"
            response.renderer_context = {  # type: ignore[attr-defined]  # absent from DRF's stubs
                "view": view,
                "args": (),
                "kwargs": view.kwargs,
                "request": request,
            }
        if varies is not None:
            patch_vary_headers(response, varies)
        for key, value in headers:
            response[key] = value
        if isinstance(response, Response):
            response.render()
            _let_go(response, view)
        # Django's stubs type these hooks for HttpResponse; they only read and set headers.
        response = self.xframe.process_response(request, cast(HttpResponse, response))
        response = self.common.process_response(request, response)
        return self.security.process_response(request, cast(HttpResponse, response))
