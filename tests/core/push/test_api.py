"""The Web Push API: the public key, and subscribing, listing and unsubscribing browsers."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from rest_framework.test import APIClient

from core.push.b64 import b64url_encode
from core.push.models import PushSubscription
from core.push.services import MAX_SUBSCRIPTIONS_PER_USER, push_send_to_user
from core.push.vapid import vapid
from tests.conftest import client_for
from tests.core.push.push_service import PushService

ENDPOINT = "https://push.example.net/v2/abc123"
# A real P-256 public point (the generator) and a 16-byte secret.
P256DH = "BGsX0fLhLEJH-Lzm5WOkQPJ3A32BLeszoPShOUXYmMKWT-NC4v4af5uO5-tKfA-eFivOM1drMV7Oy7ZAaDe_UfU"
AUTH = b64url_encode(bytes(range(16)))


def _body(endpoint: str = ENDPOINT, p256dh: str = P256DH, auth: str = AUTH) -> dict[str, Any]:
    return {"endpoint": endpoint, "expirationTime": None, "keys": {"p256dh": p256dh, "auth": auth}}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/push/key"),
        ("get", "/api/push/subscriptions"),
        ("post", "/api/push/subscriptions"),
        ("delete", f"/api/push/subscriptions?endpoint={quote(ENDPOINT)}"),
        ("delete", "/api/push/subscriptions/1"),
    ],
)
def test_every_endpoint_needs_a_logged_in_user(method: str, path: str) -> None:
    client = APIClient()
    response = (
        client.post(path, _body(), format="json")
        if method == "post"
        else getattr(client, method)(path)
    )
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    assert not PushSubscription.objects.exists()


@pytest.mark.django_db
def test_the_key_is_the_servers_vapid_public_key(alice: Any) -> None:
    response = client_for(alice).get("/api/push/key")
    assert response.status_code == 200
    assert response.json() == {"public_key": vapid().public_key}


@pytest.mark.django_db
def test_a_browser_subscribes_and_lists_its_subscription(alice: Any) -> None:
    client = client_for(alice)
    created = client.post(
        "/api/push/subscriptions", _body(), format="json", HTTP_USER_AGENT="Firefox/140"
    )
    assert created.status_code == 201
    out = created.json()
    assert out["endpoint"] == ENDPOINT and out["user_agent"] == "Firefox/140"
    assert out["failures"] == 0 and out["last_success_at"] is None
    saved = PushSubscription.objects.get()
    assert (saved.user, saved.p256dh, saved.auth) == (alice, P256DH, AUTH)

    listed = client.get("/api/push/subscriptions").json()
    assert [s["id"] for s in listed["results"]] == [out["id"]]


@pytest.mark.django_db
def test_keys_in_padded_or_standard_base64_are_stored_as_base64url(alice: Any) -> None:
    padded = P256DH.replace("-", "+").replace("_", "/") + "="
    response = client_for(alice).post(
        "/api/push/subscriptions", _body(p256dh=padded, auth=AUTH + "=="), format="json"
    )
    assert response.status_code == 201
    saved = PushSubscription.objects.get()
    assert (saved.p256dh, saved.auth) == (P256DH, AUTH)


@pytest.mark.django_db
def test_reposting_an_endpoint_updates_it_and_moves_it_to_the_caller(alice: Any, bob: Any) -> None:
    client_for(alice).post("/api/push/subscriptions", _body(), format="json")
    PushSubscription.objects.update(failures=3)
    new_auth = b64url_encode(b"\xff" * 16)

    response = client_for(bob).post("/api/push/subscriptions", _body(auth=new_auth), format="json")

    assert response.status_code == 200
    saved = PushSubscription.objects.get()
    assert (saved.user, saved.auth, saved.failures) == (bob, new_auth, 0)
    assert client_for(alice).get("/api/push/subscriptions").json()["results"] == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"endpoint": ENDPOINT}, 400, "invalid_input"),
        ({"keys": {"p256dh": P256DH, "auth": AUTH}}, 400, "invalid_input"),
        (_body(endpoint="x" * 1001), 400, "invalid_input"),
        ({"endpoint": ENDPOINT, "keys": "p256dh"}, 400, "invalid_input"),
        (_body(endpoint="push.example.net/v2/abc"), 422, "invalid_endpoint"),
        (_body(endpoint="ftp://push.example.net/x"), 422, "invalid_endpoint"),
        (_body(endpoint="https://user:pw@push.example.net/x"), 422, "invalid_endpoint"),
        (_body(endpoint="https://push.example.net:99999/x"), 422, "invalid_endpoint"),
        (_body(endpoint="http://push.example.net/x"), 422, "insecure_endpoint"),
        (_body(endpoint="https://127.0.0.1:8443/x"), 422, "endpoint_not_allowed"),
        (_body(endpoint="https://10.1.2.3/x"), 422, "endpoint_not_allowed"),
        (_body(endpoint="https://[::1]/x"), 422, "endpoint_not_allowed"),
        (_body(endpoint="https://localhost/x"), 422, "endpoint_not_allowed"),
        (_body(endpoint="https://2130706433/x"), 422, "endpoint_not_allowed"),  # 127.0.0.1
        (_body(p256dh="not base64 at all!"), 422, "invalid_p256dh"),
        (_body(p256dh=b64url_encode(b"\x04" + b"\x01" * 64)), 422, "invalid_p256dh"),  # off curve
        (_body(p256dh=b64url_encode(b"\x04" + b"\x01" * 31)), 422, "invalid_p256dh"),  # short
        (_body(p256dh=P256DH[:44]), 422, "invalid_p256dh"),
        (_body(auth=b64url_encode(b"\x01" * 15)), 422, "invalid_auth"),
        (_body(auth="%%%%"), 422, "invalid_auth"),
    ],
)
def test_bad_subscriptions_are_refused_with_a_clear_code(
    alice: Any, body: dict[str, Any], status: int, code: str
) -> None:
    response = client_for(alice).post("/api/push/subscriptions", body, format="json")
    assert response.status_code == status, response.json()
    assert response.json()["code"] == code
    assert response.json()["message"]
    assert not PushSubscription.objects.exists()


@pytest.mark.django_db
def test_plain_http_endpoints_need_the_setting(alice: Any, settings: Any) -> None:
    settings.PUSH_ALLOW_INSECURE_ENDPOINTS = True
    response = client_for(alice).post(
        "/api/push/subscriptions", _body(endpoint="http://127.0.0.1:9/push/x"), format="json"
    )
    assert response.status_code == 201


@pytest.mark.django_db
def test_unsubscribing_by_id_or_endpoint_leaves_others_untouched(alice: Any, bob: Any) -> None:
    alices, bobs = client_for(alice), client_for(bob)
    first = alices.post("/api/push/subscriptions", _body(), format="json").json()
    second_endpoint = ENDPOINT + "-2"
    alices.post("/api/push/subscriptions", _body(endpoint=second_endpoint), format="json")
    bobs_own = bobs.post("/api/push/subscriptions", _body(endpoint=ENDPOINT + "-b"), format="json")

    # Bob can neither see nor delete Alice's subscriptions.
    assert [s["id"] for s in bobs.get("/api/push/subscriptions").json()["results"]] == [
        bobs_own.json()["id"]
    ]
    refused = bobs.delete(f"/api/push/subscriptions/{first['id']}")
    assert refused.status_code == 404 and refused.json()["code"] == "subscription_not_found"
    by_endpoint = f"/api/push/subscriptions?endpoint={quote(second_endpoint, safe='')}"
    assert bobs.delete(by_endpoint).status_code == 404
    assert PushSubscription.objects.filter(user=alice).count() == 2

    assert alices.delete(f"/api/push/subscriptions/{first['id']}").status_code == 204
    assert alices.delete(by_endpoint).status_code == 204
    assert not PushSubscription.objects.filter(user=alice).exists()
    assert PushSubscription.objects.filter(user=bob).count() == 1
    assert alices.delete(by_endpoint).status_code == 404
    missing = alices.delete("/api/push/subscriptions")
    assert missing.status_code == 400 and missing.json()["code"] == "invalid_input"


@pytest.mark.django_db
def test_a_user_keeps_only_the_newest_subscriptions(alice: Any) -> None:
    client = client_for(alice)
    ids = [
        client.post(
            "/api/push/subscriptions", _body(endpoint=f"{ENDPOINT}/{i}"), format="json"
        ).json()["id"]
        for i in range(MAX_SUBSCRIPTIONS_PER_USER + 2)
    ]
    kept = [s["id"] for s in client.get("/api/push/subscriptions").json()["results"]]
    assert sorted(kept) == sorted(ids[2:])


@pytest.mark.django_db
def test_a_browser_subscribed_through_the_api_receives_the_push(
    alice: Any, push_service: PushService
) -> None:
    """The whole path: the PWA takes the key, subscribes with it, posts toJSON(); a push to the
    user arrives signed by that key and decrypts to the payload."""
    client = client_for(alice)
    key = client.get("/api/push/key").json()["public_key"]
    subscriber = push_service.subscribe(application_server_key=key)
    assert (
        client.post("/api/push/subscriptions", subscriber.to_json(), format="json").status_code
        == 201
    )

    payload = {
        "title": "Ludoteka",
        "body": "Bob invited you",
        "url": "/matches/7",
        "tag": "match-7",
        "kind": "invited",
        "match": 7,
    }
    assert push_send_to_user(alice.pk, payload, topic="match-7") == {
        "sent": 1,
        "gone": 0,
        "failed": 0,
    }
    assert [m.json() for m in push_service.accepted] == [payload]
    listed = client.get("/api/push/subscriptions").json()["results"]
    assert listed[0]["last_success_at"] is not None
