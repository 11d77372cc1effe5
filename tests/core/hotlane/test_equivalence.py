"""The hot lane's equivalence suite (core/hotlane/): the same requests through each fast path and
through the normal stack give the same status, headers, bodies and side effects (rows, throttle
counts), and what the lane does not take goes to the full stack."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from rest_framework.throttling import UserRateThrottle
from rest_framework.views import APIView

from core.hotlane.tokens import cached_credentials, token_cache
from tests.core.hotlane.conftest import token

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    token_cache.clear()
    cache.clear()  # the throttles' history
    yield
    token_cache.clear()


@pytest.fixture
def dispatched(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths DRF's dispatch handled: the full stack's, not the lane's."""
    seen: list[str] = []
    original = APIView.dispatch

    def dispatch(self: APIView, request: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(request.path)
        return original(self, request, *args, **kwargs)

    monkeypatch.setattr(APIView, "dispatch", dispatch)
    return seen


def send(method: str, path: str, body: Any = None, **headers: str) -> Any:
    if method == "GET":
        return Client().get(path, **headers)
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    headers.setdefault("content_type", "application/json")
    return Client().post(path, data, **headers)


def both(method: str, path: str, body: Any = None, **headers: str) -> tuple[Any, Any]:
    """The same request through the lane, then through the full stack."""
    fast = send(method, path, body, **headers)
    with override_settings(LUDOTEKA_FAST_LANE=False):
        full = send(method, path, body, **headers)
    return fast, full


def same(fast: Any, full: Any) -> None:
    assert fast.status_code == full.status_code
    if not fast.get("Content-Type", "").startswith("text/html"):  # the browsable page varies
        assert fast.content == full.content
    assert dict(fast.headers) == dict(full.headers)


def test_a_move_through_the_lane_answers_as_its_replay_through_drf(
    play: dict[str, Any], dispatched: list[str]
) -> None:
    path = f"/api/matches/{play['id']}/commands"
    body = {"command": {"type": "add", "amount": 2}, "command_id": "m1", "expected_version": 1}
    version = Client().get(f"/api/matches/{play['id']}", **token(play, "alice")).json()["version"]
    body["expected_version"] = version
    dispatched.clear()
    fast = send("POST", path, body, **token(play, "alice"))
    assert fast.status_code == 200 and dispatched == []
    with override_settings(LUDOTEKA_FAST_LANE=False):
        replay = send("POST", path, body, **token(play, "alice"))
    assert dispatched == [path]
    assert replay.status_code == 200
    assert {**fast.json(), "replayed": True} == replay.json()
    assert fast.headers.keys() == replay.headers.keys()
    assert {k: v for k, v in fast.headers.items() if k != "Content-Length"} == {
        k: v for k, v in replay.headers.items() if k != "Content-Length"
    }
    same(*both("POST", path, body, **token(play, "alice")))  # replays through either


@pytest.mark.parametrize(
    ("who", "body", "status", "code"),
    [
        ("alice", {"command": {"type": "add", "amount": 9}, "command_id": "x"}, 422, "bad_amount"),
        ("bob", {"command": {"type": "add", "amount": 1}, "command_id": "x"}, 409, None),
        ("carol", {"command": {"type": "add", "amount": 1}, "command_id": "x"}, 403, None),
        (
            "alice",
            {"command": {"type": "add", "amount": 1}, "command_id": "x", "expected_version": 0},
            409,
            "stale_version",
        ),
        ("alice", {"command": {"type": "add"}, "command_id": "x"}, 400, None),
        ("alice", {"command_id": "x"}, 400, "invalid_input"),
        ("alice", [1, 2], 400, "invalid_input"),
    ],
)
def test_a_refused_move_is_refused_alike(
    play: dict[str, Any],
    dispatched: list[str],
    who: str,
    body: Any,
    status: int,
    code: str | None,
) -> None:
    path = f"/api/matches/{play['id']}/commands"
    fast, full = both("POST", path, body, **token(play, who))
    assert dispatched == [path]  # the second request only
    assert fast.status_code == status and set(fast.json()) >= {"code", "message"}
    if code is not None:
        assert fast.json()["code"] == code
    same(fast, full)


def test_a_move_on_no_match_is_a_404_alike(play: dict[str, Any]) -> None:
    body = {"command": {"type": "add", "amount": 1}, "command_id": "x"}
    fast, full = both("POST", "/api/matches/999999/commands", body, **token(play, "alice"))
    assert (fast.status_code, fast.json()["code"]) == (404, "match_not_found")
    same(fast, full)


@pytest.mark.parametrize("who", ["alice", "bob", "carol"])
def test_legal_commands_and_their_304_are_answered_alike(
    play: dict[str, Any], dispatched: list[str], who: str
) -> None:
    path = f"/api/matches/{play['id']}/legal"
    fast, full = both("GET", path, **token(play, who))
    assert dispatched == [path]
    same(fast, full)
    if who == "carol":
        assert fast.status_code == 403
        return
    assert fast.status_code == 200 and fast["ETag"]
    again = both("GET", path, HTTP_IF_NONE_MATCH=fast["ETag"], **token(play, who))
    assert again[0].status_code == 304
    same(*again)


@pytest.mark.parametrize(
    ("with_token", "headers", "body"),
    [
        (False, {}, None),  # no credentials
        (False, {"HTTP_AUTHORIZATION": "Token not-a-token"}, None),
        (False, {"HTTP_AUTHORIZATION": "Token a b"}, None),
        (True, {"HTTP_ACCEPT": "text/html"}, None),
        (True, {"HTTP_ACCEPT": "application/xml"}, None),
        (True, {}, "{not json"),
        (True, {}, ""),
        (True, {}, '{"command": {"type": "add", "amount": NaN}, "command_id": "n"}'),
        (True, {"content_type": "application/x-www-form-urlencoded"}, "command_id=x"),
        (True, {"content_type": "application/json; charset=latin-1"}, None),
        (True, {"HTTP_HOST": "evil.example"}, None),
    ],
)
def test_what_the_lane_does_not_take_goes_to_the_full_stack(
    play: dict[str, Any],
    dispatched: list[str],
    with_token: bool,
    headers: dict[str, str],
    body: Any,
) -> None:
    path = f"/api/matches/{play['id']}/commands"
    if body is None:
        body = {"command": {"type": "add", "amount": 9}, "command_id": "d"}
    if with_token:
        headers = {**token(play, "alice"), **headers}
    fast, full = both("POST", path, body, **headers)
    # Both through DRF; none for a bad Host, refused before any view.
    assert dispatched == ([] if "HTTP_HOST" in headers else [path, path])
    same(fast, full)
    assert fast.status_code in (400, 401, 406, 415, 422)
    if fast.get("Content-Type") == "application/json":
        assert set(fast.json()) >= {"code", "message"}


def test_a_token_this_process_has_not_checked_yet_is_checked_in_the_lane(
    play: dict[str, Any], dispatched: list[str]
) -> None:
    path = f"/api/matches/{play['id']}/legal"
    token_cache.clear()
    fast, full = both("GET", path, **token(play, "alice"))
    assert fast.status_code == 200 and dispatched == [path]
    same(fast, full)
    assert cached_credentials(play["tokens"]["alice"]) is not None


def test_a_deactivated_player_is_refused_by_the_lane_too(
    play: dict[str, Any], dispatched: list[str]
) -> None:
    from core.accounts.models import User

    alice = User.objects.get(username="alice")
    alice.is_active = False
    alice.save()  # drops the process's cached token
    path = f"/api/matches/{play['id']}/legal"
    fast, full = both("GET", path, **token(play, "alice"))
    assert fast.status_code == 401 and dispatched == [path, path]
    same(fast, full)


def test_a_database_gone_while_the_lane_checks_a_token_is_a_503_not_a_500(
    play: dict[str, Any], dispatched: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A token whose cached check has expired, checked again as PostgreSQL restarts (bench/load's
    # fault run found a bare 500 here): the full stack answers, with DRF's 503 busy.
    from django.db import OperationalError

    from core.hotlane.tokens import CachedTokenAuthentication

    def gone(self: Any, key: str) -> Any:
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(CachedTokenAuthentication, "authenticate_credentials", gone)
    token_cache.clear()
    path = f"/api/matches/{play['id']}/legal"
    answer = send("GET", path, **token(play, "alice"))
    assert answer.status_code == 503 and answer.json()["code"] == "busy"
    assert dispatched == [path]
    move = send(
        "POST", f"/api/matches/{play['id']}/commands", {"command": {}}, **token(play, "alice")
    )
    assert move.status_code == 503 and move.json()["code"] == "busy"


def test_a_throttled_move_is_refused_alike(
    play: dict[str, Any], dispatched: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "1/min", "anon": "1/min"})
    path = f"/api/matches/{play['id']}/legal"
    answers = []
    for lane in (True, False):
        cache.clear()
        with override_settings(LUDOTEKA_FAST_LANE=lane):
            assert send("GET", path, **token(play, "alice")).status_code == 200
            answers.append(send("GET", path, **token(play, "alice")))
    assert answers[0].status_code == 429 and answers[0]["Retry-After"]
    assert answers[0].json()["code"] == "rate_limited"
    same(*answers)
    assert dispatched == [path, path]  # the full stack's two only


def _effects(match_id: int, since: int) -> dict[str, Any]:
    """What a request left in the database for ``match_id`` past version ``since`` (times and
    hashes aside: they follow the clock)."""
    from core.eventstore.models import CommandRecord, Event
    from core.matches.models import Match
    from core.notifications.models import Notification, OutboxItem

    return {
        "match": list(Match.objects.filter(pk=match_id).values("version", "status")),
        "events": list(
            Event.objects.of("match", match_id)
            .filter(seq__gt=since)
            .order_by("seq")
            .values("seq", "type", "payload", "actor", "command_id")
        ),
        "commands": list(
            CommandRecord.objects.filter(match_id=match_id, version__gt=since)
            .order_by("version")
            .values("command_id", "user_id", "seat", "version", "response")
        ),
        "outbox": list(
            OutboxItem.objects.filter(match_id=match_id)
            .order_by("key")
            .values("user_id", "kind", "key", "payload")
        ),
        "notifications": list(
            Notification.objects.filter(match_id=match_id)
            .order_by("user_id", "kind")
            .values("user_id", "kind", "payload")
        ),
    }


def _unstamped(answer: dict[str, Any]) -> dict[str, Any]:
    events = [{k: v for k, v in e.items() if k != "at"} for e in answer.get("events", [])]
    return {**answer, "events": events}


def _headers(response: Any) -> dict[str, str]:
    return {k: v for k, v in response.headers.items() if k != "Content-Length"}


def _throttle_count(user_id: int) -> int:
    return len(cache.get(UserRateThrottle.cache_format % {"scope": "user", "ident": user_id}) or [])


@pytest.mark.parametrize(
    "body",
    [
        {"command": {"type": "add", "amount": 2}, "command_id": "s1"},  # a move
        {"command": {"type": "add", "amount": 9}, "command_id": "s2"},  # the game refuses it
    ],
)
def test_a_move_leaves_the_same_rows_and_counts_through_either_stack(
    play: dict[str, Any], dispatched: list[str], body: dict[str, Any]
) -> None:
    """The same move on the same match, once through the lane and once (the first undone)
    through the full stack: the same answer, events, command record, notifications, throttle
    count."""
    from django.db import transaction

    from core.accounts.models import User
    from core.matches.state import state_cache

    alice = User.objects.get(username="alice")
    path = f"/api/matches/{play['id']}/commands"
    since = Client().get(f"/api/matches/{play['id']}", **token(play, "alice")).json()["version"]
    dispatched.clear()
    seen = []
    for lane in (True, False):
        state_cache.clear()  # the undone move's state must not be served from the cache
        before = _throttle_count(alice.pk)
        point = transaction.savepoint()
        with override_settings(LUDOTEKA_FAST_LANE=lane):
            answer = send("POST", path, {**body, "expected_version": since}, **token(play, "alice"))
        seen.append((answer, _effects(play["id"], since), _throttle_count(alice.pk) - before))
        transaction.savepoint_rollback(point)
    (fast, fast_rows, fast_count), (full, full_rows, full_count) = seen
    assert dispatched == [path]  # the lane answered the first
    assert fast.status_code == full.status_code
    assert _unstamped(fast.json()) == _unstamped(full.json())  # events carry their time
    assert _headers(fast) == _headers(full)
    assert fast_rows == full_rows and fast_count == full_count == 1
    if fast.status_code == 200:
        assert fast_rows["events"] and fast_rows["commands"]


@pytest.mark.parametrize(
    ("method", "path", "who"),
    [
        ("GET", "/api/matches/{id}/legal", "alice"),
        ("GET", "/api/matches/{id}/legal", "carol"),
        ("GET", "/api/matches/{id}", "bob"),
        ("GET", "/api/accounts/me", "alice"),
        ("GET", "/api/matches/{id}/legal", None),  # a key that is no token
    ],
)
def test_answers_are_the_same_without_the_token_cache(
    play: dict[str, Any], method: str, path: str, who: str | None
) -> None:
    headers = token(play, who) if who else {"HTTP_AUTHORIZATION": "Token " + "0" * 40}
    path = path.format(id=play["id"])
    cached = send(method, path, **headers)
    with override_settings(LUDOTEKA_TOKEN_CACHE_SECONDS=0):
        token_cache.clear()
        uncached = send(method, path, **headers)
    same(cached, uncached)
    assert cached.status_code == (401 if who is None else 403 if who == "carol" else 200)


@pytest.mark.redis
def test_the_throttle_script_refuses_as_drfs_two_round_trips_do(
    play: dict[str, Any], monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    import uuid

    import redis

    from tests.conftest import REDIS_URL

    prefix = f"hotlane-throttle-{uuid.uuid4().hex}"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": prefix,
        }
    }
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "2/min", "anon": "1/min"})
    path = f"/api/matches/{play['id']}/legal"
    client = redis.Redis.from_url(REDIS_URL)
    answers, kinds = [], []
    try:
        for script in (True, False):
            with override_settings(LUDOTEKA_THROTTLE_SCRIPT=script):
                answers.append([send("GET", path, **token(play, "alice")) for _ in range(3)])
            keys = client.keys(f"{prefix}:*")
            kinds.append([client.type(k) for k in keys])
            client.delete(*keys)
    finally:
        if keys := client.keys(f"{prefix}:*"):
            client.delete(*keys)
    assert kinds == [[b"zset"], [b"string"]]  # the script's window, then DRF's pickled list
    assert [a.status_code for a in answers[0]] == [200, 200, 429]
    for script_answer, drf_answer in zip(*answers, strict=True):
        if script_answer.status_code == 429:
            same_refusal(script_answer, drf_answer)
        else:
            same(script_answer, drf_answer)


