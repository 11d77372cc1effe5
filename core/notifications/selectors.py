"""Notification reads."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from core.accounts.models import User
from core.notifications.models import Notification, NotificationPreference
from core.notifications.preferences import preferences_out


def notification_list(*, user: User, unread: bool = False) -> QuerySet[Notification]:
    qs = Notification.objects.filter(user=user)
    return qs.filter(read_at__isnull=True) if unread else qs


def notification_unread_count(*, user: User) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def notification_out(n: Notification) -> dict[str, Any]:
    return {
        "id": n.pk,
        "kind": n.kind,
        "match": n.match_id,
        "payload": n.payload,
        "created_at": n.created_at.isoformat(),
        "read": n.read_at is not None,
    }


def notification_preferences(*, user: User) -> dict[str, Any]:
    return preferences_out(NotificationPreference.objects.filter(user=user).first())
