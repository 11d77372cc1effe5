"""Per-user webhooks: a small JSON, signed, POSTed to the player's URL.

The signature follows the common "timestamped HMAC" shape: header
``X-Ludoteka-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>``, so a
receiver can refuse replays older than a few minutes. URLs are checked when set: http(s) only,
and, unless ``LUDOTEKA_WEBHOOK_ALLOW_PRIVATE`` is on (development, tests), no address on
loopback or a private network, which would let anyone make the server call its own neighbours.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import socket
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings

from core.api.errors import ApiError

SIGNATURE_HEADER = "X-Ludoteka-Signature"


class WebhookFailed(Exception):
    pass


def _allow_private() -> bool:
    return bool(settings.LUDOTEKA_WEBHOOK_ALLOW_PRIVATE)


def _timeout() -> float:
    return float(settings.LUDOTEKA_WEBHOOK_TIMEOUT)


def _public_host(host: str) -> bool:
    try:
        infos = socket.getaddrinfo(host, None)
    except (socket.gaierror, UnicodeError):
        return False
    for info in infos:
        address = ipaddress.ip_address(str(info[4][0]).split("%")[0])
        if not address.is_global:
            return False
    return True


def webhook_check_url(url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ApiError(422, "invalid_webhook_url", "A webhook URL starts with https:// or http://.")
    if not _allow_private() and not _public_host(parts.hostname):
        raise ApiError(
            422,
            "invalid_webhook_url",
            "The webhook URL must reach a public address (not loopback or a private network).",
        )


def sign(secret: str, timestamp: int, body: bytes) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={mac.hexdigest()}"


def webhook_post(url: str, secret: str, message: dict[str, Any], *, timestamp: int) -> int:
    """POST ``message``; returns the HTTP status of a 2xx answer, raises ``WebhookFailed``
    otherwise. Redirects are not followed (a redirect could lead to a private address)."""
    if not _allow_private():
        webhook_check_url(url)  # the name may point elsewhere since the URL was saved
    body = json.dumps(message, separators=(",", ":"), sort_keys=True).encode()
    request = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "User-Agent": "Ludoteka-Webhook/1",
            SIGNATURE_HEADER: sign(secret, timestamp, body),
        },
    )
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(request, timeout=_timeout()) as response:
            return int(response.status)
    except urllib.error.HTTPError as err:
        raise WebhookFailed(f"HTTP {err.code}") from None
    except (urllib.error.URLError, OSError, ApiError) as err:
        raise WebhookFailed(str(getattr(err, "reason", err))[:150]) from None


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None
