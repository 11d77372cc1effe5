"""What the home sockets cost a move, and at rest (issue 42): the match's rows come from the
move's commit when this process holds it (no read, no thread), else are read once per process
for all its players; an outbox is read only when it holds something new, and the outbox poll
is one query per process, not one per socket."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from core.matches import services
from realtime import consumers, outbox_poll
from realtime.reads import homes
from tests.realtime.conftest import FRAME_TIMEOUT, expect, socket, submit

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Calls of the home sockets' reads, by name."""
    counts: Counter[str] = Counter()

    def counted(name: str, fn: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            counts[name] += 1
            return fn(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(homes, "fn", counted("home_update", homes.fn))
    monkeypatch.setattr(
        consumers, "notifications_after", counted("outbox", consumers.notifications_after)
    )
    monkeypatch.setattr(outbox_poll, "newest_after", counted("poll", outbox_poll.newest_after))
    return counts


async def frames(comm: Any, until: Any) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    while not until(got):
        got.append(json.loads((await comm.receive_output(timeout=FRAME_TIMEOUT))["text"]))
    return got


@pytest.mark.parametrize("carried", [True, False], ids=["commit held", "commit not held"])
def test_a_move_reads_the_match_at_most_once_and_only_the_outbox_that_got_a_notification(
    players: Any, reads: Counter[str], monkeypatch: pytest.MonkeyPatch, carried: bool
) -> None:
    match_id, alice, tokens = players["match"], players["alice"], players["tokens"]
    if not carried:  # as a process that neither committed the move nor was told it
        monkeypatch.setattr(consumers, "home_from_commit", lambda *args: None)
    match_reads = 0 if carried else 1

    def line_at(version: int) -> Any:
        return lambda got: any(f["t"] == "match" and f["d"]["version"] == version for f in got)

    async def scenario() -> None:
        homes_ = {name: await socket("/ws/me/", token=tokens[name]) for name in ("alice", "bob")}
        for home in homes_.values():
            await expect(home, "hello")
        await submit(match_id, alice, {"type": "add", "amount": 2}, "a1")  # the turn stays
        for home in homes_.values():
            await frames(home, line_at(3))
        # Two sockets, at most one read of the match, no outbox read.
        assert reads == Counter(home_update=match_reads)

        await submit(match_id, alice, {"type": "end_turn"}, "a2")  # bob's turn begins
        got = await frames(homes_["bob"], lambda g: any(f["t"] == "notification" for f in g))
        turn = next(f for f in got if f["t"] == "notification")
        assert turn["d"]["kind"] == "your_turn" and turn["d"]["match"] == match_id
        await frames(homes_["alice"], line_at(4))
        assert reads == Counter(home_update=2 * match_reads, outbox=1)  # bob's outbox alone
        for home in homes_.values():
            await home.disconnect()

    async_to_sync(scenario)()


def test_the_outbox_poll_is_one_query_per_process_and_reaches_whom_it_concerns(
    players: Any, settings: Any, race_game: str, reads: Counter[str]
) -> None:
    settings.REALTIME_OUTBOX_POLL = 0.2
    alice, tokens = players["alice"], players["tokens"]

    def invite_bob() -> int:
        spec = [services.SeatSpec("me"), services.SeatSpec("user", username="bob")]
        return services.match_create(user=alice, game=race_game, n_players=2, seats=spec).pk

    async def scenario() -> None:
        socks = {name: await socket("/ws/me/", token=tokens[name]) for name in tokens}
        for home in socks.values():
            await expect(home, "hello")
        for _ in range(100):  # three polls of three sockets, with nothing new
            if reads["poll"] >= 3:
                break
            await asyncio.sleep(0.1)
        assert reads["poll"] >= 3 and reads["outbox"] == 0
        lobby = await database_sync_to_async(invite_bob)()  # no announcement: the poll finds it
        got = await frames(socks["bob"], lambda g: any(f["t"] == "notification" for f in g))
        assert got[-1]["d"]["kind"] == "invited" and got[-1]["d"]["match"] == lobby
        await asyncio.sleep(0.5)
        assert reads["outbox"] == 1  # bob's socket read its outbox; alice's and carol's did not
        for home in socks.values():
            await home.disconnect()

    async_to_sync(scenario)()
