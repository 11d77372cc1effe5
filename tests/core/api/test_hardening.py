"""Issue 14's inputs and attacks: each gets a 4xx in the API's shape, never a 500 or a page."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from core.accounts.models import User
from core.notifications.models import Notification
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def _is_api_error(res: Any, status: int, code: str | None = None) -> dict[str, Any]:
    assert res.status_code == status, (res.status_code, res.content[:300])
    assert res["Content-Type"].startswith("application/json"), res["Content-Type"]
    body = res.json()
    assert body["code"] and body["message"], body
    if code is not None:
        assert body["code"] == code, body
    return body


# --- the reported inputs -------------------------------------------------------------------------


def test_a_unicode_digit_in_since_is_a_400(race_game: str) -> None:
    client = client_for(make_user())
    match = client.post("/api/matches", {"game": "race", "players": 2}, format="json").json()
    for since in ("²", "٣", "-1", "1.5", "x", str(2**70)):
        res = client.get(f"/api/matches/{match['id']}/events", {"since": since})
        _is_api_error(res, 400, "invalid_input")
    assert client.get(f"/api/matches/{match['id']}/events", {"format": "xml"}).status_code == 400


def test_an_id_past_64_bits_is_a_400_not_a_database_overflow() -> None:
    user = make_user()
    Notification.objects.create(user=user, kind="your_turn")
    res = client_for(user).post(
        "/api/notifications/read", {"ids": [100000000000000000000]}, format="json"
    )
    _is_api_error(res, 400, "invalid_input")


def test_an_out_of_range_id_in_a_path_is_a_404() -> None:
    client = client_for(make_user())
    for path in (
        "/api/matches/100000000000000000000",
        "/api/matches/100000000000000000000/events",
        "/api/accounts/me/vacations/100000000000000000000/end",
    ):
        res = client.get(path) if "end" not in path else client.post(path, {}, format="json")
        _is_api_error(res, 404)


def test_a_body_over_the_default_limit_is_a_413_even_before_logging_in() -> None:
    body = json.dumps({"username": "x" * 3_000_000, "password": "p"})
    res = Client().post("/api/accounts/login", body, content_type="application/json")
    _is_api_error(res, 413, "payload_too_large")


def test_unknown_api_paths_and_methods_answer_json_not_a_debug_page(settings: Any) -> None:
    client = client_for(make_user())
    body = _is_api_error(client.get("/api/no/such/thing"), 404, "not_found")
    assert "urlpatterns" not in json.dumps(body).lower()
    _is_api_error(client.delete("/api/games"), 405, "method_not_allowed")
    _is_api_error(client.put("/api/matches", {}, format="json"), 405, "method_not_allowed")


def test_the_development_default_shows_no_debug_page() -> None:
    from django.conf import settings

    # pytest-django turns DEBUG off on its own; the default itself is checked in
    # tests/core/test_settings.py. Here: the 404 of an unknown path is the plain page.
    assert not settings.DEBUG
    res = Client().get("/api-auth/no/such/page")  # outside the front end's routes
    assert res.status_code == 404 and b"URLconf" not in res.content


def test_display_name_must_be_a_string() -> None:
    client = client_for(make_user())
    for bad in (0, 1.5, True, [], {}):
        res = client.patch("/api/accounts/me", {"display_name": bad}, format="json")
        _is_api_error(res, 400, "invalid_input")


# --- log-in brute force (django-axes) ------------------------------------------------------------


def _login(username: str, password: str, addr: str = "10.0.0.1") -> Any:
    return Client(REMOTE_ADDR=addr).post(
        "/api/accounts/login",
        {"username": username, "password": password},
        content_type="application/json",
    )


def test_guessing_a_password_is_stopped_with_429_within_a_handful_of_tries(
    settings: Any,
) -> None:
    make_user("victim", password="the-right-one-123")
    statuses = [_login("victim", f"guess-{i}").status_code for i in range(8)]
    assert 429 in statuses[: settings.AXES_FAILURE_LIMIT + 1], statuses
    first = statuses.index(429)
    assert set(statuses[:first]) == {401} and set(statuses[first:]) == {429}
    locked = _login("victim", "the-right-one-123")  # even the right password, meanwhile
    body = _is_api_error(locked, 429, "rate_limited")
    assert int(locked["Retry-After"]) == body["retry_after"] > 0


def test_the_limit_holds_per_account_across_addresses() -> None:
    make_user("victim", password="the-right-one-123")
    statuses = [_login("victim", "wrong", addr=f"10.0.1.{i}").status_code for i in range(8)]
    assert statuses[-1] == 429, statuses


def test_the_limit_holds_per_address_across_accounts() -> None:
    for i in range(8):
        make_user(f"player{i}", password="the-right-one-123")
    statuses = [_login(f"player{i}", "wrong", addr="10.0.2.9").status_code for i in range(8)]
    assert statuses[-1] == 429, statuses
    assert _login("player7", "the-right-one-123", addr="10.0.2.10").status_code == 200


def test_a_right_password_before_the_limit_resets_the_account() -> None:
    make_user("forgetful", password="the-right-one-123")
    for _ in range(3):
        assert _login("forgetful", "wrong").status_code == 401
    assert _login("forgetful", "the-right-one-123").status_code == 200
    assert all(_login("forgetful", "wrong").status_code == 401 for _ in range(3))


def test_registration_is_throttled_per_requested_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from core.accounts.apis import UsernameRateThrottle

    rates = {**UsernameRateThrottle.THROTTLE_RATES, "register_name": "2/hour"}
    monkeypatch.setattr(UsernameRateThrottle, "THROTTLE_RATES", rates)
    statuses = []
    for i in range(3):
        res = Client(REMOTE_ADDR=f"10.0.3.{i}").post(
            "/api/accounts/register",
            {"username": "wanted", "password": "x"},  # refused (too short) but counted
            content_type="application/json",
        )
        statuses.append(res.status_code)
    assert statuses == [400, 400, 429], statuses


# --- CSRF: log-in from a foreign page, session writes ------------------------------------------


def test_a_foreign_page_cannot_log_a_browser_in() -> None:
    make_user("someone", password="the-right-one-123")
    body = {"username": "someone", "password": "the-right-one-123"}
    foreign = Client().post(
        "/api/accounts/login",
        body,
        content_type="application/json",
        HTTP_ORIGIN="https://evil.example",
    )
    _is_api_error(foreign, 403, "foreign_origin")
    own = Client().post(
        "/api/accounts/login",
        body,
        content_type="application/json",
        HTTP_ORIGIN="http://testserver",
    )
    assert own.status_code == 200
    assert (
        Client().post("/api/accounts/login", body, content_type="application/json").status_code
        == 200
    )


def test_session_writes_need_the_csrf_token_and_token_writes_do_not(race_game: str) -> None:
    make_user("player", password="the-right-one-123")
    browser = Client(enforce_csrf_checks=True)
    login = browser.post(
        "/api/accounts/login",
        {"username": "player", "password": "the-right-one-123"},
        content_type="application/json",
    )
    assert login.status_code == 200
    match = {"game": "race", "players": 2}
    refused = browser.post("/api/matches", match, content_type="application/json")
    _is_api_error(refused, 403, "forbidden")
    csrf = browser.cookies["csrftoken"].value
    accepted = browser.post(
        "/api/matches", match, content_type="application/json", HTTP_X_CSRFTOKEN=csrf
    )
    assert accepted.status_code == 201
    token = login.json()["token"]
    api = Client(enforce_csrf_checks=True)
    by_token = api.post(
        "/api/matches", match, content_type="application/json", HTTP_AUTHORIZATION=f"Token {token}"
    )
    assert by_token.status_code == 201


# --- demo accounts, API docs -------------------------------------------------------------------


def test_demo_accounts_are_created_once_and_never_reset(settings: Any) -> None:
    call_command("demo_accounts")
    alice = User.objects.get(username="alice")
    alice.set_password("changed-by-alice-1")
    alice.save()
    call_command("demo_accounts")
    assert User.objects.get(username="alice").check_password("changed-by-alice-1")
    assert User.objects.filter(username__in=["alice", "bob"]).count() == 2


def test_no_demo_accounts_in_production(settings: Any) -> None:
    settings.LUDOTEKA_MODE = "production"
    call_command("demo_accounts")
    assert not User.objects.filter(username__in=["alice", "bob"]).exists()


def test_the_api_docs_load_nothing_from_a_cdn() -> None:
    res = Client().get("/api/docs/")
    assert res.status_code == 200
    page = res.content.decode()
    assert "drf_spectacular_sidecar" in page
    for cdn in ("cdn.", "jsdelivr", "unpkg", "cdnjs", "@latest", "https://"):
        assert cdn not in page, cdn