def same_refusal(script: Any, drf: Any) -> None:
    """Two 429s alike but for the wait, which each counts from its own clock reading: on a slow
    machine the two runs' refusals may fall a second apart (60 against 59)."""
    assert script.status_code == drf.status_code == 429
    waits = [int(script["Retry-After"]), int(drf["Retry-After"])]
    assert abs(waits[0] - waits[1]) <= 1, waits
    bodies = [script.json(), drf.json()]
    assert [b.pop("retry_after") for b in bodies] == waits
    assert bodies[0] == bodies[1]
    headers = [dict(r.headers) for r in (script, drf)]
    for h in headers:
        h.pop("Retry-After"), h.pop("Content-Length", None)
    assert headers[0] == headers[1]


def _over_asgi(app: Any, method: str, path: str, headers: list[tuple[bytes, bytes]], body: bytes):
    """One request to the ASGI ``app`` in this process: (status, headers, body)."""
    import asyncio

    path, _, query = path.partition("?")
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": [(b"host", b"testserver"), *headers],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    sent: list[dict[str, Any]] = []

    async def call() -> None:
        delivered = False

        async def receive() -> dict[str, Any]:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            await asyncio.sleep(3600)  # no disconnect: the answer comes first
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        await app(scope, receive, send)

    asyncio.run(call())
    start = next(m for m in sent if m["type"] == "http.response.start")
    content = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    names_any_case = sorted((k.lower(), v) for k, v in start["headers"])
    return start["status"], names_any_case, content


