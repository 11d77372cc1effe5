"""Command round trips through the real HTTP stack, many matches at once. Prints one JSON object.

Starts the server as ``deploy/serve.sh`` does (uvicorn on ``core.asgi:application``,
``--workers``) on a free loopback port against a fresh bench database, creates ``--matches``
two-player matches between distinct users, and plays random legal moves over keep-alive
connections, one connection per player:

* ``--mode closed``: one loop per match, each sending its next command as soon as the last is
  answered; the saturated throughput (commands/s) and the server's CPU per command.
* ``--mode open --rate R``: commands arrive at R per second (Poisson) whatever the server does,
  each on a match not already waiting for an answer; latency counts from the arrival, so queueing
  in the server is in the figures (no coordinated omission).

``--protocol one`` (default): a move is the POST alone (its answer carries the new version, view
and legal commands); the player whose turn begins asks ``GET /legal`` as a phone would on the
socket's announcement. ``--protocol three``: GET match, GET legal, POST for every move (clients of
servers before one-request moves). Latency is the POST's (plus its queueing, open loop).

``--sockets``: every player also holds the two sockets a player with the app open holds, its
home socket (``/ws/me/``) and the socket of its match (``/ws/matches/<id>/``), opened before the
timed window (``--socket-batch`` at a time; the server's CPU over the opening, per socket, is
``socket_open_cpu_ms``). Moves still go over HTTP. Measured in the window: ``delivery_ms``, a
move's commit (its events' ``at``, stamped in the committing statement) to the frame on the
opponent's match socket; ``your_turn_ms``, the ``your_turn`` notification's ``at`` (written in
the same transaction) to its frame on the home socket. Then, once every socket has caught up
or 30 s after the load stopped, the checks: ``gaps`` (an ``events`` frame not starting at the
socket's version), ``behind`` (a match socket short of its match's last version) and
``notifications_lost`` (a home socket short of its user's last outbox row), all 0 when nothing
was lost.

``--idle N``: N sockets (the home and match sockets of both players of N/4 matches) opened on
the server and left alone for ``--seconds``: the server's memory (RSS) before and after, and its
CPU per second at rest (presence beats, watch renewals, version checks, the outbox poll,
keep-alive pings).

CPU per command: the server's processes (user + system time of its process group), the
PostgreSQL backends of the bench database, and the bench client itself, each over the timed
window, divided by the commands answered in it. ``machine_busy_pct`` is the whole machine's,
other users included; ``loadavg`` before and after says how disturbed the run was.

    .venv/bin/python bench/api_bench.py --database-url postgres://postgres@127.0.0.1:5432/mine \
        [--game samurai] [--matches 200] [--seconds 30] [--mode closed|open --rate 100] \
        [--sockets] [--idle 10000]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from _django import ROOT, bench_database_url, percentile, server_env, setup

TICKS = os.sysconf("SC_CLK_TCK")


class Http:
    """A minimal HTTP/1.1 keep-alive client (the standard library has no async one)."""

    def __init__(self, port: int, token: str) -> None:
        self.port, self.token = port, token
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: object = None) -> tuple[int, Any]:
        try:
            return await self._request(method, path, body)
        except (ConnectionError, IndexError, ValueError, asyncio.IncompleteReadError):
            # The server closed an idle keep-alive connection: reconnect once, as clients do.
            self.close()
            return await self._request(method, path, body)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.writer = None

    async def _request(self, method: str, path: str, body: object) -> tuple[int, Any]:
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
        elif headers.get("transfer-encoding") == "chunked":
            parts = []
            while True:
                size = int((await self.reader.readline()).strip(), 16)
                if size == 0:
                    await self.reader.readline()
                    break
                parts.append(await self.reader.readexactly(size))
                await self.reader.readline()
            payload = b"".join(parts)
        else:
            payload = b""
        return status, json.loads(payload) if payload else None


@dataclass
class Game:
    """One match as its two players' clients know it."""

    match_id: int
    clients: list[Http]
    seat: int = -1  # the seat to move
    legal: list[dict[str, Any]] = field(default_factory=list)
    version: int = 0
    active: bool = True
    busy: bool = False


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    answered_at: list[float] = field(default_factory=list)  # time.time() of each answer
    errors: list[str] = field(default_factory=list)
    commands: int = 0  # answered inside the timed window
    reads: int = 0
    created: int = 0
    skipped: int = 0  # open loop: arrivals that found every match busy
    recording: bool = False
    delivery: list[float] = field(default_factory=list)  # ms, commit -> opponent's socket
    your_turn: list[float] = field(default_factory=list)  # ms, outbox row -> home socket
    gaps: int = 0


