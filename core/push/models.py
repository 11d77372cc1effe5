"""A browser's Web Push subscription: where to send (the push service's endpoint URL) and the
keys to encrypt for (RFC 8291), as ``PushSubscription.toJSON()`` gives them."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class PushSubscription(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    # Unique: a browser re-subscribing after another user logs in on it moves the endpoint.
    endpoint = models.CharField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=100)  # base64url, the 65-byte uncompressed point
    auth = models.CharField(max_length=40)  # base64url, the 16-byte authentication secret
    user_agent = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    last_success_at = models.DateTimeField(null=True, blank=True)
    # Failed sends since the last success (network errors, 5xx, 429).
    failures = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"push subscription {self.pk} of user {self.user_id}"
