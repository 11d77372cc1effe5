"""Notifications on Web Push, end to end: a phone subscribes through the API, a turn comes,
and the loopback push service checks the VAPID signature and decrypts one push per turn."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from core.notifications.models import Delivery, MatchWatch
from core.notifications.tasks import dispatch_outbox
from tests.conftest import client_for, make_user
from tests.core.async_play.conftest import ADD, END, PER_DAY, Clock, play, start_race
from tests.core.notifications.conftest import your_turn_message
from tests.core.push.push_service import PushService

pytestmark = pytest.mark.django_db


def phone(user: Any, push_service: PushService) -> Any:
    client = client_for(user)
    key = client.get("/api/push/key").json()["public_key"]
    subscriber = push_service.subscribe(application_server_key=key)
    response = client.post("/api/push/subscriptions", subscriber.to_json(), format="json")
    assert response.status_code == 201, response.json()
    return subscriber


def test_one_encrypted_push_per_turn_and_none_while_looking(
    race_game: str, clock: Clock, push_service: PushService
) -> None:
    alice, bob = make_user(), make_user()
    alice_phone, bob_phone = phone(alice, push_service), phone(bob, push_service)
    match = start_race(alice, bob, PER_DAY)
    dispatch_outbox.apply()
    assert push_service.rejected == []
    by_token = {m.token: m.json() for m in push_service.accepted}
    assert by_token[alice_phone.token] == your_turn_message(match.pk, bob.public_name)
    assert by_token[bob_phone.token]["kind"] == "invited"
    [to_alice] = [m for m in push_service.accepted if m.token == alice_phone.token]
    assert to_alice.headers["topic"] == f"match-{match.pk}"

    # Bob has the match open when his turn comes: no push to his phone.
    MatchWatch.objects.create(
        user=bob, match=match, socket="bob-1", expires_at=clock.now + timedelta(minutes=1)
    )
    play(match, alice, ADD, END)
    dispatch_outbox.apply()
    assert len(push_service.accepted) == 2
    assert Delivery.objects.filter(detail="looking").count() == 1
    # Alice is away when hers comes back.
    play(match, bob, ADD, END)
    dispatch_outbox.apply()
    assert [m.json()["kind"] for m in push_service.accepted[2:]] == ["your_turn"]
    assert push_service.accepted[2].token == alice_phone.token


def test_a_phone_that_unsubscribed_is_forgotten(
    race_game: str, clock: Clock, push_service: PushService
) -> None:
    alice = make_user()
    alice_phone = phone(alice, push_service)
    push_service.answer(alice_phone.endpoint, 410)
    start_race(alice, make_user(), PER_DAY)
    dispatch_outbox.apply()
    delivery = Delivery.objects.get(channel="push")
    assert (delivery.status, delivery.detail) == ("skipped", "no subscription left")
    assert client_for(alice).get("/api/push/subscriptions").json()["results"] == []
