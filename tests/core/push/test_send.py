"""Sending: each push goes through the loopback push service, which checks the VAPID signature
and decrypts the body from the RFCs, independently of pywebpush."""

from __future__ import annotations

import json
import logging
import socket
import time
from typing import Any

import pytest
import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from core.push.models import PushSubscription
from core.push.services import push_send, push_send_to_user, push_subscription_save, push_topic
from core.push.vapid import vapid
from tests.conftest import make_user
from tests.core.push.push_service import (
    PushService,
    Rejected,
    Subscriber,
    b64url,
    unb64url,
    verify_vapid,
)

PAYLOAD = {
    "title": "Your turn",
    "body": "It is your turn in Carcassonne #42 — žluťoučký kůň.",
    "url": "/matches/42",
    "tag": "match-42",
    "kind": "your_turn",
    "match": 42,
}


def _subscription(user: Any, subscriber: Subscriber) -> PushSubscription:
    subscription, _ = push_subscription_save(
        user=user, endpoint=subscriber.endpoint, p256dh=subscriber.p256dh, auth=subscriber.auth
    )
    return subscription


@pytest.mark.django_db
def test_a_push_arrives_signed_and_decrypts_to_the_payload(push_service: PushService) -> None:
    subscriber = push_service.subscribe(application_server_key=vapid().public_key)
    subscription = _subscription(make_user(), subscriber)

    assert push_send(subscription, PAYLOAD) == "sent"

    assert push_service.rejected == []
    [message] = push_service.accepted
    assert message.token == subscriber.token
    assert message.json() == PAYLOAD
    assert message.headers["content-encoding"] == "aes128gcm"
    assert message.claims["aud"] == push_service.origin
    assert message.claims["sub"] == "mailto:admin@localhost"
    assert time.time() < message.claims["exp"] <= time.time() + 24 * 3600
    subscription.refresh_from_db()
    assert subscription.last_success_at is not None and subscription.failures == 0


@pytest.mark.django_db
def test_each_push_is_encrypted_afresh(push_service: PushService) -> None:
    subscription = _subscription(make_user(), push_service.subscribe())
    push_send(subscription, PAYLOAD)
    push_send(subscription, PAYLOAD)
    first, second = push_service.accepted
    assert first.plaintext == second.plaintext
    # A new salt and ephemeral key every time (RFC 8291 §3.1), so no two bodies are alike.
    assert first.body[:16] != second.body[:16] and first.body[21:86] != second.body[21:86]


@pytest.mark.django_db
def test_the_service_refuses_a_body_it_cannot_decrypt(push_service: PushService) -> None:
    """The decryption is a real check: a flipped byte or another subscriber's key fails it."""
    subscriber = push_service.subscribe()
    other = push_service.subscribe()
    push_send(_subscription(make_user(), subscriber), PAYLOAD)
    [message] = push_service.accepted
    headers = dict(message.headers)

    flipped = message.body[:-1] + bytes([message.body[-1] ^ 1])
    assert push_service.handle(f"/push/{subscriber.token}", headers, flipped) == 400
    # The JWT's aud is the same origin for both endpoints, so only the keys differ.
    assert push_service.handle(f"/push/{other.token}", headers, message.body) == 400
    assert [r.reason for r in push_service.rejected] == ["decryption failed"] * 2


@pytest.mark.django_db
def test_topic_urgency_and_ttl_headers_arrive(push_service: PushService) -> None:
    subscription = _subscription(make_user(), push_service.subscribe())
    push_send(subscription, PAYLOAD, topic="match-42-turn-7", ttl=600, urgency="high")
    push_send(subscription, PAYLOAD)
    given, default = push_service.accepted
    assert given.headers["topic"] == "match-42-turn-7"
    assert given.headers["urgency"] == "high"
    assert given.headers["ttl"] == "600"
    assert "topic" not in default.headers
    assert default.headers["urgency"] == "normal" and default.headers["ttl"] == "86400"


def test_a_topic_the_rfc_would_refuse_becomes_a_stable_digest() -> None:
    long_topic = "match:42/turn:7/your_turn"
    digest = push_topic(long_topic)
    assert digest == push_topic(long_topic) != push_topic("match:42/turn:8/your_turn")
    assert len(digest) == 32 and digest.replace("-", "").replace("_", "").isalnum()
    assert push_topic("match-42") == "match-42"


@pytest.mark.django_db
def test_a_hashed_topic_is_accepted_by_the_push_service(push_service: PushService) -> None:
    subscription = _subscription(make_user(), push_service.subscribe())
    assert push_send(subscription, PAYLOAD, topic="match 42: turn 7 (your turn)") == "sent"
    assert push_service.accepted[0].headers["topic"] == push_topic("match 42: turn 7 (your turn)")


# --- the VAPID verifier can fail --------------------------------------------------------------


