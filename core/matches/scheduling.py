"""Running follow-up tasks after commit: on Celery, or in-process in the embedded default.

In-process execution is trampolined: a task scheduled while another runs is queued and run by
the outermost caller, so a bots-only match plays to its end in a loop, not in a recursion.
"""

from __future__ import annotations

import threading
from collections import deque
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

_local = threading.local()


def run_after_commit(task: Any, *args: Any) -> None:
    transaction.on_commit(lambda: run_task(task, *args))


def run_at(task: Any, eta: datetime, *args: Any) -> None:
    """After commit, run ``task`` at ``eta`` on Celery if that is within ``eta_horizon``.
    Otherwise, and in the embedded default, nothing waits for it: the periodic sweep (Celery
    beat, or ``manage.py sweep_deadlines``) does the work when it is due (``task`` must be one
    the sweep covers)."""
    if settings.CELERY_TASK_ALWAYS_EAGER or eta - timezone.now() > eta_horizon():
        return
    transaction.on_commit(lambda: task.apply_async(args=args, eta=eta))


def eta_horizon() -> timedelta:
    """How far ahead a task may be scheduled. A worker holds an ETA task unacknowledged until it
    has run, and Redis redelivers a message unacknowledged for longer than its
    ``visibility_timeout`` (RabbitMQ closes the channel after its ``consumer_timeout``), again
    every time: a deadline days ahead would come back as a storm of duplicates. Half the timeout
    leaves the other half for a queue backlog and the task's own run."""
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    return timedelta(seconds=options.get("visibility_timeout", 3600) / 2)


def run_task(task: Any, *args: Any) -> None:
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        task.delay(*args)
        return
    queue: deque[tuple[Any, tuple[Any, ...]]] | None = getattr(_local, "queue", None)
    if queue is not None:
        queue.append((task, args))
        return
    _local.queue = queue = deque([(task, args)])
    try:
        while queue:
            next_task, next_args = queue.popleft()
            next_task.apply(args=next_args, throw=True)
    finally:
        _local.queue = None
