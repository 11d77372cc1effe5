"""Who may call what: every operation of the OpenAPI schema (which is built from the URL conf)
for every role (anonymous, stranger, invitee, seat, staff) on a public and a private match.

A new endpoint fails ``test_every_operation_has_a_policy`` until it is given one here: an
endpoint cannot be missed. "Allowed" means the answer is not an authorisation refusal (401, or
403 with one of ``REFUSALS``); what comes next (a 409 for a match not started, a 404 for an
unknown sub-resource) is the endpoint's business, tested elsewhere.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from core.matches import services
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "stranger", "invitee", "seat", "staff")
VISIBILITIES = ("public", "private")
REFUSALS = {
    "not_authenticated",
    "private_match",
    "not_a_player",
    "not_the_creator",
    "forbidden",
    "staff_only",
    "missing_permission",
}

EVERYONE = dict.fromkeys(ROLES, True)
LOGGED_IN = {**EVERYONE, "anonymous": False}
# A match: its seats, invitees and staff always; anyone logged in if it is public.
MATCH_READ = {"public": LOGGED_IN, "private": {**LOGGED_IN, "stranger": False}}
# Playing: only whoever holds a seat in it (an invitation is one, until declined).
SEATED = {"anonymous": False, "stranger": False, "invitee": True, "seat": True, "staff": False}
MATCH_PLAY = {"public": SEATED, "private": SEATED}
# Joining: anyone logged in may take an open seat of a public match; a private one takes only
# its invitees (and staff).
MATCH_JOIN = MATCH_READ
# Starting: its creator.
CREATOR = {"anonymous": False, "stranger": False, "invitee": False, "seat": True, "staff": False}
MATCH_START = {"public": CREATOR, "private": CREATOR}
# Chat: the players, their seat taken.
MATCH_CHAT = MATCH_START
OPEN = {"public": EVERYONE, "private": EVERYONE}
# Staff inspection (core/admin_inspect): staff only, whoever else is in the match.
ONLY_STAFF = {"anonymous": False, "stranger": False, "invitee": False, "seat": False, "staff": True}
STAFF = {"public": ONLY_STAFF, "private": ONLY_STAFF}
# Staff actions need a permission of their own beyond staff status, which "staff" here lacks
# (tests/core/admin_inspect/test_actions.py: allowed with it).
NOBODY = {"public": dict.fromkeys(ROLES, False), "private": dict.fromkeys(ROLES, False)}
USER = {"public": LOGGED_IN, "private": LOGGED_IN}

POLICY: dict[str, dict[str, dict[str, bool]]] = {
    "GET /api/games": OPEN,
    "GET /api/games/{slug}": OPEN,
    "POST /api/accounts/register": OPEN,
    "GET /api/accounts/password-rules": OPEN,
    "POST /api/accounts/login": OPEN,
    "POST /api/accounts/logout": USER,
    "GET /api/accounts/me": USER,
    "PATCH /api/accounts/me": USER,
    "GET /api/accounts/me/vacations": USER,
    "POST /api/accounts/me/vacations": USER,
    "POST /api/accounts/me/vacations/{vacation_id}/end": USER,
    "POST /api/accounts/me/email/resend": USER,
    "POST /api/accounts/email/verify": OPEN,  # the mailed link is the proof
    "POST /api/accounts/me/password": USER,
    "POST /api/accounts/password/reset": OPEN,
    "POST /api/accounts/password/reset/confirm": OPEN,  # the mailed link is the proof
    "GET /api/accounts/me/devices": USER,
    "DELETE /api/accounts/me/devices/{device_id}": USER,
    "POST /api/accounts/me/devices/revoke-others": USER,
    "GET /api/accounts/me/export": USER,
    "POST /api/accounts/me/delete": USER,
    "GET /api/notifications/unsubscribe": OPEN,  # the signed token is the proof
    "POST /api/notifications/unsubscribe": OPEN,
    "GET /api/notifications": USER,
    "POST /api/notifications/read": USER,
    "GET /api/notifications/preferences": USER,
    "PATCH /api/notifications/preferences": USER,
    "PUT /api/notifications/preferences": USER,
    "POST /api/notifications/webhook/secret": USER,
    "GET /api/push/key": USER,
    "POST /api/push/test": USER,
    "GET /api/push/subscriptions": USER,
    "POST /api/push/subscriptions": USER,
    "DELETE /api/push/subscriptions": USER,
    "DELETE /api/push/subscriptions/{subscription_id}": USER,
    "GET /api/ratings": USER,
    "GET /api/users/{username}/ratings": USER,
    "GET /api/matches": USER,
    "POST /api/matches": USER,
    "GET /api/matches/{match_id}": MATCH_READ,
    "GET /api/matches/{match_id}/events": MATCH_READ,
    "GET /api/matches/{match_id}/replay": MATCH_READ,
    "GET /api/matches/{match_id}/legal": MATCH_PLAY,
    "POST /api/matches/{match_id}/join": MATCH_JOIN,
    "POST /api/matches/{match_id}/leave": MATCH_PLAY,
    "POST /api/matches/{match_id}/start": MATCH_START,
    "POST /api/matches/{match_id}/commands": MATCH_PLAY,
    "POST /api/matches/{match_id}/undo": MATCH_PLAY,
    "POST /api/matches/{match_id}/resign": MATCH_PLAY,
    # A finished match's analysis: whoever may see the match (core/analysis).
    "GET /api/matches/{match_id}/analysis": MATCH_READ,
    "POST /api/matches/{match_id}/analysis": MATCH_READ,
    "POST /api/matches/{match_id}/hint": MATCH_PLAY,
    "GET /api/matches/{match_id}/chat": MATCH_CHAT,
    "POST /api/matches/{match_id}/chat": MATCH_CHAT,
    "GET /api/staff/matches": STAFF,
    "GET /api/staff/matches/{match_id}": STAFF,
    "GET /api/staff/matches/{match_id}/events": STAFF,
    "GET /api/staff/matches/{match_id}/at": STAFF,
    "POST /api/staff/matches/{match_id}/verify": STAFF,
    "GET /api/staff/matches/{match_id}/export": STAFF,
    "GET /api/staff/audit": STAFF,
    "POST /api/staff/matches/import": NOBODY,
    "POST /api/staff/matches/{match_id}/abort": NOBODY,
    "POST /api/staff/matches/{match_id}/award": NOBODY,
    "POST /api/staff/matches/{match_id}/replace-seat": NOBODY,
    "POST /api/staff/matches/{match_id}/rollback": NOBODY,
}
# Tournaments have their own visibility (private tournaments: core/tournaments, their tests);
# here: none of them is open to an anonymous caller.
TOURNAMENT_PREFIX = "/api/tournaments"

BODIES: dict[str, dict[str, Any]] = {
    "POST /api/matches": {"game": "race", "players": 2},
    "POST /api/matches/{match_id}/commands": {
        "command_id": "c1",
        "command": {"type": "add", "amount": 1},
    },
    "POST /api/matches/{match_id}/undo": {"command_id": "u1"},
    "POST /api/matches/{match_id}/resign": {"command_id": "r1"},
    "POST /api/matches/{match_id}/chat": {"text": "hello"},
    "POST /api/accounts/login": {"username": "nobody", "password": "wrong-password"},
    "POST /api/notifications/read": {"all": True},
    # A wrong password: no account is deleted by the matrix.
    "POST /api/accounts/me/delete": {"password": "not-the-password"},
}


# Served under /api/ but not API operations themselves.
NOT_IN_SCHEMA = {"/api/schema/", "/api/docs/"}


def _url_conf_paths() -> set[str]:
    """Every route of the URL conf under /api/, as the schema writes paths."""
    from django.urls import URLPattern, URLResolver, get_resolver

    found: set[str] = set()

    def walk(patterns: list[Any], prefix: str) -> None:
        for p in patterns:
            route = prefix + str(p.pattern)
            if isinstance(p, URLResolver):
                walk(p.url_patterns, route)
            elif isinstance(p, URLPattern):
                found.add("/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route))

    walk(get_resolver().url_patterns, "")
    return {f for f in found if f.startswith("/api/")}


def _operations() -> list[str]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return sorted(
        f"{method.upper()} {path}"
        for path, item in schema["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    )


OPERATIONS = _operations()


def test_every_route_of_the_url_conf_is_in_the_schema() -> None:
    in_schema = {op.split()[1] for op in OPERATIONS}
    missing = _url_conf_paths() - in_schema - NOT_IN_SCHEMA
    assert not missing, f"routes the schema (and so this matrix) does not cover: {missing}"


def test_every_operation_has_a_policy() -> None:
    missing = [
        op
        for op in OPERATIONS
        if op not in POLICY and not op.split()[1].startswith(TOURNAMENT_PREFIX)
    ]
    assert not missing, f"give these endpoints a policy in this file: {missing}"
    stale = [op for op in POLICY if op not in OPERATIONS]
    assert not stale, f"these are no longer in the schema: {stale}"


def _users() -> dict[str, Any]:
    users = {name: make_user(f"{name}-user") for name in ("creator", "invitee", "stranger")}
    staff = make_user("staff-user")
    staff.is_staff = True
    staff.save()
    return {**users, "staff": staff}


def _match(users: dict[str, Any], visibility: str) -> int:
    """A lobby: the creator's seat, an invitation not yet accepted, an open seat."""
    match = services.match_create(
        user=users["creator"],
        game="race",
        n_players=3,
        seats=[
            services.SeatSpec("me"),
            services.SeatSpec("user", username=users["invitee"].username),
            services.SeatSpec("open"),
        ],
        visibility=visibility,
    )
    return match.pk


