"""The process's voice in presence: one channel of its own, a few messages per change.

Presence was a message per socket: every join sent the process's roster to the match group,
which every socket of the match received and read, and every socket rebuilt the merged list
itself, so one user opening 200 sockets of one match cost the server O(sockets²) messages and
O(sockets³) work and stalled it for tens of seconds (issue 40). Now the process speaks once for
all its sockets, from its own channel:

- a change to the process's distinct people in a match (``presence.roster``) goes to the
  match's presence group, which only the processes holding the match have joined, at most once
  per ``PRESENCE_DEBOUNCE``; a process new to the match asks for replies and each other process
  holding it answers its channel directly;
- every beat the process repeats all its rosters in one message (``presence.beat``, a group all
  the processes join), so that a lost message is made good and a process that died without a
  word is forgotten after a few beats (``presence.forget_silent``);
- the merged list is derived once per change (``presence.users``) and the same frame goes to
  each local socket that has not seen it: O(sockets of the match) per change, nothing per join
  of a person already there.

With the in-process channel layer (the embedded mode: one process) there is nobody to tell, and
only the local sockets are shown their list.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from channels.layers import InMemoryChannelLayer, get_channel_layer

from realtime import presence
from realtime.protocol import frame

log = logging.getLogger(__name__)

PRESENCE_DEBOUNCE = 0.05  # seconds: the changes of a moment go out as one message, one frame
BEAT_GROUP = "presence"


def match_presence_group(match_id: int) -> str:
    return f"presence.{match_id}"


class Hub:
    """One per event loop (a server process has one)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.layer: Any = get_channel_layer()
        # Other processes may hear only through a shared layer.
        self.shared = self.layer is not None and not isinstance(self.layer, InMemoryChannelLayer)
        self.channel = ""
        self.dirty: set[int] = set()
        self.subscribed: set[int] = set()  # matches whose presence group the channel joined
        self.published: dict[int, list[dict[str, Any]]] = {}  # what the others last heard
        self.flusher: asyncio.Task[None] | None = None
        self.receiver: asyncio.Task[None] | None = None

    # --- changes ----------------------------------------------------------------------------------

    def changed(self, match_id: int) -> None:
        """Something in the match's presence may have changed: tell and show it soon."""
        self.dirty.add(match_id)
        if self.flusher is None or self.flusher.done():
            self.flusher = self.loop.create_task(self._flush_loop())

    async def _flush_loop(self) -> None:
        while self.dirty:
            await asyncio.sleep(PRESENCE_DEBOUNCE)
            dirty, self.dirty = self.dirty, set()
            for match_id in sorted(dirty):
                try:
                    if self.shared:
                        await self._publish(match_id)
                    await self._show(match_id)
                except Exception:  # the beat tells the others again; the next change shows
                    log.warning("presence of match %s not sent", match_id, exc_info=True)

    async def _publish(self, match_id: int) -> None:
        people = presence.roster(match_id)
        reply = False
        if presence.holds(match_id) and match_id not in self.subscribed:
            await self._open()
            await self.layer.group_add(match_presence_group(match_id), self.channel)
            self.subscribed.add(match_id)
            reply = True  # new to the match: the others answer with their rosters
        if reply or people != self.published.get(match_id, []):
            await self.layer.group_send(
                match_presence_group(match_id),
                {
                    "type": "presence.roster",
                    "process": presence.PROCESS,
                    "match": match_id,
                    "people": people,
                    "reply": reply,
                    "channel": self.channel,
                },
            )
        if people:
            self.published[match_id] = people
        else:
            self.published.pop(match_id, None)
        if not presence.holds(match_id) and match_id in self.subscribed:
            self.subscribed.discard(match_id)
            await self.layer.group_discard(match_presence_group(match_id), self.channel)

    async def _show(self, match_id: int) -> None:
        """The merged list to every local socket that has not been shown this version of it."""
        version = presence.version(match_id)
        texts: dict[int | None, str] = {}  # by the socket's match version, the frame's ``v``
        for consumer in presence.local_consumers(match_id):
            if consumer.presence_version >= version:
                continue
            v = consumer.current_v()
            text = texts.get(v)
            if text is None:
                text = texts[v] = frame("presence", {"users": presence.users(match_id)}, v)
            await consumer.show_presence(text, version)

    # --- the process's channel ------------------------------------------------------------------

    async def _open(self) -> None:
        if self.channel:
            return
        channel = await self.layer.new_channel()
        await self.layer.group_add(BEAT_GROUP, channel)
        self.channel = channel
        self.receiver = self.loop.create_task(self._receive())

    async def _receive(self) -> None:
        while True:
            try:
                message = await self.layer.receive(self.channel)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("presence channel failed; listening again", exc_info=True)
                await asyncio.sleep(1)
                continue
            try:
                await self.handle(message)
            except Exception:
                log.warning("presence message %s not handled", message.get("type"), exc_info=True)

    async def handle(self, message: dict[str, Any]) -> None:
        process = message.get("process")
        if not isinstance(process, str) or process == presence.PROCESS:
            return
        presence.heard_from(process)
        if message["type"] == "presence.roster":
            match_id = message["match"]
            if presence.heard(match_id, process, message["people"]):
                self.changed(match_id)
            people = presence.roster(match_id)
            if message["reply"] and people:
                answer = {
                    "type": "presence.roster",
                    "process": presence.PROCESS,
                    "match": match_id,
                    "people": people,
                    "reply": False,
                    "channel": self.channel,
                }
                await self.layer.send(message["channel"], answer)
        elif message["type"] == "presence.beat":
            listed = {match_id: people for match_id, people in message["rosters"]}
            for match_id in presence.match_ids():
                if match_id in listed:
                    known = presence.heard(match_id, process, listed[match_id])
                elif process in presence.remote_processes(match_id):
                    known = presence.heard(match_id, process, [])  # it left; the word was lost
                else:
                    known = False
                if known:
                    self.changed(match_id)

    # --- the beat (realtime/beat.py) ------------------------------------------------------------

    async def beat(self, seconds: float) -> None:
        """All this process's rosters in one message; processes gone silent forgotten."""
        for match_id in presence.forget_silent(seconds):
            self.changed(match_id)
        if not self.shared:
            return
        for match_id in presence.match_ids():
            if match_id not in self.subscribed:  # a subscription that failed: again
                self.changed(match_id)
        rosters = [[m, people] for m in presence.match_ids() if (people := presence.roster(m))]
        if rosters:
            await self._open()
            message = {"type": "presence.beat", "process": presence.PROCESS, "rosters": rosters}
            await self.layer.group_send(BEAT_GROUP, message)


_hub: Hub | None = None


def hub() -> Hub:
    """The running loop's hub (a test's loop is new each time: so is its hub)."""
    global _hub
    loop = asyncio.get_running_loop()
    if _hub is None or _hub.loop is not loop:
        _hub = Hub(loop)
    return _hub


def changed(match_id: int) -> None:
    hub().changed(match_id)


def reset() -> None:
    global _hub
    if _hub is not None:
        for task in (_hub.flusher, _hub.receiver):
            if task is not None:
                with contextlib.suppress(RuntimeError):  # its loop may be closed already
                    task.cancel()
    _hub = None
