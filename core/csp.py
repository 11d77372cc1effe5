"""The Content-Security-Policy of every answer: no script but the site's own files, nothing
framed, nothing loaded from elsewhere.

The PWA (``pwa/``, built by Vite) needs only its own origin: its scripts, styles and icons, its
manifest and service worker, ``fetch`` to the API and its WebSockets (``'self'`` covers ``ws:``
and ``wss:`` of the same host, CSP Level 3), and ``data:`` images (icons inlined by the build).
Its styles are files too (each board's stylesheet is imported, never a ``<style>`` element; a
``style`` property set from script is CSSOM, which the policy does not govern). Only the HTML
pages Django renders from its packages' templates (the admin, the API documentation, the
browsable API) carry inline style blocks and attributes: they alone get ``'unsafe-inline'`` for
styles. Scripts never: no page runs an inline script (the documentation is drf-spectacular's
split view, whose start-up script is a file of its own).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

_DIRECTIVES = (
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
)
POLICY = "; ".join(_DIRECTIVES)
# The packages' own HTML pages (admin, API documentation, browsable API): inline styles allowed.
TEMPLATE_POLICY = "; ".join(
    "style-src 'self' 'unsafe-inline'" if d == "style-src 'self'" else d for d in _DIRECTIVES
)
TEMPLATE_PREFIXES = ("/admin/", "/api/", "/api-auth/")


class ContentSecurityPolicy:
    """Second in the chain (after the probes): every answer below it, the fast lane's too."""

    sync_capable = True
    async_capable = False

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy_for(
                request.path, response.get("Content-Type", "")
            )
        return response


def policy_for(path: str, content_type: str) -> str:
    """The strict policy, but for the packages' templated HTML pages under their prefixes."""
    if content_type.startswith("text/html") and path.startswith(TEMPLATE_PREFIXES):
        return TEMPLATE_POLICY
    return POLICY
