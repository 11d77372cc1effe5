"""Running follow-up tasks after commit: on Celery, or in-process in the embedded default.

In-process execution is trampolined: a task scheduled while another runs is queued and run by
the outermost caller, so a bots-only match plays to its end in a loop, not in a recursion. In the
embedded server that caller is the process's task thread (``task_thread``), not the request that
committed: the request answers when its move has committed, and the bots' replies follow on the
socket.

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
from queue import SimpleQueue
from typing import Any

from django.conf import settings
from django.db import connections, transaction
from django.utils import timezone

from core.celery import app as celery_app
from core.ops import threads

log = logging.getLogger(__name__)
_local = threading.local()


def task_named(name: str) -> Any:
    """The Celery task registered as ``name`` (its module and function, as beat's schedule names
    tasks in core/celery.py). The code that schedules a task is often what the task calls back (a
    bot's turn submits a command through the pipeline that scheduled it; a tournament's advance
    runs the service that asked for it), so it names the task instead of importing its module:
    no import circle. Every app registers its tasks in its ``AppConfig.ready``."""
    try:
        return celery_app.tasks[name]
    except KeyError:
        raise LookupError(
            f"No Celery task {name!r}: is its module imported by its app's AppConfig.ready?"
        ) from None


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
    """Hand ``task`` to Celery, or run it in-process in the embedded default: on the server's
    task thread when it is on, else here. Never raises: it runs after a commit, whose request
    already has its answer."""
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        _hand_off(task, args)
        return
    queue: deque[tuple[Any, tuple[Any, ...]]] | None = getattr(_local, "queue", None)
    if queue is not None:
        queue.append((task, args))
    elif task_thread.enabled:
        task_thread.submit(task, args)
    else:
        _run_trampolined(task, args)


def _run_trampolined(task: Any, args: tuple[Any, ...]) -> None:
    """Run ``task`` here, then every task it schedules, in order, until none is left."""
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


class _TaskThread:
    """The embedded server's thread for in-process tasks, on when ``ready_to_serve`` turns it on.

    Run in the committing request, a bot's whole reply (up to ``BOT_BUDGET_SECONDS`` a decision)
    came before the player's own answer: Yspahan moves against the search bot answered in 0.9 and
    2.6 s, and the page could not act on what the socket showed meanwhile. One thread, tasks in
    order: the embedded mode serves a few players, and SQLite has one writer anyway. A task lost
    with the process (queued, or cut off before its commit) is left to the sweep, as on Celery.
    """

    def __init__(self) -> None:
        self.enabled = False
        self._queue: SimpleQueue[tuple[Any, tuple[Any, ...]]] = SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._pending = 0  # queued or running

    def submit(self, task: Any, args: tuple[Any, ...]) -> None:
        with self._lock:
            self._pending += 1
            self._thread = threads.running(self._thread, self._loop, "in-process-tasks")
        self._queue.put((task, args))

    def settle(self, timeout: float) -> bool:
        """Wait until every submitted task has run (tests: nothing left for the next one)."""
        return threads.idle_within(lambda: not self._pending, timeout)

    def _loop(self) -> None:
        while True:
            task, args = self._queue.get()
            try:
                _run_trampolined(task, args)
            finally:
                # This thread's connections back (to the pool on PostgreSQL) between tasks.
                connections.close_all()
                with self._lock:
                    self._pending -= 1


task_thread = _TaskThread()
