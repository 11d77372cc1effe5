"""Bots through a real Celery worker: bot-vs-bot throughput and the latency of a bot's reply to a
human's move. Prints ONE JSON object.

Set-up: a fresh PostgreSQL database ``ludoteka_bot_bench``, the Redis broker (``--redis-url``,
database 12 by default, a queue of this run's own) and ONE worker (``celery worker``, default
pool prefork with ``--concurrency`` processes), started by the bench as deployed: the production
app and settings. The bench process plays the web server's part: it creates and starts matches
and submits the human's commands through the services, whose follow-up tasks go to the broker.

* ``throughput``, per game: ``--matches`` bot-only matches (``--levels``) started at once, timed
  from the first start to the last event: completed matches per minute, bot moves (commands) per
  second, and mean worker time per move (``ms_per_move``: duration x processes / moves).
* ``latency``: a human (random legal moves) against a bot in ``--latency-game``, until
  ``--latency-samples`` human moves were answered; with ``--background`` bot-only matches kept
  running beside it to load the worker. From the events' ``created_at`` (stamped as they are
  appended, just before the commit): ``reply_ms``, from the human's command that hands the turn
  over to the bot's first command; ``turn_back_ms``, to the bot's last command before the human
  is to move again (the bot's whole turn).

``load_average_1m_before`` says how busy the machine already was.

    .venv/bin/python bench/bot_bench.py [--games samurai,yspahan,java,catan,drunter]
        [--matches 4] [--levels greedy,greedy] [--pool prefork] [--concurrency 2]
        [--latency-game samurai] [--latency-samples 200] [--background 0]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from typing import Any

from _django import ROOT, percentile, setup

DATABASE_URL = "postgres://postgres@127.0.0.1:5432/ludoteka_bot_bench"
GAMES = ("samurai", "yspahan", "java", "catan", "drunter")
# Options that keep a bots' game short: Catan bots otherwise spend turns on trade offers.
OPTIONS: dict[str, dict[str, Any]] = {"catan": {"trade_offers_per_turn": 0}}
WAIT_SECONDS = 600.0


def serve_worker(queue: str, pool: str, concurrency: int) -> None:
    """The worker process: the production app, consuming this run's queue (and sending its
    follow-up tasks there), every engine imported before the first task."""
    import django

    django.setup()
    from core.celery import app
    from games.registry import all_engines

    all_engines()
    app.conf.task_default_queue = queue
    app.worker_main(
        [
            *("worker", "-Q", queue, f"--pool={pool}", f"--concurrency={concurrency}"),
            *("-l", "warning", "--without-gossip", "--without-mingle"),
        ]
    )


def start_worker(args: argparse.Namespace, queue: str, log: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            *(sys.executable, __file__, "--serve-worker", queue),
            *("--pool", args.pool, "--concurrency", str(args.concurrency)),
        ],
        cwd=ROOT,
        env=os.environ.copy(),
        stdout=subprocess.DEVNULL,
        stderr=log,  # a file, not a pipe: a full pipe would stall the worker
        start_new_session=True,
    )


def wait_until_ready(worker: subprocess.Popen[bytes]) -> None:
    """Until the worker answers a ping (it has connected and consumes the queue)."""
    from core.celery import app

    end = time.monotonic() + 60
    while time.monotonic() < end:
        if worker.poll() is not None:
            raise SystemExit(f"the worker exited with code {worker.returncode}")
        if app.control.ping(timeout=0.5):
            return
    raise SystemExit("the worker did not answer within 60 s")


def start_match(game: str, seats: list[Any], creator: Any) -> Any:
    """A started match; a seat spec of ``("bot", level)`` for seat 0 turns the creator's seat
    into a bot before the start (the service gives a creator a seat of their own)."""
    from core.matches import services
    from core.matches.models import Seat

    specs = [services.SeatSpec("me")] + [services.SeatSpec(k, level=lv) for k, lv in seats[1:]]
    match = services.match_create(
        user=creator,
        game=game,
        n_players=len(seats),
        options=OPTIONS.get(game, {}),
        seats=specs,
        autostart=False,
    )
    if seats[0][0] == "bot":
        Seat.objects.filter(match=match, index=0).update(
            kind=Seat.Kind.BOT, user=None, bot_level=seats[0][1]
        )
    services.match_start(match_id=match.pk, user=creator)
    return match


def wait_finished(match_ids: list[int]) -> None:
    from core.matches.models import Match

    end = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < end:
        if not Match.objects.filter(pk__in=match_ids, status=Match.Status.ACTIVE).exists():
            return
        time.sleep(0.1)
    raise SystemExit(f"matches still active after {WAIT_SECONDS} s")


def throughput(game: str, args: argparse.Namespace, creator: Any) -> dict[str, Any]:
    from django.db.models import Max

    from core.eventstore.models import CommandRecord
    from core.matches.models import Match

    levels = args.levels.split(",")
    started = time.time()
    ids = [
        start_match(game, [("bot", lv) for lv in levels], creator).pk for _ in range(args.matches)
    ]
    wait_finished(ids)
    matches = Match.objects.filter(pk__in=ids)
    assert all(m.status == Match.Status.FINISHED for m in matches), "a match did not finish"
    last = matches.aggregate(last=Max("updated_at"))["last"].timestamp()
    seconds = last - started
    moves = CommandRecord.objects.filter(match_id__in=ids).count()
    return {
        "levels": levels,
        "matches": len(ids),
        "seconds": round(seconds, 2),
        "matches_per_minute": round(len(ids) / seconds * 60, 2),
        "bot_moves": moves,
        "bot_moves_per_s": round(moves / seconds, 1),
        "ms_per_move": round(seconds * args.concurrency / moves * 1000, 1),
    }


def reply_samples(match_id: int) -> tuple[list[float], list[float]]:
    """From the event stream of a human-vs-bot match: for each human command the bot answered,
    the time to the bot's first command and to the last one before the human's next."""
    from core.eventstore.models import Event

    batches: list[tuple[str, float]] = []  # (command id, commit stamp), one per command
    for command_id, created in (
        Event.objects.of("match", match_id)
        .filter(command_id__isnull=False)
        .order_by("seq")
        .values_list("command_id", "created_at")
    ):
        if not batches or batches[-1][0] != command_id:
            batches.append((command_id, created.timestamp()))
    replies: list[float] = []
    turns: list[float] = []
    for i, (command_id, at) in enumerate(batches[:-1]):
        if command_id.startswith("bot:") or not batches[i + 1][0].startswith("bot:"):
            continue
        j = i + 1
        while j + 1 < len(batches) and batches[j + 1][0].startswith("bot:"):
            j += 1
        replies.append((batches[i + 1][1] - at) * 1000)
        turns.append((batches[j][1] - at) * 1000)
    return replies, turns


def latency(args: argparse.Namespace, creator: Any) -> dict[str, Any]:
    from core.matches import services
    from core.matches.models import Match, Seat
    from core.matches.state import load_state
    from games.registry import get_engine

    game = args.latency_game
    engine = get_engine(game)
    rng = random.Random(7)
    background: list[int] = []
    played: list[int] = []
    replies: list[float] = []
    turns: list[float] = []
    level = args.levels.split(",")[0]
    n = 0
    while len(replies) < args.latency_samples:
        background = [
            pk
            for pk in background
            if Match.objects.filter(pk=pk, status=Match.Status.ACTIVE).exists()
        ]
        while len(background) < args.background:
            background.append(start_match(game, [("bot", level)] * 2, creator).pk)
        match = start_match(game, [("me", ""), ("bot", level)], creator)
        played.append(match.pk)
        end = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < end:
            # The seat first: once the human is to move, the match stays as it is until they do.
            mine = Seat.objects.filter(match_id=match.pk, index=0, to_move=True).exists()
            match = Match.objects.get(pk=match.pk)
            if match.status != Match.Status.ACTIVE:
                break
            if not mine:
                time.sleep(0.005)  # the bot's turn
                continue
            state = load_state(match)
            command = rng.choice(engine.legal_commands(state, 0))
            services.match_submit_command(
                match_id=match.pk,
                user=creator,
                command=command,
                command_id=f"h{n}",
                expected_version=match.version,
            )
            n += 1
        r, t = reply_samples(match.pk)
        replies += r
        turns += t
    wait_finished(background)
    return {
        "game": game,
        "bot_level": level,
        "background_matches": args.background,
        "matches": len(played),
        "samples": len(replies),
        "reply_ms": summary(replies),
        "turn_back_ms": summary(turns),
    }


def summary(values: list[float]) -> dict[str, float]:
    return {
        "p50": round(percentile(values, 50), 1),
        "p99": round(percentile(values, 99), 1),
        "max": round(max(values), 1),
    }


def run(args: argparse.Namespace, load_before: float) -> dict[str, Any]:
    from core.accounts.models import User

    creator = User.objects.create_user(username="bench", password=None)
    result: dict[str, Any] = {
        "load_average_1m_before": round(load_before, 2),
        "cpus": os.cpu_count(),
        "worker": {"pool": args.pool, "concurrency": args.concurrency},
        "throughput": {},
    }
    for game in args.games.split(","):
        if game:
            result["throughput"][game] = throughput(game, args, creator)
    if args.latency_samples > 0:
        result["latency"] = latency(args, creator)
    return result


def stop_worker(worker: subprocess.Popen[bytes]) -> None:
    """A warm shutdown (SIGTERM to the main process only: it stops its pool itself)."""
    worker.send_signal(signal.SIGTERM)
    try:
        worker.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--matches", type=int, default=4, help="bot-only matches per game")
    parser.add_argument("--levels", default="greedy,greedy", help="bot level per seat")
    parser.add_argument("--pool", default="prefork", choices=("prefork", "solo"))
    parser.add_argument("--concurrency", type=int, default=2, help="worker pool processes")
    parser.add_argument("--latency-game", default="samurai")
    parser.add_argument("--latency-samples", type=int, default=200)
    parser.add_argument("--background", type=int, default=0, help="bot matches beside")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/12")
    parser.add_argument("--budget", default="1.0", help="LUDOTEKA_BOT_BUDGET_SECONDS")
    parser.add_argument("--serve-worker", metavar="QUEUE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.pool == "solo":
        args.concurrency = 1
    if args.serve_worker:
        serve_worker(args.serve_worker, args.pool, args.concurrency)
        return

    load_before = os.getloadavg()[0]
    queue = f"bot-bench-{uuid.uuid4().hex[:8]}"
    os.environ.update(
        REDIS_URL=args.redis_url,
        CHANNELS_PREFIX=queue,
        LUDOTEKA_BOT_BUDGET_SECONDS=args.budget,
        LOG_LEVEL="WARNING",
    )
    setup(DATABASE_URL)
    import redis

    from core.celery import app

    app.conf.task_default_queue = queue
    with tempfile.TemporaryFile() as log:
        worker = start_worker(args, queue, log)
        try:
            wait_until_ready(worker)
            result = run(args, load_before)
        finally:
            stop_worker(worker)
            client = redis.Redis.from_url(args.redis_url)
            for key in client.scan_iter(match=f"*{queue}*"):  # the queue and its bindings
                client.delete(key)
            log.seek(0)
            lines = log.read().decode(errors="replace").splitlines()
            errors = [line for line in lines if "ERROR" in line]
            if errors:
                print("\n".join(errors[-20:]), file=sys.stderr)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
