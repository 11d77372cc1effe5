"""Simulated asynchronous players against a running cluster, and the checks that follow a run.

Each match has two seats: two human players, or one and a bot (played by the Celery workers).
Every human seat is a player with a WebSocket (``/ws/matches/<id>/``) that keeps its stream of
events (resuming from its last version after any reconnect) and an HTTP client that, when the
stream or a poll says it is the seat's turn, waits a random think time, reads its legal
commands and sends one, with a ``command_id`` it resends unchanged after a connection error,
a timeout or a 5xx until an answer comes (the server applies it once). A player whose socket
is down asks ``GET /api/matches/<id>`` every few seconds; one whose socket is open waits for
its frames (as the PWA, which never polls), asking only after a minute of silence.

The checks, after the players stop: every match's hash chain is intact; replaying its events
from zero gives the state the server loads (snapshot + tail) and every snapshot's state; each
command acknowledged to a client has its events exactly once, in one contiguous batch; no
``command_id`` has two batches (nothing applied twice); every seat's stream, as its socket
received it and as ``GET /events`` gives it, is gapless from 1 to the match's version; and the
webhook notifications received match the deliveries the server marked sent (none twice).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import orjson
from aiohttp import web
from websockets.asyncio.client import connect

GAMES = ("samurai", "yspahan", "java", "catan", "drunter")


@dataclass
class Seat:
    match_id: int
    index: int
    token: str
    user_id: int
    stream_v: int = 0  # the socket's stream: every event up to here received
    seqs: list[int] = field(default_factory=list)
    known_v: int = 0  # the newest version heard of (socket, answer or poll)
    active: list[int] = field(default_factory=list)
    status: str = "active"
    frames: list[tuple[int, float]] = field(default_factory=list)  # (v, when received)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    socket_open: bool = False  # hello received, not closed since
    opened: list[float] = field(default_factory=list)  # when each hello came (monotonic)
    reconnects: int = 0
    gaps: int = 0
    legal: list[Any] = field(default_factory=list)  # from the last answer (as the PWA keeps it)
    legal_v: int = -1

    def learn(self, version: int, status: str, active: list[int]) -> None:
        if version >= self.known_v:
            self.known_v, self.status, self.active = version, status, list(active)
            self.changed.set()


@dataclass
class Run:
    base: str
    think: float
    end: float
    started: float = field(default_factory=time.monotonic)
    stopping: bool = False
    errors: list[tuple[float, str]] = field(default_factory=list)  # (seconds since start, what)
    commands: list[dict[str, Any]] = field(default_factory=list)  # acknowledged commands
    requests: Counter[str] = field(default_factory=Counter)
    statuses: Counter[int] = field(default_factory=Counter)
    resends: int = 0
    polls: int = 0
    lag: list[float] = field(default_factory=list)  # this process's event loop, seconds late

    @property
    def ws(self) -> str:
        return self.base.replace("http", "ws", 1)

    def now(self) -> float:
        return time.monotonic() - self.started

    def error(self, what: str) -> None:
        self.errors.append((round(self.now(), 3), what))


async def request(
    run: Run, session: aiohttp.ClientSession, method: str, path: str, token: str, body: Any = None
) -> tuple[int, Any]:
    """One request, no retry: (status, body); a connection error or timeout raises."""
    headers = {"Authorization": f"Token {token}"}
    async with session.request(method, run.base + path, json=body, headers=headers) as res:
        raw = await res.read()
        run.requests[method] += 1
        run.statuses[res.status] += 1
        if res.status >= 500:
            run.error(f"{res.status} {method} {path.split('?')[0]}")
        try:
            return res.status, orjson.loads(raw) if raw else None
        except ValueError:
            return res.status, raw[:200]


async def insist(
    run: Run,
    session: aiohttp.ClientSession,
    method: str,
    path: str,
    token: str,
    body: Any = None,
    give_up: float = 90.0,
) -> tuple[int, Any]:
    """The request until it gets an answer below 500 (the same body each time: a command keeps
    its command_id); connection errors, timeouts and 5xx are counted and retried."""
    deadline = time.monotonic() + give_up
    pause = 0.2
    while True:
        try:
            status, answer = await request(run, session, method, path, token, body)
            if status < 500:
                return status, answer
        except (TimeoutError, aiohttp.ClientError, OSError) as err:
            run.error(f"{type(err).__name__} {method} {path.split('?')[0]}")
        if time.monotonic() > deadline:
            return 599, None
        run.resends += 1
        await asyncio.sleep(pause * (0.5 + random.random()))
        pause = min(pause * 2, 3.0)


async def watch_lag(run: Run) -> None:
    """How late this process's event loop runs (a starved client would slow every figure)."""
    while not run.stopping:
        t = time.monotonic()
        await asyncio.sleep(0.1)
        run.lag.append(time.monotonic() - t - 0.1)


