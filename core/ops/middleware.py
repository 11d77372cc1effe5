"""The probes, the metrics endpoint and request timing, first in the middleware chain.

``/healthz`` (liveness: the process answers), ``/readyz`` (readiness: the database answers,
and Redis when it is configured) and ``/metrics`` (Prometheus) are answered here, before any
other middleware: a probe comes from the orchestrator with the pod's address as its Host and
over plain HTTP, and must not be refused as a foreign host or redirected to HTTPS.
``LUDOTEKA_METRICS_TOKEN``, when set, is required as ``Authorization: Bearer <token>`` on
``/metrics``; in production, without one, ``/metrics`` is not served here at all (404) but only
on ``LUDOTEKA_METRICS_BIND``, an internal listener (``core.ops.metrics.serve_on_bind``).
Every other request is timed into ``ludoteka_http_request_duration_seconds`` by its URL
pattern, and the match routes' logs carry their ``match_id``.
"""

from __future__ import annotations

import hmac
import json
import logging
import time
from collections.abc import Callable
from typing import Any

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse

from core.ops import metrics
from core.ops.logs import log_context, log_context_add

log = logging.getLogger(__name__)


def readiness() -> dict[str, str]:
    """Each dependency's state: ``ok`` or why not."""
    checks: dict[str, str] = {}
    try:
        with connection.cursor() as cur:
            cur.execute("SELECT 1")
            cur.fetchone()
        checks["database"] = "ok"
    except Exception as err:
        checks["database"] = f"down: {type(err).__name__}"
    if settings.REDIS_URL:
        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_timeout=1, socket_connect_timeout=1
        )
        try:
            client.ping()
            checks["redis"] = "ok"
        except Exception as err:
            checks["redis"] = f"down: {type(err).__name__}"
        finally:
            client.close()
    return checks


def _json(status: int, body: dict[str, Any]) -> HttpResponse:
    response = HttpResponse(json.dumps(body), status=status, content_type="application/json")
    response["Cache-Control"] = "no-store"
    return response


class Ops:
    sync_capable = True
    async_capable = False

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path_info
        if path == "/healthz":
            return _json(200, {"status": "ok"})
        if path == "/readyz":
            checks = readiness()
            ready = all(v == "ok" for v in checks.values())
            if not ready:
                log.warning("not ready: %s", checks)
            return _json(200 if ready else 503, {"status": "ok" if ready else "down", **checks})
        if path == "/metrics":
            return self.metrics(request)
        received = request.META.get("ludoteka.received")  # core/hotlane/bridge.py: the arrival
        if received is not None:
            metrics.QUEUE_SECONDS.labels(request.method).observe(time.monotonic() - received)
        started = time.perf_counter()
        with log_context():  # a context of this request's own, for process_view to fill
            response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        route = match.route if match is not None and match.route else "unmatched"
        metrics.REQUEST_SECONDS.labels(request.method, route, str(response.status_code)).observe(
            time.perf_counter() - started
        )
        return response

    def process_view(self, request: HttpRequest, view: Any, args: Any, kwargs: Any) -> None:
        # The match routes (``<int:match_id>``): their log lines say which match.
        if "match_id" in kwargs:
            log_context_add(match_id=kwargs["match_id"])

    def metrics(self, request: HttpRequest) -> HttpResponse:
        token = settings.LUDOTEKA_METRICS_TOKEN
        if token:
            given = request.META.get("HTTP_AUTHORIZATION", "")
            if not hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
                return _json(401, {"code": "not_authenticated", "message": "Metrics need a token."})
        elif settings.LUDOTEKA_MODE == "production":
            # The public door of a production site: whatever the proxy in front forwards, the
            # figures are shown only for a token, or on the internal listener.
            return _json(404, {"code": "not_found", "message": "There is nothing here."})
        body, content_type = metrics.exposition()
        return HttpResponse(body, content_type=content_type)
