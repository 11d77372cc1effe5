"""A client gone while its socket is being opened is no server error (issue 40: "Expected ASGI
message 'websocket.accept' … got 'websocket.send'").

uvicorn's WebSocket protocol drops an ``accept`` silently when the connection is already
closing (a reset seen by the event loop, ``connection_lost`` not yet called) and then refuses
the ``hello`` after it as sent before accept. The server is driven here at its protocol level,
with a transport that closes between the handshake request and the application's answer.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


class ResetTransport(asyncio.Transport):
    """The server's end of a connection the client resets during the handshake."""

    def __init__(self) -> None:
        super().__init__()
        self.closing = False
        self.written: list[bytes] = []

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        addresses = {"peername": ("127.0.0.1", 50000), "sockname": ("127.0.0.1", 8000)}
        return addresses.get(name, default)

    def write(self, data: Any) -> None:
        self.written.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def handshake(path: str) -> bytes:
    return (
        f"GET {path} HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n"
    ).encode()


class Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_client_reset_before_the_accept_ends_the_socket_without_an_error(players: Any) -> None:
    from core.asgi import application

    path = f"/ws/matches/{players['match']}/?token={players['tokens']['bob']}"
    sent: list[str] = []

    async def scenario() -> None:
        config = Config(app=application, ws="websockets-sansio", lifespan="off", log_config=None)
        config.load()
        state = ServerState()
        server = WebSocketsSansIOProtocol(config, state, {}, _loop=asyncio.get_running_loop())
        send = server.send

        async def recorded(message: Any) -> None:
            sent.append(message["type"])
            await send(message)

        server.send = recorded  # type: ignore[method-assign]
        transport = ResetTransport()
        server.connection_made(transport)
        server.data_received(handshake(path))
        transport.closing = True  # the reset: the loop closed the transport, the app runs on
        for _ in range(200):
            if "websocket.accept" in sent:
                break
            await asyncio.sleep(0.025)
        await asyncio.sleep(0.2)  # the hello, right behind the accept
        server.connection_lost(ConnectionResetError())
        for _ in range(200):
            if not state.tasks:
                break
            await asyncio.sleep(0.025)
        assert not state.tasks  # the application has ended

    errors = Collect()
    server_log = logging.getLogger("uvicorn.error")  # where uvicorn reports the application
    server_log.addHandler(errors)
    try:
        async_to_sync(scenario)()
    finally:
        server_log.removeHandler(errors)
    assert "websocket.accept" in sent
    assert errors.records == [], [r.getMessage() for r in errors.records]
