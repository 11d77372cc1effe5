"""Notifications in words (games/WORDS.md): the in-app list says each one in both languages,
players by name and no match numbers; the push opt-in can send a test notification; the
registration form can read the password rules in both languages."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

from core.matches import services
from core.notifications.tasks import dispatch_outbox
from tests.conftest import client_for, make_user
from tests.core.notifications.test_push_delivery import phone
from tests.core.push.push_service import PushService


def test_the_list_says_each_notification_in_words(db: Any, words_race_game: str) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    alice.language = "cs"
    alice.save()
    match = services.match_create(
        user=alice,
        game="race",
        n_players=2,
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username="bob")],
    )
    services.match_join(match_id=match.pk, user=bob)
    services.match_resign(match_id=match.pk, user=bob, command_id="r")
    dispatch_outbox.apply()
    page = client_for(alice).get("/api/notifications").json()
    assert page["unread"] == len(page["results"]) >= 2
    by_kind = {n["kind"]: n for n in page["results"]}
    finished = by_kind["match_finished"]
    assert finished["title"] == {"en": "Race has ended", "cs": "Partie Race skončila"}
    assert finished["body"] == {
        "en": "Race with Bob has ended: you win.",
        "cs": "Partie Race skončila: zvítězili jste. Spoluhráči: Bob.",
    }
    turn = by_kind["your_turn"]["body"]
    assert turn == {
        "en": "It is your turn in Race with Bob.",
        "cs": "Jste na tahu ve hře Race. Spoluhráči: Bob.",
    }
    bobs = client_for(bob).get("/api/notifications").json()["results"]
    invited = next(n for n in bobs if n["kind"] == "invited")
    assert invited["body"]["en"] == "Alice invites you to play Race with Alice."
    assert invited["body"]["cs"] == "Alice vás zve ke hře Race. Spoluhráči: Alice."
    for n in [*page["results"], *bobs]:
        for text in (*n["title"].values(), *n["body"].values()):
            assert "#" not in text and str(match.pk) not in text.split(), text


def test_a_deadline_is_said_as_a_time_of_the_readers_day(db: Any, words_race_game: str) -> None:
    from core.notifications.texts import render

    alice, bob = make_user("alice"), make_user("bob")
    match = services.match_create(
        user=alice,
        game="race",
        n_players=2,
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username="bob")],
    )
    payload = {"game": "race", "deadline": "2027-03-04T12:30:00+00:00"}
    title, body = render(
        "deadline_soon", "cs", match.pk, payload, user_id=alice.pk, zone="Europe/Prague"
    )
    assert (title, body) == (
        "Dochází čas: Race",
        "Táhněte do 4. března 13:30 ve hře Race. Spoluhráči: Bob.",
    )
    _, body = render("deadline_soon", "en", match.pk, payload, user_id=bob.pk)
    assert body == "Move by 4 March, 12:30 in Race with Alice."


def test_a_test_notification_reaches_every_device_or_says_why_not(
    db: Any, push_service: PushService
) -> None:
    alice = make_user("alice")
    client = client_for(alice)
    refused = client.post("/api/push/test")
    assert refused.status_code == 409 and refused.json()["code"] == "no_push_subscription"
    phone(alice, push_service)
    sent = client.post("/api/push/test")
    assert sent.status_code == 200 and sent.json() == {"sent": 1, "gone": 0, "failed": 0}
    [message] = [m.json() for m in push_service.accepted]
    assert message["kind"] == "test" and message["body"].startswith("Notifications work")


def test_registration_reads_the_password_rules_in_both_languages(db: Any) -> None:
    rules = APIClient().get("/api/accounts/password-rules").json()
    assert rules["en"][0] == "Your password must contain at least 8 characters."
    assert rules["cs"][0] == "Heslo musí mít délku aspoň 8 znaků."
    assert len(rules["en"]) == len(rules["cs"]) == 2