def _at(text: str) -> float:
    return datetime.fromisoformat(text).timestamp()


class Sockets:
    """A player's two sockets: the home screen's and its match's (``--sockets``)."""

    def __init__(self, port: int, tally: Tally, legacy: bool) -> None:
        self.port, self.tally, self.legacy = port, tally, legacy
        self.open: dict[int, list[Any]] = {}  # match id -> its sockets
        self.version: dict[Any, int] = {}  # match socket -> the version it is at
        self.cursor: dict[Any, tuple[int, int]] = {}  # home socket -> (user id, last id)
        self.readers: set[asyncio.Task[None]] = set()

    async def connect(self, path: str, token: str) -> tuple[Any, dict[str, Any]]:
        from websockets.asyncio.client import connect

        credentials: Any = None if self.legacy else ["ludoteka", f"ludoteka.token.{token}"]
        query = f"?token={token}" if self.legacy else ""  # servers before the subprotocol
        ws = await connect(
            f"ws://127.0.0.1:{self.port}{path}{query}",
            subprotocols=credentials,
            compression=None,
            max_queue=None,
            open_timeout=120,
            ping_interval=None,
        )
        hello = json.loads(await asyncio.wait_for(ws.recv(), 120))
        assert hello["t"] == "hello", hello
        return ws, hello

    async def open_for(self, game: Game, tokens: list[str]) -> None:
        sockets = []
        for seat, token in enumerate(tokens):
            ws, hello = await self.connect(f"/ws/matches/{game.match_id}/", token)
            self.version[ws] = hello["v"]
            sockets.append(ws)
            self._read(ws, self._match_frame, seat)
            home, hello = await self.connect("/ws/me/", token)
            self.cursor[home] = (hello["d"]["user"]["id"], hello["v"])
            sockets.append(home)
            self._read(home, self._home_frame, seat)
        self.open[game.match_id] = sockets

    def _read(self, ws: Any, on_frame: Any, seat: int) -> None:
        async def read() -> None:
            with contextlib.suppress(Exception):
                async for text in ws:
                    on_frame(ws, seat, json.loads(text), time.time())

        task = asyncio.ensure_future(read())
        self.readers.add(task)
        task.add_done_callback(self.readers.discard)

    def _match_frame(self, ws: Any, seat: int, frame: dict[str, Any], now: float) -> None:
        if frame["t"] != "events":
            return
        if frame["d"]["after"] != self.version[ws]:
            self.tally.gaps += 1
        self.version[ws] = max(self.version[ws], frame["v"])
        theirs = [e["at"] for e in frame["d"]["events"] if "at" in e and e["actor"] != seat]
        if theirs and self.tally.recording:
            self.tally.delivery.append((now - max(map(_at, theirs))) * 1000)

    def _home_frame(self, ws: Any, seat: int, frame: dict[str, Any], now: float) -> None:
        if frame["t"] != "notification":
            return
        user, last = self.cursor[ws]
        self.cursor[ws] = (user, max(last, frame["d"]["id"]))
        if frame["d"]["kind"] == "your_turn" and self.tally.recording:
            self.tally.your_turn.append((now - _at(frame["d"]["at"])) * 1000)

    async def close(self, match_id: int) -> None:
        for ws in self.open.pop(match_id, []):
            self.version.pop(ws, None)
            self.cursor.pop(ws, None)
            await ws.close()

    async def close_all(self) -> None:
        for match_id in list(self.open):
            await self.close(match_id)


