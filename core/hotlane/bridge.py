"""HTTP for the ASGI server: Django's WSGI handler on a pool of threads.

The sockets need ASGI; the REST API is synchronous Django code. Under Django's own ASGI handler
each request crosses between the event loop and worker threads several times (signals, the
middleware chain, the view, closing the response), with a new thread per request.

Here the event loop only parses HTTP (uvicorn) and reads the body; one hop to a pool thread
runs the whole request as a WSGI server would (request_started → middleware → view →
response.close() and request_finished, so database connections go back to the pool), and one
message carries the answer back. A streamed answer (NDJSON events, files) is sent chunk by
chunk from the thread. The pool threads carry asgiref's marks of its sync_to_async threads, so
``async_to_sync`` inside a request (the channel layer's broadcast) runs on this server's event
loop, where the in-process channel layer's sockets listen.

Why not a maintained adapter (bench/bridge_bench.py, 2026-11-28, a machine at load 25-27: CPU
per request of the whole process, 8 in flight):

- a2wsgi's ``WSGIMiddleware`` (with the same arrival stamp, header filter and loop marks
  around it) cost 433-497 µs a request against this module's 56-87 µs with a WSGI application
  that answers at once, and 0.95-1.37 ms against 0.74-0.93 ms through Django's handler (a 404):
  it hands every message (the start, each chunk, the end, each body read) between the thread
  and the loop by a future and a queue; here the answer goes back in the thread's return value;
- asgiref's ``WsgiToAsgi`` runs every request on one thread (``sync_to_async``'s
  thread-sensitive default) and never calls the answer's ``close()``, so Django's
  request_finished, which hands the database connection back, would never fire;
- Django's ASGI handler: 4.3-4.7 ms a request through the same handler (a 404);
- a WSGI server (granian's, measured in bench/README.md) saved about 1 ms a command but needs
  a second server for the sockets.

tests/core/hotlane/test_equivalence.py sends the same requests through this bridge and through
Django's ASGI handler; test_bridge.py runs a real server (streamed answers, the broadcast).
"""

from __future__ import annotations

import asyncio
import contextvars
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from django.conf import settings

Send = Callable[[dict[str, Any]], Any]
Receive = Callable[[], Any]


class ThreadedWSGI:
    """An ASGI ``http`` application running the WSGI ``app`` on ``threads`` threads."""

    def __init__(self, app: Callable[..., Iterable[bytes]], threads: int) -> None:
        self.app = app
        self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="http")

    async def __call__(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        received = time.monotonic()
        # Closed by the request thread once it is done with it (_in_thread), or on a disconnect.
        body = tempfile.SpooledTemporaryFile(max_size=settings.FILE_UPLOAD_MAX_MEMORY_SIZE)  # noqa: SIM115
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                body.close()
                return
            body.write(message.get("body", b""))
            more = message.get("more_body", False)
        body.seek(0)
        environ = _environ(scope, body, received)
        loop = asyncio.get_running_loop()
        # A bare hop to a pool thread: asgiref's sync_to_async made a wrapper, an inspection
        # of the function, a shielded future and a context copy per request, about a tenth of
        # a server process's CPU under bench/api_bench.py (py-spy --gil). What a request needs
        # of it is set in _in_thread; the body is closed there, once the thread is done with it.
        answer = await loop.run_in_executor(
            self.executor, contextvars.copy_context().run, self._in_thread, loop, environ, send
        )
        if answer is not None:  # not streamed: the whole answer in two messages
            start, chunks = answer
            await send(start)
            await send({"type": "http.response.body", "body": b"".join(chunks)})

    def _in_thread(
        self, loop: asyncio.AbstractEventLoop, environ: dict[str, Any], send: Send
    ) -> tuple[dict[str, Any], list[bytes]] | None:
        # What sync_to_async's thread_handler sets: async_to_sync in this thread (a streamed
        # answer's chunks, the in-process channel layer's broadcast) then runs on this loop.
        SyncToAsync.threadlocal.main_event_loop = loop
        SyncToAsync.threadlocal.main_event_loop_pid = os.getpid()
        SyncToAsync.threadlocal.task_context = []
        try:
            return self._run(environ, send)
        finally:
            environ["wsgi.input"].close()

    def _run(
        self, environ: dict[str, Any], send: Send
    ) -> tuple[dict[str, Any], list[bytes]] | None:
        started: dict[str, Any] = {}

        def start_response(
            status: str, headers: list[tuple[str, str]], exc_info: Any = None
        ) -> Any:
            started["message"] = {
                "type": "http.response.start",
                "status": int(status.split(" ", 1)[0]),
                "headers": [(k.lower().encode("latin1"), v.encode("latin1")) for k, v in headers],
            }
            return lambda data: None  # the legacy write(): Django never calls it

        result = self.app(environ, start_response)
        try:
            if not getattr(result, "streaming", False):
                return started["message"], list(result)
            to_loop = async_to_sync(send)
            to_loop(started["message"])
            for chunk in result:
                if chunk:
                    to_loop({"type": "http.response.body", "body": chunk, "more_body": True})
            to_loop({"type": "http.response.body", "body": b""})
            return None
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()  # request_finished: database connections go back


def _environ(scope: dict[str, Any], body: Any, received: float) -> dict[str, Any]:
    """The PEP 3333 environ of an ASGI HTTP scope."""
    server = scope.get("server") or ("localhost", 80)
    client = scope.get("client") or ("", 0)
    path = scope["path"].encode("utf-8").decode("latin1")
    root = scope.get("root_path", "").encode("utf-8").decode("latin1")
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": root,
        "PATH_INFO": path[len(root) :] if root and path.startswith(root) else path,
        "QUERY_STRING": scope.get("query_string", b"").decode("latin1"),
        "SERVER_NAME": server[0],
        "SERVER_PORT": str(server[1]),
        "REMOTE_ADDR": client[0],
        "REMOTE_PORT": str(client[1]),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": body,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        # When the request reached the server: time queued for a thread counts from here.
        "ludoteka.received": received,
    }
    for raw_name, raw_value in scope.get("headers", []):
        if b"_" in raw_name:
            # As WSGI servers do: "X_Forwarded_Proto" would pass for "X-Forwarded-Proto".
            continue
        name = raw_name.decode("latin1").upper().replace("-", "_")
        value = raw_value.decode("latin1")
        key = name if name in ("CONTENT_TYPE", "CONTENT_LENGTH") else f"HTTP_{name}"
        if key in environ:
            value = f"{environ[key]},{value}"
        environ[key] = value
    return environ
