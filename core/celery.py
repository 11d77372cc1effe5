"""The Celery app. In the embedded default (no REDIS_URL) tasks run in-process, eagerly.

Celery beat (``celery -A core worker -B``) runs the safety nets of asynchronous play: the
deadline sweep, which finds overdue matches whatever happened to their own tasks, the
outbox dispatcher (and the deliveries that are due), and the daily digests.
``LUDOTEKA_SWEEP_SECONDS`` sets how often (default 60).
"""

from __future__ import annotations

import os
from typing import Any

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "core.settings.auto")


def _sweep_seconds() -> float:
    raw = os.environ.get("LUDOTEKA_SWEEP_SECONDS", "60")
    try:
        value = float(raw)
    except ValueError:
        value = 0.0
    if value <= 0:
        raise ValueError(f"LUDOTEKA_SWEEP_SECONDS must be a positive number, not {raw!r}")
    return value


app = Celery("ludoteka")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.conf.beat_schedule = {
    "sweep-deadlines": {"task": "core.matches.tasks.sweep_deadlines", "schedule": _sweep_seconds()},
    "dispatch-outbox": {
        "task": "core.notifications.tasks.dispatch_outbox",
        "schedule": _sweep_seconds(),
    },
    # Tournaments with something due (a start, a round deadline, a result a lost task missed).
    "sweep-tournaments": {
        "task": "core.tournaments.tasks.sweep_tournaments",
        "schedule": _sweep_seconds(),
    },
    # Feed positions for the events committed since (PostgreSQL; core/eventstore/models.py).
    "sequence-feed": {"task": "core.eventstore.tasks.sequence_feed", "schedule": 5.0},
    # Each player's digest goes from their own hour on, so checking every few minutes is enough.
    "send-digests": {"task": "core.notifications.tasks.send_digests", "schedule": 300.0},
    # API tokens unused for LUDOTEKA_TOKEN_IDLE_DAYS (a request refuses them anyway).
    "purge-idle-tokens": {"task": "core.accounts.tasks.purge_idle_tokens", "schedule": 3600.0},
}
app.autodiscover_tasks()


# --- Metrics of a worker (core/ops/metrics.py) ---------------------------------------------------
# The pool's processes record into PROMETHEUS_MULTIPROC_DIR, shared with the web processes of
# the same host (deploy/cluster.sh) or the pod; a worker that has no web process beside it
# serves them itself on LUDOTEKA_METRICS_PORT.
# The handlers import core's modules when they run, not at the top: this module is imported
# with the ``core`` package, before Django's settings and apps are loaded (core/__init__.py).


@signals.worker_ready.connect
def _serve_metrics(**_: object) -> None:
    port = os.environ.get("LUDOTEKA_METRICS_PORT", "")
    if not port:
        return
    from prometheus_client import start_http_server

    from core.ops.metrics import registry

    start_http_server(int(port), registry=registry())


@signals.worker_process_init.connect
def _freeze_heap(**_: object) -> None:
    # A pool process starts with the app loaded: its start-up heap out of the collector's
    # passes, which a bot's search (allocating freely) triggers often (core/ops/heap.py).
    from core.ops.heap import freeze_startup_heap

    freeze_startup_heap()


@signals.task_prerun.connect
@signals.task_postrun.connect
def _connections_back(sender: Any = None, **_: object) -> None:
    # Around each task, what Django does around a request: a connection with errors, or past
    # CONN_MAX_AGE (0 with the pool), goes back to this process's pool, which drops a broken
    # one. The fixup's own closing (the whole pool, every task) is off: CELERY_DB_REUSE_MAX.
    # A task run eagerly (the embedded default, tests) runs inside its caller's work.
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()


@signals.worker_process_shutdown.connect
def _process_gone(pid: int | None = None, **_: object) -> None:
    from core.ops.metrics import worker_exited

    worker_exited(pid or os.getpid())
