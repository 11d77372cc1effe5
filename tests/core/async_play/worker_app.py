"""The Celery app as the worker tests run it: the production app, with the platform tests' small
engines registered (the test process registers them the same way) and a queue and broker key
prefix of the test's own, so concurrent test runs never take or redeliver each other's tasks."""

from __future__ import annotations

import os

from games import registry

registry.GAME_MODULES["race"] = "tests.core.fake_engine"
registry.GAME_MODULES["slowrace"] = "tests.core.async_play.slow_engine"

from core.celery import app  # noqa: E402

app.conf.task_default_queue = os.environ.get("LUDOTEKA_TEST_QUEUE", "celery")
app.conf.broker_transport_options = {
    **app.conf.broker_transport_options,
    "global_keyprefix": os.environ.get("LUDOTEKA_TEST_KEY_PREFIX", ""),
    # Look for unacknowledged messages to hand out again every second, not every 100 s: the
    # redelivery test runs with a visibility_timeout of seconds.
    "unacked_restore_interval": 1,
    "unacked_restore_throttle": 1,
}

__all__ = ["app"]
