"""Web Push writes: saving and removing subscriptions, and sending a push (RFC 8030) encrypted
for the browser (RFC 8291, aes128gcm) and signed with the server's VAPID key (RFC 8292).

What the PWA's service worker receives (``event.data.json()``) is the ``payload`` as given,
by convention a ``PushPayload``.

Sends are network calls of up to ``PUSH_TIMEOUT`` seconds each: call them after commit (from
a Celery task), never inside a transaction.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import time
from collections import Counter
from collections.abc import Mapping
from typing import Any, Literal, TypedDict
from urllib.parse import urlsplit

import requests
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db.models import F
from django.utils import timezone
from pywebpush import WebPushException, webpush

from core import outbound
from core.accounts.models import User
from core.api.errors import ApiError
from core.push.b64 import b64url_decode, b64url_encode
from core.push.models import PushSubscription
from core.push.vapid import vapid

log = logging.getLogger(__name__)

SendResult = Literal["sent", "gone", "failed"]
URGENCIES = ("very-low", "low", "normal", "high")  # RFC 8030 §5.3
# RFC 8291 §4: one record of at most 4096 octets, less the header (86), tag (16), delimiter (1).
MAX_PAYLOAD_BYTES = 3993
# RFC 8292 §2: a VAPID token must not expire more than 24 hours ahead; 12 leaves room for skew.
VAPID_TOKEN_LIFETIME = 12 * 3600
# Each browser profile has its own endpoint; more than this is stale ones piling up.
MAX_SUBSCRIPTIONS_PER_USER = 10
_TOPIC = re.compile(r"^[A-Za-z0-9_-]{1,32}$")  # RFC 8030 §5.4


class PushPayload(TypedDict, total=False):
    """The JSON object the service worker receives and shows as a notification.

    - ``title``: the notification's title, in the user's language
    - ``body``: its text
    - ``url``: the app path to open on click, e.g. ``/matches/42``
    - ``tag``: the notification tag; a newer notification with the same tag replaces the shown
      one (``match-42``: one notification per match on the device)
    - ``kind``: ``your_turn`` | ``invited`` | ``match_finished`` | ``deadline_soon``
    - ``match``: the match id, or null
    """

    title: str
    body: str
    url: str
    tag: str
    kind: str
    match: int | None


# --- subscriptions ------------------------------------------------------------------------------


def push_subscription_save(
    *, user: User, endpoint: str, p256dh: str, auth: str, user_agent: str = ""
) -> tuple[PushSubscription, bool]:
    """Save the browser's subscription for ``user``; returns it and whether it is new.

    The endpoint is unique: posting one that exists (the browser renewed its keys, or another
    user logged in on it) updates it and moves it to ``user``, with a clean failure count.
    """
    _check_endpoint(endpoint)
    p256dh = _check_p256dh(p256dh)
    auth = _check_auth(auth)
    subscription, created = PushSubscription.objects.update_or_create(
        endpoint=endpoint,
        defaults={
            "user": user,
            "p256dh": p256dh,
            "auth": auth,
            "user_agent": user_agent[:300],
            "failures": 0,
        },
    )
    stale = PushSubscription.objects.filter(user=user).values_list("pk", flat=True)[
        MAX_SUBSCRIPTIONS_PER_USER:
    ]
    PushSubscription.objects.filter(pk__in=list(stale)).delete()
    return subscription, created


def push_subscription_delete(
    *, user: User, subscription_id: int | None = None, endpoint: str | None = None
) -> None:
    """Delete one of the user's subscriptions, by id or by endpoint; 404 when the user has no
    such subscription (another user's is out of reach, and looks the same as none)."""
    qs = PushSubscription.objects.filter(user=user)
    if subscription_id is not None:
        qs = qs.filter(pk=subscription_id)
    elif endpoint is not None:
        qs = qs.filter(endpoint=endpoint)
    else:
        raise ApiError(400, "invalid_input", "Give the subscription's id or endpoint.")
    deleted, _ = qs.delete()
    if not deleted:
        raise ApiError(404, "subscription_not_found", "You have no such push subscription.")


# The VAPID audience (RFC 8292 §2) as py_vapid signs it: a scheme, a host without colons (so
# no IPv6 literal) and an optional port. An endpoint whose origin it refuses could never be
# sent to.
_AUDIENCE = re.compile(r"^https?://[^/:]+(:\d+)?$", re.IGNORECASE)


def _check_endpoint(endpoint: str) -> None:
    parts = urlsplit(endpoint)
    insecure_ok = settings.PUSH_ALLOW_INSECURE_ENDPOINTS
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise ApiError(422, "invalid_endpoint", "The endpoint must be an absolute https URL.")
    if parts.scheme == "http" and not insecure_ok:
        raise ApiError(422, "insecure_endpoint", "The endpoint must use https.")
    if parts.username or parts.password or parts.fragment:
        raise ApiError(422, "invalid_endpoint", "The endpoint has credentials or a fragment.")
    try:
        parts.port  # noqa: B018 (raises on a port out of range)
    except ValueError as err:
        raise ApiError(422, "invalid_endpoint", "The endpoint's port is not valid.") from err
    # The server POSTs to whatever is saved here: only a public address (checked again on each
    # send's connection), so a subscription cannot point the server at its own network.
    try:
        outbound.check_url(endpoint, schemes=("https", "http"), allow_private=insecure_ok)
    except outbound.Refused as err:
        raise ApiError(
            422, "endpoint_not_allowed", f"The endpoint must be a public push service: {err}."
        ) from err
    if not _AUDIENCE.match(_origin(endpoint)):
        raise ApiError(422, "invalid_endpoint", "The endpoint's host must be a name.")


def _check_p256dh(text: str) -> str:
    try:
        point = b64url_decode(text)
        if len(point) != 65 or point[0] != 4:
            raise ValueError("not an uncompressed point")
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)  # on the curve?
    except ValueError as err:
        raise ApiError(
            422,
            "invalid_p256dh",
            "keys.p256dh must be a base64url uncompressed P-256 public key (65 bytes).",
        ) from err
    return b64url_encode(point)


