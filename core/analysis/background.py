"""Analyses in the embedded server: a thread of their own that gives way to live work.

On the task thread (core/matches/scheduling.py) an analysis, up to a minute of search, would hold
every bot move queued behind it. Here it runs beside it and, before each decision point, waits
until the task thread has nothing left to do: live work runs first, an analysis fills the gaps.
With Celery the ``analysis`` queue and its own worker do the same (core/settings/base.py).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from queue import SimpleQueue

from django.db import connections

from core.matches.scheduling import task_thread
from core.ops import threads

log = logging.getLogger(__name__)

# How long an analysis waits at most for the live work before its next decision point: a
# server that is never idle still finishes its analyses, slowly.
LIVE_FIRST_SECONDS = 30.0


def live_first() -> None:
    """Between two decision points: the task thread's queued and running work goes first."""
    task_thread.settle(LIVE_FIRST_SECONDS)


class _AnalysisThread:
    def __init__(self) -> None:
        self._queue: SimpleQueue[tuple[int, Callable[[], None]]] = SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def submit(self, match_id: int, work: Callable[[], None]) -> None:
        """Run ``work`` (an analysis of ``match_id``) when the live work lets it."""
        with self._lock:
            self._thread = threads.running(self._thread, self._loop, "analyses")
        self._queue.put((match_id, work))

    def _loop(self) -> None:
        while True:
            match_id, work = self._queue.get()
            try:
                live_first()
                work()
            except Exception:  # logged; the row stays queued or running, a request re-queues it
                log.exception("analysis of match %s failed", match_id)
            finally:
                connections.close_all()


analysis_thread = _AnalysisThread()
