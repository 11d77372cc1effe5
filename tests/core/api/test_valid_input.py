"""Requests the OpenAPI schema calls valid are not refused as malformed (Schemathesis' positive
data found each of these), and what the schema calls invalid is."""

from __future__ import annotations

import re
from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator

from core.api.schema import SOMETHING
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def _request_schema(path: str, method: str) -> dict[str, Any]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    body = schema["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]
    return schema["components"]["schemas"][body["$ref"].rsplit("/", 1)[-1]]


def test_a_match_without_time_control_may_say_null(race_game: str) -> None:
    client = client_for(make_user())
    body = {"game": "race", "players": 2, "time_control": None}
    res = client.post("/api/matches", body, format="json")
    assert res.status_code == 201, res.json()
    assert res.json()["time_control"]["kind"] == "none"


def test_marking_nothing_read_is_not_an_error() -> None:
    res = client_for(make_user()).post("/api/notifications/read", {}, format="json")
    assert (res.status_code, res.json()) == (200, {"marked": 0, "unread": 0})


def test_a_blank_text_is_invalid_by_the_schema_and_refused() -> None:
    text = _request_schema("/api/matches/{match_id}/chat", "post")["properties"]["text"]
    assert text["pattern"] == SOMETHING and text["maxLength"] == 500
    login = _request_schema("/api/accounts/login", "post")["properties"]["username"]
    assert login["minLength"] == 1  # request bodies have components of their own
    user = make_user()
    res = client_for(user).post("/api/matches/1/chat", {"text": "   "}, format="json")
    assert res.status_code in (400, 404)


def test_a_command_is_an_object(race_game: str) -> None:
    command = _request_schema("/api/matches/{match_id}/commands", "post")["properties"]["command"]
    assert command["type"] == "object"
    client = client_for(make_user())
    res = client.post(
        "/api/matches/1/commands", {"command_id": "c1", "command": None}, format="json"
    )
    assert (res.status_code, res.json()["code"]) == (400, "invalid_input")


def test_quiet_hours_are_an_object_with_start_and_end() -> None:
    client = client_for(make_user())
    res = client.patch("/api/notifications/preferences", {"quiet_hours": {}}, format="json")
    assert (res.status_code, res.json()["code"]) == (400, "invalid_input")
    quiet = {"start": "22:00", "end": "07:00"}
    res = client.patch("/api/notifications/preferences", {"quiet_hours": quiet}, format="json")
    assert res.status_code == 200 and res.json()["quiet_hours"] == quiet


def test_lists_document_their_pages_and_refuse_a_bad_page_size() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    params = {p["name"]: p for p in schema["paths"]["/api/matches"]["get"]["parameters"]}
    assert params["page_size"]["schema"] == {"type": "integer", "minimum": 1, "maximum": 100}
    client = client_for(make_user())
    for size in ("0", "101", "abc", "²"):
        res = client.get("/api/matches", {"page_size": size})
        assert (res.status_code, res.json()["code"]) == (400, "invalid_input"), size
    assert client.get("/api/matches", {"page_size": "100"}).status_code == 200
    for page in ("9", "", "last", "x"):
        res = client.get("/api/matches", {"page": page})
        assert (res.status_code, res.json()["code"]) == (404, "not_found"), page
    for flag in ("mine", "my_turn", "joinable"):
        res = client.get("/api/matches", {flag: ""})
        assert (res.status_code, res.json()["code"]) == (400, "invalid_input"), flag


def test_text_of_spaces_only_is_invalid_by_the_schema() -> None:
    invite = _request_schema("/api/tournaments/{tournament_id}/invite", "post")
    assert invite["properties"]["usernames"]["items"]["pattern"] == SOMETHING
    login = _request_schema("/api/accounts/login", "post")["properties"]
    assert login["username"]["pattern"] == SOMETHING
    something = re.compile(SOMETHING)
    for char in map(chr, range(0x3001)):  # Python's re and strip() agree on every character
        assert bool(something.search(char)) == bool(char.strip()), hex(ord(char))
