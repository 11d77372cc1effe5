"""The site's front door: the installable front end when it is built, else a pointer to the API."""

from __future__ import annotations

from django.conf import settings
from django.http import FileResponse, HttpRequest, HttpResponse, JsonResponse

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


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """API paths answer 404 in the API's error shape; other paths keep a plain page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "not_found", "message": "There is nothing here."}, status=404)
    return HttpResponse("<!doctype html><title>Not found</title><h1>Not found</h1>", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    body = {
        "code": "server_error",
        "message": "Something went wrong on our side; nothing was saved.",
    }
    return JsonResponse(body, status=500)
