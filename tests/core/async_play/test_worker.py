"""A real Celery worker on the real Redis broker (PostgreSQL, so both processes share the test
database): a deadline enforced by the worker hands the human seat to a bot, and the bots play
the match to its end through the worker; duplicate tasks change nothing. Every wait is bounded
and the worker is stopped (then killed) whatever happens."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
import warnings
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone
from kombu import Connection

from core.celery import app as celery_app
from core.eventstore.models import Event
from core.eventstore.store import verify_chain
from core.matches import services, tasks
from core.matches.models import Match
from core.matches.state import load_state, replay_from_zero
from core.notifications.models import OutboxItem
from core.notifications.tasks import dispatch_outbox
from tests.conftest import REDIS_URL, make_user

pytestmark = [
    pytest.mark.redis,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

ROOT = Path(__file__).resolve().parents[3]
# A Redis database and a queue of its own, so no other process's tasks are taken or left behind.
BROKER = REDIS_URL.rsplit("/", 1)[0] + "/13"
QUEUE = f"ludoteka-test-{uuid.uuid4().hex[:12]}"
WAIT_SECONDS = 30


def _database_url() -> str:
    s = connection.settings_dict
    host, port = s.get("HOST") or "127.0.0.1", s.get("PORT") or 5432
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    return f"postgres://{s['USER']}{password}@{host}:{port}/{s['NAME']}"


@pytest.fixture
def worker(django_db_setup: Any, tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    import redis

    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "core.settings.base",
        "DATABASE_URL": _database_url(),
        "REDIS_URL": BROKER,
        "LUDOTEKA_BOT_BUDGET_SECONDS": "0.02",
        "LUDOTEKA_TEST_QUEUE": QUEUE,
    }
    app = "tests.core.async_play.worker_app"
    log = (tmp_path / "worker.log").open("wb")  # a file, not a pipe: a full pipe would stall it
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "celery", "-A", app, "worker", "-Q", QUEUE, "--pool=solo"),
            *("-l", "warning"),
            *("--without-heartbeat", "--without-gossip", "--without-mingle"),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
        start_new_session=True,
    )
    try:
        yield proc
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        log.close()
        redis.Redis.from_url(BROKER).delete(QUEUE)


def send(task: Any, *args: Any) -> None:
    """Queue ``task`` on the worker's broker (``apply_async`` would run it right here: the test
    settings make tasks eager)."""
    with Connection(BROKER) as conn, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "AlwaysEagerIgnored": exactly what is wanted here
        celery_app.send_task(task.name, args=args, connection=conn, queue=QUEUE)


def wait_for(proc: subprocess.Popen[bytes], check: Any) -> None:
    end = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < end:
        if check():
            return
        if proc.poll() is not None:
            raise AssertionError(f"the worker died with exit code {proc.returncode}")
        time.sleep(0.1)
    raise AssertionError(f"gave up after {WAIT_SECONDS} s")


def test_a_timed_out_seat_is_taken_over_and_bots_finish_the_match_through_the_worker(
    race_game: str, worker: subprocess.Popen[bytes]
) -> None:
    alice = make_user()
    match = services.match_create(
        user=alice,
        game="race",
        n_players=3,
        options={"target": 30},
        seats=[
            services.SeatSpec("me"),
            services.SeatSpec("bot", level="greedy"),
            services.SeatSpec("bot", level="random"),
        ],
        time_control={
            "kind": "per_move",
            "move_seconds": 3600,
            "policy": "zombie",
            "vacation": False,
        },
    )
    match.refresh_from_db()
    # The hour has passed (the worker has its own clock, so the deadline moves instead).
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    send(tasks.enforce_deadline, match.pk, match.clock_version)
    wait_for(worker, lambda: Match.objects.get(pk=match.pk).status != Match.Status.ACTIVE)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    # Late and duplicate tasks, then a marker task: the worker runs them in order.
    for version in (2, 3, match.version):
        send(tasks.play_bot_turn, match.pk, version)
    send(tasks.enforce_deadline, match.pk, 2)
    send(tasks.sweep_deadlines)
    marker = OutboxItem.objects.create(user=alice, kind="your_turn", key="marker", payload={})
    send(dispatch_outbox)
    wait_for(worker, lambda: OutboxItem.objects.get(pk=marker.pk).sent_at is not None)
    after = Match.objects.get(pk=match.pk)
    assert after.version == match.version
    assert Event.objects.filter(match=match).count() == match.version
    assert Event.objects.filter(match=match, type="SeatTimedOut").count() == 1
    turns = Event.objects.filter(match=match, type="TurnEnded")
    assert set(turns.values_list("actor", flat=True)) == {0, 1, 2}
    assert verify_chain(match.pk).ok
    assert load_state(after) == replay_from_zero(after)
