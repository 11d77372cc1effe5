"""The site's URLs plus two views with a bug, for the server-error tests."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path

from core.accounts.models import User
from core.urls import handler404, handler500
from core.urls import urlpatterns as site


def fails_after_a_write(request: HttpRequest) -> HttpResponse:
    User.objects.filter(username=request.GET["user"]).update(display_name="Changed")
    raise RuntimeError("a bug after a write")


def fails_before_any_write(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug before any write")


urlpatterns = [
    path("test/after-write", fails_after_a_write),
    path("test/before-write", fails_before_any_write),
    *site,
]
__all__ = ["handler404", "handler500", "urlpatterns"]
