"""The daily digest: once a day from the player's hour, in their zone, turns by time left."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from core.accounts.models import User
from core.matches.services import match_resign
from core.notifications.digest import digests_send
from core.notifications.models import Delivery, DigestRun
from core.notifications.preferences import preferences_update
from core.notifications.services import outbox_dispatch
from tests.conftest import make_user
from tests.core.async_play.conftest import Clock, start_race

pytestmark = pytest.mark.django_db

PRAGUE = {"timezone": "Europe/Prague", "digest_hour": 8}


def reader(**channels: dict[str, str]) -> Any:
    user = make_user()
    User.objects.filter(pk=user.pk).update(email=f"{user.username}@example.org")
    user.refresh_from_db()
    preferences_update(user=user, changes={"channels": channels, **PRAGUE})
    return user


def per_move(hours: int) -> dict[str, Any]:
    return {"kind": "per_move", "move_seconds": hours * 3600, "vacation": False}


def test_once_a_day_from_the_players_hour_soonest_deadline_first(
    race_game: str, clock: Clock
) -> None:
    alice = reader(email={"your_turn": "digest"})
    later_one, sooner_one, untimed_one = make_user(), make_user(), make_user()
    start_race(alice, later_one, per_move(72))
    sooner = start_race(alice, sooner_one, per_move(24))
    start_race(alice, untimed_one, {"kind": "none"})
    outbox_dispatch()
    # 12:00 UTC is 13:00 in Prague, past the digest hour: today's digest goes now, once.
    assert digests_send() == 1 and digests_send() == 0
    [message] = mail.outbox
    assert message.to == [alice.email]
    assert message.subject == "Ludoteka: your daily digest (3)"
    lines = message.body.splitlines()
    assert lines[0] == "Your turn:"
    assert lines[1].startswith(f"- Race with {sooner_one.public_name} — 24 h left")
    assert lines[2].startswith(f"- Race with {later_one.public_name} — 72 h left")
    assert lines[3].startswith(f"- Race with {untimed_one.public_name} — no deadline")
    assert lines[1].endswith(f"/matches/{sooner.pk}")
    clock.advance(hours=17, minutes=30)  # 06:30 in Prague next day: not yet
    assert digests_send() == 0
    clock.advance(hours=1, minutes=30)  # 08:00
    assert digests_send() == 1 and len(mail.outbox) == 2
    assert "- Race" in mail.outbox[1].body and "5 h left" in mail.outbox[1].body
    assert DigestRun.objects.filter(user=alice).count() == 2


def test_other_kinds_chosen_for_the_digest_are_listed_once(race_game: str, clock: Clock) -> None:
    alice = reader(email={"match_finished": "digest"})
    bob = make_user()
    match = start_race(bob, alice, {"kind": "none"})
    match_resign(match_id=match.pk, user=bob, command_id="resign")
    outbox_dispatch()
    assert mail.outbox == []
    assert digests_send() == 1
    body = mail.outbox[0].body
    assert body.startswith("Since yesterday:\n")
    # alice won, as bob resigned: said in words, bob by name.
    assert f"- Race with {bob.public_name} has ended: you win." in body
    assert "Your turn" not in body  # turns are listed only when chosen for the digest
    assert not Delivery.objects.filter(status=Delivery.Status.DIGEST).exists()


def test_nothing_to_say_sends_nothing(race_game: str, clock: Clock) -> None:
    alice = reader(email={"your_turn": "digest"})
    assert digests_send() == 0 and mail.outbox == []
    assert DigestRun.objects.get(user=alice).items == 0
    assert digests_send() == 0


def test_a_failed_digest_is_tried_again(
    race_game: str, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = reader(email={"your_turn": "digest"})
    start_race(alice, make_user(), per_move(24))
    from django.core.mail.backends.locmem import EmailBackend

    def down(self: Any, messages: Any) -> int:
        raise OSError("mail server down")

    with monkeypatch.context() as m:
        m.setattr(EmailBackend, "send_messages", down)
        assert digests_send() == 0
    assert not DigestRun.objects.exists()
    assert digests_send() == 1 and len(mail.outbox) == 1


def test_czech_digest(race_game: str, clock: Clock) -> None:
    alice = reader(email={"your_turn": "digest"})
    User.objects.filter(pk=alice.pk).update(language="cs")
    start_race(alice, make_user(), {"kind": "none"})
    digests_send()
    assert mail.outbox[0].subject == "Ludoteka: denní přehled (1)"
    assert "Jste na tahu:" in mail.outbox[0].body and "bez termínu" in mail.outbox[0].body
