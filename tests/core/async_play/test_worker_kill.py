"""A worker killed (SIGKILL) in the middle of a bot move: the move is made exactly once, by
whichever way the lost task comes back.

The worker is caught inside the move by the ``slow`` bot of ``slow_engine``: its first move
notes the process id in a marker file, then sleeps far longer than any test waits. Each later
attempt at a move adds a line, so the file counts how many times a bot move was started.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from core.eventstore.models import Event
from core.matches import tasks
from core.matches.models import Match
from games import registry
from tests.core.async_play.bot_matches import (
    assert_played_to_the_end_once,
    command_batches,
    follow_ups_to,
    start_bots_match,
)
from tests.core.async_play.workers import Worker, Workers, running_workers

pytestmark = [
    pytest.mark.redis,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

SLOW_SECONDS = "600"  # the first slow move never ends by itself within a test


@pytest.fixture
def workers(
    django_db_setup: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Workers]:
    monkeypatch.setitem(registry.GAME_MODULES, "slowrace", "tests.core.async_play.slow_engine")
    registry.get_engine.cache_clear()
    with running_workers(tmp_path) as w:
        follow_ups_to(w.broker, monkeypatch)
        yield w
    registry.get_engine.cache_clear()


@pytest.fixture
def marker(tmp_path: Path) -> Path:
    return tmp_path / "bot-moves"


def slow_env(marker: Path, **extra: str) -> dict[str, str]:
    return {
        "LUDOTEKA_TEST_BOT_MARKER": str(marker),
        "LUDOTEKA_TEST_SLOW_BOT_SECONDS": SLOW_SECONDS,
        **extra,
    }


def start_slow_match() -> Match:
    """Seat 0's bot is slow on its first move, the match's first command."""
    return start_bots_match("slowrace", ("slow", "greedy"), {"target": 12})


def caught_mid_move(worker: Worker, marker: Path, match: Match) -> int:
    """Wait until a process of ``worker`` is inside seat 0's first move; its process id."""
    worker.wait_for(lambda: marker.exists() and marker.read_text().endswith("\n"))
    time.sleep(0.2)  # nothing may land in the meantime: the bot sleeps on
    (pid,) = (int(line) for line in marker.read_text().split())
    assert Match.objects.get(pk=match.pk).version == match.version
    assert not Event.objects.of("match", match.pk).filter(seq__gt=match.version).exists()
    return pid


def assert_the_move_was_made_once(match: Match, marker: Path, killed_pid: int) -> None:
    """The killed move was made once, when it came back, and every other move once."""
    played = assert_played_to_the_end_once(match.pk)
    batches = command_batches(match.pk)
    assert batches[0][0] == f"bot:{match.version}:0"
    assert batches[0][1][0] == match.version + 1
    pids = [int(line) for line in marker.read_text().split()]
    seat0_moves = [command_id for command_id, _ in batches if command_id.endswith(":0")]
    assert pids[0] == killed_pid and killed_pid not in pids[1:]
    assert len(pids) == 1 + len(seat0_moves)  # the killed attempt, then each move once
    assert played.version > match.version


def test_a_killed_worker_s_bot_move_is_redelivered_and_made_once(
    workers: Workers, marker: Path
) -> None:
    # Redis hands the unacknowledged message out again after visibility_timeout seconds.
    env = slow_env(marker, LUDOTEKA_CELERY_VISIBILITY_TIMEOUT="2")
    first = workers.start(**env)
    match = start_slow_match()
    pid = caught_mid_move(first, marker, match)
    assert pid == first.pid
    first.kill()
    second = workers.start(**env)
    second.wait_for(lambda: Match.objects.get(pk=match.pk).status != Match.Status.ACTIVE)
    assert_the_move_was_made_once(match, marker, pid)


def test_the_sweep_asks_again_for_a_bot_move_lost_with_its_worker(
    workers: Workers, marker: Path
) -> None:
    # The lost message would come back only in an hour: the sweep (Celery beat's, sent here by
    # hand) finds the match waiting for a bot for longer than LUDOTEKA_BOT_STALL_SECONDS.
    env = slow_env(marker, LUDOTEKA_BOT_STALL_SECONDS="1")
    first = workers.start(**env)
    match = start_slow_match()
    pid = caught_mid_move(first, marker, match)
    first.kill()
    second = workers.start(**env)
    quiet_since = Match.objects.get(pk=match.pk).updated_at
    second.wait_for(lambda: (timezone.now() - quiet_since).total_seconds() > 1.5)
    workers.broker.send(tasks.sweep_deadlines)
    workers.broker.send(tasks.sweep_deadlines)  # a second sweep before the move: no second move
    second.wait_for(lambda: Match.objects.get(pk=match.pk).status != Match.Status.ACTIVE)
    assert_the_move_was_made_once(match, marker, pid)


def test_a_pool_process_killed_in_a_bot_move_has_its_task_requeued_at_once(
    workers: Workers, marker: Path
) -> None:
    # Only the pool process dies (the out-of-memory killer's way): the worker sees it lost and
    # requeues the task (task_reject_on_worker_lost), long before any visibility_timeout.
    worker = workers.start(pool="prefork", **slow_env(marker))
    match = start_slow_match()
    pid = caught_mid_move(worker, marker, match)
    assert pid != worker.pid
    os.kill(pid, signal.SIGKILL)
    worker.wait_for(lambda: Match.objects.get(pk=match.pk).status != Match.Status.ACTIVE)
    assert_the_move_was_made_once(match, marker, pid)
