"""The caps per user and per match: past them a socket is closed with 4429, and a slot comes
back when a socket closes (realtime/limits.py)."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync

from realtime import limits
from tests.conftest import make_user
from tests.realtime.conftest import closed_with, expect, socket, token_for

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_one_user_past_the_cap_is_refused_with_4429_until_a_socket_closes(
    players: Any, settings: Any
) -> None:
    settings.REALTIME_MAX_SOCKETS_PER_USER = 3
    match_id, bob = players["match"], players["tokens"]["bob"]
    path = f"/ws/matches/{match_id}/"

    async def scenario() -> None:
        home = await socket("/ws/me/", token=bob)  # the home socket counts as well
        await expect(home, "hello")
        tabs = [await socket(path, token=bob) for _ in range(2)]
        for tab in tabs:
            await expect(tab, "hello")
        assert await closed_with(await socket(path, token=bob)) == 4429
        assert await closed_with(await socket("/ws/me/", token=bob)) == 4429
        # A first-message login is counted too, once the user is known.
        late = await socket(path)
        await late.send_json_to({"t": "auth", "d": {"token": bob}})
        assert await closed_with(late) == 4429
        # Someone else is not affected.
        alice = await socket(path, token=players["tokens"]["alice"])
        await expect(alice, "hello")

        await tabs[0].disconnect()
        again = await socket(path, token=bob)
        assert (await expect(again, "hello"))["d"]["seat"] == 1
        for comm in (home, tabs[1], again, alice):
            await comm.disconnect()

    async_to_sync(scenario)()
    assert limits.held(players["bob"].pk) == 0  # every slot given back


def test_a_match_past_its_cap_refuses_the_next_socket_with_4429(
    players: Any, settings: Any
) -> None:
    settings.REALTIME_MAX_SOCKETS_PER_MATCH = 2
    match_id, tokens = players["match"], players["tokens"]
    path = f"/ws/matches/{match_id}/"
    dave = token_for(make_user("dave"))

    async def scenario() -> None:
        first = [await socket(path, token=tokens[name]) for name in ("alice", "carol")]
        for comm in first:
            await expect(comm, "hello")
        assert await closed_with(await socket(path, token=tokens["bob"])) == 4429
        home = await socket("/ws/me/", token=tokens["bob"])  # other sockets are not the match's
        await expect(home, "hello")
        await first[1].disconnect()
        bob = await socket(path, token=tokens["bob"])
        await expect(bob, "hello")
        assert await closed_with(await socket(path, token=dave)) == 4429
        for comm in (first[0], home, bob):
            await comm.disconnect()

    async_to_sync(scenario)()
