"""Issue 40, item 3, on the sockets: a socket opened with a token that is revoked afterwards
(logging out, another device's "log out", a password change) may not act any more."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from rest_framework.test import APIClient

from realtime import protocol
from tests.realtime.conftest import closed_with, expect, socket

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ADD = {"t": "command", "d": {"command": {"type": "add", "amount": 1}, "command_id": "a1"}}


def log_out(key: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return int(client.post("/api/accounts/logout").status_code)


@pytest.mark.parametrize("how", ["query", "first_message"])
def test_a_socket_whose_token_is_revoked_cannot_move(players: dict[str, Any], how: str) -> None:
    key = players["tokens"]["alice"]
    path = f"/ws/matches/{players['match']}/"

    async def scenario() -> None:
        if how == "query":
            comm = await socket(path, token=key)
        else:
            comm = await socket(path)
            await comm.send_json_to({"t": "auth", "d": {"token": key}})
        await expect(comm, "hello")
        assert await database_sync_to_async(log_out)(key) == 204
        await comm.send_json_to(ADD)
        assert await closed_with(comm) == protocol.UNAUTHENTICATED

    async_to_sync(scenario)()
    from core.eventstore.models import Event

    assert not Event.objects.of("match", players["match"]).filter(command_id="a1").exists()


def test_a_socket_with_a_live_token_still_moves(players: dict[str, Any]) -> None:
    key = players["tokens"]["alice"]

    async def scenario() -> None:
        comm = await socket(f"/ws/matches/{players['match']}/", token=key)
        await expect(comm, "hello")
        await comm.send_json_to(ADD)
        assert (await expect(comm, "ack"))["d"]["command_id"] == "a1"
        await comm.disconnect()

    async_to_sync(scenario)()
