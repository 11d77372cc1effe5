"""The server as ``deploy/serve.sh`` runs it embedded (one uvicorn process, SQLite, the in-process
channel layer), HTTP on Django's WSGI handler in threads (core/hotlane/bridge.py): answers, streamed
answers, bodies, and a command posted over HTTP reaching a socket of the same process."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.client import connect

from tests.realtime.test_two_processes import ROOT, call, free_port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")},
        "DJANGO_SETTINGS_MODULE": "core.settings.test",
        "SQLITE_PATH": str(tmp_path_factory.mktemp("http") / "db.sqlite3"),
        "LOG_LEVEL": "WARNING",
    }
    port = free_port()
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.realtime.server", str(port)], cwd=ROOT, env=env
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2)
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        yield port
    finally:
        proc.terminate()
        proc.wait(10)


def _players(port: int) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    names = [f"p{time.monotonic_ns()}", f"q{time.monotonic_ns()}"]
    a, b = (
        call(port, "POST", "/api/accounts/register", {"username": n, "password": "pass-word-123"})
        for n in names
    )
    seats = [{"kind": "me"}, {"kind": "user", "username": names[1]}]
    match = call(
        port, "POST", "/api/matches", {"game": "race", "players": 2, "seats": seats}, a["token"]
    )
    call(port, "POST", f"/api/matches/{match['id']}/join", {}, b["token"])
    return a, b, match


def test_a_command_over_http_reaches_a_socket_of_the_same_process(server: int) -> None:
    alice, bob, match = _players(server)

    async def scenario() -> None:
        url = f"ws://127.0.0.1:{server}/ws/matches/{match['id']}/?token={bob['token']}"
        async with connect(url) as ws:
            assert json.loads(await ws.recv())["t"] == "hello"
            body = {"command": {"type": "add", "amount": 2}, "command_id": "h1"}
            path = f"/api/matches/{match['id']}/commands"
            answer = await asyncio.to_thread(call, server, "POST", path, body, alice["token"])
            assert answer["version"] == 3 and answer["legal_commands"]
            while (update := json.loads(await asyncio.wait_for(ws.recv(), 5)))["t"] != "events":
                assert update["t"] == "presence"
            assert update["v"] == 3 and update["d"]["view"]["points"] == [2, 0]

    asyncio.run(scenario())


def test_streamed_answers_and_304s_come_through(server: int) -> None:
    alice, _, match = _players(server)
    request = urllib.request.Request(
        f"http://127.0.0.1:{server}/api/matches/{match['id']}/events?format=ndjson",
        headers={"Authorization": f"Token {alice['token']}"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        lines = response.read().decode().strip().split("\n")
    assert [json.loads(line)["seq"] for line in lines] == [1, 2]
    legal = urllib.request.Request(
        f"http://127.0.0.1:{server}/api/matches/{match['id']}/legal",
        headers={"Authorization": f"Token {alice['token']}"},
    )
    with urllib.request.urlopen(legal, timeout=10) as response:
        etag = response.headers["ETag"]
    legal.add_header("If-None-Match", etag)
    with pytest.raises(urllib.error.HTTPError) as not_modified:
        urllib.request.urlopen(legal, timeout=10)
    assert not_modified.value.code == 304


def test_the_environ_follows_pep_3333_and_drops_headers_spelt_with_underscores() -> None:
    from core.hotlane.bridge import _environ

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/žluť",
        "root_path": "",
        "query_string": b"a=1",
        "http_version": "1.1",
        "scheme": "https",
        "server": ("example.org", 443),
        "client": ("10.0.0.1", 5000),
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", b"2"),
            (b"x-forwarded-proto", b"https"),
            (b"x_forwarded_proto", b"spoofed"),  # would pass for the proxy's header
            (b"accept", b"a"),
            (b"accept", b"b"),
        ],
    }
    environ = _environ(scope, object(), 1.0)
    assert environ["PATH_INFO"] == "/api/žluť".encode().decode("latin1")
    assert (environ["CONTENT_TYPE"], environ["CONTENT_LENGTH"]) == ("application/json", "2")
    assert environ["HTTP_X_FORWARDED_PROTO"] == "https"
    assert environ["HTTP_ACCEPT"] == "a,b" and environ["QUERY_STRING"] == "a=1"
    assert environ["wsgi.url_scheme"] == "https" and environ["ludoteka.received"] == 1.0
