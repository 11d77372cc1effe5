"""Socket paths, mounted under ``websocket`` in ``core/asgi.py``."""

from __future__ import annotations

from django.urls import path, re_path

from realtime.consumers import MatchConsumer, NotFoundConsumer, UserConsumer

websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/me/", UserConsumer.as_asgi()),
    re_path(r"", NotFoundConsumer.as_asgi()),
]
