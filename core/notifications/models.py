"""The notification outbox, written in the same transaction as the events that cause it, and the
in-app notifications the dispatcher (``services.outbox_dispatch``) makes of it.

The dispatcher reads unsent rows and delivers them (in-app today; Web Push and email are the
next channels of issue 9). ``key`` makes each notification unique (user, match, turn, kind): a
retry of the same turn never queues a second one.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class OutboxItem(models.Model):
    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn"
        INVITED = "invited"
        MATCH_FINISHED = "match_finished"
        DEADLINE_SOON = "deadline_soon"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, null=True)
    kind = models.CharField(max_length=24, choices=Kind.choices)
    key = models.CharField(max_length=200, unique=True)
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True, db_index=True)


class Notification(models.Model):
    """What a player sees in the app's notification list. One per outbox row at most (the
    one-to-one), so a dispatcher that runs twice never notifies twice."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, null=True, blank=True)
    outbox = models.OneToOneField(OutboxItem, on_delete=models.SET_NULL, null=True, blank=True)
    kind = models.CharField(max_length=24, choices=OutboxItem.Kind.choices)
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    # "pending" when the user wants this kind by email (decided at dispatch), "sent" once sent.
    email = models.CharField(max_length=8, blank=True, default="", db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "read_at"], name="notification_user_read")]


class NotificationPreference(models.Model):
    """Per-user channel choices beyond the in-app list: the kinds wanted by email (opt-in)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_preference"
    )
    email_kinds = models.JSONField(default=list, blank=True)
