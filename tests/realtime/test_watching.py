"""A match socket records that its user looks at the match (what "only when I am not
looking" reads), renews it on the presence beat and removes it on leaving."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from core.notifications.models import MatchWatch
from core.notifications.watching import watchers
from tests.realtime.conftest import expect, socket

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@database_sync_to_async
def rows(match_id: int) -> list[tuple[str, Any]]:
    return sorted(
        MatchWatch.objects.filter(match_id=match_id).values_list("user__username", "expires_at")
    )


@database_sync_to_async
def looking(pairs: list[tuple[int, int]]) -> set[tuple[int, int]]:
    return watchers(pairs=pairs)


def test_a_socket_marks_its_user_as_looking_while_it_is_open(players: Any, settings: Any) -> None:
    settings.REALTIME_PRESENCE_BEAT = 0.3
    match_id, alice, bob = players["match"], players["alice"], players["bob"]

    async def scenario() -> None:
        assert await rows(match_id) == []
        comm = await socket(f"/ws/matches/{match_id}/", token=players["tokens"]["alice"])
        await expect(comm, "hello")
        [(who, first)] = await rows(match_id)
        assert who == "alice"
        assert await looking([(alice.pk, match_id), (bob.pk, match_id)]) == {(alice.pk, match_id)}
        for _ in range(50):  # the beat renews it (bounded: 5 s)
            await asyncio.sleep(0.1)
            [(_, renewed)] = await rows(match_id)
            if renewed > first:
                break
        assert renewed > first
        await comm.disconnect()
        for _ in range(50):
            if not await rows(match_id):
                break
            await asyncio.sleep(0.1)
        assert await rows(match_id) == []

    async_to_sync(scenario)()


def test_a_socket_watching_again_updates_its_one_row(players: Any) -> None:
    from core.notifications.watching import watch_start

    alice, match_id = players["alice"], players["match"]
    watch_start(user_id=alice.pk, match_id=match_id, socket="sock.1", ttl=10)
    [first] = MatchWatch.objects.filter(socket="sock.1")
    watch_start(user_id=alice.pk, match_id=match_id, socket="sock.1", ttl=60)
    [again] = MatchWatch.objects.filter(socket="sock.1")
    assert again.pk == first.pk and again.expires_at > first.expires_at
    assert watchers(pairs=[(alice.pk, match_id)]) == {(alice.pk, match_id)}