# --- the socket ------------------------------------------------------------------------------


async def socket_loop(run: Run, seat: Seat, ramp: float = 0.0) -> None:
    """The seat's socket: opened within the first ``ramp`` seconds (players do not all arrive
    at once), reopened after any loss with jittered exponential backoff, as the PWA does."""
    base = f"{run.ws}/ws/matches/{seat.match_id}/"
    credentials: Any = ["ludoteka", f"ludoteka.token.{seat.token}"]  # as the PWA: not in the URL
    await asyncio.sleep(random.random() * ramp)
    pause = 1.0
    while not run.stopping:
        # As the PWA: a client coming back says what it has, and its hello brings the rest.
        url = f"{base}?after={seat.stream_v}" if seat.stream_v else base
        try:
            async with connect(
                url, subprotocols=credentials, open_timeout=30, ping_interval=30, ping_timeout=30
            ) as ws:
                hello = orjson.loads(await asyncio.wait_for(ws.recv(), 30))
                if hello.get("t") != "hello":
                    raise ConnectionError(f"first frame {hello.get('t')}")
                d = hello["d"]
                seat.learn(d["version"], d["status"], d.get("active_seats") or [])
                if "catch_up" in d:
                    caught = {
                        **d["catch_up"],
                        "status": d["status"],
                        "active_seats": d["active_seats"],
                    }
                    on_frame(seat, {"t": "events", "d": caught, "v": hello["v"]})
                else:
                    await ws.send(json.dumps({"resume": seat.stream_v}))
                seat.socket_open = True
                seat.opened.append(time.monotonic())
                pause = 1.0
                try:
                    async for raw in ws:
                        on_frame(seat, orjson.loads(raw))
                finally:
                    seat.socket_open = False
                if ws.close_code not in (None, 1000):
                    run.error(f"socket closed {ws.close_code}")
        except (TimeoutError, OSError, ConnectionError) as err:
            run.error(f"socket {type(err).__name__}")
        except Exception as err:  # websockets' own: handshake refused, connection closed
            run.error(f"socket {type(err).__name__}")
        if run.stopping:
            return
        seat.reconnects += 1
        await asyncio.sleep(pause * (0.5 + random.random()))
        pause = min(pause * 2, 15.0)


def on_frame(seat: Seat, frame: dict[str, Any]) -> None:
    if frame.get("t") != "events":
        return
    d, v = frame["d"], frame["v"]
    after = d["after"]
    if v <= seat.stream_v:
        return  # already have it
    if after > seat.stream_v:
        seat.gaps += 1  # the client drops it and asks for the gap (as the PWA does)
        return
    for event in d["events"]:
        if event["seq"] > seat.stream_v:
            seat.seqs.append(event["seq"])
    seat.stream_v = v
    seat.frames.append((v, time.monotonic()))
    seat.learn(v, d["status"], d.get("active_seats") or [])


# --- the player ------------------------------------------------------------------------------


