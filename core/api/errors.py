"""One error shape for the whole API: ``{"code": ..., "message": ..., **extra}``.

Services raise ``ApiError`` (status, machine-readable code, one human sentence). DRF's own
exceptions (validation, auth, throttling, 404) are reshaped here, a lock wait that ran out is a
503 ``busy`` with ``Retry-After``, a body over the limit a 413, and anything unexpected is logged
once and answered as a 500 in the same shape; it never leaks a traceback. A 5xx says "nothing
was saved" only when the request's writes were all rolled back (``core.api.guard``).
"""

from __future__ import annotations

import logging
from typing import Any

import redis
from axes.helpers import get_cool_off
from django.conf import settings
from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpResponse, JsonResponse
from psycopg import errors as pg_errors
from psycopg_pool import PoolTimeout
from rest_framework import exceptions, status
from rest_framework.response import Response

log = logging.getLogger(__name__)


class ApiError(Exception):
    def __init__(self, status_code: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.code = code
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **self.extra}


RETRY_AFTER = 2  # seconds: long enough for a burst of writes to drain


def busy(message: str = "The server is busy; nothing was saved.") -> ApiError:
    """503 ``busy`` with ``retry_after``: the server gave up before anything was saved (its
    write budget spent, a lock wait or a service ran out), so a retry with the same
    ``command_id`` is safe (``core.api.guard``)."""
    return ApiError(
        503,
        "busy",
        f"{message} Try again in {RETRY_AFTER} seconds (a command with the same command_id).",
        retry_after=RETRY_AFTER,
    )


_DRF_CODES = {
    exceptions.NotAuthenticated: ("not_authenticated", "Log in first (session or API token)."),
    exceptions.AuthenticationFailed: ("bad_credentials", "The credentials are not valid."),
    exceptions.PermissionDenied: ("forbidden", "You may not do that."),
    exceptions.NotFound: ("not_found", "There is nothing here."),
    exceptions.MethodNotAllowed: ("method_not_allowed", "This method is not allowed here."),
    exceptions.NotAcceptable: ("not_acceptable", "That response format is not available."),
    exceptions.UnsupportedMediaType: ("unsupported_media_type", "Send JSON."),
    exceptions.ParseError: ("malformed_json", "The request body is not valid JSON."),
}


def _first_error(detail: Any, path: str = "") -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            where = key if key != "non_field_errors" else ""
            return _first_error(value, f"{path}.{where}" if path and where else where or path)
    if isinstance(detail, list) and detail:
        return _first_error(detail[0], path)
    text = str(detail)
    return f"{path}: {text}" if path else text


def lock_wait_ran_out(exc: BaseException) -> bool:
    """A database error meaning "waited too long for a lock or a connection": SQLite's busy
    timeout, PostgreSQL's ``lock_timeout``, or the connection pool's timeout."""
    if not isinstance(exc, OperationalError):
        return False
    text = str(exc).lower()
    if "database is locked" in text or "database table is locked" in text:
        return True
    cause = exc.__cause__
    return isinstance(cause, pg_errors.LockNotAvailable | PoolTimeout)


def service_down(exc: BaseException) -> bool:
    """The database or Redis could not be reached or dropped the connection (a restart, a
    failover): transient, so a 503 to retry, not a 500 (bench/load: the fault tests)."""
    if isinstance(exc, OperationalError | InterfaceError):
        return True  # PostgreSQL: connection lost, server shutting down, deadlock, serialization
    return isinstance(exc, redis.exceptions.ConnectionError | redis.exceptions.TimeoutError)


def saved_by(request: Any) -> bool | None:
    """Whether ``request`` has committed a write (None: not known)."""
    state = getattr(getattr(request, "_request", request), "ludoteka", None)
    return None if state is None else bool(state.saved)


def server_error_body(request: Any) -> dict[str, Any]:
    saved = saved_by(request)
    if saved is None:
        message = "Something went wrong on our side."
    elif saved:
        message = (
            "Something went wrong on our side after your request was saved; "
            "reload to see where things stand."
        )
    else:
        message = "Something went wrong on our side; nothing was saved."
    body: dict[str, Any] = {"code": "server_error", "message": message}
    if saved is not None:
        body["saved"] = saved
    return body


