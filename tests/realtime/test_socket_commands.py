"""Commands over the match socket: the REST endpoint's answers and error codes, frame for frame."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from core.eventstore.models import Event
from tests.conftest import client_for
from tests.realtime.conftest import expect, socket

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

# (who, socket message, REST path and body or None when REST has no equivalent, status, code)
REFUSALS: list[tuple[str, dict[str, Any], tuple[str, dict[str, Any]] | None, int, str]] = [
    (
        "alice",
        {"t": "command", "d": {"command": {"type": "fly"}, "command_id": "e1"}},
        ("commands", {"command": {"type": "fly"}, "command_id": "e1"}),
        400,
        "malformed_command",
    ),
    (
        "alice",
        {"t": "command", "d": {"command": {"type": "add", "amount": 1}}},
        ("commands", {"command": {"type": "add", "amount": 1}}),
        400,
        "invalid_input",
    ),
    (
        "alice",
        {"t": "command", "d": {"command": {"type": "add", "amount": 7}, "command_id": "e3"}},
        ("commands", {"command": {"type": "add", "amount": 7}, "command_id": "e3"}),
        422,
        "bad_amount",
    ),
    (
        "alice",
        {"t": "command", "d": {"command": {"type": "end_turn"}, "command_id": "e4"}},
        ("commands", {"command": {"type": "end_turn"}, "command_id": "e4"}),
        422,
        "must_add",
    ),
    (
        "alice",
        {
            "t": "command",
            "d": {
                "command": {"type": "add", "amount": 1},
                "command_id": "e5",
                "expected_version": 0,
            },
        },
        (
            "commands",
            {"command": {"type": "add", "amount": 1}, "command_id": "e5", "expected_version": 0},
        ),
        409,
        "stale_version",
    ),
    (
        "bob",
        {"t": "command", "d": {"command": {"type": "add", "amount": 1}, "command_id": "b1"}},
        ("commands", {"command": {"type": "add", "amount": 1}, "command_id": "b1"}),
        409,
        "not_your_turn",
    ),
    (
        "carol",
        {"t": "command", "d": {"command": {"type": "add", "amount": 1}, "command_id": "c1"}},
        ("commands", {"command": {"type": "add", "amount": 1}, "command_id": "c1"}),
        403,
        "not_a_player",
    ),
    (
        "bob",
        {"t": "undo", "d": {"command_id": "u1"}},
        ("undo", {"command_id": "u1"}),
        422,
        "nothing_to_undo",
    ),
    (
        "bob",
        {"t": "undo", "d": {"command_id": "u2", "scope": "all"}},
        ("undo", {"command_id": "u2", "scope": "all"}),
        400,
        "invalid_input",
    ),
    (
        "carol",
        {"t": "resign", "d": {"command_id": "r1"}},
        ("resign", {"command_id": "r1"}),
        403,
        "not_a_player",
    ),
    ("alice", {"t": "dance"}, None, 400, "invalid_input"),
    ("alice", {"resume": "yesterday"}, None, 400, "invalid_input"),
]


def test_each_refusal_over_the_socket_has_the_rest_status_and_code(players: Any) -> None:
    match_id, tokens = players["match"], players["tokens"]
    path = f"/ws/matches/{match_id}/"
    rest = {name: client_for(players[name]) for name in ("alice", "bob", "carol")}
    before = Event.objects.of("match", match_id).count()

    async def scenario() -> None:
        socks = {name: await socket(path, token=tokens[name]) for name in rest}
        for s in socks.values():
            await expect(s, "hello")
        for who, message, via_rest, status, code in REFUSALS:
            await socks[who].send_json_to(message)
            answer = await expect(socks[who], "error")
            assert (answer["d"]["status"], answer["d"]["code"]) == (status, code), message
            assert answer["d"]["message"] and answer["v"] == 2
            if via_rest is not None:
                endpoint, body = via_rest
                res = await database_sync_to_async(rest[who].post)(
                    f"/api/matches/{match_id}/{endpoint}", body, format="json"
                )
                assert (res.status_code, res.json()["code"]) == (status, code), res.json()
                if code == "stale_version":
                    assert answer["d"]["current_version"] == res.json()["current_version"] == 2
            if "command_id" in message.get("d", {}):
                assert answer["d"]["command_id"] == message["d"]["command_id"]
        await socks["alice"].send_to(text_data="{not json")
        assert (await expect(socks["alice"], "error"))["d"]["code"] == "malformed_json"
        for s in socks.values():
            await s.disconnect()

    async_to_sync(scenario)()
    assert Event.objects.of("match", match_id).count() == before


def test_a_command_over_the_socket_is_answered_like_rest_and_reaches_everyone(
    players: Any,
) -> None:
    match_id, tokens = players["match"], players["tokens"]
    path = f"/ws/matches/{match_id}/"
    body = {"command": {"type": "add", "amount": 3}, "command_id": "s1", "expected_version": 2}

    async def scenario() -> None:
        alice, bob = (
            await socket(path, token=tokens["alice"]),
            await socket(path, token=tokens["bob"]),
        )
        await expect(alice, "hello")
        await expect(bob, "hello")
        await alice.send_json_to({"t": "command", "d": body})
        ack = await expect(alice, "ack")
        assert ack["v"] == 3 and ack["d"]["command_id"] == "s1" and ack["d"]["replayed"] is False
        assert [e["seq"] for e in ack["d"]["events"]] == [3]
        assert (await expect(alice, "events"))["v"] == 3
        assert (await expect(bob, "events"))["d"]["view"]["points"] == [3, 0]

        # The same command_id again, over REST: the first answer, replayed, nothing appended.
        res = await database_sync_to_async(client_for(players["alice"]).post)(
            f"/api/matches/{match_id}/commands", body, format="json"
        )
        assert res.status_code == 200 and res.json()["replayed"] is True
        rest_answer = {k: v for k, v in res.json().items() if k != "replayed"}
        assert rest_answer == {
            k: v for k, v in ack["d"].items() if k not in ("replayed", "command_id")
        }

        await alice.send_json_to({"t": "undo", "d": {"command_id": "s2"}})
        undone = await expect(alice, "ack")
        assert undone["v"] == 4 and undone["d"]["view"]["points"] == [0, 0]
        assert (await expect(bob, "events"))["d"]["events"][0]["type"] == "ActionsUndone"
        assert (await expect(alice, "events"))["v"] == 4

        await bob.send_json_to({"t": "resign", "d": {"command_id": "s3"}})
        resigned = await expect(bob, "ack")
        assert resigned["d"]["status"] == "finished"
        finished = await expect(alice, "events")
        assert finished["d"]["status"] == "finished" and finished["d"]["outcome"]["ranks"] == [1, 2]
        await alice.send_json_to({"t": "command", "d": {**body, "command_id": "s4"}})
        late = await expect(alice, "error")
        assert (late["d"]["status"], late["d"]["code"]) == (409, "match_not_active")
        await alice.send_json_to({"t": "ping"})
        assert (await expect(alice, "pong"))["v"] == finished["v"]
        await alice.disconnect()
        await bob.disconnect()

    async_to_sync(scenario)()


def test_a_socket_is_rate_limited_at_the_rest_user_rate(players: Any, settings: Any) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "user": "4/min",
        },
    }

    async def scenario() -> None:
        comm = await socket(f"/ws/matches/{players['match']}/", token=players["tokens"]["bob"])
        await expect(comm, "hello")
        for _ in range(4):
            await comm.send_json_to({"t": "ping"})
            await expect(comm, "pong")
        await comm.send_json_to({"t": "ping"})
        limited = await expect(comm, "error")
        assert (limited["d"]["status"], limited["d"]["code"]) == (429, "rate_limited")
        assert limited["d"]["retry_after"] >= 1
        await comm.disconnect()

    async_to_sync(scenario)()
