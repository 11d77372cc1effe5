"""The match socket on the real Redis layer: connect, live versions, redaction, resume, auth."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.test import Client

from core.eventstore.models import Event
from core.matches import broadcast, services
from tests.conftest import make_user
from tests.realtime.conftest import (
    allowed_origin,
    closed_with,
    expect,
    quiet,
    socket,
    submit,
    token_for,
)

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_each_seat_gets_its_own_view_then_every_version_redacted_for_it(players: Any) -> None:
    match_id, tokens = players["match"], players["tokens"]
    secrets = Event.objects.of("match", match_id).get(type="SecretsDealt").payload["secrets"]
    path = f"/ws/matches/{match_id}/"

    async def scenario() -> None:
        seen: dict[str, list[str]] = {"alice": [], "bob": [], "carol": []}
        socks = {name: await socket(path, token=tokens[name]) for name in seen}
        hello = {name: await expect(s, "hello", seen=seen[name]) for name, s in socks.items()}
        assert [hello[n]["d"]["seat"] for n in seen] == [0, 1, None]
        assert [hello[n]["d"]["view"]["my_secret"] for n in seen] == [*secrets, None]
        assert {h["v"] for h in hello.values()} == {2}

        await submit(match_id, players["alice"], {"type": "add", "amount": 2}, "c1")
        for name, s in socks.items():
            update = await expect(s, "events", seen=seen[name])
            assert (update["d"]["after"], update["v"]) == (2, 3)
            assert [e["seq"] for e in update["d"]["events"]] == [3]
            assert update["d"]["events"][0]["data"] == {"type": "Added", "seat": 0, "amount": 2}
            assert update["d"]["view"]["points"] == [2, 0]
            assert update["d"]["active_seats"] == [0]

        # The whole history, asked for again, is redacted the same way.
        for name, s in socks.items():
            await s.send_json_to({"resume": 0})
            again = await expect(s, "events", seen=seen[name])
            assert [e["seq"] for e in again["d"]["events"]] == [1, 2, 3]
        dealt = {
            name: [
                e
                for text in texts
                for e in json.loads(text).get("d", {}).get("events", [])
                if e["seq"] == 2
            ]
            for name, texts in seen.items()
        }
        assert {json.dumps(e["data"]) for e in dealt["alice"]} == {
            json.dumps({"type": "SecretsDealt", "mine": secrets[0]})
        }
        assert {json.dumps(e["data"]) for e in dealt["bob"]} == {
            json.dumps({"type": "SecretsDealt", "mine": secrets[1]})
        }
        assert dealt["carol"] == [{"seq": 2}]
        for name in seen:
            assert all('"secrets"' not in text for text in seen[name])
        for s in socks.values():
            await s.disconnect()

    async_to_sync(scenario)()


def test_a_client_resumes_exactly_after_the_version_it_had(players: Any) -> None:
    match_id, alice = players["match"], players["alice"]
    path = f"/ws/matches/{match_id}/"

    async def scenario() -> None:
        first = await socket(path, token=players["tokens"]["bob"])
        had = (await expect(first, "hello"))["v"]
        await first.disconnect()  # the phone goes into a tunnel
        for i, cmd in enumerate(({"type": "add", "amount": 1}, {"type": "add", "amount": 3})):
            await submit(match_id, alice, cmd, f"gap{i}")
        await submit(match_id, alice, {"type": "end_turn"}, "gap-end")

        back = await socket(path, token=players["tokens"]["bob"])
        hello = await expect(back, "hello")
        assert hello["v"] == had + 3 and hello["d"]["active_seats"] == [1]
        await back.send_json_to({"t": "resume", "v": had})
        caught = await expect(back, "events")
        assert caught["d"]["after"] == had and caught["v"] == hello["v"]
        assert [e["seq"] for e in caught["d"]["events"]] == [had + 1, had + 2, had + 3]
        assert caught["d"]["view"] == hello["d"]["view"]

        await back.send_json_to({"resume": hello["v"]})
        assert (await expect(back, "events"))["d"]["events"] == []
        await back.send_json_to({"resume": hello["v"] + 5})
        ahead = await expect(back, "error")
        assert (ahead["d"]["status"], ahead["d"]["code"]) == (409, "stale_version")
        assert ahead["d"]["current_version"] == hello["v"]
        await back.send_json_to({"resume": -1})
        assert (await expect(back, "error"))["d"]["code"] == "invalid_input"
        await back.disconnect()

    async_to_sync(scenario)()


def test_a_client_coming_back_with_its_version_finds_what_it_missed_in_the_hello(
    players: Any,
) -> None:
    match_id, alice = players["match"], players["alice"]
    path = f"/ws/matches/{match_id}/"
    secrets = Event.objects.of("match", match_id).get(type="SecretsDealt").payload["secrets"]

    async def scenario() -> None:
        for i, cmd in enumerate(({"type": "add", "amount": 1}, {"type": "add", "amount": 3})):
            await submit(match_id, alice, cmd, f"away{i}")
        for name, seat_secret in (("bob", {"mine": secrets[1]}), ("carol", None)):
            back = await socket(path, token=players["tokens"][name], after=1)
            hello = await expect(back, "hello")
            assert hello["v"] == 4
            catch_up = hello["d"]["catch_up"]
            assert catch_up["after"] == 1
            assert [e["seq"] for e in catch_up["events"]] == [2, 3, 4]
            dealt = catch_up["events"][0]
            # Redacted as an events frame is: bob's own secret, nothing at all for a spectator.
            assert dealt == (
                {"seq": 2}
                if seat_secret is None
                else {**dealt, "data": {"type": "SecretsDealt", **seat_secret}}
            )
            await back.send_json_to({"resume": 1})  # what a resume would have brought
            resumed = await expect(back, "events")
            assert resumed["d"]["events"] == catch_up["events"]
            assert resumed["d"]["view"] == hello["d"]["view"]
            await back.disconnect()

        current = await socket(path, token=players["tokens"]["bob"], after=4)
        assert (await expect(current, "hello"))["d"]["catch_up"] == {"after": 4, "events": []}
        await current.disconnect()
        # Ahead of the match (a client of a database since restored): the plain hello.
        ahead = await socket(path, token=players["tokens"]["bob"], after=9)
        assert "catch_up" not in (await expect(ahead, "hello"))["d"]
        await ahead.disconnect()
        for bad in ("-1", "x", "1.5", "99999999999999999999"):
            refused = await socket(path, token=players["tokens"]["bob"], after=bad)
            assert await closed_with(refused) == 4400

    async_to_sync(scenario)()


def test_a_lost_announcement_is_made_good_by_the_next_one(
    players: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, alice = players["match"], players["alice"]

    async def scenario() -> None:
        bob = await socket(f"/ws/matches/{match_id}/", token=players["tokens"]["bob"])
        assert (await expect(bob, "hello"))["v"] == 2
        announce = broadcast.announce_match_version
        monkeypatch.setattr(broadcast, "announce_match_version", lambda *a, **k: None)
        await submit(match_id, alice, {"type": "add", "amount": 1}, "lost")
        await quiet(bob, "events")
        monkeypatch.setattr(broadcast, "announce_match_version", announce)
        await submit(match_id, alice, {"type": "add", "amount": 2}, "found")
        update = await expect(bob, "events")
        assert update["d"]["after"] == 2 and update["v"] == 4
        assert [e["seq"] for e in update["d"]["events"]] == [3, 4]
        await bob.disconnect()

    async_to_sync(scenario)()


def test_a_lost_announcement_of_a_match_gone_quiet_is_made_good_at_the_next_beat(
    players: Any, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    settings.REALTIME_PRESENCE_BEAT = 0.3
    match_id, alice = players["match"], players["alice"]
    monkeypatch.setattr(broadcast, "announce_match_version", lambda *a, **k: None)

    async def scenario() -> None:
        bob = await socket(f"/ws/matches/{match_id}/", token=players["tokens"]["bob"])
        carol = await socket(f"/ws/matches/{match_id}/", token=players["tokens"]["carol"])
        for comm in (bob, carol):
            assert (await expect(comm, "hello"))["v"] == 2
        await submit(match_id, alice, {"type": "add", "amount": 1}, "lost")
        for comm in (bob, carol):
            update = await expect(comm, "events")
            assert (update["d"]["after"], update["v"]) == (2, 3)
            await comm.disconnect()

    async_to_sync(scenario)()


def test_refused_sockets_close_with_a_code_that_says_why(
    players: Any, settings: Any, race_game: str
) -> None:
    settings.REALTIME_AUTH_TIMEOUT = 0.3
    match_id, tokens = players["match"], players["tokens"]
    path = f"/ws/matches/{match_id}/"
    disabled = make_user("dora")
    dora_token = token_for(disabled)
    disabled.is_active = False
    disabled.save()
    browser = Client()
    browser.force_login(players["bob"])
    cookie = (b"cookie", f"sessionid={browser.cookies['sessionid'].value}".encode())

    async def scenario() -> None:
        nobody = await socket(path)
        await nobody.send_json_to({"t": "ping"})
        assert await closed_with(nobody) == 4401
        assert await closed_with(await socket(path)) == 4401  # said nothing in time
        assert await closed_with(await socket(path, token="not-a-token")) == 4401
        assert await closed_with(await socket(path, token=dora_token)) == 4403
        foreign = [cookie, (b"origin", b"https://evil.example")]
        assert await closed_with(await socket(path, headers=foreign)) == 4403
        assert await closed_with(await socket("/ws/matches/987654/", token=tokens["bob"])) == 4404
        assert await closed_with(await socket("/ws/nowhere/", token=tokens["bob"])) == 4404

        late = await socket(path)
        await late.send_json_to({"t": "auth", "d": {"token": "wrong"}})
        assert await closed_with(late) == 4401

        first_message = await socket(path)
        await first_message.send_json_to({"t": "auth", "d": {"token": tokens["bob"]}})
        accepted = [
            first_message,
            await socket(path, headers=[cookie, allowed_origin()]),
            await socket(path, headers=[cookie]),  # no Origin: not a browser, no borrowed cookie
            await socket(path, token=tokens["bob"], headers=foreign[1:]),  # a token: any origin
        ]
        for comm in accepted:
            hello = await expect(comm, "hello")
            assert hello["d"]["seat"] == 1 and hello["d"]["id"] == match_id
            await comm.disconnect()

    async_to_sync(scenario)()


def test_presence_lists_who_has_the_match_open(players: Any) -> None:
    match_id, tokens = players["match"], players["tokens"]
    path = f"/ws/matches/{match_id}/"

    async def who(comm: Any, expected: list[tuple[str, int | None]]) -> None:
        for _ in range(10):
            out = json.loads((await comm.receive_output(timeout=5))["text"])
            if out["t"] == "presence":
                users = [(u["user"], u["seat"]) for u in out["d"]["users"]]
                if users == expected:
                    return
        raise AssertionError(f"presence never became {expected}")

    async def scenario() -> None:
        alice = await socket(path, token=tokens["alice"])
        hello = await expect(alice, "hello")
        assert [(u["user"], u["seat"]) for u in hello["d"]["presence"]] == [("alice", 0)]
        carol = await socket(path, token=tokens["carol"])
        await expect(carol, "hello")
        bob = await socket(path, token=tokens["bob"])
        everyone = [("alice", 0), ("bob", 1), ("carol", None)]
        hello = await expect(bob, "hello")
        assert [(u["user"], u["seat"]) for u in hello["d"]["presence"]] == everyone
        await who(alice, everyone)
        await who(carol, everyone)
        await bob.disconnect()
        await who(alice, [("alice", 0), ("carol", None)])
        await alice.disconnect()
        await carol.disconnect()

    async_to_sync(scenario)()


def test_a_private_match_refuses_a_stranger_with_4403_and_lets_its_seats_and_staff_in(
    redis_layer: str, race_game: str
) -> None:
    from core.matches import services

    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    staff = make_user("staff")
    staff.is_staff = True
    staff.save()
    match = services.match_create(
        user=alice,
        game=race_game,
        n_players=2,
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username="bob")],
        visibility="private",
    )
    path = f"/ws/matches/{match.pk}/"
    tokens = {u.username: token_for(u) for u in (alice, bob, carol, staff)}

    async def scenario() -> None:
        assert await closed_with(await socket(path, token=tokens["carol"])) == 4403
        for user, seat in ((alice, 0), (bob, 1), (staff, None)):  # bob: invited, not yet in
            sock = await socket(path, token=tokens[user.username])
            hello = await expect(sock, "hello")
            assert hello["d"]["seat"] == seat and hello["d"]["visibility"] == "private"
            await sock.disconnect()

    async_to_sync(scenario)()


def test_a_chat_message_reaches_the_players_sockets_live_and_no_spectators(players: Any) -> None:
    match_id, tokens = players["match"], players["tokens"]
    path = f"/ws/matches/{match_id}/"
    say = database_sync_to_async(services.chat_post)

    async def scenario() -> None:
        socks = {name: await socket(path, token=tokens[name]) for name in ("alice", "bob", "carol")}
        for s in socks.values():
            await expect(s, "hello")
        posted = await say(match_id=match_id, user=players["bob"], text="  good luck  ")
        for name in ("alice", "bob"):
            chat = await expect(socks[name], "chat")
            assert chat["d"]["id"] == posted.pk
            assert (chat["d"]["user"], chat["d"]["text"]) == ("bob", "good luck")
            assert "v" not in chat
        # The spectator's socket gets nothing: the next frame it sees is the next move's.
        await submit(match_id, players["alice"], {"type": "add", "amount": 1}, "after-chat")
        assert (await expect(socks["carol"], "events"))["v"] == 3
        for s in socks.values():
            await s.disconnect()

    async_to_sync(scenario)()


def test_a_message_of_a_type_the_socket_has_no_handler_for_is_dropped_and_the_socket_lives(
    players: Any,
) -> None:
    # A ``websocket.*`` type with no handler once called None: a TypeError that ended the
    # socket with an internal error. Whether from the server or from the channel layer, an
    # unknown type is logged and dropped like an unusable group message.
    match_id, tokens = players["match"], players["tokens"]
    path = f"/ws/matches/{match_id}/"

    async def scenario() -> None:
        comm = await socket(path, token=tokens["alice"])
        await expect(comm, "hello")
        await comm.send_input({"type": "websocket.nonsense"})
        group = broadcast.match_group(match_id)
        await get_channel_layer().group_send(group, {"type": "websocket.nonsense"})
        await get_channel_layer().group_send(group, {"type": "match.nonsense"})
        await comm.send_json_to({"t": "ping"})
        assert (await expect(comm, "pong"))["v"] == 2
        await submit(match_id, players["alice"], {"type": "add", "amount": 1}, "after-nonsense")
        assert (await expect(comm, "events"))["v"] == 3
        await comm.disconnect()

    # A handler on the logger itself: the first socket of a session sets Django up, and its
    # logging configuration replaces the root's handlers (caplog's among them).
    logger = logging.getLogger("realtime.consumers")
    heard = _Heard()
    logger.addHandler(heard)
    try:
        async_to_sync(scenario)()
    finally:
        logger.removeHandler(heard)
    assert [m for m in heard.messages if "no handler" in m] == [
        f"socket {path}: no handler for 'websocket.nonsense'",
        f"socket {path}: no handler for 'websocket.nonsense'",
        f"socket {path}: no handler for 'match.nonsense'",
    ]


class _Heard(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())
