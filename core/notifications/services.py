"""Notification writes: the outbox dispatcher and marking notifications read."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from core.accounts.models import User
from core.notifications.models import Notification, OutboxItem


def outbox_dispatch(*, limit: int = 200, now: datetime | None = None) -> int:
    """Deliver up to ``limit`` unsent outbox rows as in-app notifications; returns how many.

    Rows are locked (others' locked rows skipped, on PostgreSQL) and marked ``sent_at`` in the
    same transaction that creates their notifications, and a notification is unique per outbox
    row: a second dispatcher, a retry or a duplicate task never delivers a row twice.
    """
    now = now or timezone.now()
    with transaction.atomic():
        rows = list(
            OutboxItem.objects.select_for_update(skip_locked=True)
            .filter(sent_at__isnull=True)
            .order_by("pk")[:limit]
        )
        if not rows:
            return 0
        Notification.objects.bulk_create(
            [
                Notification(
                    user_id=row.user_id,
                    match_id=row.match_id,
                    outbox=row,
                    kind=row.kind,
                    payload=row.payload,
                )
                for row in rows
            ],
            ignore_conflicts=True,
        )
        OutboxItem.objects.filter(pk__in=[r.pk for r in rows], sent_at__isnull=True).update(
            sent_at=now
        )
    return len(rows)


def notification_mark_read(
    *, user: User, ids: list[int] | None = None, now: datetime | None = None
) -> int:
    """Mark the user's notifications ``ids`` (all unread ones when None) read; returns how many
    changed. Others' notifications are silently out of reach."""
    qs = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        qs = qs.filter(pk__in=ids)
    return qs.update(read_at=now or timezone.now())
