"""One move is one request: a command answers with the new version, the player's view and their
legal commands; GET match and GET legal answer 304 while the client's ETag is still current."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from core.eventstore.models import Event
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def command(client: APIClient, match_id: int, cmd: dict[str, Any], cid: str) -> Any:
    return client.post(
        f"/api/matches/{match_id}/commands", {"command": cmd, "command_id": cid}, format="json"
    )


@pytest.fixture
def started(alice: Any, bob: Any, race_game: str) -> tuple[int, APIClient, APIClient]:
    a, b = client_for(alice), client_for(bob)
    body = {"game": "race", "players": 2, "options": {"target": 10}}
    res = a.post("/api/matches", body, format="json")
    match_id = res.json()["id"]
    assert b.post(f"/api/matches/{match_id}/join", {}, format="json").json()["status"] == "active"
    return match_id, a, b


def test_a_command_answers_with_the_version_view_and_legal_commands(started: Any) -> None:
    match_id, a, b = started
    res = command(a, match_id, {"type": "add", "amount": 2}, "m1")
    assert res.status_code == 200
    body = res.json()
    detail = a.get(f"/api/matches/{match_id}").json()
    legal = a.get(f"/api/matches/{match_id}/legal").json()
    assert body["version"] == detail["version"] == legal["version"] == 3
    assert body["view"] == detail["view"] and body["view"]["points"] == [2, 0]
    assert body["active_seats"] == detail["active_seats"] == [0]
    assert body["seat"] == 0 and body["status"] == "active"
    assert body["legal_commands"] == legal["commands"]
    assert {"type": "end_turn"} in body["legal_commands"]

    ended = command(a, match_id, {"type": "end_turn"}, "m2").json()
    assert ended["active_seats"] == [1] and ended["legal_commands"] == []
    assert b.get(f"/api/matches/{match_id}/legal").json()["commands"] == [
        {"type": "add", "amount": n} for n in (1, 2, 3)
    ]


def test_a_retry_answers_as_the_first_time_even_after_the_match_moved_on(started: Any) -> None:
    match_id, a, _ = started
    first = command(a, match_id, {"type": "add", "amount": 2}, "r1").json()
    command(a, match_id, {"type": "add", "amount": 3}, "r2")
    events = Event.objects.of("match", match_id).count()
    again = command(a, match_id, {"type": "add", "amount": 2}, "r1").json()
    assert again["replayed"] is True and first["replayed"] is False
    assert {**again, "replayed": False} == first
    assert Event.objects.of("match", match_id).count() == events


def test_undo_and_resign_answer_with_the_view_and_legal_commands(started: Any) -> None:
    match_id, a, _ = started
    command(a, match_id, {"type": "add", "amount": 1}, "u1")
    command(a, match_id, {"type": "add", "amount": 2}, "u2")
    undone = a.post(f"/api/matches/{match_id}/undo", {"command_id": "z1"}, format="json").json()
    assert undone["view"]["points"] == [1, 0] and undone["version"] == 5
    assert undone["legal_commands"] == a.get(f"/api/matches/{match_id}/legal").json()["commands"]
    resigned = a.post(f"/api/matches/{match_id}/resign", {"command_id": "g1"}, format="json")
    assert resigned.status_code == 200
    assert resigned.json()["status"] == "finished" and resigned.json()["legal_commands"] == []
    assert resigned.json()["view"]["out"] == [0]


def test_match_and_legal_answer_304_while_the_etag_is_current(started: Any) -> None:
    match_id, a, b = started
    for path in (f"/api/matches/{match_id}", f"/api/matches/{match_id}/legal"):
        first = a.get(path)
        etag = first["ETag"]
        assert first.status_code == 200 and etag and "no-cache" in first["Cache-Control"]
        same = a.get(path, HTTP_IF_NONE_MATCH=etag)
        assert same.status_code == 304 and not same.content and same["ETag"] == etag
        assert a.get(path, HTTP_IF_NONE_MATCH=f'"x", {etag}').status_code == 304
        # Another seat's answer differs, so the ETag does too.
        other = b.get(path, HTTP_IF_NONE_MATCH=etag)
        assert other.status_code == 200 and other["ETag"] != etag
    detail_etag = a.get(f"/api/matches/{match_id}")["ETag"]
    legal_etag = a.get(f"/api/matches/{match_id}/legal")["ETag"]
    command(a, match_id, {"type": "add", "amount": 1}, "e1")
    moved = a.get(f"/api/matches/{match_id}", HTTP_IF_NONE_MATCH=detail_etag)
    assert moved.status_code == 200 and moved.json()["view"]["points"] == [1, 0]
    assert a.get(f"/api/matches/{match_id}/legal", HTTP_IF_NONE_MATCH=legal_etag).status_code == 200


def test_a_lobby_change_changes_the_match_etag(alice: Any, race_game: str) -> None:
    a = client_for(alice)
    match_id = a.post("/api/matches", {"game": "race", "players": 2}, format="json").json()["id"]
    etag = a.get(f"/api/matches/{match_id}")["ETag"]
    assert a.get(f"/api/matches/{match_id}", HTTP_IF_NONE_MATCH=etag).status_code == 304
    carol = client_for(make_user("carol"))
    carol.post(f"/api/matches/{match_id}/join", {}, format="json")
    res = a.get(f"/api/matches/{match_id}", HTTP_IF_NONE_MATCH=etag)
    assert res.status_code == 200 and res.json()["seats"][1]["user"] == "carol"


def test_strangers_get_403_from_legal_whatever_etag_they_send(started: Any) -> None:
    match_id, a, _ = started
    etag = a.get(f"/api/matches/{match_id}/legal")["ETag"]
    stranger = client_for(make_user("mallory"))
    res = stranger.get(f"/api/matches/{match_id}/legal", HTTP_IF_NONE_MATCH=etag)
    assert (res.status_code, res.json()["code"]) == (403, "not_a_player")


PLAIN: list[Any] = [
    {"command_id": "a", "command": {"type": "add", "amount": 1}},
    {"command_id": "a" * 64, "command": {"type": "x"}, "expected_version": 0},
    {"command_id": "a", "command": [1], "expected_version": 12, "extra": True},
]


@pytest.mark.parametrize(
    "body",
    [
        *PLAIN,
        {"command_id": " a", "command": {}},
        {"command_id": "a" * 65, "command": {}},
        {"command_id": "", "command": {}},
        {"command_id": 5, "command": {}},
        {"command_id": "a", "command": None},
        {"command_id": "a"},
        {"command_id": "a", "command": {}, "expected_version": None},
        {"command_id": "a", "command": {}, "expected_version": True},
        {"command_id": "a", "command": {}, "expected_version": "3"},
        {"command_id": "a", "command": {}, "expected_version": -1},
        ["command_id"],
    ],
)
def test_the_plain_input_check_agrees_with_the_serializer(body: Any) -> None:
    from core.matches.apis import MatchCommandApi, _plainly_valid_command

    plain = _plainly_valid_command(body)
    # The first three are plain; anything else goes to the serializer, whatever it says of it.
    assert (plain is not None) == (body in PLAIN)
    if plain is not None:  # taken as it is only when the serializer takes it as it is
        serializer = MatchCommandApi.Input(data=body)
        assert serializer.is_valid() and serializer.validated_data == plain
