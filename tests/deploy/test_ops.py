"""Probes, metrics and structured logs (core/ops/)."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from django.test import Client
from prometheus_client import REGISTRY

from core.ops import middleware
from core.ops.logs import JsonFormatter, log_context, logging_config
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


def sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def test_healthz_answers_whatever_the_host_and_scheme() -> None:
    # A probe comes with the pod's address as Host and over plain HTTP.
    res = Client(HTTP_HOST="10.1.2.3:8000").get("/healthz")
    assert res.status_code == 200 and res.json() == {"status": "ok"}


def test_readyz_checks_the_database(settings: Any) -> None:
    settings.REDIS_URL = ""
    res = Client(HTTP_HOST="10.1.2.3").get("/readyz")
    assert res.status_code == 200
    assert res.json() == {"status": "ok", "database": "ok"}


def test_readyz_is_503_when_redis_is_configured_and_down(settings: Any) -> None:
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    res = Client().get("/readyz")
    assert res.status_code == 503
    body = res.json()
    assert body["status"] == "down" and body["database"] == "ok"
    assert body["redis"].startswith("down")


def test_readyz_is_503_when_the_database_is_down(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def cursor(self) -> Any:
            raise OSError("connection refused")

    monkeypatch.setattr(middleware, "connection", Broken())
    res = Client().get("/readyz")
    assert res.status_code == 503 and res.json()["database"] == "down: OSError"


def test_metrics_count_commands_events_and_requests(
    alice: Any, bob: Any, race_game: str, django_capture_on_commit_callbacks: Any
) -> None:
    accepted = sample("ludoteka_commands_total", outcome="accepted", code="")
    replayed = sample("ludoteka_commands_total", outcome="replayed", code="")
    refused = sample("ludoteka_commands_total", outcome="refused", code="not_your_turn")
    events = sample("ludoteka_events_appended_total", game="race")
    route = "api/matches/<int:match_id>/commands"
    timed = sample(
        "ludoteka_http_request_duration_seconds_count", method="POST", route=route, status="200"
    )
    a, b = client_for(alice), client_for(bob)
    match_id = a.post("/api/matches", {"game": "race", "players": 2, "options": {"target": 10}})
    match_id = match_id.json()["id"]
    b.post(f"/api/matches/{match_id}/join", {})
    body = {"command": {"type": "add", "amount": 2}, "command_id": "c1"}
    with django_capture_on_commit_callbacks(execute=True):  # events count once committed
        assert a.post(f"/api/matches/{match_id}/commands", body).status_code == 200
    assert a.post(f"/api/matches/{match_id}/commands", body).json()["replayed"] is True
    wrong = {"command": {"type": "add", "amount": 1}, "command_id": "c2"}
    assert b.post(f"/api/matches/{match_id}/commands", wrong).status_code == 409

    assert sample("ludoteka_commands_total", outcome="accepted", code="") == accepted + 1
    assert sample("ludoteka_commands_total", outcome="replayed", code="") == replayed + 1
    refused_now = sample("ludoteka_commands_total", outcome="refused", code="not_your_turn")
    assert refused_now == refused + 1
    assert sample("ludoteka_events_appended_total", game="race") > events
    timed_now = sample(
        "ludoteka_http_request_duration_seconds_count", method="POST", route=route, status="200"
    )
    assert timed_now == timed + 2

    res = Client().get("/metrics")
    assert res.status_code == 200 and res["Content-Type"].startswith("text/plain")
    text = res.content.decode()
    for name in (
        "ludoteka_commands_total",
        "ludoteka_events_appended_total",
        "ludoteka_http_request_duration_seconds_bucket",
        "ludoteka_websockets_open",
        "ludoteka_bot_think_seconds",
        "ludoteka_notification_deliveries_total",
    ):
        assert name in text


def test_the_time_a_request_waited_for_a_thread_is_measured() -> None:
    import time

    count = sample("ludoteka_http_queue_seconds_count", method="GET")
    total = sample("ludoteka_http_queue_seconds_sum", method="GET")
    # core/hotlane/bridge.py stamps the arrival; this request "arrived" half a second ago.
    Client().get("/api/games", **{"ludoteka.received": time.monotonic() - 0.5})
    assert sample("ludoteka_http_queue_seconds_count", method="GET") == count + 1
    assert sample("ludoteka_http_queue_seconds_sum", method="GET") >= total + 0.5
    Client().get("/api/games")  # no stamp (another server): nothing to measure
    assert sample("ludoteka_http_queue_seconds_count", method="GET") == count + 1


def test_metrics_need_the_token_when_one_is_set(settings: Any) -> None:
    settings.LUDOTEKA_METRICS_TOKEN = "s3cret"
    assert Client().get("/metrics").status_code == 401
    res = Client().get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret")
    assert res.status_code == 200


@pytest.mark.redis
def test_metrics_show_the_celery_queue_depth(settings: Any) -> None:
    from tests.conftest import REDIS_URL

    settings.REDIS_URL = REDIS_URL
    settings.CELERY_BROKER_URL = REDIS_URL
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {"global_keyprefix": "ludoteka-test-ops:"}
    text = Client().get("/metrics").content.decode()
    assert 'ludoteka_celery_queue_length{queue="celery"} 0.0' in text
    assert "ludoteka_celery_unacked 0.0" in text


def test_json_logs_carry_the_match_and_command_ids() -> None:
    formatter = JsonFormatter()
    record = logging.makeLogRecord({"name": "x", "levelname": "WARNING", "msg": "hi %s"})
    record.args = ("there",)
    config = logging_config("INFO", "json")
    assert config["formatters"]["main"]["()"] == "core.ops.logs.JsonFormatter"
    from core.ops.logs import ContextFilter

    with log_context(match_id=7, command_id="c-1"):
        ContextFilter().filter(record)
    line = json.loads(formatter.format(record))
    assert line["message"] == "hi there" and line["level"] == "WARNING"
    assert line["match_id"] == 7 and line["command_id"] == "c-1"


def test_the_command_pipeline_logs_with_its_match_and_command_ids() -> None:
    from core.matches import services
    from core.ops.logs import current_context
    from core.ops.metrics import counted_command

    seen: list[dict[str, Any]] = []
    inner = counted_command(lambda **kw: seen.append(current_context()) or {"replayed": False})
    inner(match_id=42, command_id="c-9", user=None, command={})
    assert seen == [{"match_id": 42, "command_id": "c-9"}]
    assert current_context() == {}
    assert hasattr(services.match_submit_command, "__wrapped__")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("down", ["database", "redis"])
def test_a_lost_database_or_redis_answers_503_busy_not_500(
    down: str, alice: Any, race_game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import redis
    from django.db import OperationalError

    from core.matches import apis

    def lost(**_: Any) -> Any:
        if down == "database":
            raise OperationalError("server closed the connection unexpectedly")
        raise redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:6379.")

    monkeypatch.setattr(apis.services, "match_create", lost)
    res = client_for(alice).post("/api/matches", {"game": "race", "players": 2})
    assert res.status_code == 503 and res["Retry-After"]
    body = res.json()
    assert body["code"] == "busy" and "nothing was saved" in body["message"]


@pytest.mark.django_db(transaction=True)
def test_the_asgi_probes_answer_without_the_request_threads(settings: Any) -> None:
    import asyncio

    from asgiref.testing import ApplicationCommunicator

    from core.ops.probes import Probes

    settings.REDIS_URL = ""

    async def busy_app(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError("a probe must not reach the application")

    async def ask(path: str) -> tuple[int, dict[str, Any]]:
        scope = {"type": "http", "method": "GET", "path": path, "headers": []}
        comm = ApplicationCommunicator(Probes(busy_app), scope)
        await comm.send_input({"type": "http.request", "body": b""})
        start = await comm.receive_output(10)
        body = await comm.receive_output(10)
        return start["status"], json.loads(body["body"])

    assert asyncio.run(ask("/healthz")) == (200, {"status": "ok"})
    assert asyncio.run(ask("/readyz")) == (200, {"status": "ok", "database": "ok"})


def test_every_cache_object_of_a_process_shares_one_redis_pool() -> None:
    # Each request under the ASGI server gets a cache object of its own (Django keeps them in
    # a context-local); with the shared pool they all use the same connections.
    import asyncio
    import contextvars

    from asgiref.sync import sync_to_async
    from django.core.cache.backends.redis import RedisCache

    from core.ops import cache

    options = {"OPTIONS": {"pool_class": "core.ops.cache.SharedConnectionPool"}}
    plain = [RedisCache("redis://127.0.0.1:1/0", {}) for _ in range(2)]
    shared = [RedisCache("redis://127.0.0.1:1/0", options) for _ in range(2)]
    other = RedisCache("redis://127.0.0.1:1/1", options)
    try:
        pools = [c._cache._get_connection_pool(False) for c in shared]
        assert pools[0] is pools[1]
        assert other._cache._get_connection_pool(False) is not pools[0]
        assert plain[0]._cache._get_connection_pool(False) is not (
            plain[1]._cache._get_connection_pool(False)
        )

        def pool_of_this_request() -> int:
            from django.core.cache import caches

            return id(caches["default"])

        async def requests() -> set[int]:
            run = sync_to_async(pool_of_this_request, thread_sensitive=False)
            return set(await asyncio.gather(*(asyncio.ensure_future(run()) for _ in range(3))))

        # Why the pool must be shared: three requests (tasks started as the server starts
        # them, from a context with no cache yet), three cache objects.
        assert len(contextvars.Context().run(asyncio.run, requests())) == 3
    finally:
        cache.clear()


def test_a_shared_pool_has_one_client_for_the_process() -> None:
    # redis.Redis() is costly to build (core/ops/cache.py): the throttle and the announcements
    # take the process's one client on their pool, never one of their own per request.
    from core.ops import cache

    try:
        pool = cache.SharedConnectionPool.from_url("redis://127.0.0.1:1/0")
        other = cache.SharedConnectionPool.from_url("redis://127.0.0.1:1/1")
        client = cache.client_for(pool)
        assert client.connection_pool is pool
        assert cache.client_for(pool) is client
        assert cache.client_for(other) is not client
        assert cache.client_for(other).connection_pool is other
    finally:
        cache.clear()
    assert cache.client_for(cache.SharedConnectionPool.from_url("redis://127.0.0.1:1/0")) is not (
        client
    )
    cache.clear()


def test_the_event_loop_lag_is_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio
    import time

    from core.ops import probes

    monkeypatch.setattr(probes, "LAG_EVERY", 0.05)
    count = sample("ludoteka_event_loop_lag_seconds_count")
    total = sample("ludoteka_event_loop_lag_seconds_sum")

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await asyncio.sleep(0.1)  # a sample on time
        time.sleep(0.3)  # the loop blocked: the next sample is late by about that much
        await asyncio.sleep(0.1)

    asyncio.run(probes.Probes(app)({"type": "lifespan"}, None, None))
    assert sample("ludoteka_event_loop_lag_seconds_count") >= count + 2
    assert sample("ludoteka_event_loop_lag_seconds_sum") >= total + 0.2