def _busy_response(request: Any, err: ApiError) -> Response:
    body = err.body()
    if saved_by(request):
        body["message"] = (
            "The server is busy; part of your request was saved before it gave up. Reload, "
            "then try again."
        )
    wait = int(body.get("retry_after", 1))
    response = Response(body, status=503, headers={"Retry-After": str(wait)})
    # Load, not a bug: a warning (where it arose), not Django's error line for every 5xx.
    response._has_been_logged = True  # type: ignore[attr-defined]
    return response


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    headers: dict[str, str] = {}
    request = context.get("request")
    if isinstance(exc, ApiError):
        if exc.status_code == 503:
            log.warning("busy: %s", exc.message)
            return _busy_response(request, exc)
        return Response(exc.body(), status=exc.status_code)
    if lock_wait_ran_out(exc):
        log.warning("lock wait ran out: %s", exc)
        return _busy_response(request, busy())
    if service_down(exc):
        log.warning("service unavailable: %s: %s", type(exc).__name__, exc)
        return _busy_response(
            request, busy("A service the server needs is unavailable; nothing was saved.")
        )
    if isinstance(exc, SuspiciousOperation) and not isinstance(exc, RequestDataTooBig):
        return Response({"code": "bad_request", "message": "The request is malformed."}, status=400)
    if isinstance(exc, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return Response(
            {
                "code": "payload_too_large",
                "message": f"The request body is larger than {limit} bytes.",
            },
            status=413,
        )
    if isinstance(exc, Http404):
        return Response({"code": "not_found", "message": "There is nothing here."}, status=404)
    if isinstance(exc, PermissionDenied):
        return Response({"code": "forbidden", "message": "You may not do that."}, status=403)
    if isinstance(exc, exceptions.Throttled):
        wait = int(exc.wait or 1)  # type: ignore[attr-defined]  # set by Throttled.__init__; not in the stubs
        headers["Retry-After"] = str(wait)
        body = {
            "code": "rate_limited",
            "message": f"Too many requests; try again in {wait} seconds.",
            "retry_after": wait,
        }
        return Response(body, status=429, headers=headers)
    if isinstance(exc, exceptions.ValidationError):
        body = {
            "code": "invalid_input",
            "message": _first_error(exc.detail) or "The input is not valid.",
            "fields": exc.detail,
        }
        return Response(body, status=400)
    if isinstance(exc, exceptions.APIException):
        code, message = next(
            ((c, m) for cls, (c, m) in _DRF_CODES.items() if isinstance(exc, cls)),
            (str(exc.default_code), str(exc.detail)),
        )
        if isinstance(exc, exceptions.NotFound | exceptions.ParseError) and exc.detail:
            message = str(exc.detail) if "not found" not in str(exc.detail).lower() else message
        auth_header = getattr(exc, "auth_header", None)
        if auth_header:
            headers["WWW-Authenticate"] = auth_header
        return Response({"code": code, "message": message}, status=exc.status_code, headers=headers)
    log.exception("unhandled API error", exc_info=exc)
    response = Response(server_error_body(request), status=status.HTTP_500_INTERNAL_SERVER_ERROR)
    response._has_been_logged = True  # type: ignore[attr-defined]  # once, with the traceback
    return response


def lockout_response(request: Any, original_response: Any = None, credentials: Any = None) -> Any:
    """django-axes' answer for a locked-out log-in (``AXES_LOCKOUT_CALLABLE``): the API's own
    429 (LoginApi made it, with ``Retry-After``) for the API, a plain page elsewhere (admin)."""
    cool_off = get_cool_off(request)
    wait = int(cool_off.total_seconds()) if cool_off else 900
    if request.path.startswith("/api/"):
        if isinstance(original_response, HttpResponse) and original_response.status_code == 429:
            return original_response
        body = {
            "code": "rate_limited",
            "message": f"Too many failed log-ins; try again in {wait} seconds.",
            "retry_after": wait,
        }
        return JsonResponse(body, status=429, headers={"Retry-After": str(wait)})
    text = f"Too many failed log-ins; try again in {wait // 60 or 1} minutes."
    return HttpResponse(
        text, status=429, content_type="text/plain", headers={"Retry-After": str(wait)}
    )
