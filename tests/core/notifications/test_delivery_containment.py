"""Issue 40, finding 4: one bad push subscription or webhook URL raised out of the delivery run,
so the batch's other deliveries stayed leased for five minutes and the bad one, never counted,
came back after every lease, for ever. Now whatever one delivery raises is its own failure:
the others go out in the same run, and the bad one gives up after its last try."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from core.notifications import channels
from core.notifications.delivery import BACKOFF_SECONDS, deliveries_send
from core.notifications.models import Delivery, Notification
from core.notifications.preferences import preferences_update
from core.push.models import PushSubscription
from tests.conftest import make_user
from tests.core.notifications.conftest import Receiver

pytestmark = pytest.mark.django_db

P256DH = "BGsX0fLhLEJH-Lzm5WOkQPJ3A32BLeszoPShOUXYmMKWT-NC4v4af5uO5-tKfA-eFivOM1drMV7Oy7ZAaDe_UfU"
AUTH = "AAECAwQFBgcICQoLDA0ODw"


def _due(user: Any, channel: str, at: Any) -> Delivery:
    note = Notification.objects.create(user=user, kind="invited", payload={"game": "race"})
    return Delivery.objects.create(notification=note, channel=channel, due_at=at)


def _webhook_user(url: str) -> Any:
    user = make_user()
    preferences_update(user=user, changes={"webhook_url": url})
    return user


def test_a_poisoned_push_subscription_holds_back_nothing_and_gives_up(
    receiver: Receiver,
) -> None:
    """A subscription saved before endpoints were vetted (``[::127.0.0.1]``): pywebpush's VAPID
    signing raised ``Missing 'aud'`` outside the per-delivery handling."""
    now = timezone.now()
    alice = make_user()
    PushSubscription.objects.create(
        user=alice, endpoint="https://[::127.0.0.1]:8399/p", p256dh=P256DH, auth=AUTH
    )
    poisoned = _due(alice, "push", now - timedelta(seconds=2))
    fine = _due(_webhook_user(receiver.url), "webhook", now - timedelta(seconds=1))

    counts = deliveries_send(now=now)

    assert counts == {"retry": 1, "sent": 1}
    assert Delivery.objects.get(pk=fine.pk).status == Delivery.Status.SENT
    assert len(receiver.requests) == 1
    poisoned.refresh_from_db()
    assert (poisoned.status, poisoned.attempts) == (Delivery.Status.PENDING, 1)

    # Every later try fails the same way, each counted: after the last, it gives up.
    runs = 1
    while poisoned.status == Delivery.Status.PENDING:
        now += timedelta(seconds=max(BACKOFF_SECONDS) + 1)
        deliveries_send(now=now)
        poisoned.refresh_from_db()
        runs += 1
        assert runs <= len(BACKOFF_SECONDS) + 1
    assert poisoned.status == Delivery.Status.FAILED
    assert poisoned.attempts == len(BACKOFF_SECONDS) + 1


def test_a_webhook_url_with_a_space_holds_back_no_other_webhook(receiver: Receiver) -> None:
    """Saved where private targets are allowed (development); urllib refused to send it with
    an exception of its own, which stopped the run before the next webhook."""
    now = timezone.now()
    poison = _webhook_user(receiver.url)
    # Set behind the API's back (it now refuses such a URL), as an older row would have it.
    poison.notification_preference.webhook_url = receiver.url.replace("/hook", "/poison hook")
    poison.notification_preference.save()
    first = _due(poison, "webhook", now - timedelta(seconds=2))
    second = _due(_webhook_user(receiver.url), "webhook", now - timedelta(seconds=1))

    deliveries_send(now=now)

    assert Delivery.objects.get(pk=second.pk).status == Delivery.Status.SENT
    first.refresh_from_db()
    assert first.status == Delivery.Status.SENT or first.attempts == 1
    assert "/hook" in [r["path"] for r in receiver.requests]


def test_any_exception_of_one_channel_is_that_delivery_s_failure(
    monkeypatch: pytest.MonkeyPatch, receiver: Receiver
) -> None:
    now = timezone.now()

    def broken(*args: Any, **kwargs: Any) -> str:
        raise RuntimeError("a library's own error")

    monkeypatch.setattr(channels, "send_email", broken)
    mailer = make_user()
    preferences_update(user=mailer, changes={})
    broken_one = _due(mailer, "email", now - timedelta(seconds=2))
    fine = _due(_webhook_user(receiver.url), "webhook", now - timedelta(seconds=1))

    assert deliveries_send(now=now) == {"retry": 1, "sent": 1}
    broken_one.refresh_from_db()
    assert broken_one.attempts == 1 and "RuntimeError" in broken_one.detail
    assert Delivery.objects.get(pk=fine.pk).status == Delivery.Status.SENT
