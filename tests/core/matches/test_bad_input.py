"""Bad input anywhere gets a clear 4xx with a code and a message, never a 500, nor a write."""

from __future__ import annotations

from typing import Any

import pytest

from core.eventstore.models import Event
from tests.conftest import client_for

pytestmark = pytest.mark.django_db

GARBAGE: list[Any] = [
    None,
    [],
    "text",
    12,
    {"command": "x"},
    {"command": [1, 2]},
    {"command_id": ["a"]},
    {"command_id": "x" * 500, "command": {"type": "add", "amount": 1}},
    {"command_id": "ok", "command": {"type": None}},
    {"command_id": "ok", "command": {"type": "add", "amount": "3"}},
    {"command_id": "ok", "command": {"type": "add", "amount": 10**30}},
    {"command_id": "ok", "command": {"type": "add", "amount": 1, "extra": 1}},
    {"command_id": "ok", "command": {"type": "add", "amount": 1}, "expected_version": -1},
    {"command_id": "ok", "command": {"type": "add", "amount": 1}, "expected_version": "9"},
    {"game": ["race"], "players": "two"},
    {"game": "race", "players": 2, "options": []},
    {"game": "race", "players": 2, "seats": [{"kind": "alien"}]},
    {"game": "race", "players": 2, "seats": "me"},
    {"text": ""},
    {"text": "x" * 5000},
    {"scope": "everything", "command_id": "u"},
    {"seat": -3},
    {"seat": "first"},
]


def test_no_garbage_body_on_any_endpoint_causes_a_500_or_a_write(
    alice: Any, bob: Any, race_game: str
) -> None:
    a = client_for(alice)
    match = a.post(
        "/api/matches",
        {
            "game": "race",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "user", "username": "bob"}],
        },
        format="json",
    ).json()
    client_for(bob).post(f"/api/matches/{match['id']}/join", {}, format="json")
    before = Event.objects.count()
    paths = [
        "/api/matches",
        *(
            f"/api/matches/{match['id']}/{p}"
            for p in ("commands", "undo", "resign", "chat", "join", "leave", "start")
        ),
        "/api/accounts/register",
        "/api/accounts/login",
    ]
    for path in paths:
        for body in GARBAGE:
            res = a.post(path, body, format="json")
            assert res.status_code < 500, (path, body, res.content)
            if res.status_code >= 400:
                data = res.json()
                assert data["code"] and data["message"], (path, body, data)
    for path in ("/api/matches/abc", "/api/matches/99999/events?since=x", "/api/games/nope"):
        res = a.get(path)
        assert 400 <= res.status_code < 500 and res.json()["code"], path
    # Only the valid resign (a body with a command_id) may have written anything.
    written = Event.objects.exclude(type__in=["Forfeited"]).count()
    assert written == before
