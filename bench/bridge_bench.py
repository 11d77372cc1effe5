"""What the HTTP bridge costs a request, in one process, without a network. Prints JSON.

``api_bench.py`` measures the whole stack; on a shared machine its figures move with the load,
and a bridge's share of a command (some tenths of a millisecond) drowns there. This drives each
ASGI bridge from an event loop as uvicorn would (``--concurrency`` requests in flight, each
body in one message) and counts the process's CPU time per request (every thread: the loop's
and the pool's):

* ``--app trivial``: a WSGI application answering 200 with a small body at once, so the figure
  is the bridge alone: ``core.hotlane.bridge`` and a2wsgi's ``WSGIMiddleware`` (if installed;
  not a dependency) with what that bridge adds around a WSGI adapter;
* ``--app django``: Django's whole handler (middleware, URL resolution, a 404 answer: no
  database) through the WSGI bridges and through Django's own ASGI handler.

    .venv/bin/python bench/bridge_bench.py [--app trivial|django] [--requests 5000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def trivial_wsgi(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    environ["wsgi.input"].read()
    start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", "11")])
    return [b'{"ok":true}']


async def one(app: Any, path: str) -> int:
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [
            (b"host", b"127.0.0.1"),
            (b"content-type", b"application/json"),
            (b"content-length", b"2"),
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    delivered = asyncio.Event()
    status = 0

    async def receive() -> dict[str, Any]:
        if not delivered.is_set():
            delivered.set()
            return {"type": "http.request", "body": b"{}", "more_body": False}
        await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    await app(scope, receive, send)
    return status


async def drive(app: Any, path: str, requests: int, concurrency: int) -> dict[str, Any]:
    async def worker(n: int) -> list[int]:
        return [await one(app, path) for _ in range(n)]

    await asyncio.gather(*(worker(20) for _ in range(concurrency)))  # warm up
    cpu, wall = time.process_time(), time.perf_counter()
    per = requests // concurrency
    statuses = await asyncio.gather(*(worker(per) for _ in range(concurrency)))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    n = per * concurrency
    return {
        "requests": n,
        "statuses": sorted({s for batch in statuses for s in batch}),
        "cpu_us_per_request": round(cpu / n * 1e6, 1),
        "wall_us_per_request": round(wall / n * 1e6, 1),
    }


def a2wsgi_bridge(wsgi: Any, threads: int) -> Any:
    """a2wsgi's ``WSGIMiddleware`` with what core.hotlane.bridge adds to a WSGI bridge (the
    arrival stamp, underscored headers dropped, asgiref's loop marks on the pool threads), or
    None when a2wsgi is not installed (it is not a dependency: ``pip install a2wsgi``)."""
    try:
        from a2wsgi import WSGIMiddleware
    except ImportError:
        return None
    from asgiref.sync import SyncToAsync

    def marked(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        scope = environ["asgi.scope"]
        environ["ludoteka.received"] = scope["ludoteka.received"]
        local = SyncToAsync.threadlocal
        local.main_event_loop = scope["ludoteka.loop"]
        local.main_event_loop_pid = os.getpid()
        local.task_context = []
        return wsgi(environ, start_response)

    adapter = WSGIMiddleware(marked, workers=threads)

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        scope = {
            **scope,
            "headers": [(k, v) for k, v in scope["headers"] if b"_" not in k],
            "ludoteka.received": time.monotonic(),
            "ludoteka.loop": asyncio.get_running_loop(),
        }
        await adapter(scope, receive, send)

    return app


def bridges(wsgi: Any, threads: int) -> dict[str, Any]:
    from core.hotlane.bridge import ThreadedWSGI

    found = {"core.hotlane.bridge": ThreadedWSGI(wsgi, threads=threads)}
    a2 = a2wsgi_bridge(wsgi, threads)
    if a2 is not None:
        found["a2wsgi"] = a2
    else:
        print("a2wsgi is not installed: not measured", file=sys.stderr)
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", choices=["trivial", "django"], default="trivial")
    parser.add_argument("--requests", type=int, default=5000)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "core.settings.base")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ.setdefault("DJANGO_DEBUG", "false")
    import django

    django.setup()
    from django.core.asgi import get_asgi_application
    from django.core.wsgi import get_wsgi_application

    wsgi = trivial_wsgi if args.app == "trivial" else get_wsgi_application()
    apps = bridges(wsgi, args.threads)
    if args.app == "django":
        apps["django ASGIHandler"] = get_asgi_application()
    path = "/api/no-such-thing"
    figures = {}
    for name, app in apps.items():  # twice each, alternating: the first rounds warm caches
        figures[name] = [asyncio.run(drive(app, path, args.requests, args.concurrency))]
    for name, app in apps.items():
        figures[name].append(asyncio.run(drive(app, path, args.requests, args.concurrency)))
    print(
        json.dumps(
            {
                "bench": "bridge",
                "app": args.app,
                "concurrency": args.concurrency,
                "threads": args.threads,
                "runs": figures,
                "loadavg": [round(x, 2) for x in os.getloadavg()],
            }
        )
    )


if __name__ == "__main__":
    main()
