"""Events appended per second through the event store on PostgreSQL, by 1 and by 4 writers.

Each append is what a command does: by default one self-committing statement (the command
path's ``store.append_with``: the match head, the feed position and the events, conditioned on
the version); ``--mode transaction`` wraps ``store.append`` in ``transaction.atomic()`` as the
general path does. Each writer is a thread with its own connection and its own matches, as a
web worker owns the commands it serves. Unless ``--follow 0``, a follower thread reads the
global feed meanwhile (``store.read_feed``, which runs the sequencer, every ``--follow``
seconds) and checks that each read continues its last one without a gap: the feed's cost is in
the figures, as it is in production. After the runs the hash chains are verified and the
global feed is checked: positions unique and gapless, each match's events in feed order equal
to their order in the match, and the follower saw every event once.

Wall figures depend on the machine's load and on the disk's flush time (every commit waits for
one; concurrent commits share it): ``client_cpu_ms_per_append`` (this process's CPU time, all
threads) and ``server_cpu_ms_per_append`` (the writers' PostgreSQL backends, from /proc: a
local server only) are steadier, ``appends_per_wal_flush`` shows how many commits shared a
flush, and the server's durability settings are printed with them. Prints one JSON object.

    .venv/bin/python bench/store_bench.py --database-url postgres://postgres@127.0.0.1:5432/mine \
        [--writers 1,4] [--appends 3000] [--batch 1,3,10] [--follow 0.1] [--processes] \
        [--commit-delay 200 --commit-siblings 2]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import resource
import threading
import time
from pathlib import Path
from typing import Any

from _django import bench_database_url, percentile, setup

PAYLOAD = {"seat": 1, "tile": 7, "space": [3, 4], "note": "x" * 40}


def _backend_cpu(pid: int | None) -> float:
    """CPU seconds of a local PostgreSQL backend so far (0 when it cannot be read)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def write_share(
    match_ids: list[int], seed: int, appends: int, opts: dict[str, Any]
) -> tuple[list[float], float]:
    """One writer: ``appends`` appends to its own matches, on its own connection. Returns the
    latencies and its PostgreSQL backend's CPU seconds."""
    from django.db import connection, transaction
    from django.utils import timezone

    from core.eventstore import store
    from core.matches.models import Match

    postgres = connection.vendor == "postgresql"
    pid = None
    if postgres:
        with connection.cursor() as cur:
            cur.execute(f"SET synchronous_commit = {opts['synchronous_commit']}")
            if opts["commit_delay"] is not None:
                # commit_delay is a superuser setting (PGC_SUSET): a session of a superuser
                # may set it, nobody else's; commit_siblings any session.
                cur.execute(f"SET commit_delay = {int(opts['commit_delay'])}")
                cur.execute(f"SET commit_siblings = {int(opts['commit_siblings'])}")
            cur.execute("SELECT pg_backend_pid()")
            pid = int(cur.fetchone()[0])
    share = list(Match.objects.filter(pk__in=match_ids).order_by("pk"))
    cpu_before = _backend_cpu(pid)
    rng = random.Random(seed)
    latencies: list[float] = []
    for _ in range(appends):
        match = rng.choice(share)
        events = [{"type": "TilePlaced", **PAYLOAD} for _ in range(opts["batch"])]
        t0 = time.perf_counter()
        if opts["mode"] == "autocommit" and postgres:
            store.append_with(
                match=match,
                expected_version=match.version,
                events=events,
                actor=1,
                command_id=None,
                match_set={},
                also=(),
                now=timezone.now(),
            )
        else:
            with transaction.atomic():
                store.append(match=match, expected_version=match.version, events=events, actor=1)
        latencies.append(time.perf_counter() - t0)
    backend = _backend_cpu(pid) - cpu_before
    connection.close()
    return latencies, backend