async def player(run: Run, session: aiohttp.ClientSession, seat: Seat, rng: random.Random) -> None:
    """Plays ``seat`` until the run's end (its socket runs beside it: ``socket_loop``)."""
    n = 0
    path = f"/api/matches/{seat.match_id}"
    while time.monotonic() < run.end and seat.status == "active":
        if seat.index not in seat.active:
            seat.changed.clear()
            # As the PWA: an open socket brings every move (a lost announcement is made good
            # by the server's beat), so no polling while it is open; while it is down, ask
            # every few seconds. An open socket silent for a whole minute is asked about too.
            wait = 60.0 if seat.socket_open else 3 + rng.random() * 2
            try:
                await asyncio.wait_for(seat.changed.wait(), wait)
            except TimeoutError:
                run.polls += 1  # nothing heard: the socket may be down; ask
                status, detail = await insist(run, session, "GET", path, seat.token)
                if status == 200:
                    seat.learn(detail["version"], detail["status"], detail["active_seats"])
            continue
        await asyncio.sleep(rng.expovariate(1 / run.think) if run.think else 0)
        if time.monotonic() >= run.end:
            break
        # As the PWA: one move, one request; the legal commands come with the last answer while
        # the seat stays active, and are asked for only when the match moved on without it.
        if seat.legal and seat.legal_v == seat.known_v:
            status, legal = 200, {"commands": seat.legal, "version": seat.legal_v}
        else:
            status, legal = await insist(run, session, "GET", f"{path}/legal", seat.token)
        if status != 200 or not legal.get("commands"):
            status, detail = await insist(run, session, "GET", path, seat.token)
            if status == 200:
                seat.learn(detail["version"], detail["status"], detail["active_seats"])
                if seat.index in seat.active and detail["version"] == seat.known_v:
                    await asyncio.sleep(1)  # active but nothing legal yet: let it settle
            continue
        n += 1
        command_id = f"L{seat.match_id}.{seat.index}.{n}"
        body = {
            "command_id": command_id,
            "command": rng.choice(legal["commands"]),
            "expected_version": legal["version"],
        }
        sent = time.monotonic()
        status, answer = await insist(run, session, "POST", f"{path}/commands", seat.token, body)
        if status == 200:
            run.commands.append(
                {
                    "match": seat.match_id,
                    "seat": seat.index,
                    "command_id": command_id,
                    "version": answer["version"],
                    "events": len(answer["events"]),
                    "sent": sent,
                    "answered": time.monotonic(),
                }
            )
            seat.learn(answer["version"], answer["status"], answer["active_seats"])
            seat.legal, seat.legal_v = answer.get("legal_commands") or [], answer["version"]
        elif status in (409, 422):
            status, detail = await insist(run, session, "GET", path, seat.token)
            if status == 200:
                seat.learn(detail["version"], detail["status"], detail["active_seats"])


async def catch_up(seats: list[Seat], finals: dict[int, int], timeout: float) -> None:
    """Waits (bounded) until every socket's stream reaches its match's final version."""
    for s in seats:
        s.known_v = max(s.known_v, finals[s.match_id])
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        behind = [s for s in seats if s.stream_v < finals[s.match_id]]
        if not behind:
            return
        await asyncio.sleep(0.2)


def delivery_latencies(
    run: Run, seats: list[Seat], windows: Sequence[tuple[float, float]] = ()
) -> tuple[list[float], int]:
    """For each acknowledged command, how long after its answer each other seat's socket had
    the version (0 when the frame came first); and how many of those versions reached a socket
    that was not open yet when the command was answered (the player had not opened the match:
    its hello brought them, whenever it came, which is not a delivery's delay). Commands
    answered inside ``windows`` (faults, in seconds since the run's start) are left out."""
    by_match: dict[int, list[Seat]] = defaultdict(list)
    for s in seats:
        by_match[s.match_id].append(s)
    out, on_opening = [], 0
    for c in run.commands:
        at = c["answered"] - run.started
        if any(a <= at <= b for a, b in windows):
            continue
        for s in by_match[c["match"]]:
            if s.index == c["seat"]:
                continue
            when = next((t for v, t in s.frames if v >= c["version"]), None)
            if when is None:
                continue
            if not s.opened or s.opened[0] > c["answered"]:
                on_opening += 1
                continue
            out.append(max(0.0, when - c["answered"]))
    return out, on_opening


# --- set-up ----------------------------------------------------------------------------------


def seed_users(count: int, prefix: str) -> list[tuple[int, str]]:
    """``count`` players with API tokens, straight into the database (no password hashing)."""
    from core.accounts.models import User
    from core.accounts.tokens import tokens_issue_many

    users = User.objects.bulk_create(
        [
            User(username=f"{prefix}{i}", display_name=f"P{i}", password="!unusable")
            for i in range(count)
        ]
    )
    keys = tokens_issue_many(user_ids=[u.pk for u in users])
    return list(keys.items())


