"""The site's front door: the installable front end when it is built, else a pointer to the API."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.http import FileResponse, HttpRequest, HttpResponse, JsonResponse

from core.api.errors import server_error_body

PWA_INDEX = settings.BASE_DIR / "pwa" / "dist" / "index.html"


def home(request: HttpRequest) -> HttpResponse | FileResponse:
    """The app shell for ``/`` and every client-side route (``/matches/42``, ``/settings``...):
    the PWA's router draws the screen. Never cached, so a new build shows on the next visit."""
    if request.method not in ("GET", "HEAD"):
        return HttpResponse(status=405, headers={"Allow": "GET, HEAD"})
    if "." in request.path.rsplit("/", 1)[-1]:
        # A file name that the built files (served by whitenoise) do not have.
        return not_found(request)
    if PWA_INDEX.exists():
        path, encoding = _precompressed(PWA_INDEX, request.headers.get("Accept-Encoding", ""))
        response = FileResponse(path.open("rb"), content_type="text/html; charset=utf-8")
        if encoding:
            response["Content-Encoding"] = encoding
        response["Vary"] = "Accept-Encoding"
        response["Cache-Control"] = "no-cache"
        return response
    return HttpResponse(
        "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>"
        "<title>Ludoteka</title><h1>Ludoteka</h1>"
        "<p>The server is running. The mobile front end is not built yet; the API is live:</p>"
        "<ul><li><a href=/api/docs/>API documentation</a></li>"
        "<li><a href=/api/games>Games</a></li><li><a href=/admin/>Admin</a></li></ul>"
    )


# The build's compressed siblings of a file (pwa/build.plugins.ts), best first.
_ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def _accepts(header: str, encoding: str) -> bool:
    """Whether an Accept-Encoding header allows ``encoding`` (``q=0`` refuses it)."""
    for part in header.lower().split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() == encoding:
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def _precompressed(path: Path, accept_encoding: str) -> tuple[Path, str | None]:
    """The file to send for ``path``: its smallest precompressed sibling the client accepts."""
    for encoding, suffix in _ENCODINGS:
        sibling = path.with_name(path.name + suffix)
        if _accepts(accept_encoding, encoding) and sibling.exists():
            return sibling, encoding
    return path, None


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A request Django refused before any view (a bad Host header, an unreadable body)."""
    if request.path.startswith("/api/"):
        body = {"code": "bad_request", "message": "The request is malformed."}
        return JsonResponse(body, status=400)
    return HttpResponse("<!doctype html><title>Bad request</title><h1>Bad request</h1>", status=400)


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "forbidden", "message": "You may not do that."}, status=403)
    return HttpResponse("<!doctype html><title>Forbidden</title><h1>Forbidden</h1>", status=403)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """API paths answer 404 in the API's error shape; other paths keep a plain page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "not_found", "message": "There is nothing here."}, status=404)
    return HttpResponse("<!doctype html><title>Not found</title><h1>Not found</h1>", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    return JsonResponse(server_error_body(request), status=500)
