"""The probes at the front of the ASGI application (core/asgi.py).

Under load, every request thread of a web process may be busy; a probe queued behind them
would time out, and an orchestrator would take a merely busy process for a dead (liveness)
or cut-off (readiness) one, moving its load onto the others. So ``/healthz`` is answered from
the event loop itself (the process is alive when its loop turns), and ``/readyz`` checks the
database and Redis in threads of its own, within ``TIMEOUT`` seconds. The Django middleware
(``core.ops.middleware``) answers the same paths for any other server (WSGI, tests).
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.db import connection

from core.ops import metrics
from core.ops.middleware import readiness

TIMEOUT = 4.0


def _ready() -> tuple[int, dict[str, str]]:
    try:
        checks = readiness()
    finally:
        connection.close()  # back to the pool: this thread serves no request
    ready = all(v == "ok" for v in checks.values())
    return (200 if ready else 503), {"status": "ok" if ready else "down", **checks}


LAG_EVERY = 0.5  # seconds between two samples of the event loop's lag


async def watch_loop_lag() -> None:
    """Samples how late the event loop runs a timer (``ludoteka_event_loop_lag_seconds``)."""
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + LAG_EVERY
        await asyncio.sleep(LAG_EVERY)
        metrics.LOOP_LAG_SECONDS.observe(max(0.0, loop.time() - due))


class Probes:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="probe")
        self.lag_watch: asyncio.Task[None] | None = None

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if self.lag_watch is None or self.lag_watch.get_loop() is not asyncio.get_running_loop():
            # Started by the first connection (or lifespan message) on the server's loop.
            self.lag_watch = asyncio.get_running_loop().create_task(watch_loop_lag())
        path = scope.get("path") if scope["type"] == "http" else None
        if path == "/healthz":
            await _answer(send, 200, {"status": "ok"})
        elif path == "/readyz":
            loop = asyncio.get_running_loop()
            try:
                status, body = await asyncio.wait_for(
                    loop.run_in_executor(self.executor, _ready), TIMEOUT
                )
            except TimeoutError:
                status, body = 503, {"status": "down", "checks": f"no answer in {TIMEOUT} s"}
            await _answer(send, status, body)
        else:
            await self.app(scope, receive, send)


async def _answer(send: Any, status: int, body: dict[str, Any]) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"cache-control", b"no-store")],
        }
    )
    await send({"type": "http.response.body", "body": json.dumps(body).encode()})