def _client(users: dict[str, Any], role: str) -> APIClient:
    client = APIClient()
    who = {"stranger": "stranger", "invitee": "invitee", "seat": "creator", "staff": "staff"}
    if role != "anonymous":
        client.force_authenticate(users[who[role]])
    return client


def _refused(res: Any) -> bool:
    """401 "log in first" or 403 "not yours"; a log-in's own 401 (a wrong password) is not."""
    return res.status_code in (401, 403) and res.json().get("code") in REFUSALS


@pytest.mark.parametrize("operation", [op for op in OPERATIONS if op in POLICY])
def test_who_may_call_it(race_game: str, operation: str) -> None:
    method, template = operation.split()
    users = _users()
    wrong = []
    for visibility in VISIBILITIES:
        for role in ROLES:
            match_id = _match(users, visibility)  # fresh: some calls change the match
            path = (
                template.replace("{match_id}", str(match_id))
                .replace("{slug}", "race")
                .replace("{username}", users["creator"].username)
                .replace("{vacation_id}", "987654")
                .replace("{subscription_id}", "987654")
                .replace("{device_id}", "987654")
            )
            if method == "DELETE" and "{" not in template:  # by endpoint, in the query
                path += "?endpoint=https://push.example/x"
            if template.endswith("/replay"):
                path += "?version=1"
            if template.endswith("/at"):
                path += "?seq=1"
            client = _client(users, role)
            res = client.generic(
                method,
                path,
                data=json.dumps(BODIES.get(operation, {})),
                content_type="application/json",
            )
            assert res.status_code < 500, (operation, role, visibility, res.content[:300])
            allowed = POLICY[operation][visibility][role]
            if allowed == _refused(res):
                wrong.append((visibility, role, res.status_code, res.content[:120]))
    assert not wrong, f"{operation}: {wrong}"


