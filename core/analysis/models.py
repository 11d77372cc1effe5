"""The analysis of a finished match: derived data beside its stream, never events in it.

Recomputable: ``bot``, ``rules_version``, ``analysis_version`` (the estimates') and
``format_version`` (what the platform stores beside them) tag what made it; a request
for an analysis whose tags differ from today's queues it again (core/analysis/services.py).
Deleted with its match.
"""

from __future__ import annotations

from django.db import models

from core.matches.models import Match


class MatchAnalysis(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="analysis")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    # Each queueing starts a new generation; a task carries it, so a late or duplicate task
    # (acks_late redelivery, a re-queue meanwhile) sees it is not the current one and stops.
    generation = models.PositiveIntegerField(default=1)
    bot = models.CharField(max_length=32)
    rules_version = models.PositiveIntegerField()
    analysis_version = models.PositiveIntegerField()
    format_version = models.PositiveIntegerField(default=1)
    match_version = models.PositiveIntegerField(default=0)  # the stream's head analysed
    # The decision points (games.analysis.DecisionPoint.to_json()) each with the preferred
    # move in words ("you" and "other" readings, en and cs) and its first event as a ghost mark.
    points = models.JSONField(default=list, blank=True)
    points_done = models.PositiveIntegerField(default=0)
    points_total = models.PositiveIntegerField(default=0)
    queued_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    def tags(self) -> dict[str, object]:
        return {
            "bot": self.bot,
            "rules_version": self.rules_version,
            "analysis_version": self.analysis_version,
            "format_version": self.format_version,
        }

    def __str__(self) -> str:
        return f"analysis of match {self.match_id} ({self.status})"
