"""The notification outbox: written in the same transaction as the events that cause it.

A dispatcher (the asynchronous-play issue) reads unsent rows and delivers them (in-app, Web Push,
email). ``key`` makes each notification unique (user, match, turn, kind): a retry of the same
turn never queues a second one.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class OutboxItem(models.Model):
    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn"
        INVITED = "invited"
        MATCH_FINISHED = "match_finished"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, null=True)
    kind = models.CharField(max_length=24, choices=Kind.choices)
    key = models.CharField(max_length=200, unique=True)
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True, db_index=True)
