"""Matches and seats: the read model around each event stream.

The events are the truth; ``Match.version``/``head_hash`` are the stream's head (moved only by
``eventstore.append``), and ``Seat.to_move``, ``Match.status`` and results are projections kept
up to date in the same transaction as the events that change them.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models


def new_secret_seed() -> str:
    return secrets.token_hex(32)


class Match(models.Model):
    class Status(models.TextChoices):
        LOBBY = "lobby"
        ACTIVE = "active"
        FINISHED = "finished"
        ABORTED = "aborted"

    game = models.CharField(max_length=32, db_index=True)
    options = models.JSONField(default=dict)
    n_players = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.LOBBY)
    rules_version = models.PositiveIntegerField(default=1)
    # Never leaves the server: seeds each command's random generator (games/rng.py).
    secret_seed = models.CharField(max_length=64, default=new_secret_seed, editable=False)
    version = models.PositiveIntegerField(default=0)
    head_hash = models.CharField(max_length=64, blank=True, default="")
    snapshot_version = models.PositiveIntegerField(default=0)
    outcome = models.JSONField(null=True, blank=True)
    # False for a friendly match: it changes nobody's rating (core/ratings).
    rated = models.BooleanField(default=True)
    # The seats may ask the bot for a hint (core/analysis/hints.py): a friendly match whose
    # creator offered it (the invited accept it by joining), or one against bots alone.
    hints = models.BooleanField(default=False)

    class Visibility(models.TextChoices):
        PUBLIC = "public"  # listed; anyone logged in may watch (a spectator's view only)
        PRIVATE = "private"  # only its seats (invited ones too) and staff; never listed

    visibility = models.CharField(
        max_length=8, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    # False: the match waits in the lobby, full or not, until its creator starts it.
    autostart = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Time control (core/matches/timecontrol.py), chosen at creation; the clock of the current
    # turn: when it started, when it runs out, when to remind, and the version that set it (a
    # deadline task carries it, so a late or duplicate task sees the clock moved on).
    time_control = models.JSONField(default=dict, blank=True)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    remind_at = models.DateTimeField(null=True, blank=True)
    clock_version = models.PositiveIntegerField(default=0)

    class Meta:
        indexes = [
            models.Index(fields=["status", "-updated_at"], name="match_status_updated"),
            # The sweep's queries: overdue and reminder-due active matches.
            models.Index(
                fields=["deadline"],
                condition=models.Q(status="active", deadline__isnull=False),
                name="match_active_deadline",
            ),
            models.Index(
                fields=["remind_at"],
                condition=models.Q(status="active", remind_at__isnull=False),
                name="match_active_remind",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"


class Seat(models.Model):
    class Kind(models.TextChoices):
        HUMAN = "human"
        BOT = "bot"
        OPEN = "open"

    class Status(models.TextChoices):
        PLAYING = "playing"
        FORFEITED = "forfeited"
        ZOMBIE = "zombie"  # timed out; a bot plays the seat for the rest of the match

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seats",
    )
    accepted = models.BooleanField(default=True)  # False for an invitation not yet accepted
    bot_level = models.CharField(max_length=16, blank=True, default="")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PLAYING)
    to_move = models.BooleanField(default=False)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.FloatField(null=True, blank=True)
    reserve_seconds = models.FloatField(null=True, blank=True)  # reserve clock left; None: full

    @property
    def bot_plays(self) -> bool:
        """A bot seat, or a human seat a bot took over after a timeout."""
        if self.kind == self.Kind.BOT:
            return self.status == self.Status.PLAYING
        return self.kind == self.Kind.HUMAN and self.status == self.Status.ZOMBIE

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="seat_match_index"),
            models.UniqueConstraint(
                fields=["match", "user"],
                condition=models.Q(user__isnull=False),
                name="seat_match_user",
            ),
        ]
        indexes = [models.Index(fields=["user", "to_move"], name="seat_user_to_move")]


class ChatMessage(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "id"]
