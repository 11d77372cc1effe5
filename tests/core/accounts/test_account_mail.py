"""Issue 44 end to end, against a real SMTP server on loopback: register with an address,
follow the verification link, get a ``your_turn`` mail whose link opens the match, the daily
digest at its hour (time moved), unsubscribe in one click, reset a password by the mailed
link."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from rest_framework.test import APIClient

from core.accounts import links
from core.accounts.models import User
from core.notifications.delivery import deliveries_send
from core.notifications.digest import digests_send
from core.notifications.models import Delivery, NotificationPreference
from core.notifications.preferences import modes_of, preferences_update
from core.notifications.services import outbox_dispatch
from tests.conftest import make_user
from tests.core.accounts.conftest import Mailbox
from tests.core.async_play.conftest import ADD, END, Clock, play, start_race

pytestmark = pytest.mark.django_db

VERIFY = r"http://127\.0\.0\.1:8000/account/verify/(\S+)/(\S+)"
RESET = r"http://127\.0\.0\.1:8000/account/reset/(\S+)/(\S+)"


def register(capture: Any, username: str, address: str, language: str = "en") -> str:
    with capture(execute=True):
        res = APIClient().post(
            "/api/accounts/register",
            {
                "username": username,
                "password": "a-long-pass-phrase",
                "email": address,
                "language": language,
            },
        )
    assert res.status_code == 201, res.content
    assert (res.json()["email"], res.json()["pending_email"]) == ("", address)
    return str(res.json()["token"])


def follow(link: str) -> Any:
    """What the app's page at the link does: POST its uid and token."""
    _, _, _, uid, token = urlsplit(link).path.split("/")
    return APIClient().post("/api/accounts/email/verify", {"uid": uid, "token": token})


def verified(capture: Any, smtp: Mailbox, username: str, address: str, lang: str = "en") -> User:
    register(capture, username, address, lang)
    [message] = smtp.to(address)
    assert follow(smtp.link(message, VERIFY)).json() == {"email": address}
    return User.objects.get(username=username)


