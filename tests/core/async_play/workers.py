"""Real Celery workers for tests: subprocesses running ``worker_app`` on the real Redis broker and
sharing the PostgreSQL test database with the test.

Each test gets a queue, a broker key prefix and a channels prefix of its own (``Broker``), so
concurrent test runs on this machine never take, redeliver or hear each other's tasks: Redis keeps
unacknowledged messages under keys shared by every consumer of a database, and pub/sub channels
are shared by all databases. Every wait is bounded, and every worker a test started is stopped
(then killed) at its end whatever happened.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import connection
from kombu import Connection

from core.celery import app as celery_app
from tests.conftest import REDIS_URL

ROOT = Path(__file__).resolve().parents[3]
BROKER_URL = REDIS_URL.rsplit("/", 1)[0] + "/13"
WAIT_SECONDS = 30.0
APP = "tests.core.async_play.worker_app"


def database_url() -> str:
    """The test database as a URL, for the worker's ``DATABASE_URL``."""
    s = connection.settings_dict
    host, port = s.get("HOST") or "127.0.0.1", s.get("PORT") or 5432
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    return f"postgres://{s['USER']}{password}@{host}:{port}/{s['NAME']}"


@dataclass(frozen=True)
class Broker:
    """One test's corner of the Redis broker."""

    name: str = field(default_factory=lambda: f"ludoteka-test-{uuid.uuid4().hex[:12]}")

    @property
    def queue(self) -> str:
        return self.name

    @property
    def key_prefix(self) -> str:
        return f"{self.name}:"

    def connection(self) -> Connection:
        return Connection(BROKER_URL, transport_options={"global_keyprefix": self.key_prefix})

    def send(self, task: Any, *args: Any) -> None:
        """Queue ``task`` for the workers (``apply_async`` would run it right here: the test
        settings make tasks eager)."""
        with self.connection() as conn, warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "AlwaysEagerIgnored": exactly what is wanted here
            celery_app.send_task(task.name, args=args, connection=conn, queue=self.queue)

    def clear(self) -> None:
        import redis

        client = redis.Redis.from_url(BROKER_URL)
        keys = list(client.scan_iter(match=f"{self.key_prefix}*", count=1000))
        if keys:
            client.delete(*keys)


@dataclass
class Worker:
    proc: subprocess.Popen[bytes]
    log_path: Path

    @property
    def pid(self) -> int:
        return self.proc.pid

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def kill(self) -> None:
        """SIGKILL the whole process group (the worker and any pool processes): nothing gets a
        chance to acknowledge, requeue or clean up."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc.poll() is not None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()

    def wait_for(self, check: Callable[[], bool], seconds: float = WAIT_SECONDS) -> None:
        """Poll ``check`` until it holds; fail if this worker dies or time runs out."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if check():
                return
            if self.proc.poll() is not None:
                raise AssertionError(
                    f"the worker died with exit code {self.proc.returncode}:\n{self.log_tail()}"
                )
            time.sleep(0.05)
        raise AssertionError(f"gave up after {seconds} s; worker log:\n{self.log_tail()}")


class Workers:
    """Starts workers for one test on its ``broker``; ``stop_all`` ends every one of them."""

    def __init__(self, broker: Broker, log_dir: Path) -> None:
        self.broker = broker
        self.log_dir = log_dir
        self.started: list[Worker] = []

    def start(self, *, pool: str = "solo", **env: str) -> Worker:
        """A worker with ``env`` on top of the test's (e.g. ``LUDOTEKA_BOT_STALL_SECONDS``)."""
        full_env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "core.settings.base",
            "DATABASE_URL": database_url(),
            "REDIS_URL": BROKER_URL,
            "CHANNELS_PREFIX": self.broker.name,
            "LOG_LEVEL": "WARNING",
            "LUDOTEKA_BOT_BUDGET_SECONDS": "0.02",
            "LUDOTEKA_TEST_QUEUE": self.broker.queue,
            "LUDOTEKA_TEST_KEY_PREFIX": self.broker.key_prefix,
            **env,
        }
        log_path = self.log_dir / f"worker-{len(self.started)}.log"
        with log_path.open("wb") as log:  # a file, not a pipe: a full pipe would stall it
            proc = subprocess.Popen(
                [
                    *(sys.executable, "-m", "celery", "-A", APP, "worker"),
                    *("-Q", self.broker.queue, f"--pool={pool}", "--concurrency=1"),
                    *("-l", "warning"),
                    *("--without-heartbeat", "--without-gossip", "--without-mingle"),
                ],
                cwd=ROOT,
                env=full_env,
                stdout=subprocess.DEVNULL,
                stderr=log,
                start_new_session=True,  # its own process group, to be killed whole
            )
        worker = Worker(proc, log_path)
        self.started.append(worker)
        return worker

    def stop_all(self) -> None:
        for worker in self.started:
            worker.stop()


@contextmanager
def running_workers(log_dir: Path) -> Iterator[Workers]:
    workers = Workers(Broker(), log_dir)
    try:
        yield workers
    finally:
        workers.stop_all()
        workers.broker.clear()
