"""A move's frames built from what this process wrote (core/matches/recent.py), with no read back:
each seat still gets its own view, a spectator the public one, the same frames the store gives,
and a socket further behind still gets its whole gap from the store (issue 42)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from asgiref.sync import async_to_sync

from core.eventstore.models import Event
from core.matches.recent import recent_commits
from realtime import reads
from tests.realtime.conftest import FRAME_TIMEOUT, expect, socket, submit

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


async def next_of(comm: Any, t: str) -> list[dict[str, Any]]:
    """The frames up to and with the next one of type ``t``."""
    seen: list[dict[str, Any]] = []
    while not seen or seen[-1]["t"] != t:
        seen.append(json.loads((await comm.receive_output(timeout=FRAME_TIMEOUT))["text"]))
    return seen


def test_a_move_reaches_each_viewer_redacted_for_it_without_reading_it_back(
    players: Any, store_reads: Counter[str]
) -> None:
    match_id, alice, tokens = players["match"], players["alice"], players["tokens"]
    secrets = Event.objects.of("match", match_id).get(type="SecretsDealt").payload["secrets"]
    path = f"/ws/matches/{match_id}/"
    got: dict[str | None, list[dict[str, Any]]] = {}

    async def scenario() -> None:
        socks = {name: await socket(path, token=tokens[name]) for name in ("alice", "bob", "carol")}
        homes = {name: await socket("/ws/me/", token=tokens[name]) for name in ("alice", "bob")}
        for s in [*socks.values(), *homes.values()]:
            await expect(s, "hello")
        store_reads.clear()

        await submit(match_id, alice, {"type": "add", "amount": 2}, "r1")
        await submit(match_id, alice, {"type": "end_turn"}, "r2")  # bob's turn begins
        for name, s in socks.items():
            got[name] = [await expect(s, "events"), await expect(s, "events")]
        turn = (await next_of(homes["bob"], "notification"))[-1]
        assert (turn["d"]["kind"], turn["d"]["match"]) == ("your_turn", match_id)
        lines = [await next_of(homes["alice"], "match") for _ in range(2)]
        assert [(ln[-1]["d"]["version"], ln[-1]["d"]["my_turn"]) for ln in lines] == [
            (3, True),
            (4, False),
        ]
        for s in [*socks.values(), *homes.values()]:
            await s.disconnect()

    async_to_sync(scenario)()
    # Both moves were committed by this process: nothing was read back for the sockets.
    assert store_reads == Counter()
    assert recent_commits.get(match_id, 3) is not None
    assert recent_commits.get(match_id, 4) is not None
    for name in ("alice", "bob", "carol"):
        first, second = got[name]
        assert (first["d"]["after"], first["v"], second["d"]["after"], second["v"]) == (2, 3, 3, 4)
        assert [e["seq"] for e in first["d"]["events"] + second["d"]["events"]] == [3, 4]
        assert first["d"]["view"]["points"] == [2, 0]
        assert second["d"]["active_seats"] == [1]
    # Each seat its own secret, the spectator none: never another seat's.
    assert [got[n][1]["d"]["view"]["my_secret"] for n in ("alice", "bob", "carol")] == [
        secrets[0],
        secrets[1],
        None,
    ]
    # The very frame the store gives for the last version, viewer by viewer.
    recent_commits.clear()
    reads.folds.clear()
    for viewer, name in ((0, "alice"), (1, "bob"), (None, "carol")):
        again = reads.match_update(match_id, 3, [viewer], announced=4)
        assert again is not None and again.version == 4
        assert json.loads(again.texts[viewer]) == got[name][1]


def test_a_socket_further_behind_than_the_commit_gets_its_whole_gap_from_the_store(
    players: Any, store_reads: Counter[str]
) -> None:
    match_id, alice = players["match"], players["alice"]

    async def moves() -> None:
        await submit(match_id, alice, {"type": "add", "amount": 1}, "g1")
        await submit(match_id, alice, {"type": "add", "amount": 3}, "g2")

    async_to_sync(moves)()
    commit = recent_commits.get(match_id, 4)
    assert commit is not None and commit.after == 3
    store_reads.clear()
    # A socket at version 2 told of version 4: the commit covers (3, 4] only.
    update = reads.match_update(match_id, 2, [1, None], announced=4)
    assert update is not None and update.version == 4
    assert store_reads["_events"] == 1 and store_reads["_match_and_seats"] == 1
    for viewer in (1, None):
        frame = json.loads(update.texts[viewer])
        assert frame["d"]["after"] == 2
        assert [e["seq"] for e in frame["d"]["events"]] == [3, 4]
        assert frame["d"]["view"]["points"] == [4, 0]
    # Right on top of the commit: no read at all.
    store_reads.clear()
    update = reads.match_update(match_id, 3, [0, 1, None], announced=4)
    assert update is not None and store_reads == Counter()
    secrets = Event.objects.of("match", match_id).get(type="SecretsDealt").payload["secrets"]
    views = {v: json.loads(t)["d"]["view"]["my_secret"] for v, t in update.texts.items()}
    assert views == {0: secrets[0], 1: secrets[1], None: None}
