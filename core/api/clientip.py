"""Which address a request comes from, for every per-address limit: DRF's throttles (anonymous
requests, registration) and django-axes' log-in lock-out. One rule, from one setting.

``LUDOTEKA_PROXY_COUNT`` (0 by default) is how many proxies stand in front of the web processes
and set or append ``X-Forwarded-For``. With none, the TCP peer is the client and the header is
ignored: anyone can write it, and a fresh one per request escaped the throttles and the lock-out
(or, naming a victim's address, locked the victim out). Behind N proxies, only their N hops
count: the address the outermost of them saw (DRF's ``NUM_PROXIES`` rule, which the throttles
apply themselves; axes asks ``client_ip``). The server must then be reachable only through them,
and uvicorn must leave the peer address alone (``--no-proxy-headers`` in every launcher).
"""

from __future__ import annotations

from typing import Any

from rest_framework.throttling import BaseThrottle


def client_ip(request: Any) -> str | None:
    """``AXES_CLIENT_IP_CALLABLE``: the address the throttles count for ``request``."""
    return BaseThrottle().get_ident(request) or None
