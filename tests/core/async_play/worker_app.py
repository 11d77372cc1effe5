"""The Celery app as the worker test runs it: the production app, with the platform tests'
small engine registered as the game ``race`` (the test process registers it the same way)."""

from __future__ import annotations

from games import registry

registry.GAME_MODULES["race"] = "tests.core.fake_engine"

from core.celery import app  # noqa: E402

__all__ = ["app"]
