"""Command round trips through the REST API on PostgreSQL, with many matches played at once.

Starts uvicorn (``--workers``) on loopback against a fresh bench database, creates ``--matches``
two-player matches, then one client task per match plays it with random legal moves
(``GET /legal`` then ``POST /commands``) over keep-alive connections. Latency is measured on the
POST only. Prints one JSON object.

    .venv/bin/python bench/api_bench.py [--game samurai] [--matches 200] [--seconds 30]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time

from _django import DEFAULT_URL, ROOT, percentile, setup


class Http:
    """A minimal HTTP/1.1 keep-alive client (the standard library has no async one)."""

    def __init__(self, port: int, token: str) -> None:
        self.port, self.token = port, token
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: object = None) -> tuple[int, object]:
        try:
            return await self._request(method, path, body)
        except (ConnectionError, IndexError, asyncio.IncompleteReadError):
            # The server closed an idle keep-alive connection: reconnect once, as clients do.
            self.writer = None
            return await self._request(method, path, body)

    async def _request(self, method: str, path: str, body: object) -> tuple[int, object]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        data = b"" if body is None else json.dumps(body).encode()
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token {self.token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        )
        self.writer.write(head.encode() + data)
        assert self.reader is not None
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            k, _, v = line.decode().partition(":")
            headers[k.strip().lower()] = v.strip()
        if "content-length" in headers:
            payload = await self.reader.readexactly(int(headers["content-length"]))
        else:  # chunked
            parts = []
            while True:
                size = int((await self.reader.readline()).strip(), 16)
                if size == 0:
                    await self.reader.readline()
                    break
                parts.append(await self.reader.readexactly(size))
                await self.reader.readline()
            payload = b"".join(parts)
        return status, json.loads(payload) if payload else None


async def play(
    port: int,
    match_id: int,
    tokens: list[str],
    until: float,
    rng: random.Random,
    latencies: list[float],
    errors: list[str],
) -> int:
    clients = [Http(port, t) for t in tokens]
    done = 0
    while time.perf_counter() < until:
        status, detail = await clients[0].request("GET", f"/api/matches/{match_id}")
        if status != 200 or detail["status"] != "active":
            break
        seat = detail["active_seats"][0]
        status, legal = await clients[seat].request("GET", f"/api/matches/{match_id}/legal")
        if status != 200 or not legal["commands"]:
            errors.append(f"legal {status}")
            break
        body = {
            "command": rng.choice(legal["commands"]),
            "command_id": f"b{legal['version']}",
            "expected_version": legal["version"],
        }
        t0 = time.perf_counter()
        status, _ = await clients[seat].request("POST", f"/api/matches/{match_id}/commands", body)
        latencies.append(time.perf_counter() - t0)
        if status != 200:
            errors.append(f"command {status}")
        done += 1
    for c in clients:
        if c.writer:
            c.writer.close()
    return done


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", default=DEFAULT_URL)
    parser.add_argument("--game", default="samurai")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    setup(args.database_url)
    from core.accounts.models import User
    from core.accounts.services import user_token
    from core.matches import services

    users = [User.objects.create_user(username=f"b{i}") for i in range(args.matches * 2)]
    tokens = [user_token(user=u) for u in users]
    matches = []
    for i in range(args.matches):
        a, b = users[2 * i], users[2 * i + 1]
        m = services.match_create(
            user=a,
            game=args.game,
            n_players=2,
            seats=[services.SeatSpec("me"), services.SeatSpec("user", username=b.username)],
        )
        services.match_join(match_id=m.pk, user=b)
        matches.append((m.pk, [tokens[2 * i], tokens[2 * i + 1]]))
    env = {
        **os.environ,
        "DATABASE_URL": args.database_url,
        "LOG_LEVEL": "WARNING",
        "DJANGO_DEBUG": "false",
        "LUDOTEKA_THROTTLE_USER": "10000000/min",
    }
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "core.asgi:application",
            "--port",
            str(args.port),
            "--workers",
            str(args.workers),
            "--log-level",
            "warning",
            "--no-access-log",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    try:
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                import urllib.request

                urllib.request.urlopen(f"http://127.0.0.1:{args.port}/api/games", timeout=1)
                break
            except OSError:
                time.sleep(0.3)
        latencies: list[float] = []
        errors: list[str] = []

        async def run() -> int:
            until = time.perf_counter() + args.seconds
            rng = random.Random(3)
            counts = await asyncio.gather(
                *(
                    play(
                        args.port, mid, toks, until, random.Random(rng.random()), latencies, errors
                    )
                    for mid, toks in matches
                )
            )
            return sum(counts)

        start = time.perf_counter()
        total = asyncio.run(run())
        elapsed = time.perf_counter() - start
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
    print(
        json.dumps(
            {
                "bench": "api_command_round_trip",
                "database": "postgresql" if args.database_url.startswith("postgres") else "sqlite",
                "game": args.game,
                "matches": args.matches,
                "server_workers": args.workers,
                "commands": total,
                "seconds": round(elapsed, 2),
                "commands_per_second": round(total / elapsed, 1),
                "requests_per_second": round(3 * total / elapsed, 1),
                "command_ms_p50": round(percentile(latencies, 50) * 1000, 2),
                "command_ms_p99": round(percentile(latencies, 99) * 1000, 2),
                "errors": len(errors),
                "error_sample": errors[:5],
            }
        )
    )


if __name__ == "__main__":
    main()