def test_register_verify_and_get_your_turn_by_mail_in_czech(
    race_game: str, smtp: Mailbox, django_capture_on_commit_callbacks: Any
) -> None:
    register(django_capture_on_commit_callbacks, "alena", "alena@example.org", "cs")
    [message] = smtp.to("alena@example.org")
    assert message["Subject"] == "Ludoteka: potvrďte svou e-mailovou adresu"
    alena = User.objects.get(username="alena")
    preferences_update(user=alena, changes={"channels": {"email": {"your_turn": "always"}}})
    bob = make_user("bob")

    # Not verified yet: nothing goes to the address.
    match = start_race(bob, alena, {"kind": "none"})
    play(match, bob, ADD, END)
    outbox_dispatch()
    deliveries_send()
    assert len(smtp.messages) == 1
    assert not Delivery.objects.filter(channel="email").exists()

    res = follow(smtp.link(message, VERIFY))
    assert res.json() == {"email": "alena@example.org"}
    assert follow(smtp.link(message, VERIFY)).status_code == 422  # once only
    play(match, alena, ADD, END)
    play(match, bob, ADD, END)
    outbox_dispatch()
    assert deliveries_send() == {"sent": 1}
    turn = smtp.messages[-1]
    assert turn["Subject"] == "Jste na tahu: Race"
    body = smtp.body(turn)
    assert f"Otevřít partii: http://127.0.0.1:8000/matches/{match.pk}\n" in body
    # The link opens the match in the app: the app shell, whose router draws the match.
    opened = APIClient().get(f"/matches/{match.pk}")
    assert opened.status_code == 200 and b"Ludoteka" in b"".join(opened)
    assert turn["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "pro „jste na tahu“" in body


def test_an_address_changed_is_verified_anew_and_the_old_one_keeps_working(
    smtp: Mailbox, django_capture_on_commit_callbacks: Any
) -> None:
    alice = verified(django_capture_on_commit_callbacks, smtp, "alice", "old@example.org")
    client = APIClient()
    client.force_authenticate(alice)
    with django_capture_on_commit_callbacks(execute=True):
        first = client.patch("/api/accounts/me", {"email": "New@Example.ORG"})
    assert (first.json()["email"], first.json()["pending_email"]) == (
        "old@example.org",
        "New@example.org",
    )
    stale_link = smtp.link(smtp.to("New@example.org")[0], VERIFY)
    with django_capture_on_commit_callbacks(execute=True):
        client.patch("/api/accounts/me", {"email": "newer@example.org"})
    assert follow(stale_link).status_code == 422  # asked for another address since
    assert follow(smtp.link(smtp.to("newer@example.org")[0], VERIFY)).status_code == 200
    alice.refresh_from_db()
    assert (alice.email, alice.pending_email) == ("newer@example.org", "")
    bad = client.patch("/api/accounts/me", {"email": "not an address"})
    assert (bad.status_code, bad.json()["code"]) == (422, "invalid_email")
    removed = client.patch("/api/accounts/me", {"email": ""})
    assert (removed.json()["email"], removed.json()["pending_email"]) == ("", "")


def test_the_link_is_mailed_again_on_request(
    smtp: Mailbox, django_capture_on_commit_callbacks: Any
) -> None:
    key = register(django_capture_on_commit_callbacks, "alice", "alice@example.org")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post("/api/accounts/me/email/resend").status_code == 202
    assert len(smtp.to("alice@example.org")) == 2
    follow(smtp.link(smtp.to("alice@example.org")[1], VERIFY))
    again = client.post("/api/accounts/me/email/resend")
    assert (again.status_code, again.json()["code"]) == (409, "no_pending_email")


def test_the_digest_comes_at_its_hour_and_unsubscribes_in_one_click(
    race_game: str, smtp: Mailbox, clock: Clock, django_capture_on_commit_callbacks: Any
) -> None:
    alice = verified(django_capture_on_commit_callbacks, smtp, "alice", "alice@example.org")
    preferences_update(
        user=alice,
        changes={
            "channels": {"email": {"your_turn": "digest", "match_finished": "digest"}},
            "timezone": "Europe/Prague",
            "digest_hour": 18,
        },
    )
    match = start_race(alice, make_user("bob"), {"kind": "none"})
    outbox_dispatch()
    assert digests_send() == 0  # 13:00 in Prague: not yet
    clock.advance(hours=4, minutes=59)
    assert digests_send() == 0
    clock.advance(minutes=1)  # 18:00 in Prague
    assert digests_send() == 1
    digest = smtp.messages[-1]
    assert digest["Subject"] == "Ludoteka: your daily digest (1)"
    assert f"http://127.0.0.1:8000/matches/{match.pk}" in smtp.body(digest)
    one_click = str(digest["List-Unsubscribe"]).strip().strip("<>")
    assert one_click.startswith("http://127.0.0.1:8000/api/notifications/unsubscribe?token=")
    # The mail client's one-click POST (RFC 8058): a form body, no log-in.
    res = APIClient().post(
        urlsplit(one_click).path + "?" + urlsplit(one_click).query,
        "List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert res.status_code == 200, res.content
    assert sorted(res.json()["kinds"]) == ["match_finished", "your_turn"]
    modes = modes_of(NotificationPreference.objects.get(user=alice))
    assert modes["email"]["your_turn"] == modes["email"]["match_finished"] == "off"
    # A person opening the link is sent to the app's page, which asks first.
    token = parse_qs(urlsplit(one_click).query)["token"][0]
    page = APIClient().get("/api/notifications/unsubscribe", {"token": token})
    assert page.status_code == 303 and page["Location"].startswith("/unsubscribe?token=")
    forged = APIClient().post("/api/notifications/unsubscribe?token=x" + token[1:])
    assert (forged.status_code, forged.json()["code"]) == (422, "invalid_link")


def test_a_password_is_reset_by_the_mailed_link(
    smtp: Mailbox, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    verified(django_capture_on_commit_callbacks, smtp, "alice", "alice@example.org")
    old_key = APIClient().post(
        "/api/accounts/login", {"username": "alice", "password": "a-long-pass-phrase"}
    )
    old_key = old_key.json()["token"]
    anon = APIClient()
    with django_capture_on_commit_callbacks(execute=True):
        known = anon.post("/api/accounts/password/reset", {"email": "ALICE@example.org"})
        unknown = anon.post("/api/accounts/password/reset", {"email": "nobody@example.org"})
    # The same answer whether or not there is such an account; mail only for the real one.
    assert (known.status_code, known.content) == (unknown.status_code, unknown.content)
    assert known.status_code == 202
    [reset] = [m for m in smtp.to("alice@example.org") if "new password" in m["Subject"]]
    assert smtp.to("nobody@example.org") == []
    _, _, _, uid, token = urlsplit(smtp.link(reset, RESET)).path.split("/")

    later = links.reset_tokens._now() + timedelta(hours=25)
    with monkeypatch.context() as m:  # a day later the link has expired
        m.setattr(links.reset_tokens, "_now", lambda: later)
        expired = anon.post(
            "/api/accounts/password/reset/confirm",
            {"uid": uid, "token": token, "new_password": "brand-new-phrase"},
        )
    assert (expired.status_code, expired.json()["code"]) == (422, "invalid_link")
    weak = anon.post(
        "/api/accounts/password/reset/confirm",
        {"uid": uid, "token": token, "new_password": "password"},
    )
    assert (weak.status_code, weak.json()["code"]) == (422, "weak_password")
    done = anon.post(
        "/api/accounts/password/reset/confirm",
        {"uid": uid, "token": token, "new_password": "brand-new-phrase"},
    )
    assert done.status_code == 204
    again = anon.post(
        "/api/accounts/password/reset/confirm",
        {"uid": uid, "token": token, "new_password": "another-new-phrase"},
    )
    assert (again.status_code, again.json()["code"]) == (422, "invalid_link")  # used once
    stale = APIClient()
    stale.credentials(HTTP_AUTHORIZATION=f"Token {old_key}")
    assert stale.get("/api/accounts/me").status_code == 401  # every device logged out
    login = anon.post("/api/accounts/login", {"username": "alice", "password": "brand-new-phrase"})
    assert login.status_code == 200


def test_a_password_change_is_told_to_the_verified_address(
    smtp: Mailbox, django_capture_on_commit_callbacks: Any
) -> None:
    alice = verified(django_capture_on_commit_callbacks, smtp, "alice", "alice@example.org")
    client = APIClient()
    client.force_authenticate(alice)
    with django_capture_on_commit_callbacks(execute=True):
        res = client.post(
            "/api/accounts/me/password",
            {"current_password": "a-long-pass-phrase", "new_password": "my-new-phrase-1"},
        )
    assert res.status_code == 200
    assert smtp.messages[-1]["Subject"] == "Ludoteka: your password was changed"


@pytest.mark.parametrize(
    ("kind", "payload", "subject"),
    [
        ("your_turn", {"game": "race"}, "Your turn: Race"),
        ("invited", {"game": "race"}, "Invitation to Race"),
        ("match_finished", {"game": "race"}, "Race has ended"),
        ("deadline_soon", {"game": "race", "deadline": "tomorrow"}, "Time is running out"),
        ("tournament_round", {"tournament": "Spring cup"}, "A new round of Spring cup"),
    ],
)
def test_every_kind_arrives_with_its_link_and_unsubscribe(
    race_game: str,
    smtp: Mailbox,
    kind: str,
    payload: dict[str, Any],
    subject: str,
    django_capture_on_commit_callbacks: Any,
) -> None:
    from core.notifications.models import Notification

    alice = verified(django_capture_on_commit_callbacks, smtp, "alice", "alice@example.org")
    preferences_update(user=alice, changes={"channels": {"email": {kind: "always"}}})
    match = (
        start_race(alice, make_user("bob"), {"kind": "none"})
        if kind != "tournament_round"
        else None
    )
    n = Notification.objects.create(user=alice, match=match, kind=kind, payload=payload)
    Delivery.objects.create(notification=n, channel="email", due_at=n.created_at)
    assert deliveries_send() == {"sent": 1}
    message = smtp.messages[-1]
    assert str(message["Subject"]).startswith(subject.format(m=match.pk if match else ""))
    body = smtp.body(message)
    link = f"http://127.0.0.1:8000/matches/{match.pk}" if match else "http://127.0.0.1:8000/"
    assert f" {link}\n" in body
    one_click = str(message["List-Unsubscribe"]).strip().strip("<>")
    res = APIClient().post(one_click.removeprefix("http://127.0.0.1:8000"))
    assert res.json()["kinds"] == [kind]
