"""Issue 40, finding 5: JSON nested deeper than the parser can recurse was a 500
(``RecursionError``); every JSON body and every WebSocket frame now has its nesting bounded
before it is parsed (core/boundedjson.py): a 400 ``malformed_json``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from core import boundedjson
from core.accounts.services import user_token
from core.api.errors import ApiError
from core.hotlane.tokens import token_cache
from core.matches import services
from realtime import protocol
from tests.conftest import make_user

DEEP_OBJECTS = '{"a":' * 100_000 + "1" + "}" * 100_000
DEEP_ARRAYS = "[" * 50_000
DEEP_OPTIONS = '{"target":' * 5_000 + "12" + "}" * 5_000


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    token_cache.clear()
    cache.clear()
    yield
    token_cache.clear()


@pytest.fixture
def started(race_game: str, db: Any) -> dict[str, Any]:
    """A started race: alice to move, with an API token (the fast lane's client)."""
    alice, bob = make_user("alice"), make_user("bob")
    match = services.match_create(
        user=alice,
        game=race_game,
        n_players=2,
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username="bob")],
    )
    services.match_join(match_id=match.pk, user=bob)
    return {"match": match.pk, "token": user_token(user=alice)}


def _post(token: str, path: str, body: str) -> Any:
    return Client().post(
        path, body, content_type="application/json", HTTP_AUTHORIZATION=f"Token {token}"
    )


def _malformed(res: Any) -> None:
    assert res.status_code == 400, (res.status_code, res.content[:200])
    assert res.json()["code"] == "malformed_json", res.json()


# --- the reported bodies --------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_command_of_100000_nested_objects_is_a_400(started: dict[str, Any]) -> None:
    body = '{"command_id": "deep", "command": ' + DEEP_OBJECTS + "}"
    path = f"/api/matches/{started['match']}/commands"
    # Twice: the first fills this process's token cache, the second takes the fast lane.
    for _ in range(2):
        _malformed(_post(started["token"], path, body))


@pytest.mark.django_db
def test_a_chat_message_of_50000_brackets_is_a_400(started: dict[str, Any]) -> None:
    _malformed(_post(started["token"], f"/api/matches/{started['match']}/chat", DEEP_ARRAYS))
    body = '{"text": ' + DEEP_ARRAYS + "}"
    _malformed(_post(started["token"], f"/api/matches/{started['match']}/chat", body))


@pytest.mark.django_db
def test_match_options_5000_deep_are_a_400(started: dict[str, Any]) -> None:
    body = '{"game": "race", "players": 2, "options": ' + DEEP_OPTIONS + "}"
    _malformed(_post(started["token"], "/api/matches", body))


@pytest.mark.django_db
def test_a_deep_body_before_logging_in_is_a_400_too() -> None:
    res = Client().post("/api/accounts/login", DEEP_ARRAYS, content_type="application/json")
    _malformed(res)


@pytest.mark.django_db
def test_a_staff_import_of_deep_ndjson_is_a_400() -> None:
    staff = make_user("staff")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    res = Client().post(
        "/api/staff/matches/import",
        '{"format": "ludoteka-match"}\n' + DEEP_ARRAYS + "\n",
        content_type="application/x-ndjson",
        HTTP_AUTHORIZATION=f"Token {user_token(user=staff)}",
    )
    _malformed(res)


def test_a_websocket_frame_100000_deep_is_malformed_json() -> None:
    for text in (DEEP_OBJECTS, '{"t": "command", "d": {"command": ' + DEEP_ARRAYS + "}}"):
        with pytest.raises(ApiError) as caught:
            protocol.parse(text)
        assert (caught.value.status_code, caught.value.code) == (400, "malformed_json")


# --- what is still accepted -----------------------------------------------------------------------


@pytest.mark.django_db
def test_a_command_at_the_depth_limit_still_reaches_the_game(started: dict[str, Any]) -> None:
    inner = "[" * (boundedjson.MAX_DEPTH - 2) + "]" * (boundedjson.MAX_DEPTH - 2)
    body = '{"command_id": "edge", "command": {"type": "add", "amount": ' + inner + "}}"
    res = _post(started["token"], f"/api/matches/{started['match']}/commands", body)
    assert res.status_code in (400, 422), res.content  # the game's refusal, not the parser's
    assert res.json()["code"] != "malformed_json", res.json()


def test_the_bound_counts_levels_exactly() -> None:
    limit = boundedjson.MAX_DEPTH
    assert not boundedjson.deeper_than("[" * limit + "]" * limit)
    assert boundedjson.deeper_than("[" * (limit + 1) + "]" * (limit + 1))
    mixed = '{"a": [' * (limit // 2) + "1" + "]}" * (limit // 2)
    assert not boundedjson.deeper_than(mixed)
    assert json.loads(mixed) == boundedjson.loads(mixed)
    assert boundedjson.deeper_than('{"a": [' * (limit // 2 + 1) + "1" + "]}" * (limit // 2 + 1))


def test_brackets_inside_strings_are_text() -> None:
    text = json.dumps({"chat": "[[[{{{" * 1000, "quote": '\\"[' * 200, "é": "]" * 99})
    assert not boundedjson.deeper_than(text)
    assert boundedjson.loads(text) == json.loads(text)


def test_unpaired_brackets_are_refused_before_the_parser_recurses() -> None:
    with pytest.raises(ValueError):
        boundedjson.loads("[" * 100 + "]" * 99)
    with pytest.raises(ValueError):
        boundedjson.loads("]" * 100)
