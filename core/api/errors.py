"""One error shape for the whole API: ``{"code": ..., "message": ..., **extra}``.

Services raise ``ApiError`` (status, machine-readable code, one human sentence). DRF's own
exceptions (validation, auth, throttling, 404) are reshaped here, and anything unexpected is
logged and answered as a 500 in the same shape; it never leaks a traceback.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404
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


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    headers: dict[str, str] = {}
    if isinstance(exc, ApiError):
        return Response(exc.body(), status=exc.status_code)
    if isinstance(exc, Http404):
        return Response({"code": "not_found", "message": "There is nothing here."}, status=404)
    if isinstance(exc, PermissionDenied):
        return Response({"code": "forbidden", "message": "You may not do that."}, status=403)
    if isinstance(exc, exceptions.Throttled):
        wait = int(exc.wait or 1)
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
    return Response(
        {"code": "server_error", "message": "Something went wrong on our side; nothing was saved."},
        status=status.HTTP_500_INTERNAL_SERVER_ERROR,
    )
