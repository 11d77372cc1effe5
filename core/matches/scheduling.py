"""Running follow-up tasks after commit: on Celery, or in-process in the embedded default.

In-process execution is trampolined: a task scheduled while another runs is queued and run by
the outermost caller, so a bots-only match plays to its end in a loop, not in a recursion.
"""

from __future__ import annotations

import threading
from collections import deque
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction

_local = threading.local()


def run_after_commit(task: Any, *args: Any) -> None:
    transaction.on_commit(lambda: run_task(task, *args))


def run_at(task: Any, eta: datetime, *args: Any) -> None:
    """After commit, run ``task`` at ``eta`` on Celery. In the embedded default nothing waits
    in-process: the periodic sweep (``manage.py sweep_deadlines``) does the work instead."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    transaction.on_commit(lambda: task.apply_async(args=args, eta=eta))


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
