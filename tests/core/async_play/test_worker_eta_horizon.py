"""Tasks scheduled ahead (clock checks) go to Celery only within the ETA horizon: a worker holds
an ETA task unacknowledged until it runs, and Redis would hand out one held past its
visibility_timeout again and again. Later ones are left to the periodic sweep."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import override_settings

from core.matches.scheduling import eta_horizon, run_at
from tests.core.async_play.conftest import Clock

pytestmark = pytest.mark.django_db

VISIBILITY = {"visibility_timeout": 7200}


class Recorder:
    def __init__(self) -> None:
        self.sent: list[tuple[tuple[Any, ...], Any]] = []

    def apply_async(self, args: tuple[Any, ...], eta: Any) -> None:
        self.sent.append((args, eta))


def test_the_horizon_is_half_the_visibility_timeout() -> None:
    with override_settings(CELERY_BROKER_TRANSPORT_OPTIONS=VISIBILITY):
        assert eta_horizon() == timedelta(hours=1)


def test_a_check_within_the_horizon_goes_to_celery_and_a_later_one_does_not(
    clock: Clock, django_capture_on_commit_callbacks: Any
) -> None:
    task = Recorder()
    near, far = clock.now + timedelta(minutes=59), clock.now + timedelta(minutes=61)
    with (
        override_settings(
            CELERY_TASK_ALWAYS_EAGER=False, CELERY_BROKER_TRANSPORT_OPTIONS=VISIBILITY
        ),
        django_capture_on_commit_callbacks(execute=True),
    ):
        run_at(task, near, 7, 2)
        run_at(task, far, 7, 3)
    assert task.sent == [((7, 2), near)]


def test_nothing_waits_in_the_embedded_default(
    clock: Clock, django_capture_on_commit_callbacks: Any
) -> None:
    task = Recorder()
    with (
        override_settings(CELERY_TASK_ALWAYS_EAGER=True),
        django_capture_on_commit_callbacks(execute=True),
    ):
        run_at(task, clock.now + timedelta(seconds=5), 7, 2)
    assert task.sent == []