def _process_writer(
    url: str, match_ids: list[int], seed: int, appends: int, opts: dict[str, Any], go: Any, out: Any
) -> None:
    """A writer in a process of its own (``--processes``), as separate web processes are."""
    setup(url, fresh=False)
    go.wait()
    cpu = time.process_time()
    latencies, backend = write_share(match_ids, seed, appends, opts)
    out.put((latencies, backend, time.process_time() - cpu))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", default=bench_database_url())
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--appends", type=int, default=3000, help="Appends per run.")
    parser.add_argument(
        "--batch",
        default="3",
        help="Events per append (per command); several (1,3,10): one run of each per writer count.",
    )
    parser.add_argument("--writers", default="1,4", help="Concurrent writers, one run each.")
    parser.add_argument("--mode", choices=["autocommit", "transaction"], default="autocommit")
    parser.add_argument(
        "--processes",
        action="store_true",
        help="Each writer in a process of its own (as web processes are), not a thread: "
        "threads of one process share its interpreter lock.",
    )
    parser.add_argument(
        "--follow",
        type=float,
        default=0.1,
        help="Seconds between the feed follower's reads during the runs (0: no follower).",
    )
    parser.add_argument(
        "--synchronous-commit",
        choices=["on", "off"],
        default="on",
        help="off: commits return before the WAL is flushed (a crash may lose the last ~0.2 s); "
        "a diagnostic of what the flush costs, never a setting for the event store.",
    )
    parser.add_argument(
        "--commit-delay",
        type=int,
        default=None,
        help="Microseconds a committing writer waits for others to share its WAL flush "
        "(PostgreSQL's group commit), set in the writers' sessions (superuser only); with "
        "--commit-siblings, the other open transactions needed before it waits.",
    )
    parser.add_argument("--commit-siblings", type=int, default=5)
    args = parser.parse_args()
    load_before = os.getloadavg()
    setup(args.database_url)
    from django.db import connection

    from core.accounts.models import User
    from core.eventstore import store
    from core.eventstore.models import Event
    from core.matches.models import Match

    postgres = connection.vendor == "postgresql"

    def wal_counters() -> int:
        """The server's WAL flushes so far (pg_stat_wal)."""
        if not postgres:
            return 0
        with connection.cursor() as cur:
            cur.execute("SELECT pg_stat_clear_snapshot()")
            cur.execute("SELECT wal_sync FROM pg_stat_wal")
            return int(cur.fetchone()[0])

    def server_settings() -> dict[str, str]:
        if not postgres:
            return {}
        names = [
            "server_version",
            "fsync",
            "synchronous_commit",
            "wal_sync_method",
            "commit_delay",
            "commit_siblings",
            "wal_level",
            "shared_buffers",
        ]
        with connection.cursor() as cur:
            cur.execute("SELECT name, setting FROM pg_settings WHERE name = ANY(%s)", [names])
            return dict(cur.fetchall())

    owner = User.objects.create_user(username="bench")
    follower = {"seen": 0, "last": 0, "reads": 0, "gaps": 0}
    stop_following = threading.Event()

    def follow() -> None:
        """Read the feed as a projection does: each read must start right after the last."""
        try:
            while True:
                stopping = stop_following.is_set()
                for event in store.read_feed(after=follower["last"], limit=10_000):
                    if event.position != follower["last"] + 1:
                        follower["gaps"] += 1
                    follower["last"] = event.position or 0
                    follower["seen"] += 1
                follower["reads"] += 1
                if stopping:
                    return
                stop_following.wait(args.follow)
        finally:
            connection.close()

    def run(writers: int, batch: int) -> dict[str, Any]:
        matches = [
            Match.objects.create(game="bench", n_players=2, created_by=owner, status="active")
            for _ in range(args.matches)
        ]
        opts = {
            "batch": batch,
            "mode": args.mode,
            "synchronous_commit": args.synchronous_commit,
            "commit_delay": args.commit_delay,
            "commit_siblings": args.commit_siblings,
        }
        shares = [[m.pk for m in matches[i::writers]] for i in range(writers)]
        latencies: list[float] = []
        backend_seconds: list[float] = []
        writer_cpu = 0.0
        syncs_before = wal_counters()
        if args.processes:
            ctx = multiprocessing.get_context("spawn")
            go, out = ctx.Barrier(writers + 1), ctx.Queue()
            procs = [
                ctx.Process(
                    target=_process_writer,
                    args=(args.database_url, shares[i], i, args.appends // writers, opts, go, out),
                )
                for i in range(writers)
            ]
            for p in procs:
                p.start()
            go.wait()  # every writer is set up: the clock starts now
            usage = resource.getrusage(resource.RUSAGE_SELF)
            cpu_before = usage.ru_utime + usage.ru_stime
            start = time.perf_counter()
            for _ in procs:
                lat, backend, cpu = out.get()
                latencies += lat
                backend_seconds.append(backend)
                writer_cpu += cpu
            for p in procs:
                p.join()
        else:

            def writer(share: list[int], seed: int) -> None:
                lat, backend = write_share(share, seed, args.appends // writers, opts)
                latencies.extend(lat)
                backend_seconds.append(backend)

            threads = [threading.Thread(target=writer, args=(shares[i], i)) for i in range(writers)]
            usage = resource.getrusage(resource.RUSAGE_SELF)
            cpu_before = usage.ru_utime + usage.ru_stime
            start = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        elapsed = time.perf_counter() - start
        usage = resource.getrusage(resource.RUSAGE_SELF)
        client_cpu = usage.ru_utime + usage.ru_stime - cpu_before + writer_cpu
        syncs_after = wal_counters()
        appends = len(latencies)
        syncs = syncs_after - syncs_before
        return {
            "writers": writers,
            "events_per_append": batch,
            "appends": appends,
            "seconds": round(elapsed, 3),
            "events_per_second": round(appends * batch / elapsed),
            "appends_per_second": round(appends / elapsed),
            "append_ms_p50": round(percentile(latencies, 50) * 1000, 3),
            "append_ms_p99": round(percentile(latencies, 99) * 1000, 3),
            # The whole process: the writers, and the follower when there is one.
            "client_cpu_ms_per_append": round(client_cpu / appends * 1000, 3),
            "server_cpu_ms_per_append": round(sum(backend_seconds) / appends * 1000, 3)
            if postgres and all(backend_seconds)
            else None,
            # Appends (one commit each) per WAL flush: above 1 when concurrent commits shared a
            # flush (PostgreSQL's own group commit). pg_stat_wal counts the whole server's
            # flushes, other databases' too: on a shared server this is a lower bound.
            "appends_per_wal_flush": round(appends / syncs, 2) if syncs else None,
            "loadavg_after": [round(x, 2) for x in os.getloadavg()],
            "chains_verified": all(store.verify_chain(m.pk).ok for m in matches[:20]),
        }

    following = threading.Thread(target=follow) if args.follow > 0 else None
    if following is not None:
        following.start()
    runs = [run(int(w), int(b)) for b in args.batch.split(",") for w in args.writers.split(",")]
    if following is not None:
        stop_following.set()
        following.join()
    store.sequence_feed()
    positions = list(
        Event.objects.order_by("position").values_list("position", "stream_key", "seq")
    )
    gapless = [p for p, _, _ in positions] == list(range(1, len(positions) + 1))
    last_seq: dict[int, int] = {}
    in_order = True
    for _, match_id, seq in positions:
        in_order &= seq == last_seq.get(match_id, 0) + 1
        last_seq[match_id] = seq
    print(
        json.dumps(
            {
                "bench": "event_store_append",
                "database": connection.vendor,
                "server_settings": server_settings(),
                "mode": args.mode,
                "synchronous_commit": args.synchronous_commit,
                "commit_delay_us": args.commit_delay,
                "commit_siblings": args.commit_siblings if args.commit_delay is not None else None,
                "matches": args.matches,
                "cpus": os.cpu_count(),
                "runs": runs,
                "feed_gapless": gapless,
                "feed_in_match_order": in_order,
                "follower": {
                    "interval_s": args.follow,
                    "reads": follower["reads"],
                    "events_seen": follower["seen"],
                    "saw_every_event_once": follower["seen"] == len(positions)
                    and follower["gaps"] == 0,
                }
                if following is not None
                else None,
                "loadavg_before": [round(x, 2) for x in load_before],
                "loadavg_after": [round(x, 2) for x in os.getloadavg()],
            }
        )
    )


if __name__ == "__main__":
    main()
