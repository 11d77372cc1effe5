"""Load and fault test of the multi-process setup (deploy/cluster.sh). Prints one JSON object.

    .venv/bin/python bench/load/run.py --matches 500 --seconds 120
    .venv/bin/python bench/load/run.py --matches 100 --seconds 60 --faults ""   # load only

It starts a PostgreSQL and a Redis of its own (so it may restart them), the cluster on
``--port`` (nginx) and the two ports after it (``--web`` web processes: 2, or 1 alone), seeds
players, creates ``--matches`` matches of the five games (``--bot-share`` of them against a
bot), and lets the players play for ``--seconds`` (``players.py``), while it injects the
``--faults`` in order, spread over the run: ``web`` (kill -9 of web1, the only one with
``--web 1``), ``worker`` (kill -9 of one worker and its pool, while tasks are in flight),
``redis`` (a restart, losing every key), ``postgres`` (an immediate stop, as a crash, and a
start). Then it checks every match (``players.verify``).

Figures: commands/s, command round trip p50/p99 (sent to answered, resends included), socket
delivery p50/p99 (the mover's answer to the other seat's frame), HTTP statuses, and per fault
the recovery time and the errors clients saw until then.
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

import cpu  # noqa: E402
from _django import percentile  # noqa: E402
from cluster import Cluster  # noqa: E402
from services import OwnPostgres, OwnRedis, SharedPostgres  # noqa: E402


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    p.add_argument("--matches", type=int, default=500)
    p.add_argument("--seconds", type=float, default=120)
    p.add_argument("--think", type=float, default=4.0, help="Mean think time, seconds.")
    p.add_argument("--bot-share", type=float, default=0.3)
    p.add_argument("--webhook-share", type=float, default=0.2)
    p.add_argument("--faults", default="web,worker,redis,postgres")
    p.add_argument("--port", type=int, default=8170, help="nginx; the web processes take +1, +2")
    p.add_argument(
        "--web",
        type=int,
        choices=(1, 2),
        default=2,
        help="Web processes behind nginx (deploy/cluster.sh's LUDOTEKA_WEB_PROCESSES).",
    )
    p.add_argument("--hook-port", type=int, default=8177)
    p.add_argument("--pg-port", type=int, default=8178)
    p.add_argument("--redis-port", type=int, default=8179)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="A setting for the cluster's processes (e.g. LUDOTEKA_HTTP_THREADS=4); repeatable.",
    )
    p.add_argument("--run-dir", default="")
    p.add_argument(
        "--postgres-url",
        default="",
        help="A database to create (and drop) on a PostgreSQL already running, instead of an "
        "instance of the run's own (then no postgres fault).",
    )
    return p.parse_args(argv)


async def inject(
    name: str, cluster: Cluster, pg: OwnPostgres, redis: OwnRedis, run: Any
) -> dict[str, Any]:
    """One fault; returns when it started (seconds into the run) and how long recovery took."""
    import redis as redis_client

    out: dict[str, Any] = {"fault": name, "at": round(run.now(), 2)}
    t0 = time.monotonic()
    if name == "web":
        pid = await asyncio.to_thread(cluster.kill9, "web1")
        out["recovery_s"] = round(await asyncio.to_thread(cluster.wait_respawned, "web1", pid), 2)
    elif name == "worker":
        # Mid-task: wait (briefly) until a task is delivered and not yet acknowledged.
        client = redis_client.Redis.from_url(redis.url)
        prefix = cluster.env["LUDOTEKA_REDIS_PREFIX"] + ":"
        for _ in range(50):
            if client.hlen(f"{prefix}unacked"):
                break
            await asyncio.sleep(0.1)
        out["unacked_at_kill"] = client.hlen(f"{prefix}unacked")
        client.close()
        t0 = time.monotonic()
        pid = await asyncio.to_thread(cluster.kill9, "worker1")
        out["recovery_s"] = round(
            await asyncio.to_thread(cluster.wait_respawned, "worker1", pid), 2
        )
    elif name in ("redis", "postgres"):
        service = redis if name == "redis" else pg
        await asyncio.to_thread(service.restart)
        out["down_s"] = round(time.monotonic() - t0, 2)
        while not await asyncio.to_thread(cluster.ready):
            await asyncio.sleep(0.2)
        out["recovery_s"] = round(time.monotonic() - t0, 2)
    else:
        raise ValueError(f"unknown fault {name!r}")
    out["ended"] = round(run.now(), 2)
    return out


async def main_async(
    args: argparse.Namespace,
    cluster: Cluster,
    pg: Any,
    redis: Any,
    users: list[tuple[int, str]],
    rng: random.Random,
) -> dict[str, Any]:
    import aiohttp
    import players

    hooks = players.Hooks(args.hook_port)
    await hooks.start()
    run = players.Run(base=cluster.base, think=args.think, end=float("inf"))
    timeout = aiohttp.ClientTimeout(total=20)
    connector = aiohttp.TCPConnector(limit=256)
    async with aiohttp.ClientSession(timeout=timeout, connector=connector) as session:
        setup_started = time.monotonic()
        seats = await players.create_matches(run, session, users, args.matches, args.bot_share, rng)
        setup_s = time.monotonic() - setup_started
        run.errors.clear()
        run.statuses.clear()
        server_before = await asyncio.to_thread(server_metrics, cluster)
        cpu_before = cpu.reading(cpu_roles(cluster, pg, redis))
        run.started = time.monotonic()
        run.end = run.started + args.seconds
        ramp = min(20.0, args.seconds / 6)
        sockets = [asyncio.ensure_future(players.socket_loop(run, s, ramp)) for s in seats]
        sockets.append(asyncio.ensure_future(players.watch_lag(run)))
        tasks = [
            asyncio.ensure_future(players.player(run, session, s, random.Random(rng.random())))
            for s in seats
        ]
        faults = [f for f in args.faults.split(",") if f]
        done_faults = []
        for i, fault in enumerate(faults):
            at = run.started + args.seconds * (i + 1) / (len(faults) + 1)
            await asyncio.sleep(max(0.0, at - time.monotonic()))
            done_faults.append(await inject(fault, cluster, pg, redis, run))
        await asyncio.gather(*tasks)
        played_s = time.monotonic() - run.started
        cpu_spent = cpu.spent(cpu_before, cpu.reading(cpu_roles(cluster, pg, redis)))
        server_after = await asyncio.to_thread(server_metrics, cluster)
        finals = await asyncio.to_thread(settle, [s.match_id for s in seats])
        # An announcement lost in a fault is made good by the server's presence beat (25 s,
        # jittered to 30: realtime/beat.py); a socket in backoff comes back within 15 s. Two
        # beats and a backoff, so a slow heal is not reported as a loss (it was, at 30 s).
        beat = float(os.environ.get("LUDOTEKA_WS_PRESENCE_BEAT", 25))
        await players.catch_up(seats, finals, 2 * 1.2 * beat + 15)
        run.stopping = True
        for task in sockets:
            task.cancel()
        await asyncio.gather(*sockets, return_exceptions=True)
        api_gapless = await players.events_gapless(run, session, seats, finals)
    await asyncio.sleep(1.5)  # the last webhooks
    await hooks.stop()
    report = await asyncio.to_thread(players.verify, run, seats, hooks)
    for f in done_faults:
        until = f["ended"] + 5
        seen = [what for t, what in run.errors if f["at"] <= t <= until]
        f["client_errors"] = len(seen)
        f["client_error_kinds"] = dict(sorted(_kinds(seen).items()))
    windows = [(f["at"], f["ended"] + 5) for f in done_faults]
    outside = [what for t, what in run.errors if not any(a <= t <= b for a, b in windows)]
    latencies = [c["answered"] - c["sent"] for c in run.commands]
    delivery, on_opening = players.delivery_latencies(run, seats, windows)
    return {
        "matches": args.matches,
        "web_processes": args.web,
        "human_seats": len(seats),
        "bot_share": args.bot_share,
        "setup_s": round(setup_s, 1),
        "seconds": round(played_s, 1),
        "commands": len(run.commands),
        "commands_per_s": round(len(run.commands) / played_s, 1),
        "command_p50_ms": round(percentile(latencies, 50) * 1000, 1),
        "command_p99_ms": round(percentile(latencies, 99) * 1000, 1),
        "ws_delivery_p50_ms": round(percentile(delivery, 50) * 1000, 1),
        "ws_delivery_p99_ms": round(percentile(delivery, 99) * 1000, 1),
        "ws_delivered_on_opening": on_opening,
        "http_statuses": {str(k): v for k, v in sorted(run.statuses.items())},
        "http_5xx": sum(v for k, v in run.statuses.items() if k >= 500),
        "errors_outside_faults": len(outside),
        "error_kinds_outside_faults": dict(sorted(_kinds(outside).items())),
        "server": server_figures(server_before, server_after),
        "cpu_s": cpu_spent,
        "cpu_ms_per_command": {
            k: round(v * 1000 / max(1, len(run.commands)), 1) for k, v in cpu_spent.items()
        },
        "client_loop_lag_p50_ms": round(percentile(run.lag, 50) * 1000, 1),
        "client_loop_lag_p99_ms": round(percentile(run.lag, 99) * 1000, 1),
        "resends": run.resends,
        "polls": run.polls,
        "ws_reconnects": sum(s.reconnects for s in seats),
        "ws_gaps_resumed": sum(s.gaps for s in seats),
        "faults": done_faults,
        "api_streams_gapless": f"{api_gapless}/{len(seats)}",
        "verify": report,
        "load_before": [round(x, 2) for x in LOAD_BEFORE],
    }


Buckets = dict[tuple[str, tuple[tuple[str, str], ...]], dict[float, float]]
COMMAND_ROUTE = "api/matches/<int:match_id>/commands"


def cpu_roles(cluster: Cluster, pg: Any, redis: Any) -> dict[str, int | None]:
    """The processes whose CPU a run reads: the cluster's, PostgreSQL's (when the run's own)
    and Redis's."""
    roles: dict[str, int | None] = {name: cluster.pid(name) for name in cluster.processes}
    if isinstance(pg, OwnPostgres):
        roles["postgres"] = cpu.postmaster_pid(pg.data)
    if redis.process is not None:
        roles["redis"] = redis.process.pid
    return roles


def server_metrics(cluster: Cluster) -> Buckets:
    """The web processes' histograms (the metrics listener sums every process, deploy/cluster.sh's
    LUDOTEKA_METRICS_BIND: production refuses /metrics on the web ports): request queueing by
    method and request duration by method and route, as cumulative buckets."""
    import urllib.request

    from prometheus_client.parser import text_string_to_metric_families

    out: Buckets = {}
    try:
        url = f"http://127.0.0.1:{cluster.port + 3}/metrics"
        with urllib.request.urlopen(url, timeout=10) as res:
            text = res.read().decode()
    except OSError:
        return out
    wanted = (
        "ludoteka_http_queue_seconds",
        "ludoteka_http_request_duration_seconds",
        "ludoteka_event_loop_lag_seconds",
    )
    for family in text_string_to_metric_families(text):
        if family.name not in wanted:
            continue
        for sample in family.samples:
            if not sample.name.endswith("_bucket"):
                continue
            labels = {k: v for k, v in sample.labels.items() if k in ("method", "route")}
            key = (family.name, tuple(sorted(labels.items())))
            le = float(sample.labels["le"])
            out.setdefault(key, {})[le] = out.get(key, {}).get(le, 0.0) + sample.value
    return out


def _quantile(buckets: dict[float, float], q: float) -> float | None:
    """The ``q`` quantile of cumulative ``buckets``, interpolated within its bucket."""
    bounds = sorted(buckets)
    total = buckets[bounds[-1]] if bounds else 0
    if not total:
        return None
    rank, below, lower = q * total, 0.0, 0.0
    for le in bounds:
        if buckets[le] >= rank:
            if le == float("inf"):
                return lower
            inside = buckets[le] - below
            return lower + (le - lower) * ((rank - below) / inside if inside else 0)
        below, lower = buckets[le], le
    return lower


def server_figures(before: Buckets, after: Buckets) -> dict[str, Any]:
    """Server-side figures over the run (``after`` less ``before``): how long requests waited
    for a thread, and how long the command route took once running."""

    def during(name: str, **match: str) -> dict[float, float]:
        total: dict[float, float] = {}
        for (metric, labels), buckets in after.items():
            if metric != name or any(dict(labels).get(k) != v for k, v in match.items()):
                continue
            old = before.get((metric, labels), {})
            for le, n in buckets.items():
                total[le] = total.get(le, 0.0) + n - old.get(le, 0.0)
        return total

    out: dict[str, Any] = {}
    for label, buckets in (
        ("queue_get", during("ludoteka_http_queue_seconds", method="GET")),
        ("queue_post", during("ludoteka_http_queue_seconds", method="POST")),
        ("command_route", during("ludoteka_http_request_duration_seconds", route=COMMAND_ROUTE)),
        ("loop_lag", during("ludoteka_event_loop_lag_seconds")),
    ):
        if not buckets:
            continue
        out[f"{label}_count"] = int(buckets.get(float("inf"), 0))
        for q in (50, 99):
            value = _quantile(buckets, q / 100)
            out[f"{label}_p{q}_ms"] = None if value is None else round(value * 1000, 1)
    return out


def _kinds(errors: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for what in errors:
        key = " ".join(part for part in what.split() if not part.startswith("/"))
        out[key] = out.get(key, 0) + 1
    return out


def settle(match_ids: list[int], quiet: float = 2.0, timeout: float = 90) -> dict[int, int]:
    """Waits until no match has moved for ``quiet`` seconds and none waits for a bot (a bot's
    task may sit in a busy worker's queue longer than ``quiet``: a match checked then would
    move under the checks); returns each match's final version."""
    from django.db import close_old_connections
    from django.db.models import Q

    from core.matches.models import Match, Seat

    bot_to_move = Seat.objects.filter(
        match_id__in=match_ids, to_move=True, match__status=Match.Status.ACTIVE
    ).filter(
        Q(kind=Seat.Kind.BOT, status=Seat.Status.PLAYING)
        | Q(kind=Seat.Kind.HUMAN, status=Seat.Status.ZOMBIE)
    )
    deadline = time.monotonic() + timeout
    last: dict[int, int] = {}
    still = time.monotonic()
    while time.monotonic() < deadline:
        close_old_connections()
        now = dict(Match.objects.filter(pk__in=match_ids).values_list("pk", "version"))
        if now != last:
            last, still = now, time.monotonic()
        elif time.monotonic() - still >= quiet and not bot_to_move.exists():
            break
        time.sleep(0.5)
    return last


LOAD_BEFORE = os.getloadavg()


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse(argv)
    pg = OwnPostgres(args.pg_port)
    if args.postgres_url:
        pg = SharedPostgres(args.postgres_url)  # type: ignore[assignment]
    redis = OwnRedis(args.redis_port)
    run_dir = Path(args.run_dir or tempfile.mkdtemp(prefix="ludoteka-load-"))
    cluster = None
    phases: dict[str, float] = {}
    mark = time.monotonic()

    def phase(name: str) -> None:
        nonlocal mark
        phases[name] = round(time.monotonic() - mark, 1)
        mark = time.monotonic()

    try:
        pg.start()
        redis.start()
        phase("services")
        os.environ["LUDOTEKA_DB_POOL"] = "false"  # this process's own connections (checks)
        os.environ.pop("REDIS_URL", None)
        from _django import setup

        setup(pg.url, fresh=True)
        phase("migrate")
        cluster = Cluster(
            port=args.port,
            database_url=pg.url,
            redis_url=redis.url,
            prefix="ludoteka-load",
            run_dir=run_dir,
            env={"LUDOTEKA_DB_POOL": "true", **dict(e.split("=", 1) for e in args.env)},
            web=args.web,
        )
        cluster.start()
        phase("cluster_start")
        import players

        rng = random.Random(args.seed)
        users = players.seed_users(2 * args.matches, f"p{args.seed}x")
        hooked = [uid for uid, _ in users if rng.random() < args.webhook_share]
        players.want_webhooks(hooked, args.hook_port)
        phase("seed")
        result = asyncio.run(main_async(args, cluster, pg, redis, users, rng))
        phase("run_and_verify")
        result["cluster_env"] = args.env
        result["cluster_log"] = str(cluster.log_path)
        result["phases_s"] = phases
        return result
    finally:
        if cluster is not None:
            cluster.stop()
        phase("stop")
        from django.db import connections

        connections.close_all()
        redis.destroy()
        pg.destroy()


if __name__ == "__main__":
    print(json.dumps(main(), indent=1))
