"""Notifications, from the outbox to each channel.

1. ``OutboxItem``: written in the same transaction as the events that cause it; ``key`` makes it
   unique per (user, match, turn, kind), so a retry of the same turn never queues a second one.
2. ``Notification``: the in-app list (read/unread), one per outbox row at most.
3. ``Delivery``: one per notification and channel the player chose (push, email, webhook), sent
   when due (quiet hours move ``due_at``), skipped when the player is looking at the match and
   asked for "only when I am not looking", or left for the daily digest.

``MatchWatch`` is who has a match open on a socket right now (written by ``realtime``), which is
what "only when I am not looking" reads.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Kind(models.TextChoices):
    YOUR_TURN = "your_turn"
    INVITED = "invited"
    MATCH_FINISHED = "match_finished"
    DEADLINE_SOON = "deadline_soon"
    TOURNAMENT_ROUND = "tournament_round"


class Channel(models.TextChoices):
    PUSH = "push"
    EMAIL = "email"
    WEBHOOK = "webhook"


class Mode(models.TextChoices):
    OFF = "off"
    ALWAYS = "always"
    NOT_LOOKING = "not_looking"  # only when I am not looking at the match
    DIGEST = "digest"  # in the daily digest instead of at once


class OutboxItem(models.Model):
    Kind = Kind

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
    kind = models.CharField(max_length=24, choices=Kind.choices)
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "read_at"], name="notification_user_read")]


class NotificationPreference(models.Model):
    """A player's choices per channel and kind (``preferences.py`` holds the defaults and the
    rules), quiet hours and digest hour in the player's time zone, and the webhook."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_preference"
    )
    # {channel: {kind: mode}}; what is missing takes the default.
    channels = models.JSONField(default=dict, blank=True)
    timezone = models.CharField(max_length=64, default="UTC")
    quiet_start = models.TimeField(null=True, blank=True)
    quiet_end = models.TimeField(null=True, blank=True)
    digest_hour = models.PositiveSmallIntegerField(default=8)
    # Kept in step with ``channels`` so the hourly digest run finds its users with an index.
    wants_digest = models.BooleanField(default=False, db_index=True)
    webhook_url = models.URLField(max_length=500, blank=True)
    webhook_secret = models.CharField(max_length=64, blank=True)


class Delivery(models.Model):
    """One notification on one channel. ``status`` moves from pending (or digest) to sent,
    skipped or failed, exactly once, under a row lock."""

    class Status(models.TextChoices):
        PENDING = "pending"
        DIGEST = "digest"  # waits for the daily digest
        SENT = "sent"
        SKIPPED = "skipped"  # looked at, stale, or grouped into another push of the match
        FAILED = "failed"  # gave up after the retries

    notification = models.ForeignKey(
        Notification, on_delete=models.CASCADE, related_name="deliveries"
    )
    channel = models.CharField(max_length=8, choices=Channel.choices)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    only_if_away = models.BooleanField(default=False)
    due_at = models.DateTimeField()
    attempts = models.PositiveSmallIntegerField(default=0)
    done_at = models.DateTimeField(null=True, blank=True)
    detail = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["notification", "channel"], name="delivery_once_per_channel"
            )
        ]
        indexes = [
            models.Index(
                fields=["due_at"],
                condition=models.Q(status="pending"),
                name="delivery_pending_due",
            )
        ]


class DigestRun(models.Model):
    """The daily digest of one user on one channel for one local day: at most one."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    channel = models.CharField(max_length=8, choices=Channel.choices)
    day = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)
    items = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "channel", "day"], name="digest_once_a_day")
        ]


class MatchWatch(models.Model):
    """A socket that has a match open: who is looking at it, until ``expires_at`` unless the
    socket's process renews it (a process that dies stops renewing)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE)
    socket = models.CharField(max_length=120, unique=True)
    expires_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["match", "user"], name="watch_match_user")]
