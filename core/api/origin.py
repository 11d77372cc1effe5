"""Writes that a foreign page must not make in a visitor's browser.

Session-authenticated writes carry Django's CSRF token (DRF's ``SessionAuthentication`` checks
it). Log-in and registration come before any session: a foreign page could still make a browser
log in to the attacker's account ("login CSRF"). Browsers send ``Origin`` with every such POST,
so it must be this site (``ALLOWED_HOSTS``, or ``CSRF_TRUSTED_ORIGINS`` for a front end served
elsewhere). A request without ``Origin`` is not from a browser page (curl, a native app, a
server) and carries no visitor's cookies to abuse.
"""

from __future__ import annotations

from typing import Any

from django.middleware.csrf import CsrfViewMiddleware

from core.api.errors import ApiError


def origin_allowed(request: Any) -> bool:
    django_request = getattr(request, "_request", request)
    if "HTTP_ORIGIN" not in django_request.META:
        return True
    checker = CsrfViewMiddleware(lambda r: None)  # type: ignore[arg-type]
    return bool(checker._origin_verified(django_request))  # type: ignore[attr-defined]


def check_origin(request: Any) -> None:
    if not origin_allowed(request):
        raise ApiError(403, "foreign_origin", "Log in and register only from this site's pages.")
