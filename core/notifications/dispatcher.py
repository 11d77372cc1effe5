"""Running the outbox dispatcher after the commits that fill the outbox, a batch at a time.

Every command that passes the turn queues a ``your_turn`` row, and the dispatcher run after it
costs about seven statements whatever the number of rows it finds (lock the unsent rows, read
preferences and channels, create the notifications, mark the rows sent, claim deliveries). Run
once per commit, in-process, that was half of a command's CPU (bench/command_cpu.py). So a
commit only wakes this process's dispatcher thread, which waits
``LUDOTEKA_OUTBOX_BATCH_SECONDS`` for the commits of the next moments and then has them all
dispatched at once: in the embedded default (tasks in-process) by running the dispatcher
itself; on Celery by sending one task for the window to the broker (one message per commit
cost the web process a tenth of its CPU in the request threads under bench/api_bench.py, and
the workers a dispatcher run each). With ``0`` the dispatch runs, or is sent, from the
committing thread (the tests: their notifications exist when the request returns).

Nothing is lost by waiting: the rows are committed before the thread is woken, a wake-up during
a run makes it run again, and a process that stops with rows unsent (or a broker that refuses
the task) leaves them to the periodic sweep (Celery beat or ``manage.py sweep_deadlines``), as
any failed dispatch.
"""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import connections, transaction

from core.matches.scheduling import run_after_commit, run_task, task_named
from core.ops import threads

log = logging.getLogger(__name__)

FULL_BATCH = 200  # outbox_dispatch's default limit: a run that took this many may have left more


class _Batcher:
    """One daemon thread per process, started on first use, running the dispatcher when woken."""

    def __init__(self) -> None:
        self._wake = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._running = False
        self.runs = 0  # dispatcher runs so far (tests, benchmarks)

    def wake(self) -> None:
        self._wake.set()
        if self._thread is None or not self._thread.is_alive():
            with self._lock:
                self._thread = threads.running(self._thread, self._loop, "outbox-dispatcher")

    def settle(self, timeout: float) -> bool:
        """Wait until no run is due or under way (tests: nothing left to run into the next)."""
        return threads.idle_within(lambda: not (self._wake.is_set() or self._running), timeout)

    def _loop(self) -> None:
        while True:
            self._wake.wait()
            time.sleep(settings.LUDOTEKA_OUTBOX_BATCH_SECONDS)
            # Cleared before the run: a commit after this point wakes the next run, and every
            # commit before it is visible to this one (it woke us after committing).
            self._wake.clear()
            self._running = True
            try:
                if _dispatch() >= FULL_BATCH:
                    self._wake.set()  # more rows than one run takes: go on after the window
            except Exception:
                log.exception("outbox dispatch failed; the periodic sweep will retry it")
            finally:
                self._running = False
                self.runs += 1
                # This thread's connections back (to the pool on PostgreSQL) between batches.
                connections.close_all()


def _dispatch() -> int:
    """One run for the window's commits: the rows dispatched here, or 0 when sent to Celery."""
    dispatch_outbox = task_named("core.notifications.tasks.dispatch_outbox")
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        run_task(dispatch_outbox)  # one message to the broker; a worker dispatches
        return 0
    return int(dispatch_outbox.apply(throw=True).get())


batcher = _Batcher()


def dispatch_after_commit() -> None:
    """What a transaction that queued outbox rows calls: their dispatch, once it commits."""
    if settings.LUDOTEKA_OUTBOX_BATCH_SECONDS <= 0:
        run_after_commit(task_named("core.notifications.tasks.dispatch_outbox"))
        return
    transaction.on_commit(batcher.wake)
