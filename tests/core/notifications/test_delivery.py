"""Deliveries on the outside channels: once each, in the player's language, held by quiet
hours, dropped when the player looks at the match or has already played, one per match."""

from __future__ import annotations

import hashlib
import hmac
from datetime import timedelta
from typing import Any

import pytest
from django.core import mail

from core.accounts.models import User
from core.notifications.delivery import BACKOFF_SECONDS, deliveries_send
from core.notifications.models import Delivery, MatchWatch, Notification
from core.notifications.preferences import preferences_update
from core.notifications.services import outbox_dispatch
from core.notifications.tasks import dispatch_outbox
from tests.conftest import make_user
from tests.core.async_play.conftest import ADD, END, PER_DAY, Clock, play, start_race
from tests.core.notifications.conftest import Receiver, your_turn_message

pytestmark = pytest.mark.django_db


def player(
    address: str = "", language: str = "en", hook: Receiver | None = None, **changes: Any
) -> Any:
    """A user with an email ``address`` and the preference ``changes``; ``hook`` as webhook."""
    user = make_user()
    User.objects.filter(pk=user.pk).update(email=address, language=language)
    user.refresh_from_db()
    if hook is not None:
        changes["webhook_url"] = hook.url
    if changes:
        preferences_update(user=user, changes=changes)
    return user


def test_an_email_goes_once_in_the_players_language(race_game: str, clock: Clock) -> None:
    alice = player("alice@example.org", "cs", channels={"email": {"your_turn": "always"}})
    bob = player("bob@example.org")  # email off by default
    match = start_race(alice, bob, PER_DAY)
    assert dispatch_outbox.apply().get() == 2
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]
    assert mail.outbox[0].subject == "Jste na tahu: Race"
    assert mail.outbox[0].body.startswith(
        f"Jste na tahu ve hře Race. Spoluhráči: {bob.public_name}."
    )
    assert f"/matches/{match.pk}" in mail.outbox[0].body
    assert outbox_dispatch() == 0 and deliveries_send() == {}
    assert len(mail.outbox) == 1
    assert Delivery.objects.get().status == Delivery.Status.SENT


