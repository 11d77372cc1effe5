"""A real SMTP server on loopback (aiosmtpd), and the server's mail sent to it over SMTP."""

from __future__ import annotations

import email
import re
import socket
import threading
from collections.abc import Iterator
from email.message import EmailMessage
from email.policy import default
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from tests.core.async_play.conftest import clock  # noqa: F401  (the fixture, shared)


class Mailbox:
    """What the SMTP server received, parsed."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self._lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = email.message_from_bytes(envelope.content, policy=default)
        with self._lock:
            self.messages.append(parsed)  # type: ignore[arg-type]
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if address in str(m["To"])]

    @staticmethod
    def body(message: EmailMessage) -> str:
        part = message.get_body(preferencelist=("plain",))
        assert part is not None
        return str(part.get_content()).replace("\r\n", "\n")

    def link(self, message: EmailMessage, pattern: str) -> str:
        found = re.search(pattern, self.body(message))
        assert found, self.body(message)
        return found.group(0)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def smtp(settings: Any) -> Iterator[Mailbox]:
    """The server's mail goes over SMTP to a server on loopback, as with
    ``EMAIL_URL=smtp://127.0.0.1:<port>``."""
    box = Mailbox()
    port = _free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    settings.LUDOTEKA_EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_TIMEOUT = 10
    try:
        yield box
    finally:
        controller.stop()
