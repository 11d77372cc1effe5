"""The outbox dispatcher and the in-app notifications API."""

from __future__ import annotations

from typing import Any

import pytest

from core.matches import deadlines, services
from core.notifications.models import Notification, OutboxItem
from core.notifications.services import outbox_dispatch
from core.notifications.tasks import dispatch_outbox
from tests.conftest import client_for, make_user
from tests.core.async_play.conftest import PER_DAY, Clock, start_race

pytestmark = pytest.mark.django_db


def test_every_outbox_row_becomes_one_notification_once(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    start_race(alice, bob, PER_DAY)  # bob invited; alice's turn
    assert OutboxItem.objects.filter(sent_at__isnull=True).count() == 2
    assert outbox_dispatch() == 2
    assert outbox_dispatch() == 0
    assert dispatch_outbox.apply().get() == 0
    assert set(Notification.objects.values_list("user__username", "kind")) == {
        (bob.username, "invited"),
        (alice.username, "your_turn"),
    }
    assert not OutboxItem.objects.filter(sent_at__isnull=True).exists()
    assert OutboxItem.objects.filter(sent_at=clock.now).count() == 2


def test_a_row_already_delivered_is_never_delivered_again(race_game: str, alice: Any) -> None:
    item = OutboxItem.objects.create(user=alice, kind="your_turn", key="k1", payload={})
    Notification.objects.create(user=alice, outbox=item, kind="your_turn")  # a crash after this
    assert outbox_dispatch() == 1
    assert Notification.objects.filter(outbox=item).count() == 1
    item.refresh_from_db()
    assert item.sent_at is not None


def test_the_dispatcher_runs_after_the_commit_that_queues(
    race_game: str, alice: Any, django_capture_on_commit_callbacks: Any
) -> None:
    bob = make_user()
    with django_capture_on_commit_callbacks(execute=True):
        services.match_create(
            user=alice,
            game="race",
            n_players=2,
            seats=[services.SeatSpec("me"), services.SeatSpec("user", username=bob.username)],
        )
    assert Notification.objects.filter(user=bob, kind="invited").count() == 1


def test_reminders_reach_the_notification_list(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    match = start_race(alice, bob, PER_DAY)
    clock.advance(hours=20)
    deadlines.deadline_sweep()
    outbox_dispatch()
    body = client_for(alice).get("/api/notifications?unread=true").json()
    assert [n["kind"] for n in body["results"]] == ["deadline_soon", "your_turn"]
    assert body["unread"] == 2 and body["results"][0]["match"] == match.pk


def test_marking_read(race_game: str, alice: Any) -> None:
    bob = make_user()
    mine = [
        Notification.objects.create(user=alice, kind="your_turn", payload={"n": i})
        for i in range(3)
    ]
    theirs = Notification.objects.create(user=bob, kind="your_turn")
    client = client_for(alice)
    response = client.post(
        "/api/notifications/read", {"ids": [mine[0].pk, theirs.pk]}, format="json"
    )
    assert response.json() == {"marked": 1, "unread": 2}
    theirs.refresh_from_db()
    assert theirs.read_at is None
    listed = client.get("/api/notifications").json()["results"]
    assert [n["read"] for n in listed] == [False, False, True]
    assert client.post("/api/notifications/read", {"all": True}, format="json").json() == {
        "marked": 2,
        "unread": 0,
    }
    # Naming nothing marks nothing (the schema's valid input is accepted: tests/schema).
    nothing = client.post("/api/notifications/read", {}, format="json")
    assert nothing.status_code == 200 and nothing.json() == {"marked": 0, "unread": 0}
