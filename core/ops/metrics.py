"""Prometheus metrics (prometheus-client), served at ``/metrics`` by ``core.ops.middleware``.

One registry per process by default. Several processes on one host (the web processes and the
Celery workers that ``deploy/cluster.sh`` starts, or the containers of one pod) share their
figures through prometheus-client's multiprocess mode: set ``PROMETHEUS_MULTIPROC_DIR`` to an
empty directory they all write to, and any web process's ``/metrics`` sums them all. A worker
with no web process beside it serves its own on ``LUDOTEKA_METRICS_PORT`` (``core.celery``).

The Celery queue depth is read from the broker at scrape time, not counted by anyone.
"""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import Iterator
from typing import Any

import redis
from django.conf import settings
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
    start_http_server,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from core.api.errors import ApiError
from core.ops.logs import log_context

log = logging.getLogger(__name__)

MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))

REQUEST_SECONDS = Histogram(
    "ludoteka_http_request_duration_seconds",
    "HTTP requests by method, route (the URL pattern) and status.",
    ["method", "route", "status"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
QUEUE_SECONDS = Histogram(
    "ludoteka_http_queue_seconds",
    "Time an HTTP request waited in its web process for a request thread (from its arrival to "
    "the start of its handling), by method: rising, it says the process is saturated (the "
    "write budget, LUDOTEKA_WRITE_BUDGET, counts it).",
    ["method"],
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
LOOP_LAG_SECONDS = Histogram(
    "ludoteka_event_loop_lag_seconds",
    "How late a web process's event loop ran a timer (sampled twice a second): the loop parses "
    "every request, carries every socket frame and every announcement; late, all of them wait.",
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
COMMANDS = Counter(
    "ludoteka_commands_total",
    "Match commands by outcome: accepted, replayed (a retried command_id), or refused with code.",
    ["outcome", "code"],
)
EVENTS_APPENDED = Counter(
    "ludoteka_events_appended_total", "Events committed to the event store.", ["game"]
)
OPEN_SOCKETS = Gauge(
    "ludoteka_websockets_open",
    "WebSockets open now, by kind (match, user).",
    ["kind"],
    multiprocess_mode="livesum",
)
BOT_THINK_SECONDS = Histogram(
    "ludoteka_bot_think_seconds",
    "Time a bot spent choosing one command, by game and level.",
    ["game", "level"],
    buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10),
)
NOTIFICATION_DELIVERIES = Counter(
    "ludoteka_notification_deliveries_total",
    "Notification deliveries (push, email, webhook) by outcome: sent, skipped, retry, failed.",
    ["outcome"],
)


class CeleryQueueCollector(Collector):
    """``ludoteka_celery_queue_length`` (tasks waiting in the broker) and
    ``ludoteka_celery_unacked`` (taken by a worker, not yet acknowledged), read at scrape time."""

    def collect(self) -> Iterator[GaugeMetricFamily]:
        if not getattr(settings, "REDIS_URL", "") or settings.CELERY_TASK_ALWAYS_EAGER:
            return
        waiting = GaugeMetricFamily(
            "ludoteka_celery_queue_length", "Celery tasks waiting in the broker.", labels=["queue"]
        )
        unacked = GaugeMetricFamily(
            "ludoteka_celery_unacked", "Celery tasks delivered to a worker and not acknowledged."
        )
        try:
            depth, held = celery_queue_depth()
        except Exception as err:  # a scrape must answer even when Redis does not
            log.warning("celery queue depth unavailable: %s", err)
            return
        for queue, n in depth.items():
            waiting.add_metric([queue], n)
        unacked.add_metric([], held)
        yield waiting
        yield unacked


def celery_queue_depth(queues: tuple[str, ...] = ("celery",)) -> tuple[dict[str, int], int]:
    """Tasks waiting per queue (its priority sub-queues included) and tasks unacknowledged."""
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    prefix = options.get("global_keyprefix", "")
    client = redis.Redis.from_url(
        settings.CELERY_BROKER_URL, socket_timeout=1, socket_connect_timeout=1
    )
    try:
        # kombu's Redis transport: a list per queue and priority step ("celery", "celery\x06\x163"
        # ...), and a hash of the messages delivered and not yet acknowledged.
        steps = ["", "\x06\x163", "\x06\x166", "\x06\x169"]
        pipe = client.pipeline(transaction=False)
        for queue in queues:
            for step in steps:
                pipe.llen(f"{prefix}{queue}{step}")
        pipe.hlen(f"{prefix}unacked")
        answers = pipe.execute()
    finally:
        client.close()
    depth = {
        queue: sum(answers[i * len(steps) : (i + 1) * len(steps)]) for i, queue in enumerate(queues)
    }
    return depth, answers[-1]


def registry() -> CollectorRegistry:
    """What ``/metrics`` shows: this process's figures, or every process's in multiprocess mode,
    plus the broker's queue depth."""
    if MULTIPROCESS:
        reg = CollectorRegistry()
        multiprocess.MultiProcessCollector(reg)
    else:
        reg = CollectorRegistry()
        reg.register(_Default(REGISTRY))
    reg.register(CeleryQueueCollector())
    return reg


class _Default(Collector):
    """The process's default registry, seen through a registry of the scrape's own."""

    def __init__(self, default: CollectorRegistry) -> None:
        self.default = default

    def collect(self) -> Iterator[Any]:
        yield from self.default.collect()


def exposition() -> tuple[bytes, str]:
    return generate_latest(registry()), CONTENT_TYPE_LATEST


def serve_on_bind(bind: str) -> bool:
    """Serve ``/metrics`` on ``bind`` (``host:port``), a listener of this process's own: the
    internal door for Prometheus, where the public port refuses them (production). Several
    processes of one host or pod share their figures (multiprocess mode), so one listener is
    enough: a process that finds the port taken leaves it to the one that has it."""
    host, _, port = bind.rpartition(":")
    try:
        start_http_server(int(port), addr=host.strip("[]") or "0.0.0.0", registry=registry())
    except OSError as err:
        log.info("metrics: %s already served (%s)", bind, err)
        return False
    return True


def events_committed(game: str, count: int) -> None:
    EVENTS_APPENDED.labels(game).inc(count)


def worker_exited(pid: int) -> None:
    """A process of a multiprocess setup is gone: its live gauges stop counting."""
    if MULTIPROCESS:
        multiprocess.mark_process_dead(pid)


def counted_command(fn: Any) -> Any:
    """Wraps the command pipeline: ``ludoteka_commands_total`` by outcome, and its log lines
    carry the match and command ids."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with log_context(match_id=kwargs.get("match_id"), command_id=kwargs.get("command_id")):
            try:
                result = fn(*args, **kwargs)
            except ApiError as err:
                COMMANDS.labels("refused", err.code).inc()
                raise
            replayed = isinstance(result, dict) and result.get("replayed")
            COMMANDS.labels("replayed" if replayed else "accepted", "").inc()
            return result

    return wrapper
