"""Real answers, checked against the OpenAPI schema: a match played from lobby to result, its
events, replay, legal commands, chat, undo and resignation; notifications, preferences,
ratings and vacations. Schemathesis' random inputs rarely name a match that exists; this walks
the happy paths (and a few refusals), so every 2xx body of the schema is checked once for real.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
import requests
import schemathesis
from drf_spectacular.generators import SchemaGenerator
from schemathesis.core.transport import Response as SchemathesisResponse

from core.notifications.models import Notification
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def openapi() -> Any:
    return schemathesis.openapi.from_dict(SchemaGenerator().get_schema(request=None, public=True))


def _converted(response: Any, method: str, path: str) -> SchemathesisResponse:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    headers: dict[str, list[str]] = {}
    for name, value in response.items():
        headers.setdefault(name, []).append(value)
    request = requests.Request(method=method, url=f"http://testserver{path}").prepare()
    return SchemathesisResponse(
        status_code=response.status_code,
        headers=headers,
        content=content,
        request=request,
        elapsed=0.0,
        verify=False,
    )


class Checked:
    """An API client whose every answer is validated against the operation's schema."""

    def __init__(self, openapi: Any, user: Any) -> None:
        self.openapi = openapi
        self.client = client_for(user)
        self.seen: set[tuple[str, str, int]] = set()

    def call(self, method: str, template: str, *, expect: int, body: Any = None, **kw: Any) -> Any:
        path = template.format(**kw.pop("path", {}))
        query = kw.pop("query", None)
        send = getattr(self.client, method.lower())
        if method == "GET":
            response = send(path, query or {}, **kw)
        else:
            response = send(path, body if body is not None else {}, format="json", **kw)
        assert response.status_code == expect, (method, path, response.content)
        operation = self.openapi[template][method]
        operation.validate_response(_converted(response, method, path))
        self.seen.add((method, template, response.status_code))
        if response.streaming or not response.content:
            return None
        return response.json()


def test_a_whole_match_answers_as_its_schema_says(openapi: Any, race_game: str) -> None:
    alice, bob = make_user(), make_user()
    a, b = Checked(openapi, alice), Checked(openapi, bob)
    a.call("GET", "/api/games", expect=200)
    a.call("GET", "/api/games/{slug}", path={"slug": "race"}, expect=200)
    time_control = {"kind": "reserve", "reserve_seconds": 86400, "increment_seconds": 3600}
    match = a.call(
        "POST",
        "/api/matches",
        body={
            "game": "race",
            "players": 2,
            "options": {"target": 6},
            "time_control": time_control,
            "autostart": False,
        },
        expect=201,
    )
    m = {"match_id": match["id"]}
    a.call("GET", "/api/matches/{match_id}", path=m, expect=200)  # a lobby: no view
    b.call("POST", "/api/matches/{match_id}/join", path=m, expect=200)
    b.call("POST", "/api/matches/{match_id}/leave", path=m, expect=200)
    b.call("POST", "/api/matches/{match_id}/join", path=m, body={"seat": 1}, expect=200)
    a.call("POST", "/api/matches/{match_id}/start", path=m, expect=200)
    a.call("GET", "/api/matches", query={"mine": "true"}, expect=200)
    a.call("GET", "/api/matches/{match_id}/legal", path=m, expect=200)
    first = a.call(
        "POST",
        "/api/matches/{match_id}/commands",
        path=m,
        body={"command_id": "c1", "command": {"type": "add", "amount": 1}},
        expect=200,
    )
    assert first["replayed"] is False
    a.call(
        "POST",
        "/api/matches/{match_id}/commands",
        path=m,
        body={"command_id": "c1", "command": {"type": "add", "amount": 1}},
        expect=200,
    )
    a.call("POST", "/api/matches/{match_id}/undo", path=m, body={"command_id": "u1"}, expect=200)
    a.call(
        "POST",
        "/api/matches/{match_id}/commands",
        path=m,
        body={"command_id": "c2", "command": {"type": "add", "amount": 5}},
        expect=422,
    )
    a.call(
        "POST",
        "/api/matches/{match_id}/commands",
        path=m,
        body={"command_id": "c3", "command": {"type": "add", "amount": 1}, "expected_version": 1},
        expect=409,
    )
    a.call("GET", "/api/matches/{match_id}/events", path=m, query={"since": "1"}, expect=200)
    a.call("GET", "/api/matches/{match_id}/events", path=m, query={"format": "ndjson"}, expect=200)
    a.call("GET", "/api/matches/{match_id}/replay", path=m, query={"version": "1"}, expect=200)
    a.call("POST", "/api/matches/{match_id}/chat", path=m, body={"text": "gl hf"}, expect=201)
    a.call("GET", "/api/matches/{match_id}/chat", path=m, expect=200)
    b.call("POST", "/api/matches/{match_id}/resign", path=m, body={"command_id": "r1"}, expect=200)
    done = a.call("GET", "/api/matches/{match_id}", path=m, expect=200)
    assert done["status"] == "finished" and done["outcome"]["ranks"]
    a.call("GET", "/api/matches/{match_id}/legal", path=m, expect=200)
    a.call("GET", "/api/ratings", query={"game": "race"}, expect=200)
    a.call("GET", "/api/users/{username}/ratings", path={"username": alice.username}, expect=200)
    a.call("GET", "/api/matches/{match_id}", path={"match_id": 999999}, expect=404)
    make_user("carol")
    stranger = Checked(openapi, make_user())
    stranger.call("GET", "/api/matches/{match_id}/chat", path=m, expect=403)


