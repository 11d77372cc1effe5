"""Two uvicorn processes sharing Redis and a database: a socket on one hears a command posted to
the other. The servers get a SQLite database of their own, migrated here."""

from __future__ import annotations

import asyncio
import json
import os
import socket as sockets
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.conftest import REDIS_URL
from tests.http import request_json

pytestmark = pytest.mark.redis

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with sockets.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def call(port: int, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    return request_json(f"http://127.0.0.1:{port}{path}", method, body, token, timeout=10)


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[int]]:
    env = {
        **{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
        "DJANGO_SETTINGS_MODULE": "core.settings.test",
        "SQLITE_PATH": str(tmp_path_factory.mktemp("two") / "db.sqlite3"),
        "REDIS_URL": REDIS_URL,
        "CHANNELS_PREFIX": f"ludoteka-test-{uuid.uuid4().hex[:12]}",
        "LOG_LEVEL": "WARNING",
    }
    ports = [free_port(), free_port()]
    # The servers start while the database is migrated: they touch it only on requests.
    migrate = subprocess.Popen([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env)
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.realtime.server", str(port)], cwd=ROOT, env=env
        )
        for port in ports
    ]
    try:
        assert migrate.wait(120) == 0
        deadline = time.monotonic() + 30
        for port in ports:
            while True:
                try:
                    sockets.create_connection(("127.0.0.1", port), 1).close()
                    break
                except OSError:
                    assert time.monotonic() < deadline, "the servers did not start"
                    time.sleep(0.05)
        yield ports
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(10)


def test_a_socket_on_one_server_gets_the_events_of_a_command_posted_to_the_other(
    servers: list[int],
) -> None:
    one, other = servers
    password = "pass-word-123"
    alice = call(one, "POST", "/api/accounts/register", {"username": "alice", "password": password})
    bob = call(one, "POST", "/api/accounts/register", {"username": "bob", "password": password})
    match = call(
        one,
        "POST",
        "/api/matches",
        {
            "game": "race",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "user", "username": "bob"}],
        },
        alice["token"],
    )
    call(other, "POST", f"/api/matches/{match['id']}/join", {}, bob["token"])

    async def scenario() -> None:
        # The token as a subprotocol, through a real server: the answer names ``ludoteka``
        # (a client, a browser above all, fails a handshake naming none it offered).
        url = f"ws://127.0.0.1:{one}/ws/matches/{match['id']}/"
        credentials = ["ludoteka", f"ludoteka.token.{bob['token']}"]
        async with connect(url, subprotocols=credentials) as ws:  # type: ignore[arg-type]
            assert ws.subprotocol == "ludoteka"
            hello = json.loads(await ws.recv())
            assert (hello["t"], hello["v"], hello["d"]["seat"]) == ("hello", 2, 1)
            body = {"command": {"type": "add", "amount": 2}, "command_id": "x1"}
            answer = await asyncio.to_thread(
                call, other, "POST", f"/api/matches/{match['id']}/commands", body, alice["token"]
            )
            assert answer["version"] == 3
            while (update := json.loads(await asyncio.wait_for(ws.recv(), 5)))["t"] != "events":
                assert update["t"] == "presence"
            assert update["v"] == 3 and update["d"]["events"][0]["data"]["amount"] == 2
            assert update["d"]["view"]["points"] == [2, 0]

            # Presence spans the processes: alice opens the match on the other server.
            url = f"ws://127.0.0.1:{other}/ws/matches/{match['id']}/?token={alice['token']}"
            async with connect(url) as alices:
                assert json.loads(await alices.recv())["t"] == "hello"
                while True:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 5))
                    names = [u["user"] for u in frame["d"].get("users", [])]
                    if frame["t"] == "presence" and names == ["alice", "bob"]:
                        break
                while True:  # and alice's socket learns of bob's, from the other process
                    frame = json.loads(await asyncio.wait_for(alices.recv(), 5))
                    names = [u["user"] for u in frame["d"].get("users", [])]
                    if frame["t"] == "presence" and names == ["alice", "bob"]:
                        break
            while True:  # alice is gone again
                frame = json.loads(await asyncio.wait_for(ws.recv(), 5))
                if frame["t"] == "presence" and [u["user"] for u in frame["d"]["users"]] == ["bob"]:
                    break

        # Through a real server, a refusal still arrives as a close code.
        with pytest.raises(ConnectionClosed) as refused:
            async with connect(f"ws://127.0.0.1:{other}/ws/matches/{match['id']}/?token=x") as ws:
                await asyncio.wait_for(ws.recv(), 5)
        assert refused.value.rcvd is not None and refused.value.rcvd.code == 4401

    asyncio.run(scenario())


def test_logging_out_on_one_server_closes_that_tokens_sockets_on_the_other(
    servers: list[int],
) -> None:
    """The revocation's announcement crosses processes (channels_redis): the phone's socket on
    one server closes with 4401 at once when the phone's token is logged out through the other,
    and the laptop's stays open."""
    one, other = servers
    password = "pass-word-123"
    phone = call(one, "POST", "/api/accounts/register", {"username": "dave", "password": password})
    laptop = call(other, "POST", "/api/accounts/login", {"username": "dave", "password": password})

    async def scenario() -> None:
        def url(key: str) -> str:
            return f"ws://127.0.0.1:{one}/ws/me/?token={key}"

        async with connect(url(phone["token"])) as phones, connect(url(laptop["token"])) as laps:
            for ws in (phones, laps):
                assert json.loads(await asyncio.wait_for(ws.recv(), 5))["t"] == "hello"
            await asyncio.to_thread(call, other, "POST", "/api/accounts/logout", {}, phone["token"])
            started = time.monotonic()
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await asyncio.wait_for(phones.recv(), 5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
            assert time.monotonic() - started < 2.0
            await laps.send(json.dumps({"t": "ping"}))
            assert json.loads(await asyncio.wait_for(laps.recv(), 5))["t"] == "pong"

    asyncio.run(scenario())
