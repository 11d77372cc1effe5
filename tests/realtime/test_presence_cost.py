"""Presence costs per person, not per socket (issue 40: 200 sockets of one user stalled the
server on O(sockets²) roster messages). Counted on the channel layer: what the process
publishes and what reaches a reader, of the ``presence.*`` kinds."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels_redis.pubsub import RedisPubSubLoopLayer

from tests.realtime.conftest import FRAME_TIMEOUT, expect, quiet, socket

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SETTLE = 0.4  # seconds: past the debounce of presence (0.05 s) with room for a loaded machine


@pytest.fixture
def presence_traffic(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """``sent`` and ``received`` presence messages on the layer, as the test goes."""
    counts: Counter[str] = Counter()
    group_send, send, receive = (
        RedisPubSubLoopLayer.group_send,
        RedisPubSubLoopLayer.send,
        RedisPubSubLoopLayer.receive,
    )

    async def counted_group_send(self: Any, group: str, message: dict[str, Any]) -> None:
        counts["sent"] += message["type"].startswith("presence.")
        await group_send(self, group, message)

    async def counted_send(self: Any, channel: str, message: dict[str, Any]) -> None:
        counts["sent"] += message["type"].startswith("presence.")
        await send(self, channel, message)

    async def counted_receive(self: Any, channel: str) -> Any:
        message = await receive(self, channel)
        counts["received"] += message["type"].startswith("presence.")
        return message

    monkeypatch.setattr(RedisPubSubLoopLayer, "group_send", counted_group_send)
    monkeypatch.setattr(RedisPubSubLoopLayer, "send", counted_send)
    monkeypatch.setattr(RedisPubSubLoopLayer, "receive", counted_receive)
    return counts


def test_more_sockets_of_a_person_already_there_cost_no_presence_message(
    players: Any, presence_traffic: Counter[str]
) -> None:
    path = f"/ws/matches/{players['match']}/"
    bob = players["tokens"]["bob"]

    async def scenario() -> None:
        tabs = [await socket(path, token=bob) for _ in range(2)]
        for tab in tabs:
            await expect(tab, "hello")
        await asyncio.sleep(SETTLE)
        after_two = Counter(presence_traffic)
        for _ in range(10):
            tabs.append(await socket(path, token=bob))
            hello = await expect(tabs[-1], "hello")
            assert [u["user"] for u in hello["d"]["presence"]] == ["bob"]
        await asyncio.sleep(SETTLE)
        assert presence_traffic == after_two  # ten more tabs: not one message
        for tab in tabs[:2]:
            await quiet(tab, "presence", 0.1)  # nor a frame: the list did not change
        for tab in tabs[2:]:
            await tab.disconnect()
        await asyncio.sleep(SETTLE)
        assert presence_traffic == after_two  # and ten tabs closed: none either
        for tab in tabs[:2]:
            await tab.disconnect()

    async_to_sync(scenario)()


def test_a_new_person_costs_one_roster_message_and_one_frame_per_open_socket(
    players: Any, presence_traffic: Counter[str]
) -> None:
    path = f"/ws/matches/{players['match']}/"
    tokens = players["tokens"]

    async def scenario() -> None:
        tabs = [await socket(path, token=tokens["carol"]) for _ in range(8)]
        for tab in tabs:
            await expect(tab, "hello")
        await asyncio.sleep(SETTLE)
        before = Counter(presence_traffic)
        alice = await socket(path, token=tokens["alice"])
        await expect(alice, "hello")
        for tab in tabs:  # each of carol's sockets is shown the new list once
            frame = await expect(tab, "presence")
            assert [u["user"] for u in frame["d"]["users"]] == ["alice", "carol"]
            assert await tab.receive_nothing(timeout=0.05)
        await asyncio.sleep(SETTLE)
        # One roster out, heard back by this process's own channel, whatever the sockets.
        assert presence_traffic["sent"] - before["sent"] == 1
        assert presence_traffic["received"] - before["received"] <= 1
        for comm in [*tabs, alice]:
            await comm.disconnect()

    async_to_sync(scenario)()


def test_presence_frames_carry_no_more_than_the_people(players: Any) -> None:
    """A socket of a person present many times over lists that person once."""
    path = f"/ws/matches/{players['match']}/"
    tokens = players["tokens"]

    async def scenario() -> None:
        tabs = [await socket(path, token=tokens["bob"]) for _ in range(5)]
        for tab in tabs:
            await expect(tab, "hello")
        carol = await socket(path, token=tokens["carol"])
        hello = await expect(carol, "hello")
        assert [(u["user"], u["seat"]) for u in hello["d"]["presence"]] == [
            ("bob", 1),
            ("carol", None),
        ]
        out = json.loads((await tabs[0].receive_output(timeout=FRAME_TIMEOUT))["text"])
        assert out["t"] == "presence" and len(out["d"]["users"]) == 2
        for comm in [*tabs, carol]:
            await comm.disconnect()

    async_to_sync(scenario)()
