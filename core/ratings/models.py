"""Player ratings per game (openskill's Plackett-Luce model) and what each match changed.

``Rating`` is the current estimate of one player at one game; ``RatingChange`` is the record of
one rated match for one player, unique per (match, user): a match is rated at most once.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from core.matches.models import Match


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    # mu - 3 sigma: a conservative estimate that starts at 0 and rises with evidence; the number
    # shown and the leaderboard's order.
    ordinal = models.FloatField()
    matches_played = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="rating_user_game"),
        ]
        indexes = [models.Index(fields=["game", "-ordinal"], name="rating_leaderboard")]

    def __str__(self) -> str:
        return f"{self.user_id} at {self.game}: {self.ordinal:.1f}"


class RatingChange(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    game = models.CharField(max_length=32)
    rank = models.PositiveSmallIntegerField()  # among the rated seats (1 = best)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    ordinal_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_after = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="rating_change_match_user"),
        ]
        indexes = [models.Index(fields=["user", "-created_at"], name="rating_change_user")]
