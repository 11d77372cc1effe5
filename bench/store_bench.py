"""Events appended per second through the event store on PostgreSQL, by 1 and by 4 writers.

Each append is what a command does: by default one self-committing statement (the command
path's ``store.append_with``: the match head, the feed position and the events, conditioned on
the version); ``--mode transaction`` wraps ``store.append`` in ``transaction.atomic()`` as the
general path does. Each writer is a thread with its own connection and its own matches, as a
web worker owns the commands it serves. After the runs the hash chains are verified and the
global feed is checked: positions unique and gapless, and each match's events in feed order
equal to their order in the match. Prints one JSON object.

    .venv/bin/python bench/store_bench.py --database-url postgres://postgres@127.0.0.1:5432/mine \
        [--writers 1,4] [--appends 3000] [--batch 3]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import threading
import time
from typing import Any

from _django import bench_database_url, percentile, setup


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", default=bench_database_url())
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--appends", type=int, default=3000, help="Appends per run.")
    parser.add_argument("--batch", type=int, default=3, help="Events per append (per command).")
    parser.add_argument("--writers", default="1,4", help="Concurrent writers, one run each.")
    parser.add_argument("--mode", choices=["autocommit", "transaction"], default="autocommit")
    parser.add_argument(
        "--synchronous-commit",
        choices=["on", "off"],
        default="on",
        help="off: commits return before the WAL is flushed (a crash may lose the last ~0.2 s).",
    )
    args = parser.parse_args()
    load_before = os.getloadavg()
    setup(args.database_url)
    from django.db import connection, transaction
    from django.utils import timezone

    from core.accounts.models import User
    from core.eventstore import store
    from core.eventstore.models import Event
    from core.matches.models import Match

    def session_settings() -> None:
        if connection.vendor == "postgresql":
            with connection.cursor() as cur:
                cur.execute(f"SET synchronous_commit = {args.synchronous_commit}")

    owner = User.objects.create_user(username="bench")
    payload = {"seat": 1, "tile": 7, "space": [3, 4], "note": "x" * 40}

    def run(writers: int) -> dict[str, Any]:
        matches = [
            Match.objects.create(game="bench", n_players=2, created_by=owner, status="active")
            for _ in range(args.matches)
        ]
        latencies: list[float] = []

        def writer(share: list[Any], seed: int) -> None:
            session_settings()
            rng = random.Random(seed)
            for _ in range(args.appends // writers):
                match = rng.choice(share)
                events = [{"type": "TilePlaced", **payload} for _ in range(args.batch)]
                t0 = time.perf_counter()
                if args.mode == "autocommit" and connection.vendor == "postgresql":
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
                        store.append(
                            match=match, expected_version=match.version, events=events, actor=1
                        )
                latencies.append(time.perf_counter() - t0)
            connection.close()

        threads = [
            threading.Thread(target=writer, args=(matches[i::writers], i)) for i in range(writers)
        ]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - start
        appends = len(latencies)
        return {
            "writers": writers,
            "appends": appends,
            "events_per_second": round(appends * args.batch / elapsed),
            "appends_per_second": round(appends / elapsed),
            "append_ms_p50": round(percentile(latencies, 50) * 1000, 3),
            "append_ms_p99": round(percentile(latencies, 99) * 1000, 3),
            "chains_verified": all(store.verify_chain(m.pk).ok for m in matches[:20]),
        }

    runs = [run(int(w)) for w in args.writers.split(",")]
    store.sequence_feed()
    positions = list(Event.objects.order_by("position").values_list("position", "match_id", "seq"))
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
                "mode": args.mode,
                "synchronous_commit": args.synchronous_commit,
                "events_per_append": args.batch,
                "matches": args.matches,
                "runs": runs,
                "feed_gapless": gapless,
                "feed_in_match_order": in_order,
                "loadavg_before": [round(x, 2) for x in load_before],
                "loadavg_after": [round(x, 2) for x in os.getloadavg()],
            }
        )
    )


if __name__ == "__main__":
    main()
