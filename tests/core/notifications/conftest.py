"""A controllable clock, a webhook receiver on loopback, mail kept in memory."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from tests.core.async_play.conftest import clock  # noqa: F401  (the fixture, shared)


@pytest.fixture(autouse=True)
def _mail_in_memory(settings: Any) -> None:
    settings.LUDOTEKA_EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.LUDOTEKA_WEBHOOK_ALLOW_PRIVATE = True
    settings.LUDOTEKA_WEBHOOK_TIMEOUT = 5.0


def your_turn_message(match_id: int, opponent: str) -> dict[str, Any]:
    """What a push or webhook carries for "your turn" in a race: no game state, nothing secret;
    the game and the other player by name, no numbers."""
    return {
        "kind": "your_turn",
        "match": match_id,
        "game": "race",
        "title": "Your turn: Race",
        "body": f"It is your turn in Race with {opponent}.",
        "url": f"http://127.0.0.1:8000/matches/{match_id}",
        "tag": f"match-{match_id}",
    }


class Receiver:
    """What the webhook receiver got, and the status it answers with next."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.requests: list[dict[str, Any]] = []
        self.status = 204
        self.location = ""

    def bodies(self) -> list[dict[str, Any]]:
        return [json.loads(r["body"]) for r in self.requests]


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    box: list[Receiver] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            rec = box[0]
            length = int(self.headers.get("Content-Length", "0"))
            rec.requests.append(
                {"headers": dict(self.headers), "body": self.rfile.read(length), "path": self.path}
            )
            self.send_response(rec.status)
            if rec.location:
                self.send_header("Location", rec.location)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    box.append(Receiver(f"http://127.0.0.1:{server.server_address[1]}/hook"))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield box[0]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


# Web Push: the loopback push service that checks VAPID and decrypts (tests/core/push).
from tests.core.push.conftest import _own_vapid_dev_file, push_service  # noqa: E402, F401
