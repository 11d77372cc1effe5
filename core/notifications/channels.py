"""The three outside channels, one function each; each returns a short note of what it did, or
raises ``SendFailed`` for the caller to retry later or ``NoRecipient`` when there is no one."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection

from core.notifications import webhooks
from core.notifications.models import NotificationPreference
from core.push.services import push_send_to_user


class SendFailed(Exception):
    """Worth another try later."""


class NoRecipient(Exception):
    """Nowhere to send any more (every push subscription gone): no retry."""


def send_email(address: str, subject: str, body: str, headers: dict[str, str] | None = None) -> str:
    if not address:
        raise NoRecipient("no verified e-mail address")
    try:
        get_connection(settings.LUDOTEKA_EMAIL_BACKEND).send_messages(
            [EmailMessage(subject, body, to=[address], headers=headers)]
        )
    except OSError as err:
        raise SendFailed(f"mail: {err}") from None
    return "email"


def send_webhook(
    pref: NotificationPreference | None, message: dict[str, Any], now: datetime
) -> str:
    if pref is None or not pref.webhook_url:
        raise SendFailed("no webhook URL")
    try:
        status = webhooks.webhook_post(
            pref.webhook_url, pref.webhook_secret, message, timestamp=int(now.timestamp())
        )
    except webhooks.WebhookFailed as err:
        raise SendFailed(str(err)) from None
    return f"HTTP {status}"


def send_push(user_id: int, message: dict[str, Any]) -> str:
    results = push_send_to_user(user_id, message, topic=message["tag"])
    if results.get("sent"):
        return f"push to {results['sent']}"
    if results.get("failed"):
        raise SendFailed(f"push failed on {results['failed']} subscription(s)")
    raise NoRecipient("no subscription left")
