"""Shared fixtures: the test engine registered as a game, API clients, users."""

from __future__ import annotations

import itertools
import os
import socket
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlparse

import pytest

from games import registry

_names = itertools.count()


REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _redis_answers() -> bool:
    url = urlparse(REDIS_URL)
    try:
        socket.create_connection((url.hostname or "127.0.0.1", url.port or 6379), 1).close()
    except OSError:
        return False
    return True


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``postgres`` run only when the suite runs on PostgreSQL (deploy/test.sh runs
    them in its PostgreSQL pass), and tests marked ``redis`` only when Redis answers at
    ``TEST_REDIS_URL``; deselected, not skipped."""
    try:
        from django.conf import settings

        on_postgres = "postgresql" in settings.DATABASES["default"]["ENGINE"]
    except Exception:
        on_postgres = False
    missing = set() if on_postgres else {"postgres"}
    if any(i.get_closest_marker("redis") for i in items) and not _redis_answers():
        missing.add("redis")
    if not missing:
        return
    kept = [i for i in items if not any(i.get_closest_marker(m) for m in missing)]
    dropped = [i for i in items if any(i.get_closest_marker(m) for m in missing)]
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


@pytest.fixture
def words_race_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The same race with words for players (``tests/core/words_race``) as the game ``race``."""
    monkeypatch.setitem(registry.GAME_MODULES, "race", "tests.core.words_race")
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


@pytest.fixture(autouse=True)
def _fresh_seat_names() -> None:
    """Seat names are cached per match and seat users; SQLite hands a rolled-back test's ids
    out again, so each test starts without the last one's names."""
    try:
        from core.matches.names import forget_names
    except Exception:
        return
    forget_names()


@pytest.fixture(autouse=True)
def _fresh_local_cache() -> None:
    """Throttle counts live in the cache, keyed by user id, and SQLite hands a rolled-back test's
    ids out again: without this a test inherits the last one's requests (a 429 out of nowhere).
    Only the in-process cache is cleared, never a shared Redis."""
    try:
        from django.conf import settings
        from django.core.cache import caches
    except Exception:
        return
    if not settings.configured:
        return
    for alias, config in settings.CACHES.items():
        if config["BACKEND"].endswith("LocMemCache"):
            caches[alias].clear()


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


def post_commands(client: Any, match_id: int, *commands: dict[str, Any]) -> Any:
    """Each command through the HTTP API in turn (ids c0, c1...), each accepted; the last answer."""
    res = None
    for i, command in enumerate(commands):
        res = client.post(
            f"/api/matches/{match_id}/commands",
            {"command_id": f"c{i}", "command": command},
            format="json",
        )
        assert res.status_code == 200, res.content
    return res


def wait_until(condition: Callable[[], bool], seconds: float = 20) -> bool:
    """Poll what another thread does (a bound, not a timing assertion)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()
