"""Live updates under load: commit-to-delivery latency and deliveries per second. Prints ONE JSON
object.

Set-up: a fresh database (PostgreSQL when it answers, else SQLite in a temp dir), ``--servers``
uvicorn processes on loopback sharing it and Redis, ``--matches`` started matches of the platform
tests' small game (``tests/core/fake_engine.py``), and ``--sockets`` match sockets spread evenly
over the matches and the servers (two players per match, the rest spectators, each its own user
and token). Load: seat 0 of every match sends a command over its socket at ``--rate`` commands
per second in all, for ``--duration`` seconds after ``--warmup``.

Measured on every socket, for every event it receives:

* ``commit_to_delivery_ms``: receive time minus the commit, as logged by the server process
  from ``transaction.on_commit`` just before it announces the version;
* ``append_to_delivery_ms``: receive time minus the event row's ``created_at`` (stamped when the
  pipeline appends, so it adds the rest of the command's transaction and its commit);
* ``send_to_delivery_ms``: receive time minus the moment the command left seat 0's client;
* ``frames_per_s``/``events_per_s``: ``events`` frames and events delivered per second;
* ``gaps``: frames whose ``after`` is not the socket's previous version (must be 0), and
  ``missing``: events committed in the window that some socket had not received 2 s after the
  load stopped (0 unless announcements were lost and not yet made good).

``load_average_1m_before`` says how busy the machine already was. ``--layer core`` runs the
servers on Channels' list-based Redis layer instead of the settings' pub/sub one.

``--flood N`` measures something else: one user (one token) opens N match sockets on one match
at once, on the first server, holds the ones that open for ``--hold`` seconds and closes them,
while another user asks ``GET /healthz`` and ``GET /api/matches/<id>`` in turn, each as soon as
the last is answered (a 60 s timeout). It prints how the sockets ended (``hello``, a close code,
or the client's timeout after ``--open-timeout`` s), how long until every one had ended, the
probes' latency p50/p99/max during the flood and in the ``--hold`` seconds after, and the
server's CPU seconds over the flood.

    .venv/bin/python bench/realtime_bench.py [--sockets 1000] [--matches 100] [--servers 2]
        [--rate 50] [--duration 20] [--warmup 3] [--layer pubsub|core] [--database-url URL]
    .venv/bin/python bench/realtime_bench.py --flood 500 --servers 1 --matches 1 --sockets 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
PG_URL = "postgres://postgres@127.0.0.1:5432/ludoteka_realtime_bench"
LAYERS = {
    "pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",  # the settings' choice
    "core": "channels_redis.core.RedisChannelLayer",
}


def serve(port: int, commit_log: str) -> None:
    """One server process: the ASGI application with the benchmark game registered. Every
    announcement (made right after its commit, from ``transaction.on_commit``) is logged with
    its time as ``match version unix_time``."""
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings

    from core.matches import broadcast
    from games import registry

    registry.GAME_MODULES["race"] = "tests.core.fake_engine"
    settings.CHANNEL_LAYERS["default"]["BACKEND"] = LAYERS[os.environ["BENCH_LAYER"]]
    announce = broadcast.announce_match_version
    log = open(commit_log, "a", buffering=1)  # noqa: SIM115 (open for the process's life)

    def logged(match_id: int, version: int, user_ids: list[int]) -> None:
        log.write(f"{match_id} {version} {time.time():.6f}\n")
        announce(match_id, version, user_ids)

    broadcast.announce_match_version = logged
    import uvicorn

    uvicorn.run(
        "core.asgi:application",
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="off",
        ws_per_message_deflate=False,
    )


def pick_database(url: str | None, tmp: Path) -> dict[str, str]:
    """A fresh database: ``url``'s PostgreSQL database made anew (give it a name of your own),
    else ``ludoteka_realtime_bench`` when PostgreSQL answers, else SQLite in ``tmp``."""
    if url and not url.startswith("postgres"):
        return {"DATABASE_URL": url}
    url = url or PG_URL
    name = url.rsplit("/", 1)[1]
    try:
        import psycopg

        with psycopg.connect(PG_ADMIN, autocommit=True, connect_timeout=3) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
        return {"DATABASE_URL": url}
    except Exception:
        return {"SQLITE_PATH": str(tmp / "bench.sqlite3")}


def seed(n_matches: int, n_sockets: int) -> list[dict[str, Any]]:
    """Users, tokens and started matches; returns per match its id and socket tokens (seat 0
    first). Runs in this process, against the bench database."""
    import django

    django.setup()
    from django.contrib.auth.hashers import make_password

    from core.accounts.models import User
    from core.accounts.tokens import tokens_issue_many
    from core.matches import services
    from games import registry

    registry.GAME_MODULES["race"] = "tests.core.fake_engine"
    per_match = [
        n_sockets // n_matches + (1 if i < n_sockets % n_matches else 0) for i in range(n_matches)
    ]
    unusable = make_password(None)
    users = User.objects.bulk_create(
        [User(username=f"u{i}", password=unusable) for i in range(max(n_sockets, 2 * n_matches))]
    )
    key_of = tokens_issue_many(user_ids=[u.pk for u in users])
    plan, next_user = [], 0
    for count in per_match:
        group = users[next_user : next_user + max(count, 2)]
        next_user += max(count, 2)
        match = services.match_create(
            user=group[0],
            game="race",
            n_players=2,
            options={"target": 99},
            seats=[services.SeatSpec("me"), services.SeatSpec("user", username=group[1].username)],
        )
        services.match_join(match_id=match.pk, user=group[1])
        plan.append({"id": match.pk, "tokens": [key_of[u.pk] for u in group[:count]]})
    return plan


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"p50": float("nan"), "p99": float("nan"), "max": float("nan")}
    ordered = sorted(values)

    def at(p: float) -> float:
        return round(ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))], 2)

    return {"p50": at(50), "p99": at(99), "max": round(ordered[-1], 2)}


class Socket:
    def __init__(self, match: int, url: str) -> None:
        self.match, self.url = match, url
        self.version = 0
        self.ws: Any = None
        self.gaps = 0
        self.seen: set[int] = set()


async def run_load(
    args: argparse.Namespace, plan: list[dict[str, Any]], ports: list[int], commit_log: Path
) -> Any:
    from websockets.asyncio.client import connect

    sockets: list[Socket] = []
    for i, match in enumerate(plan):
        for j, token in enumerate(match["tokens"]):
            port = ports[(i + j) % len(ports)]
            url = f"ws://127.0.0.1:{port}/ws/matches/{match['id']}/?token={token}"
            sockets.append(Socket(match["id"], url))
    start_window = end_window = 0.0
    append_lat: list[float] = []
    ack_lat: list[float] = []
    frames = events = 0
    sent_at: dict[tuple[int, int], float] = {}  # (match, version) -> when the command left
    received: list[tuple[int, int, float]] = []  # (match, seq, when) in the window
    committed: dict[int, set[int]] = {m["id"]: set() for m in plan}
    acks: dict[str, asyncio.Future[Any]] = {}

    async def open_socket(s: Socket, gate: asyncio.Semaphore) -> None:
        async with gate:
            s.ws = await connect(s.url, compression=None, max_queue=None, open_timeout=60)
            hello = json.loads(await s.ws.recv())
            assert hello["t"] == "hello", hello
            s.version = hello["v"]

    async def read(s: Socket) -> None:
        nonlocal frames, events
        async for text in s.ws:
            now = time.time()
            frame = json.loads(text)
            if frame["t"] == "ack":
                future = acks.pop(frame["d"]["command_id"], None)
                if future is not None:
                    future.set_result(frame)
                continue
            if frame["t"] != "events":
                continue
            if frame["d"]["after"] != s.version:
                s.gaps += 1
            s.version = frame["v"]
            in_window = start_window <= now <= end_window
            if in_window:
                frames += 1
            for event in frame["d"]["events"]:
                s.seen.add(event["seq"])
                if not in_window:
                    continue
                events += 1
                at = datetime.fromisoformat(event["at"]).timestamp()
                append_lat.append((now - at) * 1000)
                received.append((s.match, event["seq"], now))

    async def drive(match: dict[str, Any], seat0: Socket, offset: float, stop: float) -> None:
        period = len(plan) / args.rate
        next_at = time.monotonic() + offset
        while next_at < stop:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            next_at += period
            cid = uuid.uuid4().hex
            future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
            acks[cid] = future
            t0 = time.time()
            command = {"type": "add", "amount": 1}
            await seat0.ws.send(
                json.dumps({"t": "command", "d": {"command_id": cid, "command": command}})
            )
            ack = await asyncio.wait_for(future, 30)
            if ack["t"] != "ack":
                raise RuntimeError(ack)
            version = ack["v"]
            sent_at[(match["id"], version)] = t0
            if start_window <= t0 <= end_window:
                ack_lat.append((time.time() - t0) * 1000)
                committed[match["id"]].add(version)

    gate = asyncio.Semaphore(100)
    t_connect = time.perf_counter()
    await asyncio.gather(*(open_socket(s, gate) for s in sockets))
    connect_s = time.perf_counter() - t_connect
    readers = [asyncio.ensure_future(read(s)) for s in sockets]
    first_of = {}
    for s in sockets:
        first_of.setdefault(s.match, s)
    now = time.time()
    start_window, end_window = now + args.warmup, now + args.warmup + args.duration
    stop = time.monotonic() + args.warmup + args.duration
    period = len(plan) / args.rate
    await asyncio.gather(
        *(drive(m, first_of[m["id"]], period * i / len(plan), stop) for i, m in enumerate(plan))
    )
    await asyncio.sleep(2)  # the last deliveries
    for r in readers:
        r.cancel()
    for s in sockets:
        await s.ws.close()
    send_lat = [
        (when - sent_at[(m, seq)]) * 1000 for m, seq, when in received if (m, seq) in sent_at
    ]
    committed_at: dict[tuple[int, int], float] = {}
    for line in commit_log.read_text().splitlines():
        if line.startswith("#"):
            continue
        m, v, t = line.split()
        committed_at[(int(m), int(v))] = float(t)
    # A frame may carry several events; each was committed at or before its frame's version.
    commit_lat = [
        (when - committed_at[(m, seq)]) * 1000
        for m, seq, when in received
        if (m, seq) in committed_at
    ]
    missing = sum(1 for s in sockets for version in committed[s.match] if version not in s.seen)
    return {
        "connect_s": round(connect_s, 2),
        "commands": sum(len(v) for v in committed.values()),
        "commit_to_delivery_ms": percentiles(commit_lat),
        "append_to_delivery_ms": percentiles(append_lat),
        "send_to_delivery_ms": percentiles(send_lat),
        "ack_ms": percentiles(ack_lat),
        "frames_per_s": round(frames / args.duration, 1),
        "events_per_s": round(events / args.duration, 1),
        "mean_delivery_ms": round(statistics.fmean(commit_lat), 2) if commit_lat else None,
        "gaps": sum(s.gaps for s in sockets),
        "missing": missing,
    }


async def probe(port: int, token: str, match_id: int, until: list[float], out: list[Any]) -> None:
    """``GET /healthz`` and ``GET /api/matches/<id>`` in turn until ``until[0]`` (monotonic)."""
    from api_bench import Http

    client = Http(port, token)
    paths = ["/healthz", f"/api/matches/{match_id}"]
    i = 0
    while time.monotonic() < until[0]:
        path = paths[i % 2]
        i += 1
        started = time.monotonic()
        try:
            status, _ = await asyncio.wait_for(client.request("GET", path), 60)
        except Exception as err:  # a timeout or a refused connection is a figure too
            client.close()
            status = type(err).__name__
        out.append(
            (
                path.split("/")[1] if path == "/healthz" else "match",
                started,
                status,
                (time.monotonic() - started) * 1000,
            )
        )
        await asyncio.sleep(0.05)
    client.close()


async def run_flood(
    args: argparse.Namespace, plan: list[dict[str, Any]], port: int, pid: int
) -> Any:
    """One user opens ``--flood`` sockets of one match at once (see the module's doc)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    match_id, (flooder, prober) = plan[0]["id"], plan[0]["tokens"][:2]
    url = f"ws://127.0.0.1:{port}/ws/matches/{match_id}/?token={flooder}"
    outcomes: list[tuple[str, float]] = []
    opened: list[Any] = []
    samples: list[Any] = []
    until = [float("inf")]
    prober_task = asyncio.ensure_future(probe(port, prober, match_id, until, samples))
    await asyncio.sleep(1)  # the probes' quiet figure first

    async def one() -> None:
        started = time.monotonic()
        try:
            ws = await connect(url, compression=None, open_timeout=args.open_timeout)
        except Exception as err:
            outcomes.append((type(err).__name__, time.monotonic() - started))
            return
        try:
            first = json.loads(await asyncio.wait_for(ws.recv(), args.open_timeout))
            outcomes.append((first["t"], time.monotonic() - started))
            opened.append(ws)
        except ConnectionClosed as err:
            code = err.rcvd.code if err.rcvd is not None else 1006
            outcomes.append((f"closed {code}", time.monotonic() - started))
        except Exception as err:
            outcomes.append((type(err).__name__, time.monotonic() - started))
            await ws.close()

    from api_bench import cpu_seconds

    cpu_before = cpu_seconds([pid])
    flood_start = time.monotonic()
    await asyncio.gather(*(one() for _ in range(args.flood)))
    settled = time.monotonic()
    await asyncio.sleep(args.hold)
    for ws in opened:
        await ws.close()
    closed = time.monotonic()
    cpu_flood = cpu_seconds([pid]) - cpu_before
    until[0] = closed + args.hold
    await prober_task
    counts: dict[str, int] = {}
    for kind, _ in outcomes:
        counts[kind] = counts.get(kind, 0) + 1

    def window(start: float, end: float) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for kind in ("healthz", "match"):
            hits = [s for s in samples if s[0] == kind and start <= s[1] < end]
            ms = [s[3] for s in hits]
            out[kind] = {
                "n": len(hits),
                "not_200": sum(1 for s in hits if s[2] != 200),
                **percentiles(ms),
            }
        return out

    return {
        "flood_sockets": args.flood,
        "outcomes": counts,
        "seconds_until_every_socket_ended": round(settled - flood_start, 2),
        "open_s": percentiles([t for kind, t in outcomes if kind == "hello"]),
        "server_cpu_s_during_flood": round(cpu_flood, 2),
        "probes_before_ms": window(0, flood_start),
        "probes_during_flood_ms": window(flood_start, closed),
        "probes_after_ms": window(closed, float("inf")),
    }


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--rate", type=float, default=50.0, help="Commands per second in all.")
    parser.add_argument("--duration", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--layer", choices=sorted(LAYERS), default="pubsub")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--commit-log", help=argparse.SUPPRESS)
    parser.add_argument("--flood", type=int, default=0, help="One user opens this many sockets.")
    parser.add_argument("--hold", type=float, default=5.0, help="--flood: seconds held open.")
    parser.add_argument("--open-timeout", type=float, default=20.0, help="--flood: client's.")
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.commit_log)
        return
    if args.flood:
        args.servers, args.matches, args.sockets = 1, 1, 2
    if args.sockets < 2 * args.matches:
        parser.error("give at least two sockets per match (its two players)")

    load_before = os.getloadavg()[0]  # what else this machine is doing
    tmp = Path(tempfile.mkdtemp(prefix="realtime-bench-"))
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")},
        **pick_database(args.database_url, tmp),
        "DJANGO_SETTINGS_MODULE": "core.settings.base",
        "REDIS_URL": args.redis_url,
        "CHANNELS_PREFIX": f"ludoteka-bench-{uuid.uuid4().hex[:8]}",
        "LOG_LEVEL": "WARNING",
        "DJANGO_DEBUG": "false",
        "BENCH_LAYER": args.layer,
        # The load is the point: no throttling, and no bot or deadline work beside it.
        "LUDOTEKA_THROTTLE_USER": "100000000/min",
    }
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    plan = seed(args.matches, args.sockets)
    ports = [free_port() for _ in range(args.servers)]
    commit_log = tmp / "commits.log"
    servers = [
        subprocess.Popen(
            [sys.executable, __file__, "--serve", str(port), "--commit-log", str(commit_log)],
            cwd=ROOT,
            env=env,
        )
        for port in ports
    ]
    try:
        deadline = time.monotonic() + 60
        for port in ports:
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), 1).close()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise RuntimeError("the servers did not start") from None
                    time.sleep(0.1)
        if args.flood:
            result = asyncio.run(run_flood(args, plan, ports[0], servers[0].pid))
        else:
            result = asyncio.run(run_load(args, plan, ports, commit_log))
    finally:
        for proc in servers:
            proc.terminate()
        for proc in servers:
            proc.wait(20)
    from django.db import connection

    print(
        json.dumps(
            {
                "bench": "realtime",
                "sockets": args.sockets,
                "matches": args.matches,
                "servers": args.servers,
                "rate_commands_per_s": args.rate,
                "duration_s": args.duration,
                "database": connection.vendor,
                "channel_layer": LAYERS[args.layer],
                "load_average_1m_before": round(load_before, 2),
                "cpus": os.cpu_count(),
                **result,
            }
        )
    )


if __name__ == "__main__":
    main()
