"""The socket wire format, shared by every consumer.

Server to client, one JSON text frame each: ``{"t": type, "d": data, "v": version}``. On a match
socket ``v`` is the match version the frame brings the client to; on ``/ws/me/`` it is the id of
the newest notification delivered.

Match socket, server to client:

- ``hello``: on connect, the match as ``GET /api/matches/<id>`` shows it to this user (their
  seat's view, or a spectator's) plus ``presence``. A socket opened with ``?after=N`` (the
  version the client's log is complete up to, N <= v) also gets ``catch_up: {after: N,
  events}``, the events with ``N < seq <= v`` redacted as in an ``events`` frame: a client
  coming back needs no ``resume`` and the view is rendered once. A malformed ``after`` closes
  the socket with 4400.
- ``events``: ``{after, events, view, status, active_seats, outcome}``, the events with
  ``after < seq <= v`` redacted for this seat (an invisible one is ``{"seq": n}``) and the view at
  ``v``. Frames on one socket are contiguous: each ``after`` is the previous frame's ``v``.
- ``presence``: ``{users: [{id, user, name, seat}]}``, who has the match open (each user once,
  however many sockets they hold); sent when that list changes.
- ``chat``: a new chat message ``{id, user, name, text, at}`` as ``GET .../chat`` lists it, to
  the match's players only; no ``v``. One lost with the channel layer is not sent again: a
  client reads the chat when its socket (re)opens.
- ``ack``: the answer of a command, undo or resignation, the same body as the REST endpoint plus
  ``command_id``. ``error``: ``{status, code, message, ...}`` as REST would answer, plus
  ``command_id`` when the message had one. ``pong``.

Credentials, one of: the subprotocols ``ludoteka`` and ``ludoteka.token.<key>`` (the
``Sec-WebSocket-Protocol`` header: ``new WebSocket(url, ["ludoteka", "ludoteka.token." + key])``
in a browser; the server answers ``ludoteka``, never the token), the session cookie (from this
site's origin only), or, legacy, ``?token=<key>`` in the URL (it lands in access logs: do not use
it in new clients). A socket opened with none may send ``auth`` as its first frame (below).

Client to server: ``{"resume": v}`` (or ``{"t": "resume", "v": v}``) for exactly the events after
``v``; ``{"t": "command", "d": {command_id, command, expected_version?}}``;
``{"t": "undo", "d": {command_id, scope?, expected_version?}}``;
``{"t": "resign", "d": {command_id}}``; ``{"t": "ping"}``; and, on a socket opened without
credentials, first of all ``{"t": "auth", "d": {"token": key}}``.

A refused socket is accepted and closed at once with one of the codes below: a WebSocket
refused during the handshake reaches a browser as a bare 1006, with no reason to show. 4429 is
the caps of one server process (``realtime/limits.py``): at most ``LUDOTEKA_WS_MAX_PER_USER``
(20) sockets of one user and ``LUDOTEKA_WS_MAX_PER_MATCH`` (1000) of one match; a client may
come back later (with a growing pause), when one of its others has closed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

from core import boundedjson
from core.api.errors import ApiError
from core.jsonbytes import compact_json

BAD_REQUEST = 4400  # a malformed query parameter (``after``)
# No credentials, bad ones, or no auth message in time; or signed out: the token (or the
# session's log-in) the socket stands on was revoked, which closes it at once
# (core/accounts/revocation.py). A client shows its sign-in screen and does not reconnect.
UNAUTHENTICATED = 4401
FORBIDDEN = 4403  # a session cookie sent from a foreign origin, or a disabled account
NOT_FOUND = 4404  # no such match (or no such socket path)
TOO_MANY_SOCKETS = 4429  # this user, or this match, holds as many sockets as a process allows
TRY_AGAIN_LATER = 1013  # the channel layer is unreachable: reconnect later and resume


def frame(t: str, d: Any = None, v: int | None = None) -> str:
    out: dict[str, Any] = {"t": t}
    if d is not None:
        out["d"] = d
    if v is not None:
        out["v"] = v
    return compact_json(out).decode()


def error_frame(err: ApiError, v: int | None, command_id: Any = None) -> str:
    d: dict[str, Any] = {"status": err.status_code, **err.body()}
    if isinstance(command_id, str):
        d["command_id"] = command_id
    return frame("error", d, v)


@dataclass(frozen=True)
class ClientMessage:
    t: str
    d: dict[str, Any]
    v: Any = None


def parse(text: str | None) -> ClientMessage:
    """One client frame; ``{"resume": v}`` is the short form of ``{"t": "resume", "v": v}``."""
    if text is None:
        raise ApiError(400, "malformed_json", "Send JSON in text frames.")
    try:
        raw = boundedjson.loads(text)  # nesting bounded: no RecursionError
    except ValueError as err:
        raise ApiError(400, "malformed_json", "The message is not valid JSON.") from err
    if not isinstance(raw, dict):
        raise ApiError(400, "invalid_input", "A message is a JSON object with a type 't'.")
    if "t" not in raw and "resume" in raw:
        raw = {"t": "resume", "v": raw["resume"]}
    t, d = raw.get("t"), raw.get("d", {})
    if not isinstance(t, str) or not t:
        raise ApiError(400, "invalid_input", "t: the message type is required.")
    if not isinstance(d, dict):
        raise ApiError(400, "invalid_input", "d: must be a JSON object.")
    return ClientMessage(t, d, raw.get("v"))


def after_param(scope: dict[str, Any]) -> int | None:
    """The socket URL's ``?after=N``: None when absent; ApiError 400 unless a whole number."""
    values = parse_qs(scope.get("query_string", b"").decode("latin1")).get("after")
    if not values:
        return None
    text = values[0]
    if not (text.isascii() and text.isdigit()) or len(text) > 18:  # no sign, space or overflow
        raise ApiError(400, "invalid_input", "after: must be a whole number of 0 or more.")
    return int(text)


