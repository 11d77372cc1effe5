"""The home screen socket: your turn, invitations and finished matches as they happen."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from core.matches import services
from tests.realtime.conftest import FRAME_TIMEOUT, closed_with, expect, socket, submit

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


async def frames_until(comm: Any, done: Any) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    while not done(got):
        got.append(json.loads((await comm.receive_output(timeout=FRAME_TIMEOUT))["text"]))
    return got


def kinds(frames: list[dict[str, Any]]) -> list[str]:
    return [f["d"]["kind"] for f in frames if f["t"] == "notification"]


def test_it_pushes_your_turn_invitations_and_finished_matches(
    players: Any, settings: Any, race_game: str
) -> None:
    settings.REALTIME_OUTBOX_POLL = 0.2
    match_id, alice = players["match"], players["alice"]

    def invite() -> int:
        spec = [services.SeatSpec("me"), services.SeatSpec("user", username="bob")]
        return services.match_create(user=alice, game=race_game, n_players=2, seats=spec).pk

    async def scenario() -> None:
        home = await socket("/ws/me/", token=players["tokens"]["bob"])
        hello = await expect(home, "hello")
        assert hello["d"]["user"]["username"] == "bob" and hello["d"]["my_turn"] == []
        assert kinds([{"t": "notification", "d": n} for n in hello["d"]["notifications"]]) == [
            "invited"
        ]
        cursor = hello["v"]

        await submit(match_id, alice, {"type": "add", "amount": 2}, "a1")
        await submit(match_id, alice, {"type": "end_turn"}, "a2")
        got = await frames_until(
            home,
            lambda g: (
                "your_turn" in kinds(g) and any(f["t"] == "match" and f["d"]["my_turn"] for f in g)
            ),
        )
        line = next(f["d"] for f in got if f["t"] == "match" and f["d"]["my_turn"])
        assert line["id"] == match_id and line["version"] == 4
        turn = next(f for f in got if f["t"] == "notification")
        assert turn["d"]["match"] == match_id and turn["v"] > cursor

        lobby = await database_sync_to_async(invite)()
        got = await frames_until(home, lambda g: "invited" in kinds(g))  # no announcement: polled
        assert got[-1]["d"]["match"] == lobby and got[-1]["d"]["payload"] == {"game": "race"}

        await database_sync_to_async(services.match_resign)(
            match_id=match_id, user=alice, command_id="bye"
        )
        got = await frames_until(
            home,
            lambda g: (
                "match_finished" in kinds(g)
                and any(f["t"] == "match" and f["d"]["status"] == "finished" for f in g)
            ),
        )
        line = next(f["d"] for f in got if f["t"] == "match" and f["d"]["status"] == "finished")
        assert (line["rank"], line["my_turn"]) == (1, False)

        await home.send_json_to({"resume": cursor})
        again = await frames_until(home, lambda g: len(kinds(g)) == 3)
        assert kinds(again) == ["your_turn", "invited", "match_finished"]
        ids = [f["v"] for f in again if f["t"] == "notification"]
        assert ids == sorted(ids) and ids[0] > cursor
        await home.disconnect()

        assert await closed_with(await socket("/ws/me/", token="nope")) == 4401

    async_to_sync(scenario)()
