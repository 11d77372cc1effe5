"""Tournaments: the event stream of each (the truth) and the read models projected from it.

A tournament's events are the event store's stream ``(STREAM_KIND, tournament id)``, whose
head (``version``, ``head_hash``) is the ``Tournament`` row (``core/eventstore/streams.py``).
``Tournament``, ``Entrant``, ``Invitation`` and ``TournamentMatch`` are projections kept up to
date in the same transaction as the events that change them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

STREAM_KIND = "tournament"  # a tournament's events in the store (stored and hashed)


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration"
        RUNNING = "running"
        FINISHED = "finished"
        CANCELLED = "cancelled"

    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin"
        SWISS = "swiss"
        KNOCKOUT = "knockout"
        SERIES = "series"

    name = models.CharField(max_length=100)
    game = models.CharField(max_length=32, db_index=True)
    format = models.CharField(max_length=16, choices=Format.choices)
    players_per_table = models.PositiveSmallIntegerField()
    private = models.BooleanField(default=False)  # invitation only, seen only by those concerned
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # The whole validated configuration, as in the TournamentCreated event.
    config = models.JSONField(default=dict)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION)
    round = models.PositiveSmallIntegerField(default=0)  # the current round, 0 before the start
    round_finished = models.BooleanField(default=False)  # the current round has every result
    round_deadline = models.DateTimeField(null=True, blank=True)
    starts_at = models.DateTimeField(null=True, blank=True)  # automatic start, if set
    entrant_count = models.PositiveIntegerField(default=0)
    standings = models.JSONField(default=list, blank=True)
    version = models.PositiveIntegerField(default=0)
    head_hash = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "-created_at"], name="tournament_status_created"),
            # The sweep's queries: due automatic starts and running rounds.
            models.Index(
                fields=["starts_at"],
                condition=models.Q(status="registration", starts_at__isnull=False),
                name="tournament_due_start",
            ),
            models.Index(
                fields=["round_deadline"],
                condition=models.Q(status="running"),
                name="tournament_running_deadline",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.game}, #{self.pk})"


class Entrant(models.Model):
    """A registered player (or a bot the organiser entered); ``number`` names it in the events."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournament_entries",
    )
    bot_level = models.CharField(max_length=16, blank=True, default="")
    name = models.CharField(max_length=150)
    withdrawn = models.BooleanField(default=False)
    seed = models.PositiveSmallIntegerField(null=True, blank=True)
    registered_at = models.DateTimeField()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="entrant_number"),
            models.UniqueConstraint(
                fields=["tournament", "user"],
                condition=models.Q(user__isnull=False),
                name="entrant_user_once",
            ),
        ]


class Invitation(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_invitations"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="invitation_once")
        ]


class TournamentMatch(models.Model):
    """A table of a round and the match played there (the link lives here, not on Match)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="tournament_matches"
    )
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    match = models.OneToOneField(
        "matches.Match", on_delete=models.PROTECT, related_name="tournament_table"
    )
    seats = models.JSONField(default=list)  # entrant numbers in seat order, null for a filler bot
    result_recorded = models.BooleanField(default=False)

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "table"], name="tournament_match_table"
            )
        ]