def whole_number(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ApiError(400, "invalid_input", f"{name}: must be a whole number of 0 or more.")
    return value


# The inputs below check what the REST endpoints' serializers check, with the same codes.


def _command_id(d: dict[str, Any]) -> str:
    value = d.get("command_id")
    if value is None:
        raise ApiError(400, "invalid_input", "command_id: This field is required.")
    if not isinstance(value, str) or not value or len(value) > 64:
        raise ApiError(400, "invalid_input", "command_id: a string of 1 to 64 characters.")
    return value


def _expected_version(d: dict[str, Any]) -> int | None:
    value = d.get("expected_version")
    return None if value is None else whole_number(value, "expected_version")


def command_input(d: dict[str, Any]) -> dict[str, Any]:
    command_id = _command_id(d)
    if "command" not in d:
        raise ApiError(400, "invalid_input", "command: This field is required.")
    return {
        "command_id": command_id,
        "command": d["command"],
        "expected_version": _expected_version(d),
    }


def undo_input(d: dict[str, Any]) -> dict[str, Any]:
    command_id = _command_id(d)
    scope = d.get("scope", "step")
    if scope not in ("step", "turn"):
        raise ApiError(400, "invalid_input", 'scope: "step" or "turn".')
    return {"command_id": command_id, "scope": scope, "expected_version": _expected_version(d)}


def resign_input(d: dict[str, Any]) -> dict[str, Any]:
    return {"command_id": _command_id(d)}


@dataclass
class RateLimit:
    """A token bucket per socket: the REST user rate, as a burst and a steady pace."""

    rate: float  # messages per second
    burst: float
    tokens: float = field(default=-1.0)
    at: float = field(default_factory=time.monotonic)

    def take(self) -> float:
        """0 when the message may pass; otherwise the seconds to wait."""
        now = time.monotonic()
        if self.tokens < 0:
            self.tokens = self.burst
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate
