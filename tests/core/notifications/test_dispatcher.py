"""The in-process outbox dispatcher: commits wake one thread that dispatches them in batches."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import transaction

from core.notifications import dispatcher
from core.notifications.models import Notification, OutboxItem
from tests.conftest import make_user, wait_until
from tests.core.async_play.conftest import ADD, END, PER_DAY, play, start_race

# Real commits wake the thread; SQLite's append-only triggers refuse the flush after such tests.
pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def batching(settings: Any) -> Iterator[None]:
    settings.LUDOTEKA_OUTBOX_BATCH_SECONDS = 0.05
    yield
    # No run left to start during the next test (it would take that test's outbox rows).
    assert dispatcher.batcher.settle(timeout=30)


def test_a_passed_turn_is_notified_by_the_dispatcher_thread(race_game: str, batching: None) -> None:
    alice, bob = make_user(), make_user()
    match = start_race(alice, bob, PER_DAY)
    play(match, alice, ADD, END)
    # Nothing was dispatched in the committing thread: the rows wait for the batch.
    assert wait_until(lambda: not OutboxItem.objects.filter(sent_at__isnull=True).exists())
    assert Notification.objects.filter(user=bob, kind="your_turn").exists()


def test_commits_in_one_window_are_dispatched_in_one_run(race_game: str, batching: None) -> None:
    users = [make_user() for _ in range(6)]
    matches = [start_race(a, b, PER_DAY) for a, b in zip(users[::2], users[1::2], strict=True)]
    wait_until(lambda: not OutboxItem.objects.filter(sent_at__isnull=True).exists())
    time.sleep(0.2)  # the runs the starts asked for are over
    runs = dispatcher.batcher.runs
    with transaction.atomic():  # three turns passed in one commit: one wake-up
        for m in matches:
            play(m, m.seats.get(index=0).user, ADD, END)
    assert wait_until(lambda: Notification.objects.filter(kind="your_turn").count() == 3 + 3)
    assert wait_until(lambda: dispatcher.batcher.runs > runs)
    assert dispatcher.batcher.runs - runs == 1


def test_without_a_window_the_dispatch_runs_in_the_committing_thread(
    race_game: str, settings: Any
) -> None:
    settings.LUDOTEKA_OUTBOX_BATCH_SECONDS = 0
    alice, bob = make_user(), make_user()
    match = start_race(alice, bob, PER_DAY)
    play(match, alice, ADD, END)
    assert not OutboxItem.objects.filter(sent_at__isnull=True).exists()
    assert Notification.objects.filter(user=bob, kind="your_turn").exists()


def test_on_celery_the_commits_of_a_window_send_one_task(
    race_game: str, batching: None, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from core.matches import scheduling
    from core.notifications.tasks import dispatch_outbox

    users = [make_user() for _ in range(6)]
    matches = [start_race(a, b, PER_DAY) for a, b in zip(users[::2], users[1::2], strict=True)]
    assert dispatcher.batcher.settle(timeout=30)
    sent: list[str] = []

    def hand_off(task: Any, args: Any, eta: Any = None) -> bool:
        if task.name == dispatch_outbox.name:
            sent.append(threading.current_thread().name)
        return True

    monkeypatch.setattr(scheduling, "_hand_off", hand_off)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.LUDOTEKA_OUTBOX_BATCH_SECONDS = 2  # a window the three commits fit in
    runs = dispatcher.batcher.runs
    for m in matches:
        play(m, m.seats.get(index=0).user, ADD, END)
    assert wait_until(lambda: dispatcher.batcher.runs > runs)
    assert dispatcher.batcher.settle(timeout=30)
    # One message a window, sent by the dispatcher thread, none by the committing one; the
    # rows wait for a worker.
    assert sent == ["outbox-dispatcher"] * (dispatcher.batcher.runs - runs)
    assert len(sent) < 3
    assert OutboxItem.objects.filter(sent_at__isnull=True).count() == 3
