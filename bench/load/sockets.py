"""What a match socket costs the multi-process setup: to open it, and to keep it open. Prints
one JSON object.

    .venv/bin/python bench/load/sockets.py --matches 300 --idle 60

The layout of ``run.py`` (its own PostgreSQL and Redis, ``deploy/cluster.sh``: nginx, two web
processes, two workers, beat) with ``--matches`` two-player matches already a few moves in.
Every seat's socket is opened through nginx, ``--batch`` at a time, as the PWA opens one: the
handshake, the ``hello`` frame, then a ``resume`` from 0 answered with the seat's whole stream
(``--catch-up hello``: the stream in the hello, as a client coming back with ``?after=`` gets it).
Then the sockets stay open, silent, for ``--idle`` seconds (presence beats, watch renewals,
version checks). For each phase: the CPU seconds used by the web processes, PostgreSQL (all
its backends) and Redis, per socket opened and per socket-minute open; the database's
transactions and rows written (``pg_stat_database``); and the connect latency (handshake to the
resumed stream) p50/p99. CPU time, not wall time, so the figures stand on a shared machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent), str(HERE.parents[1])]

from _django import percentile  # noqa: E402
from cluster import Cluster, _children  # noqa: E402
from services import OwnPostgres, OwnRedis  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds of ``pids`` (dead ones count 0)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / TICK


def pg_pids(pg: OwnPostgres) -> list[int]:
    head = int((pg.data / "postmaster.pid").read_text().split()[0])
    return [head, *_children(head)]


def pg_writes() -> dict[str, int]:
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute(
            "SELECT xact_commit, tup_inserted + tup_updated + tup_deleted FROM pg_stat_database "
            "WHERE datname = current_database()"
        )
        commits, rows = cur.fetchone()
    return {"commits": int(commits), "rows_written": int(rows)}


class Meter:
    """CPU seconds per part, and database counters, between two readings."""

    def __init__(self, cluster: Cluster, pg: OwnPostgres, redis: OwnRedis) -> None:
        self.cluster, self.pg, self.redis = cluster, pg, redis

    def read(self) -> dict[str, float]:
        web = [p for p in (self.cluster.pid("web1"), self.cluster.pid("web2")) if p]
        assert self.redis.process is not None
        # pg_stat_database lags by up to half a second (the stats are flushed that often).
        time.sleep(0.6)
        return {
            "web": cpu_seconds(web),
            "postgres": cpu_seconds(pg_pids(self.pg)),
            "redis": cpu_seconds([self.redis.process.pid]),
            **pg_writes(),
        }

    @staticmethod
    def diff(a: dict[str, float], b: dict[str, float]) -> dict[str, float]:
        return {k: b[k] - a[k] for k in a}


async def open_socket(
    base: str, seat: Any, opened: list[float], held: list[Any], catch_up: str = "resume"
) -> None:
    """Opens ``seat``'s socket and brings it the whole stream: with a ``resume`` from 0 after
    the hello, or (``catch_up="hello"``) in the hello itself (``?after=0``)."""
    from websockets.asyncio.client import connect

    url = f"{base.replace('http', 'ws', 1)}/ws/matches/{seat.match_id}/"
    if catch_up == "hello":
        url += "?after=0"
    credentials: Any = ["ludoteka", f"ludoteka.token.{seat.token}"]
    t0 = time.monotonic()
    ws = await connect(url, subprotocols=credentials, open_timeout=60, ping_interval=None)
    hello = json.loads(await asyncio.wait_for(ws.recv(), 60))
    assert hello["t"] == "hello", hello
    want = hello["v"]
    if catch_up == "hello":
        assert len(hello["d"]["catch_up"]["events"]) == want, hello["d"].get("catch_up")
        want = 0
    else:
        await ws.send(json.dumps({"resume": 0}))
    while want:
        frame = json.loads(await asyncio.wait_for(ws.recv(), 60))
        if frame["t"] == "events" and frame["v"] >= want:
            break
    opened.append(time.monotonic() - t0)
    held.append(ws)


async def drain(held: list[Any], until: float) -> int:
    """Reads (and counts) whatever the open sockets are sent until ``until``."""
    frames = 0

    async def one(ws: Any) -> None:
        nonlocal frames
        while (left := until - time.monotonic()) > 0:
            try:
                await asyncio.wait_for(ws.recv(), left)
                frames += 1
            except TimeoutError:
                return

    await asyncio.gather(*(one(ws) for ws in held), return_exceptions=True)
    return frames


async def measure(
    args: argparse.Namespace, cluster: Cluster, meter: Meter, users: list[Any]
) -> dict[str, Any]:
    import aiohttp
    import players

    run = players.Run(base=cluster.base, think=0, end=float("inf"))
    rng = random.Random(args.seed)
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as session:
        seats = await players.create_matches(run, session, users, args.matches, 0.0, rng)
        # A few moves in each match, so a resume from 0 has a stream to send.
        for _ in range(args.moves):
            for s in seats:
                status, legal = await players.insist(
                    run, session, "GET", f"/api/matches/{s.match_id}/legal", s.token
                )
                if status == 200 and legal.get("commands"):
                    body = {
                        "command_id": f"S{s.match_id}.{s.index}.{legal['version']}",
                        "command": rng.choice(legal["commands"]),
                        "expected_version": legal["version"],
                    }
                    await players.insist(
                        run, session, "POST", f"/api/matches/{s.match_id}/commands", s.token, body
                    )
    await asyncio.sleep(2)
    opened: list[float] = []
    held: list[Any] = []
    before = await asyncio.to_thread(meter.read)
    t0 = time.monotonic()
    for i in range(0, len(seats), args.batch):
        await asyncio.gather(
            *(
                open_socket(cluster.base, s, opened, held, args.catch_up)
                for s in seats[i : i + args.batch]
            )
        )
    connect_wall = time.monotonic() - t0
    await asyncio.sleep(1)  # the presence frames that follow the last joins
    after_connect = await asyncio.to_thread(meter.read)
    frames = await drain(held, time.monotonic() + args.idle)
    after_idle = await asyncio.to_thread(meter.read)
    await asyncio.gather(*(ws.close() for ws in held), return_exceptions=True)
    n = len(held)
    cpu = ("web", "postgres", "redis")
    connect = Meter.diff(before, after_connect)
    idle = Meter.diff(after_connect, after_idle)
    minutes = n * (args.idle / 60)
    return {
        "sockets": n,
        "matches": args.matches,
        "catch_up": args.catch_up,
        "connect_wall_s": round(connect_wall, 1),
        "connect_p50_ms": round(percentile(opened, 50) * 1000, 1),
        "connect_p99_ms": round(percentile(opened, 99) * 1000, 1),
        "per_socket_opened_ms_cpu": {
            k: round(v / n * 1000, 2) for k, v in connect.items() if k in cpu
        },
        "per_socket_opened_db": {
            k: round(v / n, 2) for k, v in connect.items() if k in ("commits", "rows_written")
        },
        "idle_s": args.idle,
        "idle_frames_received": frames,
        "per_socket_minute_ms_cpu": {
            k: round(v / minutes * 1000, 2) for k, v in idle.items() if k in cpu
        },
        "per_socket_minute_db": {
            k: round(v / minutes, 2) for k, v in idle.items() if k in ("commits", "rows_written")
        },
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser()
    p.add_argument("--matches", type=int, default=300)
    p.add_argument("--moves", type=int, default=2, help="Commands per seat before the sockets.")
    p.add_argument("--batch", type=int, default=20, help="Sockets opened at once.")
    p.add_argument("--idle", type=float, default=60)
    p.add_argument(
        "--catch-up",
        choices=("resume", "hello"),
        default="resume",
        help="How an opened socket gets its stream: a resume after the hello, or in the hello.",
    )
    p.add_argument("--port", type=int, default=8170)
    p.add_argument("--pg-port", type=int, default=8178)
    p.add_argument("--redis-port", type=int, default=8179)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    load_before = os.getloadavg()
    pg, redis = OwnPostgres(args.pg_port), OwnRedis(args.redis_port)
    cluster = None
    try:
        pg.start()
        redis.start()
        os.environ["LUDOTEKA_DB_POOL"] = "false"
        os.environ.pop("REDIS_URL", None)
        from _django import setup

        setup(pg.url, fresh=True)
        cluster = Cluster(
            port=args.port,
            database_url=pg.url,
            redis_url=redis.url,
            prefix="ludoteka-sockets",
            run_dir=Path(tempfile.mkdtemp(prefix="ludoteka-sockets-")),
            env={"LUDOTEKA_DB_POOL": "true"},
        )
        cluster.start()
        import players

        users = players.seed_users(2 * args.matches, f"s{args.seed}x")
        result = asyncio.run(measure(args, cluster, Meter(cluster, pg, redis), users))
        result["presence_beat_s"] = float(os.environ.get("LUDOTEKA_WS_PRESENCE_BEAT", 25))
        result["load_before"] = [round(x, 2) for x in load_before]
        result["load_after"] = [round(x, 2) for x in os.getloadavg()]
        return result
    finally:
        if cluster is not None:
            cluster.stop()
        from django.db import connections

        connections.close_all()
        redis.destroy()
        pg.destroy()


if __name__ == "__main__":
    print(json.dumps(main(), indent=1))
