"""Notification writes: the outbox dispatcher, email, preferences, marking read."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.utils import timezone

from core.accounts.models import User
from core.api.errors import ApiError
from core.notifications.models import Notification, NotificationPreference, OutboxItem

EMAIL_TEXTS = {
    "your_turn": {
        "en": ("Your turn in {game} #{match}", "It is your turn in {game} #{match}."),
        "cs": ("Jste na tahu: {game} #{match}", "Jste na tahu v partii {game} #{match}."),
    },
    "invited": {
        "en": ("Invitation to {game} #{match}", "You are invited to play {game} #{match}."),
        "cs": ("Pozvánka: {game} #{match}", "Jste zváni ke hře {game} #{match}."),
    },
    "match_finished": {
        "en": ("{game} #{match} has ended", "The match {game} #{match} has ended."),
        "cs": ("{game} #{match} skončila", "Partie {game} #{match} skončila."),
    },
    "deadline_soon": {
        "en": ("Time is running out in {game} #{match}", "Your deadline is {deadline}."),
        "cs": ("Dochází čas: {game} #{match}", "Váš termín je {deadline}."),
    },
}


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
        by_email = dict(
            NotificationPreference.objects.filter(
                user_id__in={r.user_id for r in rows}, user__email__gt=""
            ).values_list("user_id", "email_kinds")
        )
        Notification.objects.bulk_create(
            [
                Notification(
                    user_id=row.user_id,
                    match_id=row.match_id,
                    outbox=row,
                    kind=row.kind,
                    payload=row.payload,
                    email="pending" if row.kind in by_email.get(row.user_id, ()) else "",
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


def _email_backend() -> Any:
    # Django's own default is SMTP; Ludoteka's embedded default prints to the console.
    backend = getattr(
        settings, "LUDOTEKA_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
    )
    return get_connection(backend)


def notification_send_emails(*, limit: int = 100) -> int:
    """Send the pending emails, marking each sent in the transaction that sends it: a failed
    send rolls the marks back for a retry, and a row marked sent is never sent again."""
    with transaction.atomic():
        rows = list(
            Notification.objects.select_for_update(skip_locked=True)
            .filter(email="pending")
            .select_related("user")
            .order_by("pk")[:limit]
        )
        if not rows:
            return 0
        messages = []
        for n in rows:
            texts = EMAIL_TEXTS.get(n.kind, EMAIL_TEXTS["your_turn"])
            subject, body = texts.get(n.user.language, texts["en"])
            fields = {"match": n.match_id, "game": "", "deadline": "", **n.payload}
            messages.append(
                EmailMessage(subject.format(**fields), body.format(**fields), to=[n.user.email])
            )
        Notification.objects.filter(pk__in=[n.pk for n in rows]).update(email="sent")
        _email_backend().send_messages(messages)
    return len(rows)


def notification_set_preferences(*, user: User, email_kinds: list[str]) -> list[str]:
    known = set(OutboxItem.Kind.values)
    unknown = sorted(set(email_kinds) - known)
    if unknown:
        raise ApiError(
            422,
            "unknown_notification_kind",
            f"Unknown kind(s): {', '.join(unknown)}. Kinds: {', '.join(sorted(known))}.",
        )
    kinds = sorted(set(email_kinds))
    NotificationPreference.objects.update_or_create(user=user, defaults={"email_kinds": kinds})
    return kinds
