"""The event store's periodic work: the feed sequencer (``store.sequence_feed``)."""

from __future__ import annotations

from celery import shared_task

from core.eventstore import store


@shared_task(acks_late=True, soft_time_limit=60, time_limit=90)
def sequence_feed() -> int:
    return store.sequence_feed()
