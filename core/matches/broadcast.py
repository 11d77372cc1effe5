"""Announce "match X is now at version V" (and chat messages) on the channel layer, after commit.

Messages carry ids and versions; each socket consumer redacts for its own seat. On Redis a move's
announcement also carries what its commit wrote (``core.matches.recent``), so that the other
web processes' sockets need not read it back; it is never sent to a client as it is. A failed
publish (Redis down) is logged and dropped: the events are already stored and clients catch up
by version.

On Redis (production) the publish is one pipelined round trip of PUBLISH commands from the
calling thread, through the process's shared connection pool. Going through the channel layer's
async API instead runs the publish on the web process's event loop (``async_to_sync`` from a
request thread), so a loop busy with hundreds of sockets delayed it past its timeout and the
announcement was dropped (150 in a 500-match load run); from a Celery worker with no loop it
built a new event loop and a new Redis connection per move. The in-process layer of the
embedded mode lives on the server's loop: its sends are handed to that loop (``publish``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, Protocol, TypedDict

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings

from core.matches import recent
from core.matches.names import seat_names
from core.ops.cache import SharedConnectionPool, client_for

log = logging.getLogger(__name__)

# A hung Redis must not hold the response of the command that was just committed.
PUBLISH_TIMEOUT = 2.0


class ChannelLayer(Protocol):
    """What this server uses of a Channels layer (Channels has no types): the in-process one
    and the Redis pub/sub one both answer it."""

    async def new_channel(self) -> str: ...
    async def receive(self, channel: str) -> dict[str, Any]: ...
    async def send(self, channel: str, message: Mapping[str, Any]) -> None: ...
    async def group_add(self, group: str, channel: str) -> None: ...
    async def group_discard(self, group: str, channel: str) -> None: ...
    async def group_send(self, group: str, message: Mapping[str, Any]) -> None: ...


class MatchVersionMessage(TypedDict):
    """The group message "match ``match`` is now at ``version``" (``match.version``)."""

    type: Literal["match.version"]
    match: int
    version: int
    # On Redis, what the move's commit wrote (``recent.encode``), for the other processes.
    commit: NotRequired[bytes]


class MatchChatMessage(TypedDict):
    """The group message carrying one chat message of the match (``match.chat``)."""

    type: Literal["match.chat"]
    message: dict[str, Any]


def match_group(match_id: int) -> str:
    return f"match.{match_id}"


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def announce_match_version(match_id: int, version: int, user_ids: list[int]) -> None:
    message: MatchVersionMessage = {"type": "match.version", "match": match_id, "version": version}
    groups = [match_group(match_id), *(user_group(uid) for uid in user_ids)]
    try:
        if isinstance(get_channel_layer(), RedisPubSubChannelLayer):
            carried = _carried_commit(match_id, version)
            if carried is not None:
                message["commit"] = carried
        publish(groups, message)
    except Exception:
        log.warning("broadcast of match %s v%s failed", match_id, version, exc_info=True)


def _carried_commit(match_id: int, version: int) -> bytes | None:
    """What this process committed as ``version`` (the hot path's copy), for the receivers."""
    commit = recent.recent_commits.get(match_id, version)
    if commit is None:
        return None
    return recent.encode(commit, names=seat_names(commit.match, commit.seats))


def announce_chat(match_id: int, message: dict[str, Any]) -> None:
    """A chat message to the match's sockets; each passes it on only to a player of the match
    (chat is the players' own). Lost with Redis, like an announcement: a client reads the chat
    again whenever its socket (re)opens."""
    try:
        chat: MatchChatMessage = {"type": "match.chat", "message": message}
        publish([match_group(match_id)], chat)
    except Exception:
        log.warning("chat broadcast of match %s failed", match_id, exc_info=True)


def publish(groups: list[str], message: Mapping[str, Any]) -> None:
    """Sends ``message`` to every group, from the calling (synchronous) thread."""
    layer = get_channel_layer()
    if layer is None:
        return
    if isinstance(layer, RedisPubSubChannelLayer):
        _publish_redis(layer, groups, message)
        return
    loop = _server_loop()
    if loop is None:
        async_to_sync(_publish_async)(layer, groups, message)
        return
    # The in-process layer, from a request thread (core/hotlane/bridge.py): its sends are
    # handed to the loop and not waited for. Waiting made the thread sleep until the loop,
    # busy parsing other requests, came round to them, and the hop there and back cost the
    # answer ~5% of a server process's CPU (bench/api_bench.py, py-spy). In-process sends
    # cannot hang; a failure is still logged, by the loop.
    sent = asyncio.run_coroutine_threadsafe(_publish_async(layer, groups, message), loop)
    sent.add_done_callback(lambda done: _log_failure(done, groups))


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop of the server whose request thread this is, else None."""
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if loop is None or getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) != os.getpid():
        return None
    try:
        asyncio.get_running_loop()
    except RuntimeError:  # not on a loop's own thread
        return loop if loop.is_running() else None
    return None


def _log_failure(done: concurrent.futures.Future[None], groups: list[str]) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.warning("broadcast to %s failed", groups, exc_info=done.exception())


def _publish_redis(
    layer: RedisPubSubChannelLayer, groups: list[str], message: Mapping[str, Any]
) -> None:
    # The settings' dict is inferred from its literal; its CONFIG is the layer's keywords.
    layer_settings: Mapping[str, Any] = settings.CHANNEL_LAYERS["default"]
    config: Mapping[str, Any] = layer_settings.get("CONFIG", {})
    hosts: list[Any] = config.get("hosts", [])
    if len(hosts) != 1 or not isinstance(hosts[0], str):
        # Sharded or dict-configured hosts: let the layer pick the shard per group.
        async_to_sync(_publish_async)(layer, groups, message)
        return
    client = client_for(
        SharedConnectionPool.from_url(
            hosts[0], socket_timeout=PUBLISH_TIMEOUT, socket_connect_timeout=PUBLISH_TIMEOUT
        )
    )
    # The layer's own names for a group's channel (RedisPubSubLoopLayer._get_group_channel_name);
    # the socket tests receive through the layer what is published here, so a change shows.
    prefix = config.get("prefix", "asgi")
    data = layer.serialize(message)
    with client.pipeline(transaction=False) as pipe:
        for group in groups:
            pipe.publish(f"{prefix}__group__{group}", data)
        pipe.execute()


def _retrieve(task: asyncio.Future[Any]) -> None:
    """Mark a send's outcome as seen: a send failing or cancelled after its caller stopped
    waiting (a timeout, a client that disconnected mid-request) is not an error to log."""
    if not task.cancelled():
        task.exception()


async def _publish_async(
    layer: ChannelLayer, groups: list[str], message: Mapping[str, Any]
) -> None:
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
    failed = [err for s in done if not s.cancelled() and (err := s.exception()) is not None]
    if failed:
        raise failed[0]
    if pending:
        raise TimeoutError(f"{len(pending)} of {len(sends)} group sends took over the timeout")
