"""Notification reads."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from core.accounts.models import User
from core.notifications import texts
from core.notifications.models import Notification, NotificationPreference
from core.notifications.preferences import preferences_out
from core.notifications.texts import MatchWords


def notification_list(*, user: User, unread: bool = False) -> QuerySet[Notification]:
    qs = Notification.objects.filter(user=user)
    return qs.filter(read_at__isnull=True) if unread else qs


def notification_unread_count(*, user: User) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def notifications_out(page: list[Notification]) -> list[dict[str, Any]]:
    """A page of one user's notifications, their matches' words loaded at once."""
    if not page:
        return []
    known = texts.match_words(n.match_id for n in page)
    pref = NotificationPreference.objects.filter(user_id=page[0].user_id).first()
    zone = preferences_out(pref)["timezone"]
    return [_out(n, known.get(n.match_id) if n.match_id else None, zone) for n in page]


def _out(n: Notification, words: MatchWords | None, zone: str) -> dict[str, Any]:
    said = texts.render_both(
        n.kind, n.match_id, n.payload, user_id=n.user_id, zone=zone, words=words
    )
    return {
        "id": n.pk,
        "kind": n.kind,
        "match": n.match_id,
        "payload": n.payload,
        "title": said["title"],
        "body": said["body"],
        "created_at": n.created_at.isoformat(),
        "read": n.read_at is not None,
    }


def notification_preferences(*, user: User) -> dict[str, Any]:
    return preferences_out(NotificationPreference.objects.filter(user=user).first())