def _signed(origin: str, **claims: Any) -> str:
    return (
        vapid()
        .signer()
        .sign(
            {
                "sub": "mailto:admin@localhost",
                "aud": origin,
                "exp": int(time.time()) + 3600,
                **claims,
            }
        )["Authorization"]
    )


def _tamper_claims(authorization: str, **changes: Any) -> str:
    scheme, params = authorization.split(" ", 1)
    parts = dict(p.strip().split("=", 1) for p in params.split(","))
    header, claims, signature = parts["t"].split(".")
    decoded = json.loads(unb64url(claims))
    forged = b64url(json.dumps({**decoded, **changes}).encode())
    return f"{scheme} t={header}.{forged}.{signature}, k={parts['k']}"


def _other_key() -> str:
    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return b64url(point)


@pytest.mark.django_db
def test_the_verifier_accepts_a_genuine_token_and_refuses_forgeries(
    push_service: PushService,
) -> None:
    subscriber = push_service.subscribe()
    origin = push_service.origin
    genuine = _signed(origin)
    assert verify_vapid(genuine, origin, subscriber)["aud"] == origin

    t_part = genuine.split("t=", 1)[1].split(",", 1)[0]
    forgeries = {
        "tampered claims": _tamper_claims(genuine, exp=int(time.time()) + 7200),
        "another key as k": f"vapid t={t_part}, k={_other_key()}",
        "another audience": _signed("http://127.0.0.1:1"),
        "expired": _signed(origin, exp=int(time.time()) - 10),
        "more than 24 hours": _signed(origin, exp=int(time.time()) + 25 * 3600),
        "not vapid": genuine.replace("vapid ", "WebPush ", 1),
    }
    for name, authorization in forgeries.items():
        with pytest.raises(Rejected) as refused:
            verify_vapid(authorization, origin, subscriber)
        assert refused.value.status == 401, name


@pytest.mark.django_db
def test_a_tampered_token_is_refused_over_http(push_service: PushService) -> None:
    subscriber = push_service.subscribe()
    push_send(_subscription(make_user(), subscriber), PAYLOAD)
    [message] = push_service.accepted
    headers = {
        k: v for k, v in message.headers.items() if k in ("ttl", "content-encoding", "urgency")
    }
    headers["authorization"] = _tamper_claims(message.headers["authorization"], sub="x")
    response = requests.post(subscriber.endpoint, data=message.body, headers=headers, timeout=5)
    assert response.status_code == 401
    assert push_service.rejected[-1].reason == "bad JWT signature"
    assert len(push_service.accepted) == 1


@pytest.mark.django_db
def test_a_subscription_for_another_server_key_refuses_our_push(push_service: PushService) -> None:
    subscriber = push_service.subscribe(application_server_key=_other_key())
    subscription = _subscription(make_user(), subscriber)
    assert push_send(subscription, PAYLOAD) == "failed"
    assert [(r.status, r.token) for r in push_service.rejected] == [(403, subscriber.token)]
    assert push_service.accepted == []


# --- what the answer does to the subscription ---------------------------------------------------


class _WebPushExceptionBefore25(Exception):
    """pywebpush 2.0 to 2.4's WebPushException: the answer in ``response``, no ``status_code``."""

    def __init__(self, message: str, response: Any = None) -> None:
        super().__init__(message)
        self.response = response


@pytest.mark.django_db
def test_a_refusal_is_read_from_its_answer_as_pywebpush_before_2_5_gives_it(
    push_service: PushService, monkeypatch: pytest.MonkeyPatch
) -> None:
    from core.push import services

    gone = requests.Response()
    gone.status_code = 410

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise _WebPushExceptionBefore25("Push failed: 410 Gone", response=gone)

    monkeypatch.setattr(services, "WebPushException", _WebPushExceptionBefore25)
    monkeypatch.setattr(services, "webpush", refuse)
    subscription = _subscription(make_user(), push_service.subscribe())
    assert push_send(subscription, PAYLOAD) == "gone"
    assert not PushSubscription.objects.filter(pk=subscription.pk).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("status", [404, 410])
def test_a_gone_subscription_is_deleted(push_service: PushService, status: int) -> None:
    subscriber = push_service.subscribe()
    subscription = _subscription(make_user(), subscriber)
    push_service.answer(subscriber.endpoint, status)
    assert push_send(subscription, PAYLOAD) == "gone"
    assert not PushSubscription.objects.filter(pk=subscription.pk).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("status", [500, 503, 429, 413])
def test_a_refused_push_counts_a_failure_and_keeps_the_subscription(
    push_service: PushService, status: int
) -> None:
    subscriber = push_service.subscribe()
    subscription = _subscription(make_user(), subscriber)
    push_service.answer(subscriber.endpoint, status)
    assert push_send(subscription, PAYLOAD) == "failed"
    assert push_send(subscription, PAYLOAD) == "failed"
    subscription.refresh_from_db()
    assert subscription.failures == 2 and subscription.last_success_at is None

    del push_service.forced[subscriber.token]
    assert push_send(subscription, PAYLOAD) == "sent"
    subscription.refresh_from_db()
    assert subscription.failures == 0 and subscription.last_success_at is not None