def want_webhooks(users: list[int], port: int) -> None:
    from core.notifications.models import NotificationPreference

    NotificationPreference.objects.bulk_create(
        [
            NotificationPreference(
                user_id=uid,
                channels={"webhook": {"your_turn": "always"}, "push": {"your_turn": "off"}},
                webhook_url=f"http://127.0.0.1:{port}/hook/{uid}",
                webhook_secret="load-test",
            )
            for uid in users
        ]
    )


async def create_matches(
    run: Run,
    session: aiohttp.ClientSession,
    users: list[tuple[int, str]],
    count: int,
    bot_share: float,
    rng: random.Random,
    games: tuple[str, ...] = GAMES,
) -> list[Seat]:
    """``count`` matches of mixed games, each with its human seats; a ``bot_share`` of them
    against a random bot."""
    seats: list[Seat] = []
    free = list(users)
    gate = asyncio.Semaphore(16)

    async def one(i: int) -> None:
        game = games[i % len(games)]
        bot = rng.random() < bot_share
        (uid_a, tok_a) = free.pop()
        other = None if bot else free.pop()
        spec = [{"kind": "me"}, {"kind": "bot", "level": "random"} if bot else {"kind": "open"}]
        async with gate:
            status, match = await insist(
                run,
                session,
                "POST",
                "/api/matches",
                tok_a,
                {"game": game, "players": 2, "seats": spec, "rated": False},
            )
            if status != 201:
                raise RuntimeError(f"create {game}: {status} {match}")
            mid = match["id"]
            seats.append(Seat(mid, match["seat"], tok_a, uid_a))
            if other is not None:
                status, joined = await insist(
                    run, session, "POST", f"/api/matches/{mid}/join", other[1], {}
                )
                if status != 200:
                    raise RuntimeError(f"join {mid}: {status} {joined}")
                seat_b = joined["seat"]
                seats.append(Seat(mid, seat_b, other[1], other[0]))

    await asyncio.gather(*(one(i) for i in range(count)))
    return seats


# --- webhooks --------------------------------------------------------------------------------


