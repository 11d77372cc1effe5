"""Notification writes: the outbox dispatcher, marking read, the webhook secret."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from core.accounts.models import User
from core.notifications.models import (
    Channel,
    Delivery,
    Mode,
    Notification,
    NotificationPreference,
    OutboxItem,
)
from core.notifications.preferences import QUIET_CHANNELS, modes_of, quiet_until
from core.push.models import PushSubscription


def outbox_dispatch(*, limit: int = 200, now: datetime | None = None) -> int:
    """Turn up to ``limit`` unsent outbox rows into in-app notifications and their deliveries
    on the channels each player chose; returns how many rows.

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
        user_ids = {r.user_id for r in rows}
        done = set(Notification.objects.filter(outbox__in=rows).values_list("outbox_id", flat=True))
        fresh = [r for r in rows if r.pk not in done]
        created = Notification.objects.bulk_create(
            [
                Notification(
                    user_id=r.user_id, match_id=r.match_id, outbox=r, kind=r.kind, payload=r.payload
                )
                for r in fresh
            ]
        )
        Delivery.objects.bulk_create(_deliveries(created, user_ids, now))
        OutboxItem.objects.filter(pk__in=[r.pk for r in rows], sent_at__isnull=True).update(
            sent_at=now
        )
    return len(rows)


def _deliveries(
    notifications: list[Notification], user_ids: set[int], now: datetime
) -> list[Delivery]:
    prefs = {p.user_id: p for p in NotificationPreference.objects.filter(user_id__in=user_ids)}
    reachable = {
        Channel.EMAIL: set(
            User.objects.filter(pk__in=user_ids, email__gt="").values_list("pk", flat=True)
        ),
        Channel.WEBHOOK: {u for u, p in prefs.items() if p.webhook_url},
        Channel.PUSH: _push_subscribers(user_ids),
    }
    out = []
    for n in notifications:
        pref = prefs.get(n.user_id)
        modes = modes_of(pref)
        for channel in Channel:
            mode = modes[channel][n.kind]
            if mode == Mode.OFF or n.user_id not in reachable[channel]:
                continue
            quiet = quiet_until(pref, now) if channel in QUIET_CHANNELS else None
            out.append(
                Delivery(
                    notification=n,
                    channel=channel,
                    status=Delivery.Status.DIGEST if mode == Mode.DIGEST else "pending",
                    only_if_away=mode == Mode.NOT_LOOKING,
                    due_at=quiet or now,
                )
            )
    return out


def _push_subscribers(user_ids: set[int]) -> set[int]:
    return set(
        PushSubscription.objects.filter(user_id__in=user_ids).values_list("user_id", flat=True)
    )


def notification_mark_read(
    *, user: User, ids: list[int] | None = None, now: datetime | None = None
) -> int:
    """Mark the user's notifications ``ids`` (all unread ones when None) read; returns how many
    changed. Others' notifications are silently out of reach."""
    qs = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        qs = qs.filter(pk__in=ids)
    return qs.update(read_at=now or timezone.now())
