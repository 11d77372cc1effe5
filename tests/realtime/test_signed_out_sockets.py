"""A revoked token's live sockets stop at once: log-out, a device revoked, a password change, the
account erased, the idle purge or any other delete of its row closes every socket it opened
(the home socket and the match sockets) with 4401, and only those (core/accounts/revocation.py).
On the real Redis channel layer, and on the in-process one of the embedded mode."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.db import connection
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from core.accounts.models import ApiToken
from core.accounts.tokens import token_digest, tokens_purge_idle
from realtime import consumers, limits, presence, presence_hub, protocol
from realtime.auth import token_auth
from tests.conftest import make_user
from tests.realtime.conftest import allowed_origin, expect, socket, start_match, token_for

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

PROMPTLY = 2.0  # seconds: the close comes within a second or so (a loaded test machine: two)
PASSWORD = "pass-word-123"


@pytest.fixture
def two_devices(players: dict[str, Any]) -> dict[str, Any]:
    """alice on two devices (``phone``, ``laptop``: a token each), in a match with bob."""
    return {**players, "phone": players["tokens"]["alice"], "laptop": token_for(players["alice"])}


def api(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def token_id(key: str) -> int:
    return int(ApiToken.objects.get(digest=token_digest(key)).pk)


async def open_both(key: str, match_id: int) -> tuple[Any, Any]:
    """The home socket and the match socket of one device, both past their hello."""
    home = await socket("/ws/me/", token=key)
    await expect(home, "hello")
    match = await socket(f"/ws/matches/{match_id}/", token=key)
    await expect(match, "hello")
    return home, match


async def closed_promptly(comm: Any) -> int:
    """The close code of a socket that closes within ``PROMPTLY``, passing over other frames
    (a match socket may still see the last move, a home socket its row)."""
    deadline = time.monotonic() + PROMPTLY
    while True:
        out = await comm.receive_output(timeout=max(0.01, deadline - time.monotonic()))
        if out["type"] == "websocket.close":
            return int(out["code"])


async def still_open(comm: Any) -> None:
    await comm.send_json_to({"t": "ping"})
    await expect(comm, "pong")


def revoke_and_check(
    two_devices: dict[str, Any], revoke: Any, *, gone: list[str], kept: list[str]
) -> None:
    """Opens both sockets of each device in ``gone`` and ``kept``, runs ``revoke`` (in a
    thread, as a request would), then: those of ``gone`` closed with 4401, the others live."""
    match_id = two_devices["match"]

    async def scenario() -> None:
        socks = {name: await open_both(two_devices[name], match_id) for name in gone + kept}
        await database_sync_to_async(revoke)()
        for name in gone:
            for comm in socks[name]:
                assert await closed_promptly(comm) == protocol.UNAUTHENTICATED
        for name in kept:
            for comm in socks[name]:
                await still_open(comm)
                await comm.disconnect()

    async_to_sync(scenario)()


def test_logging_out_closes_that_devices_sockets_and_no_others(two_devices: Any) -> None:
    def log_out() -> None:
        assert api(two_devices["phone"]).post("/api/accounts/logout").status_code == 204

    revoke_and_check(two_devices, log_out, gone=["phone"], kept=["laptop"])


def test_revoking_a_device_closes_its_sockets(two_devices: Any) -> None:
    phone = token_id(two_devices["phone"])

    def revoke() -> None:
        answer = api(two_devices["laptop"]).delete(f"/api/accounts/me/devices/{phone}")
        assert answer.status_code == 204, answer.content

    revoke_and_check(two_devices, revoke, gone=["phone"], kept=["laptop"])


def test_logging_out_the_other_devices_closes_theirs_and_not_mine(two_devices: Any) -> None:
    def revoke() -> None:
        answer = api(two_devices["laptop"]).post("/api/accounts/me/devices/revoke-others")
        assert answer.status_code in (200, 204), answer.content

    revoke_and_check(two_devices, revoke, gone=["phone"], kept=["laptop"])


def test_changing_the_password_closes_every_socket_of_the_account(two_devices: Any) -> None:
    new: list[str] = []

    def change() -> None:
        answer = api(two_devices["laptop"]).post(
            "/api/accounts/me/password",
            {"current_password": PASSWORD, "new_password": "another-pass-456"},
            format="json",
        )
        assert answer.status_code == 200, answer.content
        new.append(answer.json()["token"])

    revoke_and_check(two_devices, change, gone=["phone", "laptop"], kept=[])

    async def the_new_token_opens_a_socket() -> None:
        home = await socket("/ws/me/", token=new[0])
        await expect(home, "hello")
        await home.disconnect()

    async_to_sync(the_new_token_opens_a_socket)()


def test_erasing_the_account_closes_its_sockets(two_devices: Any) -> None:
    def erase() -> None:
        answer = api(two_devices["laptop"]).post(
            "/api/accounts/me/delete", {"password": PASSWORD}, format="json"
        )
        assert answer.status_code in (200, 204), answer.content

    revoke_and_check(two_devices, erase, gone=["phone", "laptop"], kept=[])


def test_the_idle_purge_and_a_queryset_delete_close_sockets_too(two_devices: Any) -> None:
    phone, laptop = token_id(two_devices["phone"]), token_id(two_devices["laptop"])

    def purge() -> None:
        old = timezone.now() - timedelta(days=400)
        ApiToken.objects.filter(pk=phone).update(last_used_at=old)
        assert tokens_purge_idle() == 1

    revoke_and_check(two_devices, purge, gone=["phone"], kept=["laptop"])

    def delete() -> None:
        ApiToken.objects.filter(pk=laptop).delete()

    two_devices["phone"] = token_for(two_devices["alice"])
    revoke_and_check(two_devices, delete, gone=["laptop"], kept=["phone"])


def test_a_session_sockets_close_when_its_log_in_ends(players: Any) -> None:
    """A browser logged in with a session cookie: its socket belongs to that log-in's token row
    (``ApiToken.session_key``), and logging out (with the cookie) closes it."""
    browser = Client()
    answer = browser.post(
        "/api/accounts/login",
        {"username": "alice", "password": PASSWORD},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    cookie = (b"cookie", f"sessionid={browser.cookies['sessionid'].value}".encode())
    other = players["tokens"]["alice"]  # another device of alice's, by token

    async def scenario() -> None:
        home = await socket("/ws/me/", headers=[cookie, allowed_origin()])
        await expect(home, "hello")
        match = await socket(f"/ws/matches/{players['match']}/", headers=[cookie, allowed_origin()])
        await expect(match, "hello")
        kept = await socket("/ws/me/", token=other)
        await expect(kept, "hello")
        logout = database_sync_to_async(lambda: browser.post("/api/accounts/logout").status_code)
        assert await logout() == 204
        for comm in (home, match):
            assert await closed_promptly(comm) == protocol.UNAUTHENTICATED
        await still_open(kept)
        await kept.disconnect()

    async_to_sync(scenario)()


def test_a_socket_opened_with_a_token_revoked_a_moment_before_is_refused(
    two_devices: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The revocation lands between the handshake's check of the token and the socket joining
    the token's group: its announcement has gone before anyone listened, and yet the socket
    does not open."""
    key = two_devices["phone"]
    original = consumers.SocketConsumer.join

    async def join_after_a_log_out(self: Any, group: str) -> bool:
        if not getattr(join_after_a_log_out, "done", False):
            join_after_a_log_out.done = True  # type: ignore[attr-defined]
            status = await database_sync_to_async(
                lambda: api(key).post("/api/accounts/logout").status_code
            )()
            assert status == 204
        return bool(await original(self, group))

    monkeypatch.setattr(consumers.SocketConsumer, "join", join_after_a_log_out)

    async def scenario() -> None:
        comm = await socket(f"/ws/matches/{two_devices['match']}/", token=key)
        assert await closed_promptly(comm) == protocol.UNAUTHENTICATED

    async_to_sync(scenario)()


