"""Events appended per second through the event store on PostgreSQL.

Each append is one transaction holding the match row update, the feed counter and a bulk insert,
exactly as the command pipeline does it. Prints one JSON object.

    .venv/bin/python bench/store_bench.py [--matches 200] [--appends 3000] [--batch 3]
"""

from __future__ import annotations

import argparse
import json
import random
import threading
import time
from typing import Any

from _django import DEFAULT_URL, percentile, setup


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", default=DEFAULT_URL)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--appends", type=int, default=3000)
    parser.add_argument("--batch", type=int, default=3, help="Events per append (per command).")
    parser.add_argument("--threads", type=int, default=1, help="Concurrent writers.")
    parser.add_argument(
        "--synchronous-commit",
        choices=["on", "off"],
        default="on",
        help="off: commits return before the WAL is flushed (a crash may lose the last ~0.2 s).",
    )
    args = parser.parse_args()
    setup(args.database_url)
    from django.db import connection, transaction

    from core.accounts.models import User
    from core.eventstore import store
    from core.matches.models import Match

    if connection.vendor == "postgresql":
        with connection.cursor() as cur:
            cur.execute(f"SET synchronous_commit = {args.synchronous_commit}")
    owner = User.objects.create_user(username="bench")
    matches = [
        Match.objects.create(game="bench", n_players=2, created_by=owner, status="active")
        for _ in range(args.matches)
    ]
    payload = {"seat": 1, "tile": 7, "space": [3, 4], "note": "x" * 40}
    latencies: list[float] = []

    def writer(share: list[Any], seed: int) -> None:
        # Each writer owns its matches, as a web worker owns the commands it serves.
        if connection.vendor == "postgresql":
            with connection.cursor() as cur:
                cur.execute(f"SET synchronous_commit = {args.synchronous_commit}")
        rng = random.Random(seed)
        for _ in range(args.appends // args.threads):
            match = rng.choice(share)
            events = [{"type": "TilePlaced", **payload} for _ in range(args.batch)]
            t0 = time.perf_counter()
            with transaction.atomic():
                store.append(match=match, expected_version=match.version, events=events, actor=1)
            latencies.append(time.perf_counter() - t0)
        connection.close()

    threads = [
        threading.Thread(target=writer, args=(matches[i :: args.threads], i))
        for i in range(args.threads)
    ]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    appends = len(latencies)
    events_total = appends * args.batch
    ok = all(store.verify_chain(m.pk).ok for m in matches[:20])
    print(
        json.dumps(
            {
                "bench": "event_store_append",
                "database": connection.vendor,
                "synchronous_commit": args.synchronous_commit,
                "matches": args.matches,
                "appends": appends,
                "threads": args.threads,
                "events_per_append": args.batch,
                "events_per_second": round(events_total / elapsed),
                "appends_per_second": round(appends / elapsed),
                "append_ms_p50": round(percentile(latencies, 50) * 1000, 3),
                "append_ms_p99": round(percentile(latencies, 99) * 1000, 3),
                "chains_verified": ok,
            }
        )
    )


if __name__ == "__main__":
    main()
