"""The site's front door: the installable front end when it is built, else a pointer to the API."""

from __future__ import annotations

from django.conf import settings
from django.http import FileResponse, HttpRequest, HttpResponse

PWA_INDEX = settings.BASE_DIR / "pwa" / "dist" / "index.html"


def home(request: HttpRequest) -> HttpResponse:
    if PWA_INDEX.exists():
        return FileResponse(PWA_INDEX.open("rb"), content_type="text/html")
    return HttpResponse(
        "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>"
        "<title>Ludoteka</title><h1>Ludoteka</h1>"
        "<p>The server is running. The mobile front end is not built yet; the API is live:</p>"
        "<ul><li><a href=/api/docs/>API documentation</a></li>"
        "<li><a href=/api/games>Games</a></li><li><a href=/admin/>Admin</a></li></ul>"
    )