def test_a_token_another_process_revoked_opens_no_socket_here(two_devices: Any) -> None:
    """Another server process deleted the row: this one still holds the token in its cache
    (core/hotlane/tokens.py) and never heard of the delete, yet the socket is refused."""
    key = two_devices["phone"]
    assert token_auth(key)[1] == "token"  # now in this process's cache
    with connection.cursor() as cursor:  # as another process: no signal here
        cursor.execute(f"DELETE FROM {ApiToken._meta.db_table} WHERE id = %s", [token_id(key)])

    async def scenario() -> None:
        for path in ("/ws/me/", f"/ws/matches/{two_devices['match']}/"):
            comm = await socket(path, token=key)
            assert await closed_promptly(comm) == protocol.UNAUTHENTICATED

    async_to_sync(scenario)()


def test_in_the_embedded_mode_a_log_out_closes_the_sockets_too(
    settings: Any, race_game: str
) -> None:
    """The in-process channel layer (no Redis): the same announcement, on the server's loop."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    presence.clear()
    presence_hub.reset()
    limits.clear()
    alice, bob = make_user("alice"), make_user("bob")
    devices: dict[str, Any] = {
        "match": start_match(alice, bob, race_game),
        "phone": token_for(alice),
        "laptop": token_for(alice),
    }

    def log_out() -> None:
        assert api(devices["phone"]).post("/api/accounts/logout").status_code == 204

    revoke_and_check(devices, log_out, gone=["phone"], kept=["laptop"])
