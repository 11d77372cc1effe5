"""Redis stops under live sockets: commands are still accepted and stored, and when Redis is back
the clients catch up by resume, exactly."""

from __future__ import annotations

import asyncio
import socket as sockets
from typing import Any
from urllib.parse import urlparse

import pytest
from asgiref.sync import async_to_sync

from core.eventstore.models import Event
from tests.conftest import REDIS_URL
from tests.realtime.conftest import closed_with, expect, layer_config, socket, submit

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


class RedisSwitch:
    """A TCP relay to Redis on a port of its own: ``stop()`` is Redis going down for everyone
    using that port (listener closed, every open connection cut), ``start()`` it coming back."""

    def __init__(self) -> None:
        with sockets.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        target = urlparse(REDIS_URL)
        self.target = (target.hostname or "127.0.0.1", target.port or 6379)
        self.server: asyncio.Server | None = None
        self.writers: list[asyncio.StreamWriter] = []

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._relay, "127.0.0.1", self.port)

    async def stop(self) -> None:
        assert self.server is not None
        self.server.close()
        await self.server.wait_closed()
        for writer in self.writers:
            writer.transport.abort()
        self.writers.clear()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        self.writers += [writer, up_writer]

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))


def test_commands_are_stored_while_redis_is_down_and_sockets_catch_up(
    players: Any, settings: Any, redis_prefix: str
) -> None:
    match_id, alice = players["match"], players["alice"]
    path = f"/ws/matches/{match_id}/"
    redis = RedisSwitch()
    settings.CHANNEL_LAYERS = layer_config(f"redis://127.0.0.1:{redis.port}", redis_prefix)

    async def scenario() -> None:
        await redis.start()
        bob = await socket(path, token=players["tokens"]["bob"])
        had = (await expect(bob, "hello"))["v"]

        await redis.stop()
        assert await closed_with(bob) == 1013  # try again later
        for i, amount in enumerate((1, 2)):
            answer = await submit(match_id, alice, {"type": "add", "amount": amount}, f"down{i}")
            assert answer["version"] == had + 1 + i
        assert await closed_with(await socket(path, token=players["tokens"]["bob"])) == 1013

        await redis.start()
        back = await socket(path, token=players["tokens"]["bob"])
        hello = await expect(back, "hello")
        assert hello["v"] == had + 2
        await back.send_json_to({"resume": had})
        caught = await expect(back, "events")
        assert [e["seq"] for e in caught["d"]["events"]] == [had + 1, had + 2]
        assert caught["d"]["view"]["points"] == [3, 0]

        await submit(match_id, alice, {"type": "end_turn"}, "up")  # live again
        assert (await expect(back, "events"))["d"]["after"] == had + 2
        await back.disconnect()
        await redis.stop()

    async_to_sync(scenario)()
    assert Event.objects.filter(match_id=match_id).count() == 5
