"""Socket tests: the real Redis channel layer under a prefix of its own, and socket helpers.

The scenarios are coroutines run with ``async_to_sync``; the consumers read the database from
other threads, so the tests that use them commit for real (``transaction=True``) and, since the
SQLite test database refuses to delete events, run on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from channels.db import database_sync_to_async
from channels.testing.websocket import WebsocketCommunicator
from django.conf import settings as django_settings

from core.accounts.services import user_token
from core.matches import services
from core.matches.recent import recent_commits
from realtime import limits, outbox_poll, presence, presence_hub, reads
from realtime.reads import folds, homes, updates
from tests.conftest import REDIS_URL, make_user

FRAME_TIMEOUT = 5


def layer_config(url: str, prefix: str) -> dict[str, Any]:
    """The production layer (core/settings/base.py with ``REDIS_URL``) under ``prefix``."""
    return {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [url], "prefix": prefix},
        }
    }


@pytest.fixture(autouse=True)
def _no_connection_left_behind(request: pytest.FixtureRequest) -> Iterator[None]:
    """The consumers read in a thread pool whose connections stay open between reads, as in a
    server; they are ended before the database is flushed (the flush, and dropping the test
    database at the end, would wait for them)."""
    yield
    if request.node.get_closest_marker("django_db") is None:
        return
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )


@pytest.fixture
def redis_prefix() -> Iterator[str]:
    """A channel-layer prefix of this test's own; its keys are deleted afterwards."""
    prefix = f"ludoteka-test-{uuid.uuid4().hex[:12]}"
    yield prefix
    client = redis.Redis.from_url(REDIS_URL)
    try:
        keys = list(client.scan_iter(f"{prefix}*", count=1000))
        if keys:
            client.delete(*keys)
    finally:
        client.close()


@pytest.fixture
def redis_layer(settings: Any, redis_prefix: str) -> str:
    settings.CHANNEL_LAYERS = layer_config(REDIS_URL, redis_prefix)
    updates.clear()
    homes.clear()
    outbox_poll.clear()
    folds.clear()
    recent_commits.clear()
    presence.clear()
    presence_hub.reset()
    limits.clear()
    return redis_prefix


def token_for(user: Any) -> str:
    return user_token(user=user)


def start_match(alice: Any, bob: Any, game: str, target: int = 30) -> int:
    match = services.match_create(
        user=alice,
        game=game,
        n_players=2,
        options={"target": target},
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username=bob.username)],
    )
    services.match_join(match_id=match.pk, user=bob)
    return match.pk


@pytest.fixture
def players(redis_layer: str, race_game: str) -> dict[str, Any]:
    """alice (seat 0) and bob (seat 1) in a started race, carol watching; tokens for all."""
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    return {
        "match": start_match(alice, bob, race_game),
        "alice": alice,
        "bob": bob,
        "carol": carol,
        "tokens": {u.username: token_for(u) for u in (alice, bob, carol)},
    }


def command(match_id: int, user: Any, cmd: dict[str, Any], cid: str) -> dict[str, Any]:
    return services.match_submit_command(match_id=match_id, user=user, command=cmd, command_id=cid)


submit = database_sync_to_async(command)


async def socket(
    path: str,
    *,
    token: str | None = None,
    headers: Any = (),
    after: str | int | None = None,
    subprotocols: list[str] | None = None,
) -> Any:
    """A connected (accepted) socket on the real ASGI application; ``token`` goes in the legacy
    query string (``subprotocols`` carry one the new way). ``comm.subprotocol``: the server's
    choice."""
    from core.asgi import application

    params = [f"token={token}"] * bool(token) + [f"after={after}"] * (after is not None)
    query = "?" + "&".join(params) if params else ""
    comm = WebsocketCommunicator(
        application, path + query, headers=list(headers), subprotocols=subprotocols
    )
    connected, comm.subprotocol = await comm.connect(timeout=FRAME_TIMEOUT)
    assert connected
    return comm


async def expect(comm: Any, t: str, *, seen: list[str] | None = None) -> dict[str, Any]:
    """The next frame of type ``t``, passing over presence frames (kept in ``seen``)."""
    while True:
        out = await comm.receive_output(timeout=FRAME_TIMEOUT)
        assert out["type"] == "websocket.send", out
        if seen is not None:
            seen.append(out["text"])
        data = json.loads(out["text"])
        if data["t"] == t:
            return data
        assert data["t"] == "presence", data


async def closed_with(comm: Any) -> int:
    """The close code of a socket about to close, passing over presence frames."""
    while True:
        out = await comm.receive_output(timeout=FRAME_TIMEOUT)
        if out["type"] == "websocket.close":
            return out["code"]
        assert '"t":"presence"' in out.get("text", ""), out


async def quiet(comm: Any, t: str, wait: float = 0.3) -> None:
    """No frame of type ``t`` arrives within ``wait`` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + wait
    while (left := end - loop.time()) > 0:
        if await comm.receive_nothing(timeout=left, interval=0.02):
            return
        out = await comm.receive_output()
        assert json.loads(out["text"])["t"] != t, out["text"]


def allowed_origin() -> tuple[bytes, bytes]:
    return (b"origin", f"http://{django_settings.ALLOWED_HOSTS[0]}".encode())


@pytest.fixture
def store_reads(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Calls of the reads a move's fan-out makes of the store, by name."""
    counts: Counter[str] = Counter()

    def counted(name: str, fn: Any) -> Any:
        def wrapper(*args: Any) -> Any:
            counts[name] += 1
            return fn(*args)

        return wrapper

    for name in ("_match_and_seats", "_events", "_newest_notifications"):
        monkeypatch.setattr(reads, name, counted(name, getattr(reads, name)))
    return counts
