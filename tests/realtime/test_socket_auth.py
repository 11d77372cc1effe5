"""Credentials without the token in the URL: the ``ludoteka.token.<key>`` subprotocol."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync

from tests.realtime.conftest import closed_with, expect, socket

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def by_subprotocol(token: str) -> list[str]:
    return ["ludoteka", f"ludoteka.token.{token}"]


def test_a_token_offered_as_a_subprotocol_opens_both_sockets_and_is_never_echoed(
    players: Any,
) -> None:
    match_id, tokens = players["match"], players["tokens"]

    async def scenario() -> None:
        match = await socket(f"/ws/matches/{match_id}/", subprotocols=by_subprotocol(tokens["bob"]))
        assert match.subprotocol == "ludoteka"  # the browser insists on one it offered
        assert (await expect(match, "hello"))["d"]["seat"] == 1
        home = await socket("/ws/me/", subprotocols=by_subprotocol(tokens["alice"]))
        assert home.subprotocol == "ludoteka"
        assert (await expect(home, "hello"))["d"]["user"]["username"] == "alice"
        for comm in (match, home):
            await comm.disconnect()

    async_to_sync(scenario)()


def test_a_bad_token_in_the_subprotocol_is_refused_with_4401_after_the_handshake(
    players: Any,
) -> None:
    path = f"/ws/matches/{players['match']}/"

    async def scenario() -> None:
        refused = await socket(path, subprotocols=by_subprotocol("not-a-token"))
        # Accepted with the protocol the browser offered, so that it sees the code and reason.
        assert refused.subprotocol == "ludoteka"
        assert await closed_with(refused) == 4401

    async_to_sync(scenario)()


def test_the_legacy_query_token_still_opens_a_socket(players: Any) -> None:
    async def scenario() -> None:
        legacy = await socket(f"/ws/matches/{players['match']}/", token=players["tokens"]["bob"])
        assert legacy.subprotocol is None
        assert (await expect(legacy, "hello"))["d"]["seat"] == 1
        await legacy.disconnect()

    async_to_sync(scenario)()
