"""Issue 40, item 3: a token can be revoked. Each finding of the issue is a test here that
fails on the code before (one token per user, kept for ever): logout, a password change, a
second log-in; then expiry, the devices list, and how long another process takes."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from core.accounts.models import ApiToken
from core.hotlane.tokens import token_cache
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

PASSWORD = "pass-word-123"


@pytest.fixture(autouse=True)
def _empty_cache() -> Any:
    token_cache.clear()
    yield
    token_cache.clear()


def log_in(username: str, password: str = PASSWORD, agent: str = "") -> str:
    extra = {"HTTP_USER_AGENT": agent} if agent else {}
    res = APIClient().post(
        "/api/accounts/login", {"username": username, "password": password}, **extra
    )
    assert res.status_code == 200, res.content
    return str(res.json()["token"])


def with_token(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def works(key: str) -> bool:
    status = with_token(key).get("/api/accounts/me").status_code
    assert status in (200, 401)
    return status == 200


def test_logout_revokes_the_token_it_came_with() -> None:
    make_user("alice")
    phone, laptop = log_in("alice"), log_in("alice")
    assert with_token(phone).post("/api/accounts/logout").status_code == 204
    assert not works(phone)
    assert works(laptop)  # another device stays logged in


def test_each_log_in_gets_a_token_of_its_own() -> None:
    make_user("alice")
    assert log_in("alice") != log_in("alice")


def test_a_password_change_revokes_every_token_and_gives_this_device_a_new_one() -> None:
    make_user("alice")
    phone, laptop = log_in("alice"), log_in("alice")
    res = with_token(phone).post(
        "/api/accounts/me/password",
        {"current_password": PASSWORD, "new_password": "another-long-one"},
    )
    assert res.status_code == 200, res.content
    fresh = res.json()["token"]
    assert not works(phone) and not works(laptop)
    assert works(fresh)
    log_in("alice", "another-long-one")


def test_a_password_change_needs_the_current_password() -> None:
    make_user("alice")
    key = log_in("alice")
    res = with_token(key).post(
        "/api/accounts/me/password", {"current_password": "wrong", "new_password": "x-long-one-9"}
    )
    assert (res.status_code, res.json()["code"]) == (403, "wrong_password")
    weak = with_token(key).post(
        "/api/accounts/me/password", {"current_password": PASSWORD, "new_password": "password"}
    )
    assert (weak.status_code, weak.json()["code"]) == (422, "weak_password")
    assert works(key)


def test_a_password_set_anywhere_else_revokes_every_token_too() -> None:
    """The admin's form and ``manage.py changepassword`` save the user with a new password."""
    alice = make_user("alice")
    key = log_in("alice")
    assert works(key)
    alice.set_password("set-by-the-admin-1")
    alice.save()
    assert not works(key)
    assert not ApiToken.objects.filter(user=alice).exists()


def test_a_token_unused_for_the_idle_limit_expires(settings: Any) -> None:
    settings.LUDOTEKA_TOKEN_IDLE_DAYS = 30
    alice = make_user("alice")
    key = log_in("alice")
    ApiToken.objects.filter(user=alice).update(
        last_used_at=timezone.now() - timedelta(days=29, hours=23)
    )
    assert works(key)  # and that use counts: the idle time starts again
    token_cache.clear()
    assert ApiToken.objects.get(user=alice).last_used_at > timezone.now() - timedelta(minutes=1)
    ApiToken.objects.filter(user=alice).update(last_used_at=timezone.now() - timedelta(days=31))
    token_cache.clear()
    assert not works(key)
    assert not ApiToken.objects.filter(user=alice).exists()


def test_no_expiry_when_the_setting_is_zero(settings: Any) -> None:
    settings.LUDOTEKA_TOKEN_IDLE_DAYS = 0
    alice = make_user("alice")
    key = log_in("alice")
    ApiToken.objects.filter(user=alice).update(last_used_at=timezone.now() - timedelta(days=900))
    assert works(key)


def test_the_keys_themselves_are_not_stored() -> None:
    make_user("alice")
    key = log_in("alice")
    with connection.cursor() as cursor:
        cursor.execute("SELECT digest, client, session_key FROM accounts_apitoken")
        rows = cursor.fetchall()
    assert rows and all(key not in str(row) for row in rows)


def test_a_player_lists_their_devices_and_logs_one_out() -> None:
    make_user("alice")
    make_user("bob")
    phone = log_in("alice", agent="Phone Browser/1.0")
    laptop = log_in("alice", agent="Laptop Browser/2.0")
    log_in("bob")
    listed = with_token(phone).get("/api/accounts/me/devices").json()
    assert listed["count"] == 2
    by_client = {d["client"]: d for d in listed["results"]}
    assert by_client["Phone Browser/1.0"]["current"] is True
    assert by_client["Laptop Browser/2.0"]["current"] is False
    laptop_path = f"/api/accounts/me/devices/{by_client['Laptop Browser/2.0']['id']}"
    gone = with_token(phone).delete(laptop_path)
    assert gone.status_code == 204
    assert not works(laptop) and works(phone)
    again = with_token(phone).delete(laptop_path)
    assert (again.status_code, again.json()["code"]) == (404, "device_not_found")


