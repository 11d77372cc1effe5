"""Loading a match's state from the database (latest snapshot + the events after it), by length.

Plays one match of ``--game`` through the command pipeline with seeded random legal moves (so
snapshots are taken as in production, every ``LUDOTEKA_SNAPSHOT_EVERY`` events at an undo
barrier) until it has the longest of ``--lengths`` events, then times ``load_state`` with the
process cache bypassed, as a server process that has never seen the match does it, at each
length: the state at version N is the latest snapshot at or before N plus the tail up to N.
Prints one JSON object.

    .venv/bin/python bench/load_bench.py --database-url postgres://postgres@127.0.0.1:5432/mine \
        [--game catan] [--players 3] [--lengths 100,500,2000] [--loads 50]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time

from _django import bench_database_url, percentile, setup


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", default=bench_database_url())
    parser.add_argument("--game", default="catan")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--lengths", default="100,500,2000")
    parser.add_argument("--loads", type=int, default=50, help="Timed loads per length.")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    load_before = os.getloadavg()
    setup(args.database_url)
    from django.conf import settings
    from django.db import connection

    from core.accounts.models import User
    from core.eventstore.models import Snapshot
    from core.matches import services
    from core.matches.models import Match
    from core.matches.state import load_state, replay_from_zero
    from games.registry import get_engine

    lengths = sorted(int(x) for x in args.lengths.split(","))
    engine = get_engine(args.game)
    rng = random.Random(args.seed)
    owner = User.objects.create_user(username="loader")
    played = 0
    while True:  # a match long enough (a random game may end early: then another seed)
        match = services.match_create(
            user=owner,
            game=args.game,
            n_players=args.players,
            seats=[services.SeatSpec("me")]
            + [services.SeatSpec("bot", level="random")] * (args.players - 1),
            autostart=False,
        )
        # The bots answer in-process after each commit (no REDIS_URL: tasks run eagerly).
        services.match_start(match_id=match.pk, user=owner)
        state = load_state(Match.objects.get(pk=match.pk))
        n = 0
        while True:
            m = Match.objects.get(pk=match.pk)
            if m.version >= lengths[-1] or m.status != Match.Status.ACTIVE:
                break
            state = load_state(m)
            seat = sorted(engine.active_seats(state))[0]
            command = rng.choice(engine.legal_commands(state, seat))
            services.match_submit_command(
                match_id=m.pk, user=None, seat_index=seat, command=command, command_id=f"l{n}"
            )
            n += 1
        played += n
        if m.version >= lengths[-1]:
            break
    results = []
    for length in lengths:
        m = Match.objects.get(pk=match.pk)
        m.version = length  # load as of this version, as a match this long would be
        snap = (
            Snapshot.objects.filter(match=m, version__lte=length)
            .order_by("-version")
            .values_list("version", flat=True)
            .first()
        )
        times, cpu = [], []
        for _ in range(args.loads):
            c0, t0 = time.thread_time(), time.perf_counter()
            load_state(m, use_cache=False)
            times.append(time.perf_counter() - t0)
            cpu.append(time.thread_time() - c0)
        results.append(
            {
                "events": length,
                "snapshot_at": snap or 0,
                "tail_events": length - (snap or 0),
                "load_ms_p50": round(percentile(times, 50) * 1000, 3),
                "load_ms_p99": round(percentile(times, 99) * 1000, 3),
                # This process's CPU (the query, decoding, the engine's fold): a busy machine
                # inflates it far less than the wall clock.
                "load_cpu_ms_p50": round(percentile(cpu, 50) * 1000, 3),
            }
        )
    final = Match.objects.get(pk=match.pk)
    # Compared as the engine stores them: a state class need not define equality (Catan's
    # slotted State compares by identity).
    same = engine.state_to_json(load_state(final, use_cache=False)) == engine.state_to_json(
        replay_from_zero(final)
    )
    print(
        json.dumps(
            {
                "bench": "match_load",
                "database": connection.vendor,
                "game": args.game,
                "players": args.players,
                "snapshot_every": settings.SNAPSHOT_EVERY,
                "commands_played": played,
                "loads": results,
                "snapshot_plus_tail_equals_replay": same,
                "loadavg_before": [round(x, 2) for x in load_before],
                "loadavg_after": [round(x, 2) for x in os.getloadavg()],
            }
        )
    )


if __name__ == "__main__":
    main()
