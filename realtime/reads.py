"""What the sockets send, read from core and rendered once per process.

When a match moves, every socket of that match in this process gets the same announcement. The
first to ask renders the update for the viewers this process has sockets for (their seats, and
the spectators if any) in one database round; the others reuse it (an update for versions
``(after, v]`` never changes once written, since events are append-only). Everything
game-shaped goes through ``event_for_viewer`` and the engine's ``view``: a seat's frame is built
from what that seat may see and nothing else.

The home sockets of the match's players get the same announcement: the first to ask reads the
match's row for each of its players and the newest notification of the match for each
(``home_update``), once per process; a socket then reads its outbox only when that shows
something it has not delivered. Each home socket used to read the match, its seat and its
outbox on every move of every one of its matches.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import json
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from asgiref.sync import SyncToAsync
from django.db import close_old_connections, connection
from django.db.models import Max

from core.api.errors import ApiError
from core.eventstore.models import Event
from core.matches import hotpath
from core.matches.broadcast import MatchVersionMessage
from core.matches.commands import engine_for
from core.matches.models import Match, Seat
from core.matches.names import seat_names
from core.matches.platform_events import UNDO_EVENT
from core.matches.presenters import event_for_viewer
from core.matches.recent import recent_commits
from core.matches.state import fold_events, load_state, state_cache
from core.notifications.models import OutboxItem
from realtime.protocol import frame


@dataclass(frozen=True)
class Update:
    """The frames bringing a socket from version ``after`` to ``version``, one per viewer."""

    match_id: int
    after: int
    version: int
    seat_of_user: dict[int, int]
    texts: dict[int | None, str]


class _Folds:
    """The states this process last rendered, by match: the next update folds its few new events
    into one instead of loading the match again. (The pipeline's own cache has the state only in
    the process where the command ran.) Taken, not shared: the taker owns and may fold it."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._items: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, match_id: int, version: int) -> Any | None:
        with self._lock:
            item = self._items.pop(match_id, None)
        return item[1] if item is not None and item[0] == version else None

    def put(self, match_id: int, version: int, state: Any) -> None:
        with self._lock:
            self._items[match_id] = (version, state)
            self._items.move_to_end(match_id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


folds = _Folds()


def match_update(
    match_id: int,
    after: int,
    viewers: Collection[int | None] | None = None,
    *,
    unchanged_too: bool = False,
    announced: int | None = None,
) -> Update | None:
    """The ``events`` frames after ``after`` for ``viewers`` (default: every seat and spectators).

    None when the match does not exist; no frame at all when nothing came after ``after``,
    unless ``unchanged_too`` (a ``resume`` is answered even then). The view is the state at the
    version read here, and the events stop at that version, so a frame is always consistent
    with itself. When this process committed version ``announced`` right on top of ``after``, or
    was told of that commit by its announcement (``core.matches.recent``), the frames are built
    from what it wrote, with no read: the frame then stops at ``announced``, and a later
    version comes with its own announcement.
    """
    commit = recent_commits.get(match_id, announced) if announced is not None else None
    if commit is not None and commit.after == after:
        match, seats, rows = commit.match, list(commit.seats), list(commit.rows)
    else:
        commit = None  # a socket further behind: the whole gap from the store
        found = _match_and_seats(match_id)
        if found is None:
            return None
        match, seats = found
        rows = []
    seat_of_user = {
        s.user_id: s.index for s in seats if s.kind == Seat.Kind.HUMAN and s.user_id is not None
    }
    if match.version <= after and not unchanged_too:
        return Update(match_id, after, match.version, seat_of_user, {})
    engine = engine_for(match.game)
    if commit is None:
        rows = _events(match_id, after, match.version)
    state = state_cache.take(match.pk, match.version)
    pipeline_owned = state is not None
    if state is None:
        state = folds.take(match.pk, after)
        if state is not None and all(t != UNDO_EVENT for _, t, *_ in rows):
            state = fold_events(engine, state, [(seq, t, p) for seq, t, p, *_ in rows])
        else:  # an undo reaches back before ``after``: the whole state is rebuilt
            state = load_state(match, use_cache=False)
    try:
        active = sorted(engine.active_seats(state))
        texts: dict[int | None, str] = {}
        names = commit.names if commit is not None and commit.names is not None else None
        names = names or seat_names(match, seats)
        for viewer in [*range(match.n_players), None] if viewers is None else viewers:
            events = [
                event_for_viewer(
                    engine,
                    seq=seq,
                    type=t,
                    payload=p,
                    actor=actor,
                    created_at=at,
                    viewer=viewer,
                    names=names,
                )
                for seq, t, p, actor, at in rows
            ]
            data = {
                "after": after,
                "events": events,
                "status": match.status,
                "active_seats": active,
                "outcome": match.outcome,
                "view": engine.view(state, viewer),
            }
            # Serialised here, before the state goes back to the cache and may be folded on.
            texts[viewer] = frame("events", data, match.version)
    finally:
        (state_cache if pipeline_owned else folds).put(match.pk, match.version, state)
    return Update(match_id, after, match.version, seat_of_user, texts)


def adopt(message: MatchVersionMessage) -> None:
    """Keeps the commit an announcement from another process carries (``core.matches.recent``),
    so that ``match_update`` and ``home_update`` build from it; once per process, in the loop
    (a decode, no read)."""
    carried = message.get("commit")
    if carried is not None:
        recent_commits.adopt(message["match"], message["version"], carried)


_hygiene = threading.local()
HYGIENE_EVERY = 1.0  # seconds


P = ParamSpec("P")
T = TypeVar("T")


def _read(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    # Django's request-boundary hygiene (``close_old_connections``, then a health-check query
    # on the next use) would cost every read a round trip; a reader thread does it once a
    # second, and at once after an error so that a broken connection is never reused.
    now = time.monotonic()
    if now >= getattr(_hygiene, "next", 0.0):
        close_old_connections()
        _hygiene.next = now + HYGIENE_EVERY
    try:
        return fn(*args, **kwargs)
    except Exception:
        close_old_connections()
        _hygiene.next = 0.0
        raise


def _in_reader(
    loop: asyncio.AbstractEventLoop,
    fn: Callable[..., T],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
) -> T:
    # What sync_to_async's thread handler sets: an ``async_to_sync`` in the read (the embedded
    # channel layer's broadcast) runs on this process's loop (as core/hotlane/bridge.py does).
    SyncToAsync.threadlocal.main_event_loop = loop
    SyncToAsync.threadlocal.main_event_loop_pid = os.getpid()
    SyncToAsync.threadlocal.task_context = []
    return _read(fn, *args, **kwargs)


async def run_read(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``fn`` in the loop's default thread pool, not Django's single "thread-sensitive" thread:
    the sockets' reads must not queue one behind another or behind this process's HTTP views.
    A bare hop, not ``sync_to_async``: its wrapper, inspection and shielded future per call
    were 5 % of a web process's samples with 800 sockets open (py-spy, issue 42)."""
    loop = asyncio.get_running_loop()
    run = contextvars.copy_context().run
    return await loop.run_in_executor(None, run, _in_reader, loop, fn, args, kwargs)


class UpdateShare:
    """Per process: renders of recent updates, and the renders in flight, by (match, after)."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._done: OrderedDict[tuple[int, int], Update] = OrderedDict()
        self._pending: dict[tuple[int, int, int], asyncio.Future[Update | None]] = {}

    def clear(self) -> None:
        self._done.clear()
        self._pending.clear()

    async def get(
        self, match_id: int, after: int, at_least: int, viewers: Collection[int | None]
    ) -> Update | None:
        """An update after ``after`` reaching at least version ``at_least`` if committed, with
        frames for ``viewers`` at least (the first asker's are rendered for all of them)."""
        key = (match_id, after)
        done = self._done.get(key)
        if done is not None and done.version >= at_least and all(v in done.texts for v in viewers):
            return done
        loop = asyncio.get_running_loop()
        pending_key = (id(loop), match_id, after)
        pending = self._pending.get(pending_key)
        if pending is not None:
            update = await asyncio.shield(pending)
            if update is None or (
                update.version >= at_least and all(v in update.texts for v in viewers)
            ):
                return update
        future: asyncio.Future[Update | None] = loop.create_future()
        self._pending[pending_key] = future
        try:
            update = await run_read(match_update, match_id, after, viewers, announced=at_least)
        except BaseException as err:
            future.set_exception(err)
            future.exception()  # retrieved: waiters re-raise it, nobody else must log it
            raise
        else:
            future.set_result(update)
        finally:
            if self._pending.get(pending_key) is future:
                del self._pending[pending_key]
        if update is not None:
            self._done[key] = update
            self._done.move_to_end(key)
            while len(self._done) > self.size:
                self._done.popitem(last=False)
        return update


updates = UpdateShare()


# --- the user socket --------------------------------------------------------------------------


def notification_out(item: OutboxItem) -> dict[str, Any]:
    return {
        "id": item.pk,
        "kind": item.kind,
        "match": item.match_id,
        "payload": item.payload,
        "at": item.created_at.isoformat(),
    }


def notifications_after(user_id: int, after: int, limit: int = 100) -> list[dict[str, Any]]:
    """The user's notifications after id ``after``, oldest first: what a home socket sends
    when told that its player has something new, at most every move (see below)."""
    if connection.vendor != "postgresql":
        rows = OutboxItem.objects.filter(user_id=user_id, pk__gt=after).order_by("pk")[:limit]
        return [notification_out(r) for r in rows]
    with connection.cursor() as cur:
        cur.execute(_notifications_sql(), [user_id, after, limit])
        return [
            {"id": pk, "kind": kind, "match": match, "payload": _json(p), "at": at.isoformat()}
            for pk, kind, match, p, at in cur.fetchall()
        ]


def recent_notifications(user_id: int, count: int) -> list[dict[str, Any]]:
    rows = OutboxItem.objects.filter(user_id=user_id).order_by("-pk")[:count]
    return [notification_out(r) for r in reversed(rows)]


def latest_notification_id(user_id: int) -> int:
    last = OutboxItem.objects.filter(user_id=user_id).order_by("-pk").values_list("pk", flat=True)
    return last.first() or 0


# The reads of every move, on PostgreSQL without the ORM: compiling their queries was some 60 %
# of their CPU, and they were half a server's CPU under load with sockets open (py-spy on
# bench/api_bench.py --sockets). The embedded mode (SQLite) reads through the ORM.


def _match_and_seats(match_id: int) -> tuple[Match, list[Seat]] | None:
    """The match and its seats in one round trip; None when there is no such match."""
    if connection.vendor == "postgresql":
        try:
            match, seats, _ = hotpath.read(match_id, None)
        except ApiError:
            return None
        return match, seats
    seats = list(Seat.objects.filter(match_id=match_id).select_related("match"))
    found = seats[0].match if seats else Match.objects.filter(pk=match_id).first()
    return None if found is None else (found, seats)


@functools.cache
def _events_sql() -> str:
    return (
        f"SELECT seq, type, payload, actor, created_at FROM {Event._meta.db_table} "
        "WHERE stream_kind = 'match' AND stream_key = %s AND seq > %s AND seq <= %s ORDER BY seq"
    )


def _events(match_id: int, after: int, upto: int) -> list[tuple[Any, ...]]:
    """``(seq, type, payload, actor, created_at)`` of the events ``after < seq <= upto``."""
    if connection.vendor != "postgresql":
        return list(
            Event.objects.of("match", match_id)
            .filter(seq__gt=after, seq__lte=upto)
            .order_by("seq")
            .values_list("seq", "type", "payload", "actor", "created_at")
        )
    with connection.cursor() as cur:
        cur.execute(_events_sql(), [match_id, after, upto])
        return [(seq, t, _json(p), actor, at) for seq, t, p, actor, at in cur.fetchall()]


def _json(value: Any) -> Any:
    # jsonb comes back as text on Django's connections (it decodes it in from_db_value).
    return json.loads(value) if isinstance(value, str) else value


@functools.cache
def _notifications_sql() -> str:
    # The ORM's query for this was a quarter of the sockets' reads of a move (py-spy, bench/
    # README.md, sixth pass); the rows are as ``notification_out`` makes them.
    return (
        f"SELECT id, kind, match_id, payload, created_at FROM {OutboxItem._meta.db_table} "
        "WHERE user_id = %s AND id > %s ORDER BY id LIMIT %s"
    )


@functools.cache
def _newest_sql() -> str:
    return (
        f"SELECT user_id, max(id) FROM {OutboxItem._meta.db_table} "
        "WHERE match_id = %s GROUP BY user_id"
    )


def _newest_notifications(match_id: int, user_ids: list[int]) -> dict[int, int]:
    """User id -> the id of their newest notification of the match."""
    if connection.vendor != "postgresql":
        return dict(
            OutboxItem.objects.filter(match_id=match_id, user_id__in=user_ids)
            .values("user_id")
            .annotate(newest=Max("pk"))
            .values_list("user_id", "newest")
        )
    with connection.cursor() as cur:
        cur.execute(_newest_sql(), [match_id])
        wanted = set(user_ids)
        return {user: newest for user, newest in cur.fetchall() if user in wanted}


@dataclass(frozen=True)
class HomeUpdate:
    """What the home sockets of a match's players need when it moves: each player's row of the
    home screen, and the newest notification of the match for each (0: none)."""

    lines: dict[int, dict[str, Any]]
    newest: dict[int, int]  # or ``NEWER`` (above any id): new, id not known (recent_commits)
    unseated: dict[str, Any] | None = None  # the row of a user without a seat (None: no match)

    def line(self, user_id: int) -> dict[str, Any] | None:
        return self.lines.get(user_id, self.unseated)


# A notification id above every real one: "this user has something new", when this process
# wrote it (recent_commits) and knows that, but not its id; the socket then reads its outbox.
NEWER = 2**63 - 1


def home_update(match_id: int, version: int | None = None) -> HomeUpdate | None:
    """None when the match does not exist. When this process committed ``version`` of the
    match, or was told of that commit by its announcement (``core.matches.recent``), built from
    what it wrote, with no read: the rows at that version, and ``NEWER`` for the players it
    wrote a notification for. (A notification of the match written without a move of its own,
    a reminder, reaches the socket by the outbox poll then, not at the next move.)"""
    home = home_from_commit(match_id, version) if version is not None else None
    if home is not None:
        return home
    found = _match_and_seats(match_id)
    if found is None:
        return None
    match, seats = found
    lines = _lines(match, seats)
    return HomeUpdate(lines, _newest_notifications(match_id, list(lines)), _line(match, None))


def home_from_commit(match_id: int, version: int) -> HomeUpdate | None:
    """``home_update`` from the commit of ``version`` this process holds, else None. No read
    and a few dicts: the home sockets call it in the event loop, with no hop to a thread."""
    commit = recent_commits.get(match_id, version)
    if commit is None:
        return None
    lines = _lines(commit.match, commit.seats)
    newest = {user: NEWER for user in commit.notified if user in lines}
    return HomeUpdate(lines, newest, _line(commit.match, None))


def _lines(match: Match, seats: Collection[Seat]) -> dict[int, dict[str, Any]]:
    return {
        s.user_id: _line(match, s)
        for s in seats
        if s.kind == Seat.Kind.HUMAN and s.user_id is not None
    }


def _line(match: Match, seat: Seat | None) -> dict[str, Any]:
    return {
        "id": match.pk,
        "game": match.game,
        "status": match.status,
        "version": match.version,
        "seat": seat.index if seat else None,
        "my_turn": bool(seat and seat.to_move and match.status == Match.Status.ACTIVE),
        "rank": seat.rank if seat else None,
    }


class Shared:
    """Per process: the answers of ``fn(*key)`` for recent keys, and those in flight, so that
    the sockets of a process that get the same announcement make one read between them."""

    def __init__(self, fn: Any, size: int = 1024) -> None:
        self.fn, self.size = fn, size
        self._done: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self._pending: dict[tuple[Any, ...], asyncio.Future[Any]] = {}

    def clear(self) -> None:
        self._done.clear()
        self._pending.clear()

    async def get(self, key: tuple[Any, ...], *args: Any) -> Any:
        """``fn(*args)``, read once for ``key`` in this process."""
        if key in self._done:
            return self._done[key]
        loop = asyncio.get_running_loop()
        pending_key = (id(loop), *key)
        pending = self._pending.get(pending_key)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Any] = loop.create_future()
        self._pending[pending_key] = future
        try:
            value = await run_read(self.fn, *args)
        except BaseException as err:
            future.set_exception(err)
            future.exception()  # retrieved: waiters re-raise it, nobody else must log it
            raise
        else:
            future.set_result(value)
        finally:
            if self._pending.get(pending_key) is future:
                del self._pending[pending_key]
        self._done[key] = value
        while len(self._done) > self.size:
            self._done.popitem(last=False)
        return value


# Keyed by (match id, announced version): the read itself may find a later version.
homes = Shared(home_update)


def match_version(match_id: int) -> int | None:
    return Match.objects.filter(pk=match_id).values_list("version", flat=True).first()


def my_turn_ids(user_id: int) -> list[int]:
    return list(
        Seat.objects.filter(user_id=user_id, to_move=True, match__status=Match.Status.ACTIVE)
        .order_by("match_id")
        .values_list("match_id", flat=True)
    )
