"""ASGI entry point: HTTP through Django, WebSockets through ``realtime`` (Channels)."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "core.settings.base")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from realtime.auth import SocketAuthMiddleware  # noqa: E402
from realtime.routing import websocket_urlpatterns  # noqa: E402

# No blanket AllowedHostsOriginValidator: it would refuse token clients from other origins
# during the handshake (a bare 1006 in browsers). SocketAuthMiddleware applies its rules to
# session cookies, the credential a foreign page could borrow, and the consumers close with 4403.
application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SocketAuthMiddleware(URLRouter(websocket_urlpatterns)),
    }
)
