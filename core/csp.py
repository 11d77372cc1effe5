"""The Content-Security-Policy of every answer: no script but the site's own files, nothing
framed, nothing loaded from elsewhere.

The PWA (``pwa/``, built by Vite) needs only its own origin: its scripts, styles and icons, its
manifest and service worker, ``fetch`` to the API and its WebSockets (``'self'`` covers ``ws:``
and ``wss:`` of the same host, CSP Level 3), and ``data:`` images (icons inlined by the build).
It sets styles through the DOM (Preact's ``style`` props), which ``style-src`` does not govern.
The pages Django renders itself (the admin, the API documentation, the browsable API) keep
inline ``style`` attributes and blocks of their packages' templates: ``'unsafe-inline'`` for
styles there only, never for scripts (the documentation is drf-spectacular's split view, whose
start-up script is a file of its own).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

_DIRECTIVES = (
    "default-src 'self'",
    "script-src 'self'",
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
POLICY = "; ".join((*_DIRECTIVES, "style-src 'self'"))
TEMPLATE_PAGES_POLICY = "; ".join((*_DIRECTIVES, "style-src 'self' 'unsafe-inline'"))
_TEMPLATE_PAGES = ("/admin/", "/api/docs/", "/api-auth/")


def policy_for(request: HttpRequest, response: HttpResponse) -> str:
    path = request.path_info
    html = response.get("Content-Type", "").startswith("text/html")
    if path.startswith(_TEMPLATE_PAGES) or (html and path.startswith("/api/")):
        return TEMPLATE_PAGES_POLICY
    return POLICY


class ContentSecurityPolicy:
    """Second in the chain (after the probes): every answer below it, the fast lane's too."""

    sync_capable = True
    async_capable = False

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy_for(request, response)
        return response
