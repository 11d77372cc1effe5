"""Shared fixtures: the test engine registered as a game, API clients, users."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from games import registry

_names = itertools.count()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``postgres`` run only when the suite runs on PostgreSQL (deselected, not
    skipped: deploy/test.sh runs them in its PostgreSQL pass)."""
    try:
        from django.conf import settings

        on_postgres = "postgresql" in settings.DATABASES["default"]["ENGINE"]
    except Exception:
        on_postgres = False
    if on_postgres:
        return
    kept = [i for i in items if i.get_closest_marker("postgres") is None]
    dropped = [i for i in items if i.get_closest_marker("postgres") is not None]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture
def race_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Registers the platform tests' small engine as the game ``race``."""
    monkeypatch.setitem(registry.GAME_MODULES, "race", "tests.core.fake_engine")
    registry.get_engine.cache_clear()
    yield "race"
    registry.get_engine.cache_clear()


@pytest.fixture(autouse=True)
def _fresh_state_cache() -> Iterator[None]:
    try:
        from core.matches.state import state_cache
    except Exception:
        yield
        return
    state_cache.clear()
    yield
    state_cache.clear()


def make_user(name: str | None = None, password: str = "pass-word-123") -> Any:
    from core.accounts.models import User

    name = name or f"user{next(_names)}"
    return User.objects.create_user(username=name, password=password, display_name=name.title())


@pytest.fixture
def alice(db: Any) -> Any:
    return make_user("alice")


@pytest.fixture
def bob(db: Any) -> Any:
    return make_user("bob")


def client_for(user: Any) -> Any:
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user)
    return client
