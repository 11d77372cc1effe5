"""Announce "match X is now at version V" (and chat messages) on the channel layer, after commit.

Messages carry only ids and versions; each socket consumer redacts for its own seat. A failed
publish (Redis down) is logged and dropped: the events are already stored and clients catch up
by version.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

# A hung Redis must not hold the response of the command that was just committed.
PUBLISH_TIMEOUT = 2.0


def match_group(match_id: int) -> str:
    return f"match.{match_id}"


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def announce_match_version(match_id: int, version: int, user_ids: list[int]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "match.version", "match": match_id, "version": version}
    groups = [match_group(match_id), *(user_group(uid) for uid in user_ids)]
    try:
        async_to_sync(_publish)(layer, groups, message)
    except Exception:
        log.warning("broadcast of match %s v%s failed", match_id, version, exc_info=True)


def announce_chat(match_id: int, message: dict[str, Any]) -> None:
    """A chat message to the match's sockets; each passes it on only to a player of the match
    (chat is the players' own). Lost with Redis, like an announcement: a client reads the chat
    again whenever its socket (re)opens."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(_publish)(
            layer, [match_group(match_id)], {"type": "match.chat", "message": message}
        )
    except Exception:
        log.warning("chat broadcast of match %s failed", match_id, exc_info=True)


def _retrieve(task: asyncio.Future[Any]) -> None:
    """Mark a send's outcome as seen: a send failing or cancelled after its caller stopped
    waiting (a timeout, a client that disconnected mid-request) is not an error to log."""
    if not task.cancelled():
        task.exception()


async def _publish(layer: Any, groups: list[str], message: dict[str, Any]) -> None:
    # Tasks and asyncio.wait rather than gather(): a cancelled gather leaves a
    # "_GatheringFuture exception was never retrieved" (CancelledError) in the error log.
    sends = [asyncio.ensure_future(layer.group_send(group, message)) for group in groups]
    for send in sends:
        send.add_done_callback(_retrieve)
    try:
        done, pending = await asyncio.wait(sends, timeout=PUBLISH_TIMEOUT)
    finally:
        for send in sends:
            send.cancel()  # no-op for those done
    failed = [s.exception() for s in done if not s.cancelled() and s.exception() is not None]
    if failed:
        raise failed[0]  # type: ignore[misc]
    if pending:
        raise TimeoutError(f"{len(pending)} of {len(sends)} group sends took over the timeout")
