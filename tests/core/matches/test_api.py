"""The REST API end to end: lobby, play, idempotency, redaction, undo, every error code."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from core.eventstore.models import Event
from core.matches.models import Match
from core.notifications.models import OutboxItem
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


def create(client: APIClient, **body: Any) -> dict[str, Any]:
    res = client.post("/api/matches", {"game": "race", "players": 2, **body}, format="json")
    assert res.status_code == 201, res.json()
    return res.json()


def command(client: APIClient, match_id: int, cmd: dict[str, Any], cid: str, **extra: Any) -> Any:
    return client.post(
        f"/api/matches/{match_id}/commands",
        {"command": cmd, "command_id": cid, **extra},
        format="json",
    )


@pytest.fixture
def started(alice: Any, bob: Any, race_game: str) -> tuple[int, APIClient, APIClient]:
    a, b = client_for(alice), client_for(bob)
    match = create(a, options={"target": 10})
    assert match["status"] == "lobby"
    joined = b.post(f"/api/matches/{match['id']}/join", {}, format="json")
    assert joined.status_code == 200 and joined.json()["status"] == "active"
    return match["id"], a, b


def test_two_users_create_join_and_play_a_match_to_its_end(started: Any) -> None:
    match_id, a, b = started
    clients = [a, b]
    n = 0
    while True:
        detail = a.get(f"/api/matches/{match_id}").json()
        if detail["status"] == "finished":
            break
        seat = detail["active_seats"][0]
        for cmd in ({"type": "add", "amount": 3}, {"type": "end_turn"}):
            res = command(clients[seat], match_id, cmd, f"c{n}")
            n += 1
            assert res.status_code == 200, res.json()
    assert detail["outcome"]["ranks"] and sorted(s["rank"] for s in detail["seats"])[0] == 1
    assert OutboxItem.objects.filter(kind="match_finished").count() == 2


def test_a_retried_command_returns_the_first_result_and_appends_nothing(started: Any) -> None:
    match_id, a, _ = started
    first = command(a, match_id, {"type": "add", "amount": 2}, "same-id")
    count = Event.objects.of("match", match_id).count()
    again = command(a, match_id, {"type": "add", "amount": 2}, "same-id")
    assert again.status_code == 200
    assert again.json()["replayed"] is True and first.json()["replayed"] is False
    assert again.json()["version"] == first.json()["version"]
    assert Event.objects.of("match", match_id).count() == count


def test_a_seat_never_sees_another_seats_secret_and_spectators_see_only_the_seq(
    started: Any, race_game: str
) -> None:
    match_id, a, b = started
    secrets = Event.objects.of("match", match_id).get(type="SecretsDealt").payload["secrets"]
    from tests.conftest import make_user

    spectator = client_for(make_user("carol"))
    a_events = a.get(f"/api/matches/{match_id}/events").json()["events"]
    b_events = b.get(f"/api/matches/{match_id}/events").json()["events"]
    s_events = spectator.get(f"/api/matches/{match_id}/events").json()["events"]
    dealt = next(e for e in a_events if e.get("type") == "SecretsDealt")
    assert dealt["data"] == {"type": "SecretsDealt", "mine": secrets[0]}
    b_dealt = next(e for e in b_events if e.get("type") == "SecretsDealt")
    assert b_dealt["data"]["mine"] == secrets[1]
    assert "secrets" not in str(a_events) and "secrets" not in str(b_events)
    hidden = next(e for e in s_events if e["seq"] == dealt["seq"])
    assert hidden == {"seq": dealt["seq"]}
    assert [e["seq"] for e in s_events] == list(range(1, len(s_events) + 1))
    assert spectator.get(f"/api/matches/{match_id}").json()["view"]["my_secret"] is None
    assert a.get(f"/api/matches/{match_id}").json()["view"]["my_secret"] == secrets[0]


def test_events_since_and_ndjson(started: Any) -> None:
    match_id, a, _ = started
    command(a, match_id, {"type": "add", "amount": 1}, "x1")
    all_events = a.get(f"/api/matches/{match_id}/events").json()["events"]
    tail = a.get(f"/api/matches/{match_id}/events?since=2").json()["events"]
    assert tail == all_events[2:]
    res = a.get(f"/api/matches/{match_id}/events?since=2&format=ndjson")
    assert res["Content-Type"] == "application/x-ndjson"
    lines = b"".join(res.streaming_content).decode().strip().split("\n")
    assert len(lines) == len(tail)
    assert a.get(f"/api/matches/{match_id}/events?since=-1").json()["code"] == "invalid_input"


def test_legal_commands_are_served_for_the_requester(started: Any) -> None:
    match_id, a, b = started
    legal = a.get(f"/api/matches/{match_id}/legal").json()
    assert {"type": "add", "amount": 1} in legal["commands"]
    assert b.get(f"/api/matches/{match_id}/legal").json()["commands"] == []


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"command": {"type": "fly"}, "command_id": "e1"}, 400, "malformed_command"),
        ({"command": {"type": "add"}, "command_id": "e2"}, 400, "malformed_command"),
        ({"command": {"type": "add", "amount": 1}}, 400, "invalid_input"),
        ({"command": {"type": "add", "amount": 7}, "command_id": "e3"}, 422, "bad_amount"),
        ({"command": {"type": "end_turn"}, "command_id": "e4"}, 422, "must_add"),
        (
            {"command": {"type": "add", "amount": 1}, "command_id": "e5", "expected_version": 0},
            409,
            "stale_version",
        ),
    ],
)
def test_each_refusal_has_its_status_and_code_and_writes_nothing(
    started: Any, body: dict[str, Any], status: int, code: str
) -> None:
    match_id, a, _ = started
    before = Event.objects.of("match", match_id).count()
    res = a.post(f"/api/matches/{match_id}/commands", body, format="json")
    assert res.status_code == status, res.json()
    assert res.json()["code"] == code and res.json()["message"]
    assert Event.objects.of("match", match_id).count() == before


def test_not_your_turn_is_409_and_strangers_get_403_and_unknown_404(started: Any) -> None:
    match_id, _, b = started
    res = command(b, match_id, {"type": "add", "amount": 1}, "b1")
    assert (res.status_code, res.json()["code"]) == (409, "not_your_turn")
    from tests.conftest import make_user

    stranger = client_for(make_user("mallory"))
    res = command(stranger, match_id, {"type": "add", "amount": 1}, "m1")
    assert (res.status_code, res.json()["code"]) == (403, "not_a_player")
    res = command(b, 999999, {"type": "add", "amount": 1}, "m2")
    assert (res.status_code, res.json()["code"]) == (404, "match_not_found")
    anonymous = APIClient()
    res = command(anonymous, match_id, {"type": "add", "amount": 1}, "m3")
    assert (res.status_code, res.json()["code"]) == (401, "not_authenticated")


def test_bad_json_is_a_400_not_a_500(started: Any) -> None:
    match_id, a, _ = started
    res = a.post(f"/api/matches/{match_id}/commands", "{not json", content_type="application/json")
    assert (res.status_code, res.json()["code"]) == (400, "malformed_json")


def test_undo_takes_back_own_actions_up_to_the_last_barrier(started: Any) -> None:
    match_id, a, b = started
    command(a, match_id, {"type": "add", "amount": 1}, "u1")
    command(a, match_id, {"type": "add", "amount": 2}, "u2")
    command(a, match_id, {"type": "add", "amount": 3}, "u3")
    step = a.post(f"/api/matches/{match_id}/undo", {"command_id": "z1"}, format="json")
    assert step.status_code == 200 and step.json()["view"]["points"][0] == 3
    turn = a.post(
        f"/api/matches/{match_id}/undo", {"command_id": "z2", "scope": "turn"}, format="json"
    )
    assert turn.json()["view"]["points"][0] == 0
    nothing = a.post(f"/api/matches/{match_id}/undo", {"command_id": "z3"}, format="json")
    assert (nothing.status_code, nothing.json()["code"]) == (422, "nothing_to_undo")
    command(a, match_id, {"type": "add", "amount": 1}, "u4")
    command(a, match_id, {"type": "end_turn"}, "u5")  # a random draw: a barrier
    res = a.post(f"/api/matches/{match_id}/undo", {"command_id": "z4"}, format="json")
    assert res.json()["code"] == "nothing_to_undo"
    detail = b.get(f"/api/matches/{match_id}").json()
    assert detail["view"]["points"][0] in (1, 2)


def test_lobby_errors_and_invitations(alice: Any, bob: Any, race_game: str) -> None:
    a, b = client_for(alice), client_for(bob)
    res = a.post("/api/matches", {"game": "nope", "players": 2}, format="json")
    assert (res.status_code, res.json()["code"]) == (404, "unknown_game")
    res = a.post("/api/matches", {"game": "race", "players": 5}, format="json")
    assert (res.status_code, res.json()["code"]) == (422, "invalid_options")
    assert "2, 3" in res.json()["message"]
    assert res.json()["text"]["cs"] and res.json()["text"]["en"]  # in both of the app's languages
    res = a.post(
        "/api/matches", {"game": "race", "players": 2, "options": {"target": 1}}, format="json"
    )
    assert res.status_code == 422
    match = create(a, seats=[{"kind": "me"}, {"kind": "user", "username": "bob"}])
    assert OutboxItem.objects.filter(user=bob, kind="invited").exists()
    res = a.post(f"/api/matches/{match['id']}/start", {}, format="json")
    assert (res.status_code, res.json()["code"]) == (409, "seats_not_filled")
    assert (
        b.post(f"/api/matches/{match['id']}/join", {}, format="json").json()["status"] == "active"
    )
    assert (
        b.post(f"/api/matches/{match['id']}/join", {}, format="json").json()["code"]
        == "match_not_in_lobby"
    )


def test_lists_filter_my_matches_and_my_turn(started: Any, alice: Any) -> None:
    match_id, a, b = started
    assert [m["id"] for m in a.get("/api/matches?my_turn=true").json()["results"]] == [match_id]
    assert b.get("/api/matches?my_turn=true").json()["results"] == []
    assert b.get("/api/matches?mine=true").json()["count"] == 1


def test_a_bot_answers_after_commit(
    alice: Any, race_game: str, django_capture_on_commit_callbacks: Any
) -> None:
    a = client_for(alice)
    match = create(a, seats=[{"kind": "me"}, {"kind": "bot", "level": "greedy"}])
    match_id = match["id"]
    command(a, match_id, {"type": "add", "amount": 3}, "h1")
    with django_capture_on_commit_callbacks(execute=True):
        res = command(a, match_id, {"type": "end_turn"}, "h2")
    assert res.status_code == 200
    detail = a.get(f"/api/matches/{match_id}").json()
    # The bot's whole turn ran after the human's commit (in-process in tests).
    assert detail["status"] == "finished" or detail["active_seats"] == [0]
    assert Event.objects.of("match", match_id).filter(actor=1).exists()


def test_chat_is_for_players(started: Any) -> None:
    match_id, a, b = started
    assert (
        a.post(f"/api/matches/{match_id}/chat", {"text": "gl hf"}, format="json").status_code == 201
    )
    assert b.get(f"/api/matches/{match_id}/chat").json()["results"][0]["text"] == "gl hf"
    from tests.conftest import make_user

    res = client_for(make_user("eve")).post(
        f"/api/matches/{match_id}/chat", {"text": "hi"}, format="json"
    )
    assert res.status_code == 403


def test_resigning_a_two_player_match_ends_it(started: Any) -> None:
    match_id, a, _ = started
    res = a.post(f"/api/matches/{match_id}/resign", {"command_id": "r1"}, format="json")
    assert res.status_code == 200
    match = Match.objects.get(pk=match_id)
    assert match.status == "finished" and match.outcome["ranks"][0] == 2


def test_rate_limits_answer_429_with_retry_after(started: Any, settings: Any) -> None:
    from django.core.cache import cache

    match_id, a, _ = started
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "chat": "2/min",
        },
    }
    from rest_framework.settings import api_settings

    api_settings.reload()
    from rest_framework.throttling import ScopedRateThrottle

    ScopedRateThrottle.THROTTLE_RATES = api_settings.DEFAULT_THROTTLE_RATES
    cache.clear()
    try:
        codes = [
            a.post(f"/api/matches/{match_id}/chat", {"text": "x"}, format="json") for _ in range(3)
        ]
        assert [c.status_code for c in codes] == [201, 201, 429]
        assert codes[-1].json()["code"] == "rate_limited" and int(codes[-1]["Retry-After"]) > 0
    finally:
        settings.REST_FRAMEWORK = settings.REST_FRAMEWORK
        api_settings.reload()
        ScopedRateThrottle.THROTTLE_RATES = api_settings.DEFAULT_THROTTLE_RATES
        cache.clear()


def test_accounts_register_login_and_profile(db: Any) -> None:
    client = APIClient()
    res = client.post(
        "/api/accounts/register",
        {"username": "newbie", "password": "s3cret-pass-99"},
        format="json",
    )
    assert res.status_code == 201 and res.json()["token"]
    dup = client.post(
        "/api/accounts/register",
        {"username": "newbie", "password": "s3cret-pass-99"},
        format="json",
    )
    assert (dup.status_code, dup.json()["code"]) == (409, "username_taken")
    bad = client.post(
        "/api/accounts/login", {"username": "newbie", "password": "wrong"}, format="json"
    )
    assert (bad.status_code, bad.json()["code"]) == (401, "bad_credentials")
    ok = client.post(
        "/api/accounts/login", {"username": "newbie", "password": "s3cret-pass-99"}, format="json"
    )
    token = ok.json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    res = client.patch(
        "/api/accounts/me", {"display_name": "Newbie", "language": "cs"}, format="json"
    )
    assert res.json()["language"] == "cs"


def test_games_and_the_openapi_schema_are_served(db: Any, race_game: str) -> None:
    client = APIClient()
    games = client.get("/api/games").json()["results"]
    race = next(g for g in games if g["slug"] == "race")
    assert race["commands"][0]["type"] == "add" and race["options"][0]["name"] == "target"
    assert client.get("/api/schema/").status_code == 200
