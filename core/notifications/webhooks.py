"""Per-user webhooks: a small JSON, signed, POSTed to the player's URL.

The signature follows the common "timestamped HMAC" shape: header
``X-Ludoteka-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>``, so a
receiver can refuse replays older than a few minutes. URLs are checked when set (http(s) only,
no spaces or credentials) and, unless ``LUDOTEKA_WEBHOOK_ALLOW_PRIVATE`` is on (development,
tests), must lead to public addresses only, which ``core.outbound`` checks again on the very
connection each send makes: anyone could otherwise make the server call its own neighbours.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

import requests
from django.conf import settings

from core import outbound
from core.api.errors import ApiError

SIGNATURE_HEADER = "X-Ludoteka-Signature"


class WebhookFailed(Exception):
    pass


def _allow_private() -> bool:
    return bool(settings.LUDOTEKA_WEBHOOK_ALLOW_PRIVATE)


def _timeout() -> float:
    return float(settings.LUDOTEKA_WEBHOOK_TIMEOUT)


def webhook_check_url(url: str) -> None:
    try:
        outbound.check_url(url, schemes=("https", "http"), allow_private=_allow_private())
    except outbound.Refused as err:
        raise ApiError(
            422,
            "invalid_webhook_url",
            "The webhook URL must be an http(s) URL of a public address (not loopback or a "
            f"private network): {err}.",
        ) from err


def sign(secret: str, timestamp: int, body: bytes) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={mac.hexdigest()}"


def webhook_post(url: str, secret: str, message: dict[str, Any], *, timestamp: int) -> int:
    """POST ``message``; returns the HTTP status of a 2xx answer, raises ``WebhookFailed``
    otherwise. The connection goes only to a public address of the URL's host, checked as it
    is made (``core.outbound``); redirects are not followed (one could lead anywhere)."""
    body = json.dumps(message, separators=(",", ":"), sort_keys=True).encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Ludoteka-Webhook/1",
        SIGNATURE_HEADER: sign(secret, timestamp, body),
    }
    try:
        with outbound.session(allow_private=_allow_private()) as session:
            response = session.post(
                url, data=body, headers=headers, timeout=_timeout(), allow_redirects=False
            )
            status = response.status_code
            response.close()
    except (requests.RequestException, OSError, ValueError) as err:
        raise WebhookFailed(str(err)[:150]) from None
    if not 200 <= status < 300:
        raise WebhookFailed(f"HTTP {status}")
    return int(status)
