"""Redis stops under live sockets: commands are still accepted and stored, new sockets are told
to come back later, and when Redis is back the sockets catch up, exactly."""

from __future__ import annotations

import asyncio
import json
import socket as sockets
from typing import Any
from urllib.parse import urlparse

import pytest
from asgiref.sync import async_to_sync

from core.eventstore.models import Event
from tests.conftest import REDIS_URL
from tests.realtime.conftest import expect, layer_config, quiet, socket, submit

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
    settings.REALTIME_PRESENCE_BEAT = 0.3
    match_id, alice = players["match"], players["alice"]
    path = f"/ws/matches/{match_id}/"
    redis = RedisSwitch()
    settings.CHANNEL_LAYERS = layer_config(f"redis://127.0.0.1:{redis.port}", redis_prefix)

    async def scenario() -> None:
        await redis.start()
        bob = await socket(path, token=players["tokens"]["bob"])
        had = (await expect(bob, "hello"))["v"]

        await redis.stop()
        for i, amount in enumerate((1, 2)):
            answer = await submit(match_id, alice, {"type": "add", "amount": amount}, f"down{i}")
            assert answer["version"] == had + 1 + i
        # A socket opened now is told to come back later (1013), or, when the layer let it
        # subscribe, gets the stored state: either way nothing it shows is stale.
        during = await socket(path, token=players["tokens"]["carol"])
        first = await during.receive_output(timeout=5)
        if first["type"] == "websocket.close":
            assert first["code"] == 1013
        else:
            assert json.loads(first["text"])["v"] == had + 2
            await during.disconnect()
        await quiet(bob, "events", wait=0.5)  # the open socket hears nothing, and stays open

        await redis.start()
        # The open socket catches up by itself: its process checks the version every beat.
        caught = await expect(bob, "events")
        assert caught["d"]["after"] == had and caught["v"] == had + 2
        assert [e["seq"] for e in caught["d"]["events"]] == [had + 1, had + 2]
        # A client that was away comes back with the version it had and gets exactly the rest.
        back = await socket(path, token=players["tokens"]["carol"])
        assert (await expect(back, "hello"))["v"] == had + 2
        await back.send_json_to({"resume": had})
        resumed = await expect(back, "events")
        assert [e["seq"] for e in resumed["d"]["events"]] == [had + 1, had + 2]
        assert resumed["d"]["view"]["points"] == [3, 0]

        await submit(match_id, alice, {"type": "end_turn"}, "up")  # live again
        for comm in (bob, back):
            assert (await expect(comm, "events"))["d"]["after"] == had + 2
            await comm.disconnect()
        await redis.stop()

    async_to_sync(scenario)()
    assert Event.objects.of("match", match_id).count() == 5
