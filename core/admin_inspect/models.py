"""The staff's audit log: who did what to which match, when and why.

The match's own stream records what happened (each action is an event there too); this log adds
who did it, and covers what is no event of a match (an import). Rows are only ever added. The
actions' permissions live here, one per action, beyond ``is_staff``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class AuditEntry(models.Model):
    class Action(models.TextChoices):
        ABORT = "abort"
        AWARD = "award_result"
        REPLACE_SEAT = "replace_seat"
        ROLLBACK = "rollback"
        IMPORT = "import"

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    username = models.CharField(max_length=150)  # kept if the account goes
    action = models.CharField(max_length=16, choices=Action.choices)
    match = models.ForeignKey(
        "matches.Match", on_delete=models.PROTECT, related_name="audit_entries"
    )
    seq = models.PositiveIntegerField(null=True, blank=True)  # the event it appended, if any
    reason = models.TextField()
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        default_permissions = ("view",)
        permissions = [
            ("abort_match", "Can abort a match"),
            ("award_result", "Can award a match's result"),
            ("replace_seat", "Can replace a seat's player by a bot"),
            ("rollback_match", "Can roll a match back by a compensating event"),
            ("import_match", "Can import a match from an export file"),
        ]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.username} {self.action} #{self.match_id}"
