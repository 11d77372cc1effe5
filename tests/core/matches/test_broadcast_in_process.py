"""The embedded mode's in-process channel layer: an announcement from a server's request thread
is handed to the server's loop, not waited for (core/matches/broadcast.py)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer

from core.matches import broadcast


def test_an_announcement_leaves_the_request_thread_free_while_the_loop_is_busy(
    settings: Any,
) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    go, returned = threading.Event(), threading.Event()

    def request_thread() -> None:  # core/hotlane/bridge.py runs a request in such a thread
        go.wait(5)  # its transaction commits once the loop is busy
        broadcast.announce_match_version(7, 3, [41])
        returned.set()

    async def scenario() -> tuple[bool, dict[str, Any]]:
        channel = await layer.new_channel()
        await layer.group_add("user.41", channel)
        request = asyncio.ensure_future(sync_to_async(request_thread, thread_sensitive=False)())
        await asyncio.sleep(0.05)  # the request thread is running
        go.set()
        # The loop is busy (this blocks it): a request thread waiting for it would wait too.
        free = returned.wait(3)
        await request  # the loop free again: a waiting thread finishes too
        return free, await asyncio.wait_for(layer.receive(channel), 5)

    free, message = async_to_sync(scenario)()
    assert free
    assert message == {"type": "match.version", "match": 7, "version": 3}


def test_outside_a_server_thread_the_announcement_is_sent_before_it_returns(
    settings: Any,
) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()

    async def listen() -> str:
        channel = await layer.new_channel()
        await layer.group_add("match.8", channel)
        return channel

    async def receive(channel: str) -> dict[str, Any]:
        return await asyncio.wait_for(layer.receive(channel), 1)

    channel = async_to_sync(listen)()
    broadcast.announce_match_version(8, 2, [])  # a Celery task, a management command
    assert async_to_sync(receive)(channel) == {"type": "match.version", "match": 8, "version": 2}
