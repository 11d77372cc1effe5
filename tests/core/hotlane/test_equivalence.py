"""The fast lane (core/hotlane/lane.py) answers a move and a legal-commands read exactly as the
full stack (the middleware chain and DRF) does, and hands everything else to the full stack."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from rest_framework.throttling import UserRateThrottle
from rest_framework.views import APIView

from core.accounts.services import user_token
from core.hotlane.tokens import cached_credentials, token_cache
from core.matches import services
from tests.conftest import make_user

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


@pytest.fixture
def play(race_game: str) -> dict[str, Any]:
    """A started race: alice (seat 0, to move), bob, and a stranger, with tokens trusted."""
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    match = services.match_create(
        user=alice,
        game=race_game,
        n_players=2,
        options={"target": 30},
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username="bob")],
    )
    services.match_join(match_id=match.pk, user=bob)
    tokens = {u.username: user_token(user=u) for u in (alice, bob, carol)}
    for key in tokens.values():  # one request each through the full stack fills the cache
        Client().get("/api/games/race", HTTP_AUTHORIZATION=f"Token {key}")
        assert Client().get("/api/accounts/me", HTTP_AUTHORIZATION=f"Token {key}").status_code
    return {"id": match.pk, "tokens": tokens}


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


def token(play: dict[str, Any], name: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Token {play['tokens'][name]}"}


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
