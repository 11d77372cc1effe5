"""Email, opted into per kind: sent once per notification, in the player's language."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core import mail
from django.core.management import call_command

from core.accounts.models import User
from core.matches import deadlines
from core.notifications.models import Notification
from core.notifications.services import notification_send_emails, outbox_dispatch
from core.notifications.tasks import dispatch_outbox
from tests.conftest import client_for, make_user
from tests.core.async_play.conftest import PER_DAY, Clock, start_race

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _locmem_mail(settings: Any) -> None:
    settings.LUDOTEKA_EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def test_preferences_are_set_and_checked(alice: Any) -> None:
    client = client_for(alice)
    assert client.get("/api/notifications/preferences").json() == {"email": []}
    put = client.put(
        "/api/notifications/preferences", {"email": ["your_turn", "deadline_soon"]}, format="json"
    )
    assert put.json() == {"email": ["deadline_soon", "your_turn"]}
    bad = client.put("/api/notifications/preferences", {"email": ["gossip"]}, format="json")
    assert bad.status_code == 422 and bad.json()["code"] == "unknown_notification_kind"


def test_only_chosen_kinds_are_emailed_once(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    User.objects.filter(pk=alice.pk).update(email="alice@example.org", language="cs")
    client_for(alice).put(
        "/api/notifications/preferences", {"email": ["deadline_soon"]}, format="json"
    )
    match = start_race(alice, bob, PER_DAY)
    clock.advance(hours=20)
    deadlines.deadline_sweep()
    assert dispatch_outbox.apply().get() == 3  # invited (bob), your turn + deadline soon (alice)
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]
    assert mail.outbox[0].subject == f"Dochází čas: race #{match.pk}"
    assert outbox_dispatch() == 0 and notification_send_emails() == 0
    assert len(mail.outbox) == 1
    assert Notification.objects.filter(email="sent").count() == 1


def test_a_failed_send_is_retried_later(
    race_game: str, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = make_user(), make_user()
    User.objects.filter(pk=alice.pk).update(email="alice@example.org")
    client_for(alice).put("/api/notifications/preferences", {"email": ["your_turn"]}, format="json")
    start_race(alice, bob, PER_DAY)
    outbox_dispatch()
    from django.core.mail.backends.locmem import EmailBackend

    def down(self: Any, messages: Any) -> int:
        raise OSError("mail server down")

    with monkeypatch.context() as m:
        m.setattr(EmailBackend, "send_messages", down)
        with pytest.raises(OSError):
            notification_send_emails()
    assert Notification.objects.filter(email="pending").count() == 1
    assert notification_send_emails() == 1 and len(mail.outbox) == 1


def test_the_sweep_command_does_everything_once(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    start_race(alice, bob, PER_DAY)
    clock.advance(days=1)
    out = io.StringIO()
    call_command("sweep_deadlines", stdout=out)
    assert json.loads(out.getvalue()) == {"timed_out": 1, "notifications": 3, "emails": 0}
