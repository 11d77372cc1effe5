"""The Celery app as the worker test runs it: the production app, with the platform tests'
small engine registered as the game ``race`` (the test process registers it the same way) and
a queue of the test's own, so concurrent test runs never take each other's tasks."""

from __future__ import annotations

import os

from games import registry

registry.GAME_MODULES["race"] = "tests.core.fake_engine"

from core.celery import app  # noqa: E402

app.conf.task_default_queue = os.environ.get("LUDOTEKA_TEST_QUEUE", "celery")

__all__ = ["app"]