def test_the_bridge_answers_as_djangos_asgi_handler(race_game: str) -> None:
    """core/hotlane/bridge.py (Django's WSGI handler in a pool thread) against Django's own
    ASGI handler: the same status, headers and bodies. (Streamed answers and the in-process
    broadcast through a real server: test_bridge.py.)"""
    import asyncio

    from asgiref.sync import sync_to_async
    from django.core.asgi import get_asgi_application
    from django.core.wsgi import get_wsgi_application
    from django.db import connections

    from core.hotlane.bridge import ThreadedWSGI

    bridge = ThreadedWSGI(get_wsgi_application(), threads=1)
    django_asgi = get_asgi_application()
    json_type = (b"content-type", b"application/json")
    requests = [
        ("GET", "/api/games", [], b""),
        ("GET", "/api/games/race?x=%C5%BE", [(b"accept", b"application/json")], b""),
        ("HEAD", "/api/games", [], b""),
        ("GET", "/api/no-such-thing", [], b""),
        ("GET", "/api/games", [(b"x_forwarded_proto", b"https")], b""),  # dropped by both
        ("POST", "/api/matches/1/commands", [(b"authorization", b"Token nope"), json_type], b"{}"),
        ("POST", "/api/accounts/register", [json_type], b'{"username": ""}'),
        ("POST", "/api/accounts/register", [json_type], b"{not json"),
    ]
    try:
        for method, path, headers, body in requests:
            ours = _over_asgi(bridge, method, path, headers, body)
            djangos = _over_asgi(django_asgi, method, path, headers, body)
            assert ours == djangos, (method, path)
            assert ours[0] in (200, 400, 401, 404)
    finally:
        # The request threads' database connections, closed on their own threads.
        bridge.executor.submit(connections.close_all).result()
        asyncio.run(sync_to_async(connections.close_all)())


def test_the_lane_resolves_a_path_once_until_the_url_configuration_changes(
    play: dict[str, Any], dispatched: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.conf import settings

    from core.hotlane import lane

    resolved: list[str] = []
    original = lane.resolve

    def counting(path: str, urlconf: Any = None) -> Any:
        resolved.append(path)
        return original(path, urlconf)

    monkeypatch.setattr(lane, "resolve", counting)
    lane._route_of.cache_clear()
    path = f"/api/matches/{play['id']}/legal"
    answers = [send("GET", path, **token(play, "alice")) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200] and dispatched == []
    assert resolved == [path]
    with override_settings(ROOT_URLCONF=settings.ROOT_URLCONF):  # any change forgets them
        assert send("GET", path, **token(play, "alice")).status_code == 200
    assert resolved == [path, path]