class Hooks:
    """A webhook receiver on loopback: counts what each user was sent."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.received: Counter[int] = Counter()
        self.runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/hook/{uid}", self.hook)
        self.runner = web.AppRunner(app, access_log=None)
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", self.port).start()

    async def hook(self, request: web.Request) -> web.Response:
        await request.read()
        self.received[int(request.match_info["uid"])] += 1
        return web.Response(status=204)

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()


# --- checks ----------------------------------------------------------------------------------


def verify(run: Run, seats: list[Seat], hooks: Hooks | None) -> dict[str, Any]:
    """The checks of the module docstring, through the database (Django set up by the caller)."""
    from core.eventstore.models import CommandRecord, Event, Snapshot
    from core.eventstore.store import verify_chain
    from core.matches.models import Match
    from core.matches.state import fold_events, load_state_at
    from core.notifications.models import Delivery
    from games.registry import get_engine

    match_ids = sorted({s.match_id for s in seats})
    problems: list[str] = []
    matches = {m.pk: m for m in Match.objects.filter(pk__in=match_ids)}
    events_total = 0
    for mid in match_ids:
        m = matches[mid]
        report = verify_chain(mid)
        if not report.ok:
            problems.append(f"match {mid}: chain broken at {report.broken_seq}: {report.reason}")
            continue
        events_total += report.checked
        engine = get_engine(m.game)
        # Every event up to the version read above (a late move must not look like a mismatch).
        rows = list(
            Event.objects.of("match", mid)
            .filter(seq__lte=m.version)
            .order_by("seq")
            .values_list("seq", "type", "payload")
        )
        replayed = engine.state_to_json(fold_events(engine, None, rows))
        if engine.state_to_json(load_state_at(m, m.version)) != replayed:
            problems.append(f"match {mid}: the loaded state differs from the replay")
        for snap in Snapshot.objects.filter(match_id=mid, rules_version=m.rules_version):
            rows = list(
                Event.objects.of("match", mid)
                .filter(seq__lte=snap.version)
                .order_by("seq")
                .values_list("seq", "type", "payload")
            )
            if engine.state_to_json(fold_events(engine, None, rows)) != snap.state:
                problems.append(f"match {mid}: snapshot {snap.version} differs from the replay")
    # Commands: each acknowledged one exactly once, in one contiguous batch ending at its version.
    batches: dict[tuple[int, str], list[int]] = defaultdict(list)
    for mid, cid, seq in Event.objects.filter(
        stream_kind="match", stream_key__in=match_ids
    ).values_list("stream_key", "command_id", "seq"):
        if cid:
            batches[(mid, cid)].append(seq)
    doubled = 0
    for (mid, cid), seqs in batches.items():
        seqs.sort()
        if seqs != list(range(seqs[0], seqs[0] + len(seqs))):
            doubled += 1
            problems.append(f"match {mid}: command {cid} has events {seqs[:8]}... (two batches?)")
    lost = 0
    for c in run.commands:
        seqs = batches.get((c["match"], c["command_id"]), [])
        if c["events"] and (len(seqs) != c["events"] or seqs[-1] != c["version"]):
            lost += 1
            problems.append(f"match {c['match']}: acknowledged {c['command_id']} has events {seqs}")
    records = Counter(
        CommandRecord.objects.filter(match_id__in=match_ids).values_list("match_id", "command_id")
    )
    twice = sum(1 for n in records.values() if n > 1)
    if twice:
        problems.append(f"{twice} command ids recorded twice")
    # Streams: what each socket received, gapless from 1 to the match's version.
    gapless = 0
    for s in seats:
        final = matches[s.match_id].version
        if s.seqs == list(range(1, final + 1)):
            gapless += 1
        else:
            problems.append(
                f"match {s.match_id} seat {s.index}: socket stream has {len(s.seqs)} events, "
                f"last {s.seqs[-1:]} of {final}"
            )
    notifications: dict[str, Any] = {}
    if hooks is not None:
        sent = Counter(
            Delivery.objects.filter(channel="webhook", status="sent").values_list(
                "notification__user_id", flat=True
            )
        )
        pending = Delivery.objects.filter(channel="webhook", status="pending").count()
        pending_by = Counter(
            Delivery.objects.filter(channel="webhook", status="pending").values_list(
                "notification__user_id", flat=True
            )
        )
        everyone = set(hooks.received) | set(sent)
        # A send whose worker (or database) was lost before the row was marked: the row is
        # still pending, leased, and would go again when its lease ends (at least once).
        unmarked = sum(min(pending_by[u], max(0, hooks.received[u] - sent[u])) for u in everyone)
        extra = sum(max(0, hooks.received[u] - sent[u] - pending_by[u]) for u in everyone)
        missing = sum(max(0, sent[u] - hooks.received[u]) for u in set(sent))
        notifications = {
            "webhooks_received": sum(hooks.received.values()),
            "deliveries_sent": sum(sent.values()),
            "deliveries_pending": pending,
            "received_but_not_yet_marked_sent": unmarked,
            "sent_twice": extra,
            # A try that timed out at the sender though it reached the receiver is tried
            # again: a receiver slower than LUDOTEKA_WEBHOOK_TIMEOUT gets the message twice.
            "sent_after_a_failed_try": Delivery.objects.filter(
                channel="webhook", status="sent", attempts__gt=0
            ).count(),
            "marked_sent_not_received": missing,
        }
    return {
        "matches": len(match_ids),
        "finished": sum(1 for m in matches.values() if m.status != "active"),
        "events": events_total,
        "seats_gapless": f"{gapless}/{len(seats)}",
        "commands_acknowledged": len(run.commands),
        "acknowledged_commands_lost": lost,
        "commands_applied_twice": doubled + twice,
        "notifications": notifications,
        "problems": problems[:20],
        "problem_count": len(problems),
        "ok": not problems,
    }


async def events_gapless(
    run: Run, session: aiohttp.ClientSession, seats: list[Seat], finals: dict[int, int]
) -> int:
    """Seats whose ``GET /events?since=0`` is exactly 1..version."""
    good = 0
    gate = asyncio.Semaphore(16)

    async def one(s: Seat) -> None:
        nonlocal good
        async with gate:
            status, body = await insist(
                run, session, "GET", f"/api/matches/{s.match_id}/events?since=0", s.token
            )
        seqs = [e["seq"] for e in (body or {}).get("events", [])] if status == 200 else []
        if seqs == list(range(1, finals[s.match_id] + 1)):
            good += 1

    await asyncio.gather(*(one(s) for s in seats))
    return good
