"""A short game against a production server, over HTTP and WebSockets, as a client plays it.

    python .ci/production_e2e.py http://127.0.0.1:PORT

Registers a player, opens the home socket, creates a Drunter und Drüber match against a random
bot, opens the match socket, plays its turns and waits for the bot's replies on the socket,
reads the notifications (the Celery worker delivers them), and ends with clients that go away
mid-request. Fails (exit 1) on any 5xx or broken promise. Standard library and ``websockets``
only: both are in the server's own install.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import socket
import sys
import time
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlparse

from websockets.asyncio.client import connect

BASE = sys.argv[1].rstrip("/") if len(sys.argv) > 1 else "http://127.0.0.1:8000"
WS = BASE.replace("http", "ws", 1)
WAIT = 90.0  # seconds for a bot's reply or a notification, on a loaded CI machine
TURNS = 2
calls: list[tuple[str, str, int]] = []


def say(text: str) -> None:
    print(f"e2e: {text}", flush=True)


def http(
    method: str, path: str, body: Any = None, token: str = "", accept: str = "application/json"
) -> tuple[int, Any]:
    request = urllib.request.Request(
        BASE + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        # As the TLS-terminating proxy in front of a production server says it.
        headers={
            "Content-Type": "application/json",
            "Accept": accept,
            "X-Forwarded-Proto": "https",
        },
    )
    if token:
        request.add_header("Authorization", f"Token {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, raw, headers = response.status, response.read(), response.headers
    except urllib.error.HTTPError as err:
        status, raw, headers = err.code, err.read(), err.headers
    calls.append((method, path, status))
    if "max-age=" not in (headers.get("Strict-Transport-Security") or ""):
        raise SystemExit(f"e2e: FAIL {method} {path}: no HSTS header (production mode?)")
    if status >= 500:
        raise SystemExit(f"e2e: FAIL {method} {path} answered {status}: {raw[:500]!r}")
    ctype_json = raw[:1] in (b"{", b"[")
    return status, json.loads(raw) if ctype_json else raw


def expect(status: int, wanted: int, what: str, body: Any) -> None:
    if status != wanted:
        raise SystemExit(f"e2e: FAIL {what}: {status} (wanted {wanted}): {str(body)[:500]}")


async def next_frame(ws: Any, t: str, deadline: float) -> dict[str, Any]:
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise SystemExit(f"e2e: FAIL no {t!r} frame in time")
        frame = json.loads(await asyncio.wait_for(ws.recv(), left))
        if frame["t"] == t:
            return frame


def wait_up() -> None:
    end = time.monotonic() + 300  # the run command installs first
    while time.monotonic() < end:
        try:
            probe = urllib.request.Request(
                BASE + "/api/games", headers={"X-Forwarded-Proto": "https"}
            )
            with urllib.request.urlopen(probe, timeout=5) as response:
                if response.status == 200:
                    return
        except (OSError, urllib.error.URLError):
            pass
        time.sleep(0.5)
    raise SystemExit("e2e: FAIL the server did not come up")


def my_turn(detail: dict[str, Any]) -> bool:
    return detail["status"] == "active" and detail["seat"] in detail["active_seats"]


async def play_until_bot_answers(
    token: str, match_id: int, seat: int, bot: int, ws: Any, version: int
) -> int:
    """Play this seat's turn with legal commands, then wait on the socket for the bot's events
    until the turn comes back (or the match ends). Returns the version reached."""
    moves = 0
    while True:
        status, detail = http("GET", f"/api/matches/{match_id}", token=token)
        expect(status, 200, "match detail", detail)
        if not my_turn(detail):
            break
        status, legal = http("GET", f"/api/matches/{match_id}/legal", token=token)
        expect(status, 200, "legal commands", legal)
        command = legal["commands"][0]
        body = {
            "command_id": secrets.token_hex(8),
            "expected_version": legal["version"],
            "command": command,
        }
        status, result = http("POST", f"/api/matches/{match_id}/commands", body, token)
        expect(status, 200, f"command {command}", result)
        moves += 1
        if moves > 50:
            raise SystemExit("e2e: FAIL the turn never ended")
    say(f"played {moves} command(s); waiting for the bot on the socket")
    deadline = time.monotonic() + WAIT
    bot_moved = False
    while True:
        frame = await next_frame(ws, "events", deadline)
        version = frame["v"]
        d = frame["d"]
        bot_moved |= any(e.get("actor") == bot for e in d["events"])
        if d["status"] != "active" or (bot_moved and seat in d["active_seats"]):
            say(f"the bot answered over the socket (version {version})")
            return version


async def scenario() -> None:
    wait_up()
    name = f"e2e{secrets.token_hex(4)}"
    status, user = http(
        "POST",
        "/api/accounts/register",
        {"username": name, "password": secrets.token_urlsafe(12), "display_name": "E2E"},
    )
    expect(status, 201, "register", user)
    token = user["token"]
    say(f"registered {name}")
    for path, accept in (
        ("/api/schema/", "application/vnd.oai.openapi"),
        ("/api/docs/", "text/html"),
    ):
        status, _ = http("GET", path, token=token, accept=accept)
        expect(status, 200, path, "")
    async with connect(f"{WS}/ws/me/?token={token}") as home:
        hello = await next_frame(home, "hello", time.monotonic() + 30)
        cursor = hello["v"]
        status, match = http(
            "POST",
            "/api/matches",
            {
                "game": "drunter",
                "players": 2,
                "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}],
            },
            token,
        )
        expect(status, 201, "create a match with a bot", match)
        match_id, seat = match["id"], match["seat"]
        bot = 1 - seat
        say(f"match {match_id} created, seat {seat}")
        async with connect(f"{WS}/ws/matches/{match_id}/?token={token}") as ws:
            hello = await next_frame(ws, "hello", time.monotonic() + 30)
            version = hello["v"]
            for _ in range(TURNS):
                version = await play_until_bot_answers(token, match_id, seat, bot, ws, version)
        # The home socket hears of the turns that came back, from the outbox.
        deadline = time.monotonic() + WAIT
        while True:
            frame = await next_frame(home, "notification", deadline)
            if frame["d"]["kind"] == "your_turn" and frame["v"] > cursor:
                break
        say("the home socket delivered a 'your turn' notification")
    deadline = time.monotonic() + WAIT
    while True:
        status, notes = http("GET", "/api/notifications", token=token)
        expect(status, 200, "notifications", notes)
        kinds = [n["kind"] for n in notes["results"]]
        if kinds.count("your_turn") >= TURNS:
            break
        if time.monotonic() > deadline:
            raise SystemExit(f"e2e: FAIL notifications: {kinds}")
        await asyncio.sleep(0.5)
    say(f"notifications: {kinds} ({notes['unread']} unread)")
    status, read = http("POST", "/api/notifications/read", {"all": True}, token)
    expect(status, 200, "mark read", read)
    await clients_that_go_away(token, match_id)


async def clients_that_go_away(token: str, match_id: int) -> None:
    """A command sent and its connection dropped at once, a socket dropped mid-frame: the
    server must take both without an error in its log."""
    status, legal = http("GET", f"/api/matches/{match_id}/legal", token=token)
    expect(status, 200, "legal commands", legal)
    url = urlparse(BASE)
    if legal["commands"]:
        body = json.dumps(
            {"command_id": secrets.token_hex(8), "command": legal["commands"][0]}
        ).encode()
        raw = (
            f"POST /api/matches/{match_id}/commands HTTP/1.1\r\nHost: {url.netloc}\r\n"
            f"Authorization: Token {token}\r\nContent-Type: application/json\r\n"
            "X-Forwarded-Proto: https\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        ).encode() + body
        with socket.create_connection((url.hostname, url.port)) as conn:
            conn.sendall(raw)
        # Half a request: the body never comes.
        with socket.create_connection((url.hostname, url.port)) as conn:
            conn.sendall(raw[: len(raw) - len(body) // 2])
    async with connect(f"{WS}/ws/matches/{match_id}/?token={token}") as ws:
        await ws.send(json.dumps({"t": "ping"}))
        ws.transport.abort()
    await asyncio.sleep(2)  # for the server to finish what the clients left behind
    status, detail = http("GET", f"/api/matches/{match_id}", token=token)
    expect(status, 200, "match detail after the dropped clients", detail)
    say("clients that went away mid-request: the match still answers")


def main() -> None:
    started = time.monotonic()
    asyncio.run(scenario())
    worst = max(status for _, _, status in calls)
    say(f"OK: {len(calls)} requests, highest status {worst}, {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