@pytest.mark.django_db
def test_a_name_that_now_resolves_to_a_private_address_is_not_sent_to(
    push_service: PushService, settings: Any
) -> None:
    """Saved with a public name, later pointed at the server's own network: refused at send."""
    subscriber = push_service.subscribe()
    subscription = PushSubscription.objects.create(
        user=make_user(),
        endpoint=f"http://localhost:{push_service.port}/push/{subscriber.token}",
        p256dh=subscriber.p256dh,
        auth=subscriber.auth,
    )
    settings.PUSH_ALLOW_INSECURE_ENDPOINTS = False
    assert push_send(subscription, PAYLOAD) == "failed"
    assert push_service.requests == 0
    settings.PUSH_ALLOW_INSECURE_ENDPOINTS = True  # the same send does reach the service
    push_send(subscription, PAYLOAD)
    assert push_service.requests == 1


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.django_db
def test_an_unreachable_push_service_is_a_failure(push_service: PushService) -> None:
    subscriber = push_service.subscribe()
    subscriber.endpoint = f"http://127.0.0.1:{_closed_port()}/push/{subscriber.token}"
    subscription = _subscription(make_user(), subscriber)
    assert push_send(subscription, PAYLOAD) == "failed"
    subscription.refresh_from_db()
    assert subscription.failures == 1


@pytest.mark.django_db
def test_a_push_service_slower_than_the_timeout_is_a_failure(
    push_service: PushService, settings: Any
) -> None:
    settings.PUSH_TIMEOUT = 0.2
    push_service.delay = 1.0
    subscription = _subscription(make_user(), push_service.subscribe())
    started = time.monotonic()
    assert push_send(subscription, PAYLOAD) == "failed"
    assert time.monotonic() - started < 0.9


@pytest.mark.django_db
def test_the_logs_show_no_endpoint_path_and_no_keys(
    push_service: PushService, caplog: pytest.LogCaptureFixture
) -> None:
    subscriber = push_service.subscribe()
    subscription = _subscription(make_user(), subscriber)
    push_service.answer(subscriber.endpoint, 500)
    with caplog.at_level(logging.DEBUG, logger="core.push"):
        push_send(subscription, PAYLOAD)
        push_service.answer(subscriber.endpoint, 410)
        push_send(subscription, PAYLOAD)
    ours = [r for r in caplog.records if r.name.startswith("core.push.services")]
    assert len(ours) == 2
    logged = "\n".join(r.getMessage() for r in ours)
    assert push_service.origin in logged
    for secret in (subscriber.token, subscriber.auth, subscriber.p256dh, PAYLOAD["body"]):
        assert secret not in logged


@pytest.mark.django_db
def test_sending_to_a_user_reaches_each_subscription_and_counts_results(
    push_service: PushService,
) -> None:
    alice, bob = make_user(), make_user()
    ok_1, ok_2, gone, broken = (push_service.subscribe() for _ in range(4))
    for subscriber in (ok_1, ok_2, gone, broken):
        _subscription(alice, subscriber)
    bobs = push_service.subscribe()
    _subscription(bob, bobs)
    push_service.answer(gone.endpoint, 410)
    push_service.answer(broken.endpoint, 500)

    counts = push_send_to_user(alice.pk, PAYLOAD, topic="match-42")

    assert counts == {"sent": 2, "gone": 1, "failed": 1}
    assert sorted(m.token for m in push_service.accepted) == sorted([ok_1.token, ok_2.token])
    assert all(m.headers["topic"] == "match-42" for m in push_service.accepted)
    assert PushSubscription.objects.filter(user=alice).count() == 3
    assert push_send_to_user(make_user().pk, PAYLOAD) == {"sent": 0, "gone": 0, "failed": 0}


@pytest.mark.django_db
def test_wrong_arguments_raise_before_anything_is_sent(push_service: PushService) -> None:
    subscription = _subscription(make_user(), push_service.subscribe())
    with pytest.raises(ValueError, match="urgency"):
        push_send(subscription, PAYLOAD, urgency="urgent")
    with pytest.raises(ValueError, match="ttl"):
        push_send(subscription, PAYLOAD, ttl=-1)
    with pytest.raises(ValueError, match="3993"):
        push_send(subscription, {**PAYLOAD, "body": "x" * 4000})
    assert push_service.accepted == [] and push_service.rejected == []


@pytest.mark.django_db
def test_the_largest_payload_fits_one_record(push_service: PushService) -> None:
    subscription = _subscription(make_user(), push_service.subscribe())
    frame = len(json.dumps({"body": ""}, separators=(",", ":")))
    payload = {"body": "x" * (3993 - frame)}
    assert push_send(subscription, payload) == "sent"
    assert push_service.accepted[0].json() == payload
