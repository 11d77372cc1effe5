"""Running follow-up tasks after commit: on Celery, or in-process in the embedded default.

In-process execution is trampolined: a task scheduled while another runs is queued and run by
the outermost caller, so a bots-only match plays to its end in a loop, not in a recursion.

Work handed on after a commit never changes the answer of the request that committed: a broker
that refuses the hand-off, or an in-process task that fails, is logged and left to the periodic
sweeps (Celery beat or ``manage.py sweep_deadlines``), which find a stalled bot move, an
undispatched outbox row or a due deadline in the database, and every task is idempotent
(versions and command ids), so the work happens once whichever way it arrives.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

log = logging.getLogger(__name__)
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
    transaction.on_commit(lambda: _hand_off(task, args, eta=eta))


def eta_horizon() -> timedelta:
    """How far ahead a task may be scheduled. A worker holds an ETA task unacknowledged until it
    has run, and Redis redelivers a message unacknowledged for longer than its
    ``visibility_timeout`` (RabbitMQ closes the channel after its ``consumer_timeout``), again
    every time: a deadline days ahead would come back as a storm of duplicates. Half the timeout
    leaves the other half for a queue backlog and the task's own run."""
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    return timedelta(seconds=options.get("visibility_timeout", 3600) / 2)


def _hand_off(task: Any, args: tuple[Any, ...], eta: datetime | None = None) -> bool:
    """Send ``task`` to the broker; False (logged) when the broker refuses it. The caller's
    transaction has committed: the sweeps pick the work up from the database."""
    try:
        if eta is None:
            task.delay(*args)
        else:
            task.apply_async(args=args, eta=eta)
    except Exception as err:
        log.warning(
            "handing %s%s to the broker failed (%s: %s); the periodic sweep will do it",
            getattr(task, "name", task),
            args,
            type(err).__name__,
            err,
        )
        return False
    return True


def run_task(task: Any, *args: Any) -> None:
    """Hand ``task`` to Celery, or run it here in the embedded default. Never raises: it runs
    after a commit, whose request already has its answer."""
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        _hand_off(task, args)
        return
    queue: deque[tuple[Any, tuple[Any, ...]]] | None = getattr(_local, "queue", None)
    if queue is not None:
        queue.append((task, args))
        return
    _local.queue = queue = deque([(task, args)])
    try:
        while queue:
            next_task, next_args = queue.popleft()
            try:
                next_task.apply(args=next_args, throw=True)
            except Exception:
                # A bug in the task: logged once with its traceback; the tasks queued behind it
                # still run, and the sweep asks again for whatever it left undone.
                log.exception("task %s%s failed", getattr(next_task, "name", next_task), next_args)
    finally:
        _local.queue = None