class Bench:
    def __init__(self, port: int, users: list[tuple[str, str]], args: argparse.Namespace) -> None:
        self.port, self.users, self.args = port, users, args
        self.tally = Tally()
        self.rng = random.Random(7)
        self.next_pair = 0
        self.sockets = Sockets(port, self.tally, args.legacy_token) if args.sockets else None
        self.tokens: dict[int, list[str]] = {}

    async def replace(self, game: Game) -> Game:
        """A new match for a finished one (its players' sockets go with it)."""
        for c in game.clients:
            c.close()
        if self.sockets is not None:
            await self.sockets.close(game.match_id)
        game = await self.new_game()
        if self.sockets is not None:
            await self.sockets.open_for(game, self.tokens[game.match_id])
        return game

    async def new_game(self) -> Game:
        """A match between the next two users, created and joined through the API."""
        (_, tok_a), (name_b, tok_b) = self.users[self.next_pair % len(self.users)]
        self.next_pair += 1
        a, b = Http(self.port, tok_a), Http(self.port, tok_b)
        body = {
            "game": self.args.game,
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "user", "username": name_b}],
        }
        for _ in range(20):  # a busy server (503) is asked again after its Retry-After
            status, match = await a.request("POST", "/api/matches", body)
            if status != 503:
                break
            await asyncio.sleep(2)
        assert status == 201, (status, match)
        for _ in range(20):
            status, joined = await b.request("POST", f"/api/matches/{match['id']}/join", {})
            if status != 503:
                break
            await asyncio.sleep(2)
        assert status == 200 and joined["status"] == "active", (status, joined)
        game = Game(match["id"], [a, b])
        self.tokens[game.match_id] = [tok_a, tok_b]
        await self.refresh(game)
        return game

    async def refresh(self, game: Game) -> None:
        """What the player to move asks when their turn begins."""
        status, detail = await game.clients[0].request("GET", f"/api/matches/{game.match_id}")
        self.tally.reads += 1
        if status != 200 or detail["status"] != "active":
            game.active = False
            return
        game.seat = detail["active_seats"][0]
        await self.fetch_legal(game)

    async def fetch_legal(self, game: Game) -> None:
        path = f"/api/matches/{game.match_id}/legal"
        status, legal = await game.clients[game.seat].request("GET", path)
        self.tally.reads += 1
        if status != 200:
            self.tally.errors.append(f"legal {status}")
            game.active = False
            return
        game.legal, game.version = legal["commands"], legal["version"]

    async def move(self, game: Game, rng: random.Random, arrived: float | None = None) -> None:
        """One command on ``game``: its latency counts from ``arrived`` (open loop) or from
        the moment it is sent (closed loop)."""
        if self.args.protocol == "three":
            started = time.perf_counter()
            await self.refresh(game)
            if not game.active:
                return
        if not game.legal:
            self.tally.errors.append(f"no legal command for seat {game.seat}")
            game.active = False
            return
        body = {
            "command": rng.choice(game.legal),
            "command_id": f"b{game.version}",
            "expected_version": game.version,
        }
        started = time.perf_counter()
        path = f"/api/matches/{game.match_id}/commands"
        status, answer = await game.clients[game.seat].request("POST", path, body)
        done = time.perf_counter()
        if self.tally.recording:
            self.tally.latencies.append(done - (arrived if arrived is not None else started))
            self.tally.answered_at.append(time.time())
            self.tally.commands += 1
            if status != 200:
                self.tally.errors.append(f"command {status} {answer}")
        if status in (409, 503):  # not applied: the player reloads and plays on
            await self.refresh(game)
            return
        if status != 200:
            game.active = False
            return
        if answer["status"] != "active":
            game.active = False
            return
        if self.args.protocol == "one":
            game.version = answer["version"]
            mover = game.seat
            game.seat = answer["active_seats"][0]
            if game.seat == mover:
                game.legal = answer["legal_commands"]
            else:
                await self.fetch_legal(game)

    async def closed_loop(self, games: list[Game], until: float) -> None:
        async def loop(game: Game, rng: random.Random) -> None:
            while time.perf_counter() < until:
                if not game.active:
                    game = await self.replace(game)
                    self.tally.created += 1
                    continue
                await self.move(game, rng)

        await asyncio.gather(*(loop(g, random.Random(self.rng.random())) for g in games))

    async def open_loop(self, games: list[Game], until: float) -> None:
        rng = random.Random(self.rng.random())
        idle = set(range(len(games)))
        tasks: set[asyncio.Task[None]] = set()

        async def one(i: int, arrived: float) -> None:
            game = games[i]
            try:
                if not game.active:
                    games[i] = game = await self.replace(game)
                    self.tally.created += 1
                await self.move(game, rng, arrived)
            finally:
                idle.add(i)

        t = time.perf_counter()
        while True:
            t += rng.expovariate(self.args.rate)
            if t >= until:
                break
            delay = t - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            if not idle:
                self.tally.skipped += 1
                continue
            i = rng.choice(tuple(idle))
            idle.discard(i)
            task = asyncio.create_task(one(i, t))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        if tasks:
            await asyncio.wait(tasks)


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def group_pids(pgid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid:
                out.append(int(entry))
    return out


def machine_busy() -> tuple[float, float]:
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


def postgres_pids(database_url: str) -> list[int]:
    import psycopg

    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid()"
        ).fetchall()
    return [r[0] for r in rows]


