"""Celery tasks of notifications: the outbox dispatcher and the daily digests."""

from __future__ import annotations

from celery import shared_task

from core.notifications.delivery import deliveries_send
from core.notifications.digest import digests_send
from core.notifications.services import outbox_dispatch
from core.notifications.watching import watch_purge


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
    in-app notifications first, then what is due on the players' channels."""
    count = outbox_dispatch()
    deliveries_send()
    return count


@shared_task(acks_late=True, soft_time_limit=240, time_limit=300)
def send_digests() -> int:
    """Celery beat, every few minutes: the digests whose hour has come; old watch rows."""
    watch_purge()
    return digests_send()
