"""The presence beat: one task per server process for all its match sockets.

Every ``REALTIME_PRESENCE_BEAT`` seconds (jittered) the process repeats its rosters of all its
matches in one message (so that the others make good a lost one and forget a process that
died: ``presence_hub.Hub.beat``), renews the ``watching`` rows of all its sockets in one
statement, and reads the versions of all its matches in one query, nudging any socket left
behind by a lost announcement. Each socket once ran its own beat with two database round trips
(a renewal and a version read): 1,000 open sockets cost 80 statements a second at rest
(bench/load/sockets.py); now a process costs two statements and one message per beat whatever
its sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Collection

from django.conf import settings

from core.matches.broadcast import MatchVersionMessage
from core.matches.models import Match
from core.notifications.watching import watch_renew
from realtime import presence, presence_hub
from realtime.reads import run_read

log = logging.getLogger(__name__)

WATCH_BEATS = 3  # a watch outlives two missed beats

_task: asyncio.Task[None] | None = None


def watch_ttl() -> float:
    beat: float = settings.REALTIME_PRESENCE_BEAT  # seconds (core/settings)
    return WATCH_BEATS * beat


def ensure_running() -> None:
    """Starts the process's beat on the running loop unless it runs there already."""
    global _task
    loop = asyncio.get_running_loop()
    if _task is not None and not _task.done() and _task.get_loop() is loop:
        return
    _task = loop.create_task(_run())


def _versions(match_ids: Collection[int]) -> dict[int, int]:
    return dict(Match.objects.filter(pk__in=list(match_ids)).values_list("pk", "version"))


async def _run() -> None:
    while presence.match_ids():
        beat = settings.REALTIME_PRESENCE_BEAT
        await asyncio.sleep(beat * random.uniform(0.8, 1.2))
        try:
            await beat_once(beat)
        except asyncio.CancelledError:
            raise
        except Exception:  # the next beat tries again; a socket must not lose its beat for good
            log.warning("presence beat failed", exc_info=True)


async def beat_once(beat: float) -> None:
    match_ids = presence.match_ids()
    if not match_ids:
        return
    try:
        await presence_hub.hub().beat(beat)
    except Exception:
        log.warning("presence beat not sent", exc_info=True)
    sockets = presence.local_channels()
    try:
        await run_read(watch_renew, sockets=sockets, ttl=watch_ttl())
    except Exception:
        log.warning("watches of %s sockets not renewed", len(sockets), exc_info=True)
    versions = await run_read(_versions, match_ids)
    for match_id, version in versions.items():
        for consumer in presence.local_consumers(match_id):
            if consumer.version < version:
                message: MatchVersionMessage = {
                    "type": "match.version",
                    "match": match_id,
                    "version": version,
                }
                with contextlib.suppress(Exception):
                    await consumer.channel_layer.send(consumer.channel_name, message)