def _check_auth(text: str) -> str:
    try:
        secret = b64url_decode(text)
    except ValueError:
        secret = b""
    if len(secret) != 16:
        raise ApiError(422, "invalid_auth", "keys.auth must be a base64url 16-byte secret.")
    return b64url_encode(secret)


# --- sending ------------------------------------------------------------------------------------


def push_send(
    subscription: PushSubscription,
    payload: Mapping[str, Any],
    *,
    topic: str | None = None,
    ttl: int = 86400,
    urgency: str = "normal",
    session: requests.Session | None = None,
) -> SendResult:
    """Send ``payload`` (a ``PushPayload``, as JSON) to one subscription.

    ``topic``: a push service keeps only the newest undelivered push of a topic per
    subscription, so one topic per match turn means a device that was offline gets one push,
    not a backlog. Any string; one that RFC 8030 §5.4 would refuse is hashed into one.
    ``ttl``: seconds the push service keeps an undelivered push. ``urgency``: RFC 8030 §5.3.

    Returns "sent"; "gone" when the push service no longer knows the subscription (404/410:
    it is deleted); "failed" on a network error, timeout or any other refusal (its
    ``failures`` count goes up; a later success resets it). Never raises for delivery; a
    ``ValueError`` means the arguments are wrong (urgency, ttl, payload over 3993 bytes).
    """
    if urgency not in URGENCIES:
        raise ValueError(f"urgency must be one of {URGENCIES}, not {urgency!r}")
    if ttl < 0:
        raise ValueError("ttl must be 0 or more seconds")
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
    if len(data) > MAX_PAYLOAD_BYTES:
        raise ValueError(f"the payload is {len(data)} bytes; at most {MAX_PAYLOAD_BYTES}")
    headers = {"Urgency": urgency}
    if topic is not None:
        headers["Topic"] = push_topic(topic)
    status = _post(subscription, data, headers=headers, ttl=ttl, session=session)
    origin = _origin(subscription.endpoint)
    if status is not None and status < 300:
        PushSubscription.objects.filter(pk=subscription.pk).update(
            last_success_at=timezone.now(), failures=0
        )
        return "sent"
    if status in (404, 410):
        log.info("web push: subscription %s gone (%s from %s)", subscription.pk, status, origin)
        PushSubscription.objects.filter(pk=subscription.pk).delete()
        return "gone"
    log.warning(
        "web push: send to subscription %s failed (%s from %s)",
        subscription.pk,
        status or "no answer",
        origin,
    )
    PushSubscription.objects.filter(pk=subscription.pk).update(failures=F("failures") + 1)
    return "failed"


