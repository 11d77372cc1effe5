"""Celery tasks of notifications: the outbox dispatcher."""

from __future__ import annotations

from celery import shared_task

from core.notifications.services import notification_send_emails, outbox_dispatch


@shared_task(
    acks_late=True,
    autoretry_for=(OSError,),
    retry_backoff=True,
    max_retries=5,
    soft_time_limit=60,
    time_limit=90,
)
def dispatch_outbox() -> int:
    """After every commit that queues notifications, and from Celery beat as a safety net:
    in-app notifications first, then the emails players asked for."""
    count = outbox_dispatch()
    notification_send_emails()
    return count