async def open_sockets(
    bench: Bench, games: list[Game], pid: int, args: argparse.Namespace
) -> dict[str, Any]:
    """Every player's two sockets, ``--socket-batch`` matches at a time: the server's CPU."""
    assert bench.sockets is not None
    gate = asyncio.Semaphore(max(1, args.socket_batch // 2))
    before = cpu_seconds(group_pids(pid))
    started = time.perf_counter()

    async def one(game: Game) -> None:
        async with gate:
            await bench.sockets.open_for(game, bench.tokens[game.match_id])  # type: ignore[union-attr]

    await asyncio.gather(*(one(g) for g in games))
    opened = sum(len(s) for s in bench.sockets.open.values())
    cpu = cpu_seconds(group_pids(pid)) - before
    return {
        "sockets": opened,
        "seconds": round(time.perf_counter() - started, 2),
        "server_cpu_ms_per_socket": round(cpu * 1000 / max(1, opened), 2),
    }


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as f:
                total += next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
        except (OSError, StopIteration):
            continue
    return total / 1024


async def rest(seconds: float, pid: int) -> dict[str, Any]:
    """The server at rest with its sockets open: CPU per second and memory."""
    pids = group_pids(pid)
    cpu, started = cpu_seconds(pids), time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    return {
        "idle_seconds": round(elapsed, 1),
        "server_cpu_ms_per_s_at_rest": round((cpu_seconds(pids) - cpu) * 1000 / elapsed, 2),
        "server_rss_mb_with_sockets": round(rss_mb(pids), 1),
    }


def socket_checks(sockets: Sockets) -> dict[str, int]:
    """After the load: frames that skipped versions, sockets short of their match's last
    version or of their user's last notification (nothing may be lost)."""
    from django.db.models import Max

    from core.matches.models import Match
    from core.notifications.models import OutboxItem

    versions = dict(Match.objects.values_list("pk", "version"))
    latest = dict(
        OutboxItem.objects.values("user_id").annotate(m=Max("pk")).values_list("user_id", "m")
    )
    behind = 0
    for match_id, group in sockets.open.items():
        behind += sum(
            1 for ws in group if ws in sockets.version and sockets.version[ws] < versions[match_id]
        )
    lost = sum(1 for user, last in sockets.cursor.values() if last < latest.get(user, 0))
    return {"behind": behind, "notifications_lost": lost}


def socket_figures(tally: Tally, window: dict[str, Any]) -> dict[str, Any]:
    def pct(values: list[float]) -> dict[str, float]:
        return {
            "n": len(values),
            "p50": round(percentile(values, 50), 2),
            "p99": round(percentile(values, 99), 2),
            "max": round(max(values, default=float("nan")), 2),
        }

    return {
        "socket_open": window.get("socket_open"),
        "delivery_ms": pct(tally.delivery),
        "your_turn_ms": pct(tally.your_turn),
        "gaps": tally.gaps,
        "behind": window.get("behind"),
        "seconds_until_every_socket_caught_up": window.get("settled_s"),
        "notifications_lost": window.get("notifications_lost"),
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_command(args: argparse.Namespace, port: int) -> list[str]:
    common = ["--port", str(port), "--workers", str(args.workers), "--log-level", "warning"]
    common += ["--no-access-log", *args.server_arg]
    if args.server.startswith("granian"):
        wsgi = args.server == "granian-wsgi"
        interface = (
            ["--interface", "wsgi", "core.wsgi:application"]
            if wsgi
            else ["--interface", "asgi", args.app]
        )
        threads = ["--blocking-threads", str(args.threads)] if wsgi else []
        return [sys.executable, "-m", "granian", *interface, *threads, *common]
    return [sys.executable, "-m", "uvicorn", args.app, *common]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", default=bench_database_url())
    parser.add_argument("--game", default="samurai")
    parser.add_argument("--port", type=int, default=0, help="The server's port (0: a free one).")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--warmup", type=float, default=3, help="Seconds played before timing.")
    parser.add_argument("--mode", choices=["closed", "open"], default="closed")
    parser.add_argument("--rate", type=float, default=100, help="Open loop: commands/s.")
    parser.add_argument("--protocol", choices=["one", "three"], default="one")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--app", default="core.asgi:application")
    parser.add_argument(
        "--server",
        choices=["uvicorn", "granian-asgi", "granian-wsgi"],
        default="uvicorn",
        help="uvicorn on --app (as deploy/serve.sh); granian on --app, or on core.wsgi (API only)",
    )
    parser.add_argument("--threads", type=int, default=8, help="granian: request threads a worker.")
    parser.add_argument("--server-arg", action="append", default=[], help="Extra server flag.")
    parser.add_argument("--sockets", action="store_true", help="Players hold their 2 sockets.")
    parser.add_argument("--socket-batch", type=int, default=50, help="Sockets opened at once.")
    parser.add_argument("--legacy-token", action="store_true", help="Sockets: ?token= in URLs.")
    parser.add_argument("--idle", type=int, default=0, help="Idle match sockets, then rest.")
    parser.add_argument("--latency-log", default="", help="Each command's time and ms, here.")
    parser.add_argument(
        "--worker", action="store_true", help="A Celery worker beside (REDIS_URL), its CPU apart."
    )
    args = parser.parse_args()
    if args.idle:
        args.matches, args.sockets = max(1, args.idle // 4), True
    load_before = os.getloadavg()
    setup(args.database_url)
    from core.accounts.models import User
    from core.accounts.services import user_token

    # Enough pairs for the matches and for the new ones that replace finished matches.
    pairs = []
    for i in range(args.matches * (1 if args.idle else 3)):
        a = User.objects.create_user(username=f"a{i}")
        b = User.objects.create_user(username=f"b{i}")
        pairs.append(((a.username, user_token(user=a)), (b.username, user_token(user=b))))
    port = args.port or free_port()
    env = {
        **server_env(args.database_url),
        "LOG_LEVEL": "WARNING",
        "DJANGO_DEBUG": "false",
        "LUDOTEKA_THROTTLE_USER": "10000000/min",
    }
    server = subprocess.Popen(server_command(args, port), cwd=ROOT, env=env, start_new_session=True)
    worker = None
    if args.worker:
        command = [str(Path(sys.executable).parent / "celery"), "-A", "core", "worker"]
        command += ["--concurrency", "1", "--loglevel", "WARNING", "--without-gossip"]
        worker = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    postgres = args.database_url.startswith("postgres")
    try:
        deadline = time.time() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2)
                break
            except OSError:
                if time.time() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.3)
        bench = Bench(port, pairs, args)
        window: dict[str, float] = {}

        def pg_cpu() -> float:
            return cpu_seconds(postgres_pids(args.database_url))

        async def run() -> None:
            gate = asyncio.Semaphore(8)  # set-up is not what is measured: do not flood

            async def gated() -> Game:
                async with gate:
                    return await bench.new_game()

            games = list(await asyncio.gather(*(gated() for _ in range(args.matches))))
            window["server_rss_mb_before_sockets"] = round(rss_mb(group_pids(server.pid)), 1)
            if bench.sockets is not None:
                window["socket_open"] = await open_sockets(bench, games, server.pid, args)
            if args.idle:
                window.update(await rest(args.seconds, server.pid))
                await bench.sockets.close_all()
                return
            start = time.perf_counter()
            until = start + args.warmup + args.seconds

            async def mark() -> None:
                await asyncio.sleep(args.warmup)
                window["server"] = cpu_seconds(group_pids(server.pid))
                window["worker"] = cpu_seconds(group_pids(worker.pid)) if worker else 0
                window["postgres"] = pg_cpu() if postgres else 0
                window["client"] = resource.getrusage(resource.RUSAGE_SELF).ru_utime
                window["client"] += resource.getrusage(resource.RUSAGE_SELF).ru_stime
                window["busy"], window["total"] = machine_busy()
                window["t"] = time.perf_counter()
                bench.tally.recording = True
                print("timed window open", file=sys.stderr, flush=True)  # for a profiler

            marker = asyncio.create_task(mark())
            if args.mode == "closed":
                await bench.closed_loop(games, until)
            else:
                await bench.open_loop(games, until)
            await marker
            bench.tally.recording = False
            window["elapsed"] = time.perf_counter() - window["t"]
            window["server"] = cpu_seconds(group_pids(server.pid)) - window["server"]
            if worker:
                window["worker"] = cpu_seconds(group_pids(worker.pid)) - window["worker"]
            if postgres:
                window["postgres"] = pg_cpu() - window["postgres"]
            usage = resource.getrusage(resource.RUSAGE_SELF)
            window["client"] = usage.ru_utime + usage.ru_stime - window["client"]
            busy, total = machine_busy()
            window["busy_pct"] = 100 * (busy - window["busy"]) / max(1, total - window["total"])
            for g in games:
                for c in g.clients:
                    c.close()
            if bench.sockets is not None:
                # The last deliveries: a socket still short after 30 s has lost something.
                settle = time.perf_counter()
                while True:
                    await asyncio.sleep(0.5)
                    checks = await asyncio.to_thread(socket_checks, bench.sockets)
                    if not any(checks.values()) or time.perf_counter() - settle > 30:
                        break
                window.update(checks, settled_s=round(time.perf_counter() - settle, 1))
                await bench.sockets.close_all()

        asyncio.run(run())
    finally:
        for proc in (server, worker):
            if proc is not None:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=20)
    if args.idle:
        print(
            json.dumps(
                {
                    "bench": "idle_sockets",
                    "sockets": args.idle,
                    "game": args.game,
                    "workers": args.workers,
                    **window,
                    "loadavg_before": [round(x, 2) for x in load_before],
                    "loadavg_after": [round(x, 2) for x in os.getloadavg()],
                }
            )
        )
        return
    tally = bench.tally
    n = max(1, tally.commands)
    ms = [x * 1000 for x in tally.latencies]
    if args.latency_log:  # each command's answer time and round trip: where the tail comes from
        with open(args.latency_log, "w") as f:
            f.writelines(f"{at:.3f} {x:.1f}\n" for at, x in zip(tally.answered_at, ms, strict=True))
    print(
        json.dumps(
            {
                "bench": "api_command_round_trip",
                "mode": args.mode,
                "protocol": args.protocol,
                "target_rate": args.rate if args.mode == "open" else None,
                "database": "postgresql" if postgres else "sqlite",
                "game": args.game,
                "matches": args.matches,
                "server": " ".join(server_command(args, 0)[2:]),
                "http": os.environ.get("LUDOTEKA_HTTP", "threads"),
                "seconds": round(window["elapsed"], 2),
                "commands": tally.commands,
                "commands_per_second": round(tally.commands / window["elapsed"], 1),
                "reads": tally.reads,
                "matches_created": tally.created,
                "command_ms_p50": round(percentile(ms, 50), 2),
                "command_ms_p90": round(percentile(ms, 90), 2),
                "command_ms_p99": round(percentile(ms, 99), 2),
                "command_ms_p99_9": round(percentile(ms, 99.9), 2),
                "command_ms_max": round(max(ms, default=float("nan")), 2),
                "server_cpu_ms_per_command": round(window["server"] * 1000 / n, 3),
                "postgres_cpu_ms_per_command": round(window["postgres"] * 1000 / n, 3),
                "client_cpu_ms_per_command": round(window["client"] * 1000 / n, 3),
                "machine_busy_pct": round(window["busy_pct"], 1),
                "open_loop_arrivals_skipped": tally.skipped,
                **(socket_figures(tally, window) if args.sockets else {}),
                **(
                    {"worker_cpu_ms_per_command": round(window["worker"] * 1000 / n, 3)}
                    if worker
                    else {}
                ),
                "errors": len(tally.errors),
                "error_sample": tally.errors[:5],
                "loadavg_before": [round(x, 2) for x in load_before],
                "loadavg_after": [round(x, 2) for x in os.getloadavg()],
            }
        )
    )


if __name__ == "__main__":
    main()