def test_notifications_preferences_and_vacations_answer_as_their_schema_says(
    openapi: Any,
) -> None:
    user = make_user()
    me = Checked(openapi, user)
    Notification.objects.create(user=user, kind="your_turn", payload={"game": "race"})
    me.call("GET", "/api/notifications", expect=200)
    me.call("POST", "/api/notifications/read", body={"all": True}, expect=200)
    me.call("GET", "/api/notifications/preferences", expect=200)
    quiet = {"start": "22:00", "end": "07:00"}
    me.call(
        "PATCH",
        "/api/notifications/preferences",
        body={"quiet_hours": quiet, "channels": {"email": {"your_turn": "digest"}}},
        expect=200,
    )
    me.call("PUT", "/api/notifications/preferences", body={"digest_hour": 9}, expect=200)
    me.call("POST", "/api/notifications/webhook/secret", expect=200)
    me.call("GET", "/api/accounts/me", expect=200)
    start = datetime.date.today() + datetime.timedelta(days=3)
    end = start + datetime.timedelta(days=1)
    vacation = me.call(
        "POST",
        "/api/accounts/me/vacations",
        body={"starts_on": start.isoformat(), "ends_on": end.isoformat()},
        expect=201,
    )
    me.call("GET", "/api/accounts/me/vacations", expect=200)
    me.call(
        "POST",
        "/api/accounts/me/vacations/{vacation_id}/end",
        path={"vacation_id": vacation["id"]},
        expect=200,
    )


def test_a_tournament_answers_as_its_schema_says(openapi: Any, race_game: str) -> None:
    organiser, player = make_user(), make_user()
    org, me = Checked(openapi, organiser), Checked(openapi, player)
    created = org.call(
        "POST",
        "/api/tournaments",
        body={
            "name": "Schema Cup",
            "game": "race",
            "format": "swiss",
            "players_per_table": 2,
            "options": {"target": 6},
            "bots_allowed": True,
            "bot_level": "random",
            "round_start": "manual",
        },
        expect=201,
    )
    t = {"tournament_id": created["id"]}
    me.call("POST", "/api/tournaments/{tournament_id}/register", path=t, expect=200)
    me.call("POST", "/api/tournaments/{tournament_id}/register", path=t, expect=409)
    org.call("POST", "/api/tournaments/{tournament_id}/bots", path=t, body={"count": 1}, expect=200)
    me.call("POST", "/api/tournaments/{tournament_id}/start", path=t, expect=403)
    org.call("POST", "/api/tournaments/{tournament_id}/start", path=t, expect=200)
    me.call("GET", "/api/tournaments", query={"mine": "true"}, expect=200)
    me.call("GET", "/api/tournaments/{tournament_id}", path=t, expect=200)
    me.call("GET", "/api/tournaments/{tournament_id}/rounds", path=t, expect=200)
    me.call("GET", "/api/tournaments/{tournament_id}/events", path=t, expect=200)
    org.call(
        "POST",
        "/api/tournaments/{tournament_id}/points",
        path=t,
        body={"entrant": 1, "points": 0.5, "reason": "  "},
        expect=400,
    )
    org.call(
        "POST",
        "/api/tournaments/{tournament_id}/cancel",
        path=t,
        body={"reason": "rain"},
        expect=200,
    )
    me.call("GET", "/api/tournaments/{tournament_id}", path={"tournament_id": 999999}, expect=404)