def test_a_failed_send_is_retried_with_backoff_then_given_up(
    race_game: str, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = player("alice@example.org", channels={"email": {"your_turn": "always"}})
    start_race(alice, player(), PER_DAY)
    outbox_dispatch()
    from django.core.mail.backends.locmem import EmailBackend

    def down(self: Any, messages: Any) -> int:
        raise OSError("mail server down")

    with monkeypatch.context() as m:
        m.setattr(EmailBackend, "send_messages", down)
        assert deliveries_send() == {"retry": 1}
        assert deliveries_send() == {}  # not due again yet
        clock.advance(seconds=BACKOFF_SECONDS[0])
        assert deliveries_send() == {"retry": 1}
    clock.advance(seconds=BACKOFF_SECONDS[1])
    assert deliveries_send() == {"sent": 1} and len(mail.outbox) == 1
    delivery = Delivery.objects.get()
    assert delivery.attempts == 2 and delivery.status == Delivery.Status.SENT

    Delivery.objects.filter(pk=delivery.pk).update(status="pending", attempts=0, due_at=clock.now)
    with monkeypatch.context() as m:
        m.setattr(EmailBackend, "send_messages", down)
        outcomes = []
        for seconds in (0, *BACKOFF_SECONDS):
            clock.advance(seconds=seconds)
            outcomes += list(deliveries_send())
    assert outcomes == ["retry"] * 4 + ["failed"]
    assert Delivery.objects.get().status == Delivery.Status.FAILED


def test_a_webhook_gets_a_small_signed_message(
    race_game: str, clock: Clock, receiver: Receiver
) -> None:
    alice = player(hook=receiver, channels={"webhook": {"your_turn": "always"}})
    bob = player()
    match = start_race(alice, bob, PER_DAY)
    dispatch_outbox.apply()
    [request] = receiver.requests
    assert receiver.bodies() == [your_turn_message(match.pk, bob.public_name)]
    t, v1 = (
        part.split("=", 1)[1] for part in request["headers"]["X-Ludoteka-Signature"].split(",")
    )
    secret = alice.notification_preference.webhook_secret.encode()
    expected = hmac.new(secret, f"{t}.".encode() + request["body"], hashlib.sha256).hexdigest()
    assert hmac.compare_digest(v1, expected) and int(t) == int(clock.now.timestamp())


def test_a_webhook_that_fails_or_redirects_is_retried(
    race_game: str, clock: Clock, receiver: Receiver
) -> None:
    alice = player(hook=receiver, channels={"webhook": {"your_turn": "always"}})
    start_race(alice, player(), PER_DAY)
    receiver.status = 500
    dispatch_outbox.apply()
    receiver.status, receiver.location = 302, "http://10.0.0.1/elsewhere"
    clock.advance(seconds=BACKOFF_SECONDS[0])
    assert deliveries_send() == {"retry": 1}
    receiver.status, receiver.location = 204, ""
    clock.advance(seconds=BACKOFF_SECONDS[1])
    assert deliveries_send() == {"sent": 1}
    assert len(receiver.requests) == 3  # the redirect was not followed
    assert Delivery.objects.get().detail == "HTTP 204"


def test_quiet_hours_hold_webhooks_not_email(
    race_game: str, clock: Clock, receiver: Receiver
) -> None:
    # The clock says 12:00 UTC; quiet from 11:00 to 13:00 in the player's zone (UTC).
    alice = player(
        "alice@example.org",
        hook=receiver,
        channels={"email": {"your_turn": "always"}, "webhook": {"your_turn": "always"}},
        quiet_hours={"start": "11:00", "end": "13:00"},
    )
    start_race(alice, player(), PER_DAY)
    dispatch_outbox.apply()
    assert len(mail.outbox) == 1 and receiver.requests == []
    clock.advance(minutes=59)
    assert deliveries_send() == {}
    clock.advance(minutes=1)
    assert deliveries_send() == {"sent": 1} and len(receiver.requests) == 1


def test_a_turn_already_played_is_not_announced_after_quiet_hours(
    race_game: str, clock: Clock, receiver: Receiver
) -> None:
    alice = player(
        hook=receiver,
        channels={"webhook": {"your_turn": "always"}},
        quiet_hours={"start": "11:00", "end": "13:00"},
    )
    bob = player()
    match = start_race(alice, bob, PER_DAY)
    dispatch_outbox.apply()
    play(match, alice, ADD, END)  # alice played in the app meanwhile
    clock.advance(hours=2)
    outbox_dispatch()
    assert deliveries_send() == {"skipped": 1}
    assert receiver.requests == []
    assert Delivery.objects.get().detail == "stale"


def test_not_looking_means_no_message_while_the_match_is_open(
    race_game: str, clock: Clock, receiver: Receiver
) -> None:
    alice = player(
        hook=receiver, channels={"webhook": {"your_turn": "not_looking", "deadline_soon": "always"}}
    )
    bob = player()
    match = start_race(alice, bob, PER_DAY)
    watch = MatchWatch.objects.create(
        user=alice, match=match, socket="s1", expires_at=clock.now + timedelta(seconds=75)
    )
    dispatch_outbox.apply()
    assert receiver.requests == []
    assert Delivery.objects.get().detail == "looking"
    # A reminder is skipped while the player looks, whatever the mode.
    clock.advance(hours=20)
    watch.expires_at = clock.now + timedelta(seconds=75)  # the socket's beats renew it
    watch.save()
    from core.matches.deadlines import deadline_sweep

    deadline_sweep()
    dispatch_outbox.apply()
    assert receiver.requests == []
    assert Delivery.objects.filter(detail="looking").count() == 2
    # Once the socket's process stops renewing the watch, the player is away again.
    play(match, alice, ADD, END)
    play(match, bob, ADD, END)
    watch.expires_at = clock.now - timedelta(seconds=1)
    watch.save()
    dispatch_outbox.apply()
    assert [b["kind"] for b in receiver.bodies()] == ["your_turn"]


def test_one_message_per_match_however_many_notifications(
    race_game: str, clock: Clock, receiver: Receiver
) -> None:
    alice = player(
        hook=receiver,
        channels={"webhook": {"your_turn": "always", "deadline_soon": "always"}},
        quiet_hours={"start": "11:00", "end": "13:00"},
    )
    match = start_race(alice, player(), PER_DAY)
    clock.advance(minutes=50)
    outbox_dispatch()
    Match = type(match)
    Match.objects.filter(pk=match.pk).update(remind_at=clock.now)
    from core.matches.deadlines import deadline_sweep

    deadline_sweep()
    outbox_dispatch()
    clock.advance(hours=2)
    assert deliveries_send() == {"sent": 1, "skipped": 1}
    assert [b["kind"] for b in receiver.bodies()] == ["deadline_soon"]
    assert Delivery.objects.filter(detail="grouped").count() == 1


def test_digest_choices_wait_for_the_digest(race_game: str, clock: Clock) -> None:
    alice = player("alice@example.org", channels={"email": {"your_turn": "digest"}})
    start_race(alice, player(), PER_DAY)
    dispatch_outbox.apply()
    assert mail.outbox == []
    assert Delivery.objects.get().status == Delivery.Status.DIGEST
    assert Notification.objects.filter(user=alice).count() == 1  # the in-app list has it


def test_the_sweep_command_does_everything_once(race_game: str, clock: Clock) -> None:
    import io
    import json

    from django.core.management import call_command

    start_race(
        player("alice@example.org", channels={"email": {"your_turn": "always"}}), player(), PER_DAY
    )
    clock.advance(days=1)
    out = io.StringIO()
    call_command("sweep_deadlines", stdout=out)
    # The timeout hands the turn to bob: alice's "your turn" is stale by the time it is sent.
    assert json.loads(out.getvalue()) == {
        "timed_out": 1,
        "notifications": 3,
        "deliveries": {"skipped": 1},
        "digests": 0,
    }
    call_command("sweep_deadlines", stdout=out)
    assert json.loads(out.getvalue().splitlines()[-1]) == {
        "notifications": 0,
        "deliveries": {},
        "digests": 0,
    }


def test_no_transaction_is_open_while_sending(
    race_game: str, clock: Clock, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.db import connection

    from core.notifications import channels

    alice = player(hook=receiver, channels={"webhook": {"your_turn": "always"}})
    start_race(alice, player(), PER_DAY)
    outbox_dispatch()
    depth = len(connection.atomic_blocks)  # the test's own transaction
    real = channels.send_webhook
    seen: list[int] = []

    def send(*args: Any) -> str:
        seen.append(len(connection.atomic_blocks))
        return real(*args)

    monkeypatch.setattr(channels, "send_webhook", send)
    assert deliveries_send() == {"sent": 1}
    assert seen == [depth]


def test_a_sender_that_died_mid_send_leaves_the_row_for_later(
    race_game: str, clock: Clock, receiver: Receiver
) -> None:
    from collections import Counter

    from core.notifications.delivery import LEASE_SECONDS, _claim

    alice = player(hook=receiver, channels={"webhook": {"your_turn": "always"}})
    start_race(alice, player(), PER_DAY)
    outbox_dispatch()
    assert len(_claim(clock.now, 10, Counter())) == 1  # ...and the sender dies here
    assert deliveries_send() == {}  # another sender leaves the claimed row alone
    clock.advance(seconds=LEASE_SECONDS)
    assert deliveries_send() == {"sent": 1} and len(receiver.requests) == 1
