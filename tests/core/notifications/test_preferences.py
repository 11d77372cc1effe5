"""Preferences per channel and kind, time zone, quiet hours, digest hour, webhook URL."""

from __future__ import annotations

from datetime import UTC, datetime, time
from typing import Any

import pytest

from core.notifications.models import NotificationPreference
from core.notifications.preferences import quiet_until
from tests.conftest import client_for

pytestmark = pytest.mark.django_db

URL = "/api/notifications/preferences"


def test_defaults_push_when_away_and_nothing_else(alice: Any) -> None:
    body = client_for(alice).get(URL).json()
    kinds = ["your_turn", "invited", "match_finished", "deadline_soon", "tournament_round"]
    assert body["kinds"] == kinds
    assert body["modes"] == ["off", "always", "not_looking", "digest"]
    assert body["channels"] == {
        "push": dict.fromkeys(kinds, "not_looking"),
        "email": dict.fromkeys(kinds, "off"),
        "webhook": dict.fromkeys(kinds, "off"),
    }
    assert body["quiet_hours"] is None and body["timezone"] == "UTC"
    assert body["digest_hour"] == 8 and body["webhook"] == {"url": "", "secret": ""}


def test_a_change_touches_only_what_it_names(alice: Any) -> None:
    client = client_for(alice)
    client.patch(URL, {"channels": {"email": {"your_turn": "digest"}}}, format="json")
    body = client.put(
        URL,
        {
            "channels": {"push": {"invited": "always"}},
            "timezone": "Europe/Prague",
            "quiet_hours": {"start": "22:30", "end": "07:00"},
            "digest_hour": 6,
        },
        format="json",
    ).json()
    assert body["channels"]["email"]["your_turn"] == "digest"
    assert body["channels"]["push"]["invited"] == "always"
    assert body["channels"]["push"]["your_turn"] == "not_looking"
    assert body["quiet_hours"] == {"start": "22:30", "end": "07:00"}
    assert (body["timezone"], body["digest_hour"]) == ("Europe/Prague", 6)
    assert NotificationPreference.objects.get(user=alice).wants_digest
    body = client.patch(URL, {"quiet_hours": None}, format="json").json()
    assert body["quiet_hours"] is None and body["digest_hour"] == 6


@pytest.mark.parametrize(
    ("change", "status", "code"),
    [
        ({"channels": {"pigeon": {"your_turn": "always"}}}, 422, "unknown_channel"),
        ({"channels": {"push": {"gossip": "always"}}}, 422, "unknown_notification_kind"),
        ({"channels": {"push": {"your_turn": "loudly"}}}, 422, "unknown_notification_mode"),
        ({"channels": {"push": "always"}}, 400, "invalid_input"),
        ({"timezone": "Mars/Olympus"}, 422, "unknown_timezone"),
        ({"quiet_hours": {"start": "late", "end": "07:00"}}, 422, "invalid_quiet_hours"),
        ({"quiet_hours": {"start": "22:00"}}, 400, "invalid_input"),
        ({"digest_hour": 24}, 422, "invalid_digest_hour"),
        ({"channels": {"webhook": {"your_turn": "always"}}}, 422, "webhook_url_missing"),
        ({"webhook_url": "ftp://example.org/x"}, 422, "invalid_webhook_url"),
    ],
)
def test_bad_preferences_are_refused_and_nothing_changes(
    alice: Any, change: dict[str, Any], status: int, code: str
) -> None:
    client = client_for(alice)
    before = client.get(URL).json()
    # A valid change beside the bad one is not kept either.
    response = client.patch(URL, {"timezone": "Europe/Prague", **change}, format="json")
    assert response.status_code == status, response.json()
    assert response.json()["code"] == code and response.json()["message"]
    assert client.get(URL).json() == before


def test_a_webhook_may_not_point_at_a_private_address(alice: Any, settings: Any) -> None:
    settings.LUDOTEKA_WEBHOOK_ALLOW_PRIVATE = False
    client = client_for(alice)
    for url in ("http://127.0.0.1:9/hook", "http://10.1.2.3/hook", "http://localhost/hook"):
        response = client.patch(URL, {"webhook_url": url}, format="json")
        assert response.status_code == 422 and response.json()["code"] == "invalid_webhook_url"


def test_the_webhook_secret_is_made_with_the_url_and_can_be_rotated(alice: Any) -> None:
    client = client_for(alice)
    body = client.patch(URL, {"webhook_url": "http://127.0.0.1:9/hook"}, format="json").json()
    first = body["webhook"]["secret"]
    assert len(first) == 64
    rotated = client.post("/api/notifications/webhook/secret").json()
    assert rotated["url"] == "http://127.0.0.1:9/hook" and rotated["secret"] not in ("", first)


def _pref(start: str, end: str, zone: str = "UTC") -> NotificationPreference:
    return NotificationPreference(
        timezone=zone, quiet_start=time.fromisoformat(start), quiet_end=time.fromisoformat(end)
    )


@pytest.mark.parametrize(
    ("start", "end", "now", "until"),
    [
        ("22:00", "07:00", "2027-03-01 23:30", "2027-03-02 07:00"),  # over midnight, evening
        ("22:00", "07:00", "2027-03-02 03:00", "2027-03-02 07:00"),  # over midnight, night
        ("22:00", "07:00", "2027-03-02 07:00", None),  # the end is not quiet
        ("22:00", "07:00", "2027-03-02 12:00", None),
        ("13:00", "15:00", "2027-03-02 14:59", "2027-03-02 15:00"),  # within a day
        ("13:00", "15:00", "2027-03-02 12:59", None),
    ],
)
def test_quiet_hours(start: str, end: str, now: str, until: str | None) -> None:
    at = datetime.fromisoformat(now).replace(tzinfo=UTC)
    expected = None if until is None else datetime.fromisoformat(until).replace(tzinfo=UTC)
    assert quiet_until(_pref(start, end), at) == expected


def test_quiet_hours_are_the_players_own_time() -> None:
    # 21:30 UTC on 1 March is 22:30 in Prague (UTC+1): quiet until 07:00 Prague, 06:00 UTC.
    at = datetime(2027, 3, 1, 21, 30, tzinfo=UTC)
    assert quiet_until(_pref("22:00", "07:00", "Europe/Prague"), at) == datetime(
        2027, 3, 2, 6, 0, tzinfo=UTC
    )
    assert quiet_until(_pref("22:00", "07:00"), at) is None


def test_a_refused_change_writes_no_preferences_row(alice: Any) -> None:
    response = client_for(alice).patch(URL, {"digest_hour": 99}, format="json")
    assert response.status_code == 422
    assert not NotificationPreference.objects.filter(user=alice).exists()
