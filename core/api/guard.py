"""What a request has saved, and how long its writes may take: truthful errors under load.

``RequestGuard`` (a middleware; the sockets use ``guarded``) gives each request a
``RequestState``:

- ``saved``: whether any of its writes has been committed. A write statement run outside a
  transaction is committed at once; one inside a transaction counts when the outermost
  transaction commits (an ``on_commit`` hook, dropped by Django if the transaction or its
  savepoint rolls back). A server error then says "nothing was saved" only when that is true.
- ``deadline``: a write request must be answered within ``LUDOTEKA_WRITE_BUDGET`` seconds of
  reaching the server, shorter than a client's timeout, so that it is never applied after its
  client gave up and was told (or assumed) it failed. A write that finds the budget spent
  (queued behind others, waiting for a lock) gives up before its transaction commits with
  503 ``busy`` and ``Retry-After``: nothing of it was applied, and the client's retry with the
  same ``command_id`` is safe. Lock waits themselves are bounded by ``LUDOTEKA_DB_LOCK_WAIT``
  (SQLite's busy timeout, PostgreSQL's ``lock_timeout``); a wait that runs out is the same 503.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse

from core.api.errors import RETRY_AFTER, busy

log = logging.getLogger(__name__)

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "MERGE")


@dataclass
class RequestState:
    deadline: float | None  # time.monotonic() by which a write must commit, or None
    saved: bool = False

    def mark_saved(self) -> None:
        self.saved = True


_current: ContextVar[RequestState | None] = ContextVar("ludoteka_request", default=None)


def current() -> RequestState | None:
    return _current.get()


def check_deadline() -> None:
    """Call last inside a write's transaction: refuse (rolling it back) once the request's time
    budget is spent, so that nothing commits after its client stopped waiting."""
    state = _current.get()
    if state is not None and state.deadline is not None and time.monotonic() > state.deadline:
        raise busy()


def _is_write(sql: str) -> bool:
    head = sql.lstrip()[:8].upper()
    if head.startswith(_WRITES):
        return True
    # The event store's append is one "WITH moved AS (UPDATE ...) ... INSERT" statement.
    return head.startswith("WITH") and any(w in sql.upper() for w in _WRITES)


def _tracker(state: RequestState) -> Callable[..., Any]:
    def execute(run: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        result = run(sql, params, many, context)
        if isinstance(sql, str) and _is_write(sql):
            db = context["connection"]
            if db.in_atomic_block:
                db.on_commit(state.mark_saved)  # dropped if this (savepoint) rolls back
            else:
                state.mark_saved()
        return result

    return execute


@contextmanager
def guarded(*, write: bool, started: float | None = None) -> Iterator[RequestState]:
    """Track what the code inside saves, and give it a write budget from ``started``."""
    start = time.monotonic() if started is None else started
    budget = float(settings.LUDOTEKA_WRITE_BUDGET)
    state = RequestState(deadline=start + budget if write else None)
    token = _current.set(state)
    try:
        with connection.execute_wrapper(_tracker(state)):
            yield state
    finally:
        _current.reset(token)


def _json_error(status: int, body: dict[str, Any], headers: dict[str, str]) -> HttpResponse:
    response = JsonResponse(body, status=status, headers=headers)
    response._has_been_logged = True  # type: ignore[attr-defined]  # a refusal, not a bug
    return response


def too_large_response(limit: int) -> HttpResponse:
    return _json_error(
        413,
        {
            "code": "payload_too_large",
            "message": f"The request body is larger than {limit} bytes.",
        },
        {},
    )


class RequestGuard:
    """The middleware: a ``RequestState`` for every request (``request.ludoteka``), bodies over
    ``DATA_UPLOAD_MAX_MEMORY_SIZE`` refused with 413 before they are read, and writes that
    arrive with their budget already spent (queued too long) refused with 503."""

    sync_capable = True
    async_capable = False

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        length = request.META.get("CONTENT_LENGTH") or "0"
        if limit is not None and (not length.isascii() or not length.isdigit()):
            return _json_error(
                400, {"code": "bad_request", "message": "Content-Length is not a number."}, {}
            )
        if limit is not None and int(length) > limit:
            return too_large_response(limit)
        write = request.method not in SAFE_METHODS
        # Under ASGI the clock starts when the request reached the server (core.asgi stamps
        # the scope), so time spent queued for a worker thread counts too.
        scope = getattr(request, "scope", None) or {}
        started = scope.get("ludoteka.received", request.META.get("ludoteka.received"))
        with guarded(write=write, started=started) as state:
            request.ludoteka = state  # type: ignore[attr-defined]
            if state.deadline is not None and time.monotonic() > state.deadline:
                log.warning("busy: %s %s queued past its budget", request.method, request.path)
                err = busy("The server is too busy to take this now; nothing was saved.")
                return _json_error(503, err.body(), {"Retry-After": str(RETRY_AFTER)})
            return self.get_response(request)
