"""A move committed by another web process reaches this one's sockets inside its announcement
(core/matches/recent.py ``encode``/``adopt``): frames built from it with no read back, each seat
still redacted for itself, the very frames the store gives; a carried commit that does not fit
or does not decode costs only the read back (issue 42)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.conf import settings

from core.eventstore.models import Event
from core.matches import recent
from core.matches.state import _StateCache
from realtime import reads
from tests.realtime.conftest import expect, socket, submit
from tests.realtime.test_recent_commits import next_of

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def other_process(monkeypatch: pytest.MonkeyPatch) -> recent.RecentCommits:
    """The sockets' side of this process made another process's: a memo of commits and a state
    cache of their own, empty; the committing side keeps the real ones."""
    theirs = recent.RecentCommits()
    monkeypatch.setattr(reads, "recent_commits", theirs)
    monkeypatch.setattr(reads, "state_cache", _StateCache(settings.STATE_CACHE_SIZE))
    reads.folds.clear()
    return theirs


def test_a_move_from_another_process_reaches_each_viewer_redacted_without_a_read_back(
    players: Any, store_reads: Counter[str], other_process: recent.RecentCommits
) -> None:
    match_id, alice, tokens = players["match"], players["alice"], players["tokens"]
    secrets = Event.objects.of("match", match_id).get(type="SecretsDealt").payload["secrets"]
    path = f"/ws/matches/{match_id}/"
    got: dict[str, list[dict[str, Any]]] = {}

    async def scenario() -> None:
        socks = {name: await socket(path, token=tokens[name]) for name in ("alice", "bob", "carol")}
        homes = {name: await socket("/ws/me/", token=tokens[name]) for name in ("alice", "bob")}
        for s in [*socks.values(), *homes.values()]:
            await expect(s, "hello")
        store_reads.clear()

        await submit(match_id, alice, {"type": "add", "amount": 2}, "c1")
        await submit(match_id, alice, {"type": "end_turn"}, "c2")  # bob's turn begins
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
    # Nothing of the moves was read back: both came with their announcements.
    assert store_reads == Counter()
    assert other_process.get(match_id, 3) is not None
    assert other_process.get(match_id, 4) is not None
    assert [got[n][1]["d"]["view"]["my_secret"] for n in ("alice", "bob", "carol")] == [
        secrets[0],
        secrets[1],
        None,
    ]
    for name in ("alice", "bob", "carol"):
        first, second = got[name]
        assert (first["d"]["after"], first["v"], second["d"]["after"], second["v"]) == (2, 3, 3, 4)
        assert [e["seq"] for e in first["d"]["events"] + second["d"]["events"]] == [3, 4]
    # The very frame the store gives for the last version, viewer by viewer.
    other_process.clear()
    reads.folds.clear()
    for viewer, name in ((0, "alice"), (1, "bob"), (None, "carol")):
        again = reads.match_update(match_id, 3, [viewer], announced=4)
        assert again is not None and again.version == 4
        assert json.loads(again.texts[viewer]) == got[name][1]


def test_a_carried_commit_is_what_was_written_without_the_secret_seed(players: Any) -> None:
    match_id, alice = players["match"], players["alice"]
    async_to_sync(submit)(match_id, alice, {"type": "add", "amount": 1}, "s1")
    commit = recent.recent_commits.get(match_id, 3)
    assert commit is not None
    data = recent.encode(commit, names=("Alice", "Bob"))
    assert data is not None and commit.match.secret_seed.encode() not in data
    back = recent.decode(data)
    fields = [f.attname for f in back.match._meta.concrete_fields if f.attname != "secret_seed"]
    assert [getattr(back.match, f) for f in fields] == [getattr(commit.match, f) for f in fields]
    assert "secret_seed" in back.match.get_deferred_fields()
    assert [(s.pk, s.index, s.to_move, s.user_id) for s in back.seats] == [
        (s.pk, s.index, s.to_move, s.user_id) for s in commit.seats
    ]
    assert (back.after, back.rows, back.notified, back.names) == (
        commit.after,
        commit.rows,
        commit.notified,
        ("Alice", "Bob"),
    )


def test_a_carried_commit_that_does_not_fit_or_decode_leaves_the_read_back(
    players: Any, monkeypatch: pytest.MonkeyPatch, store_reads: Counter[str]
) -> None:
    match_id, alice = players["match"], players["alice"]
    async_to_sync(submit)(match_id, alice, {"type": "add", "amount": 1}, "f1")
    commit = recent.recent_commits.get(match_id, 3)
    assert commit is not None
    monkeypatch.setattr(recent, "CARRY_LIMIT", 10)
    assert recent.encode(commit) is None
    theirs = recent.RecentCommits()
    theirs.adopt(match_id, 3, b"{not json")
    theirs.adopt(match_id, 4, b"")
    assert theirs.get(match_id, 3) is None and theirs.get(match_id, 4) is None
    monkeypatch.setattr(reads, "recent_commits", theirs)
    store_reads.clear()
    update = reads.match_update(match_id, 2, [0], announced=3)
    assert update is not None and update.version == 3
    assert store_reads["_events"] == 1 and store_reads["_match_and_seats"] == 1
