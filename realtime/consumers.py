"""The match socket and the user socket.

Both follow one life: credentials checked (handshake, or the first message), a slot taken
under the caps per user and per match (``limits``), the group of the credentials' token row
joined and the row checked once more (``token.<id>``: its revocation closes the socket with
4401, ``core/accounts/revocation.py``), then the subject checked (the match exists), then the
groups joined, then ``accept()`` and a ``hello`` frame. A refusal is an
accepted socket closed at once with a code from ``protocol``. Group messages carry
ids and versions (``core.matches.broadcast``), and on Redis a copy of what the move's commit
wrote; every frame is built from that copy or read back from the store, and redacted here for
this socket's seat, so a lost or late announcement costs nothing but time: the next one, or
the client's ``resume``, brings the whole gap.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from channels.utils import await_many_dispatch
from django.conf import settings
from rest_framework.throttling import UserRateThrottle

from core.accounts.revocation import TokenRevokedMessage, token_group
from core.accounts.tokens import token_digest
from core.api.errors import ApiError
from core.api.guard import RequestState, guarded
from core.hotlane.tokens import cached_credentials, token_cache
from core.matches import selectors, services
from core.matches.broadcast import (
    ChannelLayer,
    MatchChatMessage,
    MatchVersionMessage,
    match_group,
    user_group,
)
from core.matches.commands import Answer
from core.notifications.watching import watch_start, watch_stop
from core.ops import metrics
from realtime import beat, limits, outbox_poll, presence, presence_hub, protocol
from realtime.auth import cached_token, token_alive, token_auth, token_still_valid
from realtime.protocol import frame
from realtime.reads import (
    adopt,
    home_from_commit,
    homes,
    latest_notification_id,
    match_update,
    my_turn_ids,
    notifications_after,
    recent_notifications,
    run_read,
    updates,
)

log = logging.getLogger(__name__)

REFUSALS = {
    "bad_token": (protocol.UNAUTHENTICATED, "The token is not valid."),
    "disabled": (protocol.FORBIDDEN, "This account is disabled."),
    "foreign_origin": (protocol.FORBIDDEN, "A session cookie is accepted only from this site."),
}
SIGNED_OUT = "Signed out: log in again."


PAGE = 100  # notifications read at a time


class LayerDown(Exception):
    """The channel layer failed under a socket: the client should come back and resume."""


class SignedOut(Exception):
    """The socket's token row went before the socket joined its group."""


def _rate_limit() -> protocol.RateLimit:
    """The REST user rate (``DEFAULT_THROTTLE_RATES["user"]``) for every socket message."""
    rate = settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {}).get("user")
    count, seconds = UserRateThrottle.parse_rate(None, rate)  # type: ignore[arg-type]
    if not count or not seconds:
        return protocol.RateLimit(rate=1e9, burst=1e9)
    return protocol.RateLimit(rate=count / seconds, burst=float(count))


T = TypeVar("T")


def signed_in(token_id: int | None, read: Callable[..., T], *args: Any) -> T:
    """``read(*args)``, in a socket's opening read, once the socket's token row (if any) is
    found still there (else ``SignedOut``): one indexed query in a thread hop the socket
    makes anyway, after it has joined the row's group (``SocketConsumer.join_token``)."""
    if token_id is not None and not token_alive(token_id):
        raise SignedOut
    return read(*args)


async def _in_thread(fn: Callable[[], T]) -> T:
    result: T = await database_sync_to_async(fn, thread_sensitive=False)()
    return result


