"""API tokens are checked against the database once per process and while: then a request
needs no query to know its user, and a deleted token or a deactivated user in this process is
refused at once."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from core.accounts.models import ApiToken
from core.accounts.services import user_token
from core.hotlane.tokens import token_cache
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache() -> Any:
    token_cache.clear()
    yield
    token_cache.clear()


def _client(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def _token_queries(client: APIClient) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/api/notifications").status_code == 200
    return sum("accounts_apitoken" in q["sql"] for q in queries.captured_queries)


def test_a_token_is_looked_up_once_then_served_from_the_process(db: Any) -> None:
    client = _client(user_token(user=make_user("alice")))
    assert _token_queries(client) == 1
    assert _token_queries(client) == 0


def test_a_deleted_token_is_refused_at_once(db: Any) -> None:
    alice = make_user("alice")
    client = _client(user_token(user=alice))
    assert client.get("/api/notifications").status_code == 200
    ApiToken.objects.filter(user=alice).delete()  # a queryset delete sends post_delete too
    res = client.get("/api/notifications")
    assert (res.status_code, res.json()["code"]) == (401, "bad_credentials")


def test_a_deactivated_user_is_refused_at_once(db: Any) -> None:
    alice = make_user("alice")
    client = _client(user_token(user=alice))
    assert client.get("/api/notifications").status_code == 200
    alice.is_active = False
    alice.save()
    assert client.get("/api/notifications").status_code == 401


def test_an_entry_expires(db: Any, settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import core.hotlane.tokens as auth

    settings.LUDOTEKA_TOKEN_CACHE_SECONDS = 30
    client = _client(user_token(user=make_user("alice")))
    assert _token_queries(client) == 1
    now = auth.monotonic()
    monkeypatch.setattr(auth, "monotonic", lambda: now + 31)
    assert _token_queries(client) == 1


def test_a_profile_change_shows_at_once(db: Any) -> None:
    alice = make_user("alice")
    client = _client(user_token(user=alice))
    client.patch("/api/accounts/me", {"display_name": "Alice B."}, format="json")
    assert client.get("/api/accounts/me").json()["display_name"] == "Alice B."
