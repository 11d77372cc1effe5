"""What a server process does once its application is built, before its first request."""

from __future__ import annotations

import gc
import sys

from django.conf import settings
from django.urls import get_resolver

from core.matches.scheduling import task_thread
from core.ops.heap import freeze_startup_heap
from core.ops.metrics import serve_on_bind


def ready_to_serve() -> None:
    """Set the interpreter's switch interval and collector thresholds, start in-process tasks
    on the task thread, import every view, then freeze the start-up heap.

    Call it last: what is frozen lives as long as the process (core/ops/heap.py).
    """
    # The server's process only (not a worker's): see LUDOTEKA_GIL_SWITCH_MS and
    # LUDOTEKA_GC_THRESHOLDS in core/settings.
    sys.setswitchinterval(settings.LUDOTEKA_GIL_SWITCH_MS / 1000)
    gc.set_threshold(*settings.LUDOTEKA_GC_THRESHOLDS)
    # In-process tasks off the request threads: a server's requests answer before the bots'
    # replies. Only here, not in every process: a one-shot command would exit before its tasks.
    eager = settings.CELERY_TASK_ALWAYS_EAGER
    task_thread.enabled = eager and settings.LUDOTEKA_TASKS_IN_BACKGROUND
    # Import every view now, not on the first request: a cold process would otherwise spend its
    # first write's budget importing (on a loaded machine, seconds: a 503 busy for that write).
    get_resolver().url_patterns  # noqa: B018
    if settings.LUDOTEKA_METRICS_BIND:
        serve_on_bind(settings.LUDOTEKA_METRICS_BIND)
    freeze_startup_heap()