def push_send_to_user(
    user_id: int,
    payload: Mapping[str, Any],
    *,
    topic: str | None = None,
    ttl: int = 86400,
    urgency: str = "normal",
) -> dict[SendResult, int]:
    """``push_send`` to every subscription of the user, over one HTTP session; returns how many
    of each result, e.g. ``{"sent": 2, "gone": 1, "failed": 0}``."""
    counts: Counter[SendResult] = Counter({"sent": 0, "gone": 0, "failed": 0})
    subscriptions = list(PushSubscription.objects.filter(user_id=user_id))
    if not subscriptions:
        return dict(counts)
    with _session() as session:
        for subscription in subscriptions:
            result = push_send(
                subscription, payload, topic=topic, ttl=ttl, urgency=urgency, session=session
            )
            counts[result] += 1
    return dict(counts)


def push_topic(topic: str) -> str:
    """``topic`` as an RFC 8030 Topic: itself when it fits (32 base64url characters at most),
    otherwise a digest of it, so distinct topics stay distinct."""
    if _TOPIC.match(topic):
        return topic
    return b64url_encode(hashlib.sha256(topic.encode()).digest())[:32]


def _session() -> requests.Session:
    # Every connection to a public address only, the one checked (core/outbound.py); push
    # services answer, they do not redirect: the session follows none.
    return outbound.session(allow_private=settings.PUSH_ALLOW_INSECURE_ENDPOINTS)


def _post(
    subscription: PushSubscription,
    data: bytes,
    *,
    headers: dict[str, str],
    ttl: int,
    session: requests.Session | None,
) -> int | None:
    """The push service's status code, or None when it did not answer (or could not be sent
    to: a refused address, an endpoint VAPID cannot sign for, any other error: one bad
    subscription must never stop the others, nor the deliveries sent after it)."""
    identity = vapid()
    claims: dict[str, str | int] = {
        "sub": identity.subject,
        "aud": _origin(subscription.endpoint),
        "exp": int(time.time()) + VAPID_TOKEN_LIFETIME,
    }
    own_session = session is None
    session = session or _session()
    try:
        response = webpush(
            {
                "endpoint": subscription.endpoint,
                "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
            },
            data=data,  # bytes go out as they are
            vapid_private_key=identity.signer(),
            vapid_claims=claims,
            content_encoding="aes128gcm",
            timeout=settings.PUSH_TIMEOUT,
            ttl=ttl,
            headers=headers,
            requests_session=session,
        )
    except WebPushException as err:
        # The refusal's status from the answer it carries: ``err.status_code`` came in pywebpush
        # 2.5, and on 2.0 to 2.4 (the range allows them) reading it raised out of this handler.
        return _status_of(err.response)
    except requests.RequestException as err:
        log.info("web push: %s to %s", type(err).__name__, _origin(subscription.endpoint))
        return None
    except Exception:  # the endpoint's doing (pywebpush's VapidException...), not a bug here
        log.warning("web push: sending to %s failed", _origin(subscription.endpoint), exc_info=True)
        return None
    finally:
        if own_session:
            session.close()
    status: int = response.status_code
    return status


def _status_of(response: object) -> int | None:
    """The HTTP status of a push service's answer; None when there was none."""
    status = getattr(response, "status_code", None)
    return status if isinstance(status, int) else None


def _origin(endpoint: str) -> str:
    """The endpoint's scheme and host: the VAPID audience, and all a log line may show (the
    path is the subscription's capability)."""
    parts = urlsplit(endpoint)
    return f"{parts.scheme}://{parts.netloc}"


# What the test notification says (the push opt-in's "send a test notification").
TEST_TEXTS = {
    "en": ("Ludoteka", "Notifications work: this is how your turn will be announced."),
    "cs": ("Ludoteka", "Oznámení fungují: takhle vám dáme vědět, že jste na tahu."),
}


def push_send_test(*, user: User) -> dict[SendResult, int]:
    """A test notification to every device of ``user`` that takes them; refused when there is
    none (``no_push_subscription``), so the app can say why nothing arrived."""
    if not PushSubscription.objects.filter(user=user).exists():
        raise ApiError(
            409,
            "no_push_subscription",
            "No device of yours takes notifications: allow them in the app first.",
        )
    title, body = TEST_TEXTS["cs" if user.language == "cs" else "en"]
    payload: PushPayload = {
        "title": title,
        "body": body,
        "url": "/notifications",
        "tag": "test",
        "kind": "test",
        "match": None,
    }
    return push_send_to_user(user.pk, payload, topic="test", urgency="high")