def test_nobody_revokes_another_players_device() -> None:
    alice, _ = make_user("alice"), make_user("bob")
    alice_key, bob_key = log_in("alice"), log_in("bob")
    bobs = ApiToken.objects.exclude(user=alice).get().pk
    res = with_token(alice_key).delete(f"/api/accounts/me/devices/{bobs}")
    assert res.status_code == 404
    assert works(bob_key)


def test_a_device_id_past_the_databases_range_is_not_found() -> None:
    """Schemathesis found a 500 here: an id past a bigint went into the query."""
    make_user("alice")
    key = log_in("alice")
    res = with_token(key).delete(f"/api/accounts/me/devices/{2**64}")
    assert (res.status_code, res.json()["code"]) == (404, "device_not_found")
    assert works(key)


def test_log_out_other_devices_keeps_only_the_one_asking() -> None:
    make_user("alice")
    keys = [log_in("alice") for _ in range(3)]
    res = with_token(keys[0]).post("/api/accounts/me/devices/revoke-others")
    assert res.json() == {"revoked": 2}
    assert [works(k) for k in keys] == [True, False, False]


def test_a_session_log_in_is_a_device_and_logging_it_out_ends_the_session() -> None:
    make_user("alice")
    browser = APIClient(HTTP_USER_AGENT="Browsable API")
    assert (
        browser.post("/api/accounts/login", {"username": "alice", "password": PASSWORD}).status_code
        == 200
    )
    assert browser.get("/api/accounts/me").status_code == 200  # the session cookie
    phone = log_in("alice", agent="Phone")
    devices = with_token(phone).get("/api/accounts/me/devices").json()["results"]
    seen = {d["client"]: (d["session"], d["current"]) for d in devices}
    assert seen == {"Browsable API": (True, False), "Phone": (True, True)}
    with_token(phone).post("/api/accounts/me/devices/revoke-others")
    assert browser.get("/api/accounts/me").status_code in (401, 403)
    assert works(phone)


def test_revocation_reaches_another_server_process_within_the_cache_time(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process revokes (seen here as the row gone without this process being told):
    this process refuses the token once its entry expires, ``LUDOTEKA_TOKEN_CACHE_SECONDS``."""
    import core.hotlane.tokens as auth

    settings.LUDOTEKA_TOKEN_CACHE_SECONDS = 30
    make_user("alice")
    key = log_in("alice")
    assert works(key)  # now in this process's cache
    with connection.cursor() as cursor:  # no signal: another process's delete
        cursor.execute("DELETE FROM accounts_apitoken")
    assert works(key)  # still trusted here...
    now = auth.monotonic()
    monkeypatch.setattr(auth, "monotonic", lambda: now + 29)
    assert works(key)
    monkeypatch.setattr(auth, "monotonic", lambda: now + 31)
    assert not works(key)  # ...for at most the cache time


def test_a_revoked_token_cannot_move_through_the_fast_lane(race_game: str) -> None:
    from core.matches import services

    alice, bob = make_user("alice"), make_user("bob")
    match = services.match_create(
        user=alice,
        game="race",
        n_players=2,
        options={"target": 30},
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username=bob.username)],
    )
    services.match_join(match_id=match.pk, user=bob)
    key = log_in("alice")
    assert with_token(key).get(f"/api/matches/{match.pk}/legal").status_code == 200
    assert with_token(key).post("/api/accounts/logout").status_code == 204
    res = with_token(key).post(
        f"/api/matches/{match.pk}/commands",
        {"command_id": "c1", "command": {"type": "add", "amount": 1}},
    )
    assert (res.status_code, res.json()["code"]) == (401, "bad_credentials")


def test_a_revoked_token_opens_no_socket() -> None:
    from realtime.auth import token_auth

    alice = make_user("alice")
    key = log_in("alice")
    user, how, token_id = token_auth(key)
    assert (user, how) == (alice, "token")
    assert token_id == ApiToken.objects.get(user=alice).pk
    with_token(key).post("/api/accounts/logout")
    assert token_auth(key)[1] == "bad_token"


def test_a_token_is_found_with_its_user_as_the_orm_reads_them() -> None:
    """``token_find`` reads a token and its user in one prepared statement on PostgreSQL:
    every field as the ORM's own query reads it, and nothing for a wrong key."""
    from core.accounts.tokens import token_digest, token_find

    user = make_user("tess")
    user.display_name, user.last_login = "Tess T.", timezone.now()
    user.save()
    key = log_in("tess", agent="Phone/1.0")
    found = token_find(key)
    assert found is not None
    orm = ApiToken.objects.select_related("user").get(digest=token_digest(key))
    for field in ApiToken._meta.concrete_fields:
        assert getattr(found, field.attname) == getattr(orm, field.attname), field.name
    for field in type(user)._meta.concrete_fields:
        assert getattr(found.user, field.attname) == getattr(orm.user, field.attname), field.name
    assert not found._state.adding and not found.user._state.adding
    assert token_find(key[:-1] + ("0" if key[-1] != "0" else "1")) is None