@pytest.mark.parametrize(
    "operation", [op for op in OPERATIONS if op.split()[1].startswith(TOURNAMENT_PREFIX)]
)
def test_tournaments_are_closed_to_anonymous_callers(operation: str) -> None:
    method, template = operation.split()
    path = template.replace("{tournament_id}", "987654").replace("{entrant}", "1")
    res = APIClient().generic(method, path, data="{}", content_type="application/json")
    assert res.status_code == 401, (operation, res.status_code)


def test_private_matches_are_listed_only_to_their_seats(race_game: str) -> None:
    users = _users()
    public, private = _match(users, "public"), _match(users, "private")
    for role, expected in (
        ("stranger", {public}),
        ("staff", {public}),
        ("invitee", {public, private}),
        ("seat", {public, private}),
    ):
        listed = _client(users, role).get("/api/matches").json()["results"]
        assert {m["id"] for m in listed} == expected, role


def test_a_spectator_of_a_public_match_sees_only_public_information(race_game: str) -> None:
    users = _users()
    creator = users["creator"]
    match = services.match_create(
        user=creator,
        game="race",
        n_players=2,
        seats=[services.SeatSpec("me"), services.SeatSpec("bot", level="random")],
    )
    seat_view = _client(users, "seat").get(f"/api/matches/{match.pk}").json()
    watcher = _client(users, "stranger").get(f"/api/matches/{match.pk}").json()
    assert seat_view["seat"] == 0 and seat_view["view"]["my_secret"] is not None
    assert watcher["seat"] is None and watcher["view"]["my_secret"] is None
    events = _client(users, "stranger").get(f"/api/matches/{match.pk}/events").json()["events"]
    assert events and all(
        "secrets" not in json.dumps(e) and "mine" not in json.dumps(e) for e in events
    )
