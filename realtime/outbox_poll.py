"""The outbox poll: one task per server process for all its home sockets.

Some notifications come with no match announcement (an invitation to a match still in the
lobby, a deadline reminder, a tournament round), and announcements can be lost: the outbox is
read now and then as well. Every home socket once read its own outbox every
``REALTIME_OUTBOX_POLL`` seconds, a query per socket: 400 home sockets cost 27 queries a second
at rest and a fifteenth of a server's CPU under load (bench/api_bench.py --sockets, py-spy). Now
the process asks once per poll which of its users have a notification newer than their sockets'
cursors, and only those sockets read theirs.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from django.conf import settings
from django.db.models import Max

from core.notifications.models import OutboxItem
from realtime.reads import run_read

log = logging.getLogger(__name__)

_sockets: dict[int, set[Any]] = {}  # user id -> their home sockets in this process
_task: asyncio.Task[None] | None = None


def enter(user_id: int, consumer: Any) -> None:
    global _task
    _sockets.setdefault(user_id, set()).add(consumer)
    loop = asyncio.get_running_loop()
    if _task is None or _task.done() or _task.get_loop() is not loop:
        _task = loop.create_task(_run())


def leave(user_id: int, consumer: Any) -> None:
    sockets = _sockets.get(user_id)
    if sockets is not None:
        sockets.discard(consumer)
        if not sockets:
            del _sockets[user_id]


def newest_after(cursors: dict[int, int]) -> dict[int, int]:
    """Of ``cursors`` (user id -> the lowest cursor of their sockets), the users with a newer
    notification, and its id. One query, whatever the number of users."""
    if not cursors:
        return {}
    return dict(
        OutboxItem.objects.filter(user_id__in=list(cursors), pk__gt=min(cursors.values()))
        .values("user_id")
        .annotate(newest=Max("pk"))
        .values_list("user_id", "newest")
    )


async def poll_once() -> None:
    cursors = {user: min(c.cursor for c in sockets) for user, sockets in _sockets.items()}
    newest = await run_read(newest_after, cursors)
    for user, last in newest.items():
        for consumer in list(_sockets.get(user, ())):
            if last > consumer.cursor and not consumer.closed:
                try:
                    await consumer.deliver()
                except Exception:  # this socket's next poll tries again; the others go on
                    log.warning("outbox poll failed for user %s", user, exc_info=True)


async def _run() -> None:
    while _sockets:
        await asyncio.sleep(settings.REALTIME_OUTBOX_POLL)
        try:
            await poll_once()
        except asyncio.CancelledError:
            raise
        except Exception:  # the next poll tries again
            log.warning("outbox poll failed", exc_info=True)


def clear() -> None:
    _sockets.clear()