class SocketConsumer(AsyncWebsocketConsumer, abc.ABC):
    """Authentication, framing, rate limiting and the channel-layer plumbing of both sockets."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        # AsyncConsumer.__call__, with the layer's receive wrapped so that a failing channel
        # layer closes the socket with "try again later" instead of an internal error.
        self.scope = scope
        self.server_send = send
        self.base_send = self._send_to_server
        self.accepted = self.closed = False
        self.user: Any = None
        self.token: str | None = None  # the API token the socket came with, if any
        self.token_id: int | None = None  # the token row its credentials stand on, if any
        self.slot: tuple[int, int | None] | None = None
        self.over_cap: str | None = None
        self.groups_joined: list[str] = []
        self.tasks: set[asyncio.Task[Any]] = set()
        self.limit = _rate_limit()
        self.channel_layer: ChannelLayer = get_channel_layer(self.channel_layer_alias)
        self.channel_name = ""
        if scope["user"].is_authenticated and scope.get("auth") not in REFUSALS:
            # Before the channel and its subscription: a socket over the caps costs nothing.
            self.over_cap = self.take_slot(scope["user"])
        if self.over_cap is None:
            try:
                self.channel_name = await self.channel_layer.new_channel()
            except Exception as err:  # connect() says "try again later"
                log.warning("channel layer unreachable opening %s: %s", scope.get("path"), err)
        sources = [receive, self._layer_receive] if self.channel_name else [receive]
        sockets = metrics.OPEN_SOCKETS.labels(type(self).__name__.removesuffix("Consumer").lower())
        sockets.inc()
        try:
            await await_many_dispatch(sources, self.dispatch)
        except StopConsumer:
            pass
        except LayerDown as err:
            log.warning("channel layer failed under %s: %s", scope.get("path"), err.__cause__)
            await self.refuse(protocol.TRY_AGAIN_LATER, "Live updates are down; resume later.")
        finally:
            sockets.dec()
            for task in list(self.tasks):
                task.cancel()
            self.forget()
            if self.slot is not None:
                limits.give_back(*self.slot)
                self.slot = None

    async def _send_to_server(self, message: dict[str, Any]) -> None:
        """Every ASGI message out goes through here. A server may drop an ``accept`` whose
        connection is already closing (uvicorn does, silently) and then refuse the frames
        after it as sent before accept (a RuntimeError); a connection already lost raises an
        OSError. Either way the client is gone and its ``websocket.disconnect`` is on its way:
        the socket is marked closed and the message dropped, not raised through the app."""
        if self.closed and message["type"] == "websocket.send":
            return
        try:
            await self.server_send(message)
        except (OSError, RuntimeError) as err:
            log.info("socket %s: %s not sent (%s)", self.scope.get("path"), message["type"], err)
            self.closed = True

    def slot_match(self) -> int | None:
        """The match whose cap this socket counts against (None: only the user's)."""
        return None

    def take_slot(self, user: Any) -> str | None:
        """A slot under the caps (``limits``): None when taken, else why not."""
        match_id = self.slot_match()
        refusal = limits.take(user.pk, match_id)
        if refusal is None:
            self.slot = (user.pk, match_id)
        return refusal

    async def _layer_receive(self) -> dict[str, Any]:
        try:
            return await self.channel_layer.receive(self.channel_name)
        except asyncio.CancelledError:
            raise
        except Exception as err:
            raise LayerDown from err

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels closes stale database connections around every message with a hop to its
        # one sync thread; every read here runs in a thread that does that itself.
        kind: str = message["type"]
        handler: Callable[[Any], Awaitable[None]] | None = getattr(
            self, kind.replace(".", "_"), None
        )
        # A message this socket has no handler for (a group message it cannot use, or a
        # ``websocket.*`` type it does not know) is dropped: it must not end the socket.
        if handler is None:
            log.warning("socket %s: no handler for %r", self.scope.get("path"), kind)
            return
        if kind.startswith("websocket."):
            await handler(message)
            return
        # A read that failed must not end the socket either: the next announcement (or the
        # beat, or a resume) brings the same versions.
        try:
            await handler(message)
        except Exception:
            log.warning("socket %s: %s not handled", self.scope.get("path"), kind, exc_info=True)

    # --- life -----------------------------------------------------------------------------------

    async def connect(self) -> None:
        how = self.scope.get("auth")
        if how in REFUSALS:
            await self.refuse(*REFUSALS[how])
        elif self.over_cap is not None:
            await self.refuse(protocol.TOO_MANY_SOCKETS, self.over_cap)
        elif not self.channel_name:
            await self.refuse(protocol.TRY_AGAIN_LATER, "Live updates are down; try again later.")
        elif self.scope["user"].is_authenticated:
            self.user = self.scope["user"]
            self.token = self.scope.get("token")
            self.token_id = self.scope.get("ludoteka.token_id")
            if await self.join_token():
                await self.open()
        else:
            # No credentials in the handshake: the token may come as the first message.
            await self.accept()
            self.accepted = True
            self.spawn(self._auth_deadline())

    async def _auth_deadline(self) -> None:
        await asyncio.sleep(settings.REALTIME_AUTH_TIMEOUT)
        if self.user is None:
            await self.refuse(protocol.UNAUTHENTICATED, "Log in first: a token or a session.")

    async def join_token(self) -> bool:
        """Joins the group of the credentials' token row (``token.<id>``): its revocation, once
        committed, reaches the socket as a ``token.revoked`` message. One committed before the
        join is seen by the hello's read, which checks the row is still there (``signed_in``):
        none slips between the handshake's check and the join, whichever process revoked it.
        True: go on; False: the socket is closed."""
        if self.token_id is None:
            return True
        return await self.join(token_group(self.token_id))

    async def token_revoked(self, message: TokenRevokedMessage) -> None:
        """The socket's token row went (log-out, a device revoked, a password change, the
        account erased, the idle purge): the socket closes with 4401 at once."""
        if self.token is not None:
            # This process trusts the token no more, whichever process revoked it.
            token_cache.drop(token_digest(self.token))
        await self.refuse(protocol.UNAUTHENTICATED, SIGNED_OUT)

    @abc.abstractmethod
    async def open(self) -> None:
        """Subscribe and send the first frame, once the user is known."""

    async def join(self, group: str) -> bool:
        try:
            await self.channel_layer.group_add(group, self.channel_name)
        except Exception as err:
            log.warning("channel layer unreachable joining %s: %s", group, err)
            await self.refuse(protocol.TRY_AGAIN_LATER, "Live updates are down; try again later.")
            return False
        self.groups_joined.append(group)
        return True

    async def accept(self, subprotocol: str | None = None, headers: Any = None) -> None:
        # The subprotocol the client offered beside its token (realtime/auth.py): a browser
        # fails a handshake whose answer names none of those it offered.
        await super().accept(subprotocol or self.scope.get("ludoteka.subprotocol"), headers)

    async def start(self, hello: str) -> None:
        if not self.accepted:
            await self.accept()
            self.accepted = True
        await self.send_frame(hello)

    async def refuse(self, code: int, reason: str) -> None:
        if self.closed:
            return
        with contextlib.suppress(Exception):
            if not self.accepted:
                await self.accept()
                self.accepted = True
            await self.close(code=code, reason=reason)
        self.closed = True

    async def disconnect(self, code: int) -> None:
        self.closed = True
        for task in list(self.tasks):
            task.cancel()
        for group in self.groups_joined:
            with contextlib.suppress(Exception):
                await self.channel_layer.group_discard(group, self.channel_name)

    def forget(self) -> None:
        """Drops whatever this process keeps about the socket (it is gone, one way or another)."""

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def send_frame(self, text: str) -> None:
        # Nothing before accept(): the hello frame brings it all (a presence change racing a
        # slow connect once reached the server as "send before accept", under load).
        if self.closed or not self.accepted:
            return
        await self.send(text_data=text)  # a client gone: _send_to_server marks it closed

    # --- client messages ------------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.closed:
            return
        msg: protocol.ClientMessage | None = None
        try:
            wait = self.limit.take()
            if wait:
                retry = max(1, round(wait))
                raise ApiError(
                    429,
                    "rate_limited",
                    f"Too many messages; try again in {retry} seconds.",
                    retry_after=retry,
                )
            msg = protocol.parse(text_data)
            if self.user is None:
                await self._first_message_auth(msg)
                return
            handler = getattr(self, f"on_{msg.t}", None)
            if handler is None:
                raise ApiError(400, "invalid_input", f"t: unknown message type {msg.t!r}.")
            await handler(msg)
        except ApiError as err:
            command_id = msg.d.get("command_id") if msg else None
            await self.send_frame(protocol.error_frame(err, self.current_v(), command_id))
        except Exception:
            log.exception("socket %s: message not handled", self.scope.get("path"))
            failure = ApiError(500, "server_error", "Something went wrong on our side; try again.")
            command_id = msg.d.get("command_id") if msg else None
            await self.send_frame(protocol.error_frame(failure, self.current_v(), command_id))

    async def _first_message_auth(self, msg: protocol.ClientMessage) -> None:
        if msg.t != "auth":
            await self.refuse(protocol.UNAUTHENTICATED, "The first message must be 'auth'.")
            return
        key = msg.d.get("token")
        hit = cached_token(key)
        found: tuple[Any, str, int | None] = (
            (hit[0], "token", hit[1]) if hit is not None else await run_read(token_auth, key)
        )
        user, how, token_id = found
        if how != "token":
            await self.refuse(*REFUSALS[how])
            return
        refusal = self.take_slot(user)
        if refusal is not None:
            await self.refuse(protocol.TOO_MANY_SOCKETS, refusal)
            return
        self.user = user
        self.token = key
        self.token_id = token_id
        if await self.join_token():
            await self.open()

    async def on_ping(self, msg: protocol.ClientMessage) -> None:
        await self.send_frame(frame("pong", None, self.current_v()))

    def current_v(self) -> int | None:
        return None


class MatchConsumer(SocketConsumer):
    """``/ws/matches/<id>/``: the match as this user's seat sees it, live."""

    entered = False  # in presence (realtime/presence.py), from open() on

    def slot_match(self) -> int | None:
        return int(self.scope["url_route"]["kwargs"]["match_id"])

    async def open(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.version = 0
        self.seat: int | None = None
        self.presence_version = 0  # of presence.users: the last list this socket was shown
        try:
            after = protocol.after_param(self.scope)
        except ApiError as err:
            await self.refuse(protocol.BAD_REQUEST, err.message)
            return
        # Join first, then read: an announcement racing the read is caught up afterwards.
        if not await self.join(match_group(self.match_id)):
            return
        try:
            detail = await run_read(
                signed_in, self.token_id, _match_hello, self.match_id, self.user, after
            )
        except SignedOut:
            await self.refuse(protocol.UNAUTHENTICATED, SIGNED_OUT)
            return
        except ApiError as err:
            # A private match that is not theirs: 4403 (as its REST endpoints answer 403).
            code = protocol.FORBIDDEN if err.status_code == 403 else protocol.NOT_FOUND
            await self.refuse(code, err.message)
            return
        self.version, self.seat = detail["version"], detail["seat"]
        before = presence.version(self.match_id)
        presence.enter(self.match_id, self.channel_name, self, self.person())
        self.entered = True
        if presence.version(self.match_id) != before:  # a new person, not another tab
            presence_hub.changed(self.match_id)
        await self.watch(
            watch_start, user_id=self.user.pk, match_id=self.match_id, socket=self.channel_name
        )
        self.presence_version = presence.version(self.match_id)
        users = presence.users(self.match_id)
        await self.start(frame("hello", {**detail, "presence": users}, self.version))
        beat.ensure_running()  # the process's one beat for all its sockets (realtime/beat.py)

    def current_v(self) -> int | None:
        return getattr(self, "version", None)

    # --- versions -------------------------------------------------------------------------------

    async def match_version(self, message: MatchVersionMessage) -> None:
        if self.closed or self.user is None or message["version"] <= self.version:
            return
        adopt(message)
        # Rendered once for the viewers this process has sockets for, not for every seat.
        viewers = {c.seat for c in presence.local_consumers(self.match_id)} | {self.seat}
        update = await updates.get(self.match_id, self.version, message["version"], viewers)
        if update is None or update.version <= self.version:
            return
        self.reseat(update.seat_of_user.get(self.user.pk))
        text = update.texts.get(self.seat)
        if text is None:  # the seat changed under the read: render again for the new one
            update = await run_read(match_update, self.match_id, self.version, [self.seat])
            if update is None or update.version <= self.version:
                return
            text = update.texts[self.seat]
        await self.send_frame(text)
        self.version = update.version

    async def match_chat(self, message: MatchChatMessage) -> None:
        # Chat is the players' own: a spectator's socket (no seat) never asks; a seat's asks
        # whether the seat is taken now (an invitation not yet accepted reads no chat).
        if self.closed or self.user is None or self.seat is None:
            return
        if await run_read(selectors.may_read_chat, self.match_id, self.user):
            await self.send_frame(frame("chat", message["message"]))

    async def on_resume(self, msg: protocol.ClientMessage) -> None:
        after = protocol.whole_number(msg.v, "resume")
        update = await run_read(match_update, self.match_id, after, [self.seat], unchanged_too=True)
        if update is None:
            raise ApiError(404, "match_not_found", f"There is no match {self.match_id}.")
        if after > update.version:
            raise ApiError(
                409,
                "stale_version",
                f"The match is at version {update.version}, not {after}; reload.",
                current_version=update.version,
            )
        self.reseat(update.seat_of_user.get(self.user.pk))
        text = update.texts.get(self.seat)
        if text is None:  # the seat changed under the read: render again for the new one
            update = await run_read(
                match_update, self.match_id, after, [self.seat], unchanged_too=True
            )
            if update is None:  # deleted between the two reads
                raise ApiError(404, "match_not_found", f"There is no match {self.match_id}.")
            text = update.texts[self.seat]
        await self.send_frame(text)
        self.version = max(self.version, update.version)

    # --- commands -------------------------------------------------------------------------------

    async def on_command(self, msg: protocol.ClientMessage) -> None:
        args = protocol.command_input(msg.d)
        await self._run(services.match_submit_command, args)

    async def on_undo(self, msg: protocol.ClientMessage) -> None:
        await self._run(services.match_undo, protocol.undo_input(msg.d))

    async def on_resign(self, msg: protocol.ClientMessage) -> None:
        await self._run(services.match_resign, protocol.resign_input(msg.d))

    async def _run(self, service: Callable[..., dict[str, Any]], args: dict[str, Any]) -> None:
        # The REST endpoint's guarantees (core/api/guard.py): a write budget from the message's
        # arrival (503 busy, nothing applied, once it is spent) and a truthful server error.
        received = time.monotonic()
        # A token revoked since the socket opened (log-out, a password change) acts no more:
        # at once in the revoking process, within LUDOTEKA_TOKEN_CACHE_SECONDS elsewhere.
        # A live entry of this process's cache answers in the loop; only a miss reads.
        token = self.token
        if (
            token is not None
            and cached_credentials(token) is None
            and not await run_read(token_still_valid, token)
        ):
            await self.refuse(protocol.UNAUTHENTICATED, SIGNED_OUT)
            return
        states: list[RequestState] = []

        def call() -> dict[str, Any]:
            with guarded(write=True, started=received) as state:
                states.append(state)
                return service(match_id=self.match_id, user=self.user, **args)

        try:
            result = await _in_thread(call)
        except ApiError:
            raise
        except Exception:
            log.exception("socket command failed on match %s", self.match_id)
            saved = bool(states and states[0].saved)
            message = (
                "Something went wrong on our side after your command was saved; resume to see it."
                if saved
                else "Something went wrong on our side; nothing was saved."
            )
            raise ApiError(500, "server_error", message, saved=saved) from None
        # As rendered when it was made: the state it came from may have moved on since.
        result = result.fresh() if isinstance(result, Answer) else result
        # The events reach this socket as an ``events`` frame too, from the announcement.
        await self.send_frame(
            frame("ack", {**result, "command_id": args["command_id"]}, result["version"])
        )

    # --- presence (presence.py, presence_hub.py) --------------------------------------------

    def person(self) -> presence.Person:
        name = getattr(self.user, "public_name", self.user.get_username())
        return presence.person(self.user.pk, self.user.get_username(), name, self.seat)

    def reseat(self, seat: int | None) -> None:
        """The user's seat now (an invitation accepted, a seat left): presence shows it."""
        if seat == self.seat:
            return
        self.seat = seat
        if presence.reseat(self.match_id, self.channel_name, self.person()):
            presence_hub.changed(self.match_id)

    async def show_presence(self, text: str, version: int) -> None:
        """A presence frame rendered once for the match's sockets (presence_hub.py)."""
        if self.closed or not self.accepted:
            return  # the hello will carry the list
        self.presence_version = version
        await self.send_frame(text)

    async def watch(self, fn: Callable[..., None], **kwargs: Any) -> None:
        """Record in the database that this user looks at the match (``watching``), for the
        notifications "only when I am not looking"; a failure costs at most an extra push. The
        process's beat renews it (realtime/beat.py)."""
        try:
            await run_read(fn, ttl=beat.watch_ttl(), **kwargs)
        except Exception:
            log.warning("watch of match %s not recorded", self.match_id, exc_info=True)

    async def disconnect(self, code: int) -> None:
        if self.user is not None and self.groups_joined:
            self.forget()
            with contextlib.suppress(Exception):
                await run_read(watch_stop, socket=self.channel_name)
        await super().disconnect(code)

    def forget(self) -> None:
        if self.entered:
            self.entered = False
            presence.leave(self.match_id, self.channel_name)
            presence_hub.changed(self.match_id)  # nothing goes out unless the roster changed


def _match_hello(match_id: int, user: Any, after: int | None) -> dict[str, Any]:
    match = selectors.match_get(match_id, user=user)
    detail = selectors.match_detail(match=match, user=user)
    if after is not None and after <= match.version:
        # What a returning client missed, in the hello: no resume, no second render of the view.
        events = selectors.match_events(match=match, user=user, since=after, until=match.version)
        detail["catch_up"] = {"after": after, "events": events}
    return detail


class UserConsumer(SocketConsumer):
    """``/ws/me/``: the home screen, live: notifications as they are written, match rows."""

    polled = False  # in the process's outbox poll, from open() on

    async def open(self) -> None:
        self.cursor = 0
        self.lock = asyncio.Lock()
        if not await self.join(user_group(self.user.pk)):
            return
        try:
            hello = await run_read(signed_in, self.token_id, _user_hello, self.user)
        except SignedOut:
            await self.refuse(protocol.UNAUTHENTICATED, SIGNED_OUT)
            return
        self.cursor = hello.pop("cursor")
        await self.start(frame("hello", hello, self.cursor))
        outbox_poll.enter(self.user.pk, self)  # the process's one poll (realtime/outbox_poll.py)
        self.polled = True

    def forget(self) -> None:
        if self.polled:
            self.polled = False
            outbox_poll.leave(self.user.pk, self)

    def current_v(self) -> int | None:
        return getattr(self, "cursor", None)

    async def match_version(self, message: MatchVersionMessage) -> None:
        if self.closed or self.user is None:
            return
        adopt(message)
        # From the commit when this process holds it, else read once per process for all the
        # match's players (reads.home_update).
        match_id, version = message["match"], message["version"]
        home = home_from_commit(match_id, version) or await homes.get(
            (match_id, version), match_id, version
        )
        if home is None:
            return
        line = home.line(self.user.pk)
        if line is not None:
            await self.send_frame(frame("match", line, self.cursor))
        if home.newest.get(self.user.pk, 0) > self.cursor:
            await self.deliver()

    async def deliver(self, after: int | None = None) -> None:
        """Notifications after the cursor (or ``after``, on a resume), in order."""
        async with self.lock:
            start = self.cursor if after is None else after
            while True:
                rows = await run_read(notifications_after, self.user.pk, start, PAGE)
                for row in rows:
                    await self.send_frame(frame("notification", row, row["id"]))
                if rows:
                    start = rows[-1]["id"]
                    self.cursor = max(self.cursor, start)
                if len(rows) < PAGE:
                    return

    async def on_resume(self, msg: protocol.ClientMessage) -> None:
        await self.deliver(after=protocol.whole_number(msg.v, "resume"))


def _user_hello(user: Any) -> dict[str, Any]:
    cursor = latest_notification_id(user.pk)
    return {
        "user": {"id": user.pk, "username": user.get_username(), "name": user.public_name},
        "my_turn": my_turn_ids(user.pk),
        "notifications": recent_notifications(user.pk, 20),
        "cursor": cursor,
    }


class NotFoundConsumer(SocketConsumer):
    """Any other path: accepted only to say 4404."""

    async def connect(self) -> None:
        await self.refuse(protocol.NOT_FOUND, "There is no socket at this path.")

    async def open(self) -> None:
        await self.refuse(protocol.NOT_FOUND, "There is no socket at this path.")
