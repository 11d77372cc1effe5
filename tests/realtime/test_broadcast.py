"""Announcements leave from the committing thread, whatever the web process's event loop does."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import Any

import pytest
import redis
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer

from core.matches import broadcast
from tests.conftest import REDIS_URL
from tests.realtime.conftest import layer_config

pytestmark = pytest.mark.redis


def test_an_announcement_goes_out_while_the_event_loop_is_busy(redis_layer: str) -> None:
    # A web process's loop serving hundreds of sockets can lag for seconds; a publish scheduled
    # on it used to wait that long and was dropped after its timeout.
    subscriber = redis.Redis.from_url(REDIS_URL).pubsub()
    subscriber.subscribe(f"{redis_layer}__group__match.7", f"{redis_layer}__group__user.41")
    for _ in range(2):
        assert subscriber.get_message(timeout=2)["type"] == "subscribe"  # type: ignore[index]
    heard: list[tuple[float, dict[str, Any]]] = []

    def listen() -> None:
        while len(heard) < 2:
            message = subscriber.get_message(ignore_subscribe_messages=True, timeout=5)
            if message is None:
                return
            heard.append((time.monotonic(), message))

    listener = threading.Thread(target=listen)
    listener.start()

    busy = threading.Event()

    def request_thread() -> None:  # a sync view's thread, its transaction just committed
        busy.wait(5)
        broadcast.announce_match_version(7, 3, [41])

    async def scenario() -> float:
        sent = asyncio.ensure_future(sync_to_async(request_thread, thread_sensitive=False)())
        await asyncio.sleep(0.1)
        busy.set()
        time.sleep(1.5)  # the loop is busy and answers nothing meanwhile
        released = time.monotonic()
        await sent
        return released

    released = async_to_sync(scenario)()
    listener.join()
    subscriber.close()
    layer = get_channel_layer()
    assert [layer.deserialize(m["data"]) for _, m in heard] == [
        {"type": "match.version", "match": 7, "version": 3}
    ] * 2
    assert [m["channel"].decode() for _, m in heard] == [
        f"{redis_layer}__group__match.7",
        f"{redis_layer}__group__user.41",
    ]
    assert all(at < released for at, _ in heard)


def test_with_redis_down_an_announcement_is_logged_and_dropped(
    settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    settings.CHANNEL_LAYERS = layer_config("redis://127.0.0.1:1/0", "ludoteka-test-down")
    with caplog.at_level(logging.WARNING, logger="core.matches.broadcast"):
        broadcast.announce_match_version(7, 3, [41])
        broadcast.announce_chat(7, {"text": "hi"})
    assert [r.getMessage() for r in caplog.records] == [
        "broadcast of match 7 v3 failed",
        "chat broadcast of match 7 failed",
    ]
