"""ASGI entry point: HTTP through Django, WebSockets through ``realtime`` (Channels)."""

from __future__ import annotations

import os
import time
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "core.settings.auto")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402

from core.hotlane.bridge import ThreadedWSGI  # noqa: E402
from core.ops.probes import Probes  # noqa: E402
from core.ops.startup import ready_to_serve  # noqa: E402
from realtime.auth import SocketAuthMiddleware  # noqa: E402
from realtime.routing import websocket_urlpatterns  # noqa: E402

# No blanket AllowedHostsOriginValidator: it would refuse token clients from other origins
# during the handshake (a bare 1006 in browsers). SocketAuthMiddleware applies its rules to
# session cookies, the credential a foreign page could borrow, and the consumers close with 4403.


async def stamped_asgi_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    # When the request reached the server: its write budget counts from here, queueing for a
    # worker thread included (core/api/guard.py). ThreadedWSGI stamps its environ likewise.
    scope["ludoteka.received"] = time.monotonic()
    await django_asgi_app(scope, receive, send)


# HTTP: Django's WSGI handler on a pool of threads (core/hotlane/bridge.py; Django's ASGI
# handler, LUDOTEKA_HTTP=asgi, took about twice the server's CPU a command: core/hotlane/).
http_app = (
    stamped_asgi_app
    if settings.LUDOTEKA_HTTP == "asgi"
    else ThreadedWSGI(get_wsgi_application(), threads=settings.LUDOTEKA_HTTP_THREADS)
)

# The probes first: answered whatever the request threads are doing (core/ops/probes.py).
application = Probes(
    ProtocolTypeRouter(
        {
            "http": http_app,
            "websocket": SocketAuthMiddleware(URLRouter(websocket_urlpatterns)),
        }
    )
)

ready_to_serve()  # last (core/ops/startup.py)
