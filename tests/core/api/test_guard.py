"""A server error tells the truth about what was saved, and is logged once; a body over the
limit is refused before it is read."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.core.exceptions import RequestDataTooBig
from django.test import Client, override_settings

from core.accounts.models import User
from core.api.errors import exception_handler
from core.matches import apis
from core.matches.models import Match
from tests.conftest import client_for, make_user

LOBBY = {"game": "race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}


def _errors(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR]


def _bug(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError("a bug")


# Real commits (transaction=True): "saved" is what reached the database, not what a test's
# enclosing transaction would have held back.
@pytest.mark.django_db(transaction=True)
def test_a_bug_before_any_write_says_nothing_was_saved_and_is_logged_once(
    race_game: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(apis.services, "match_create", _bug)
    client = client_for(make_user())
    caplog.set_level(logging.INFO)
    res = client.post("/api/matches", LOBBY, format="json")
    assert res.status_code == 500
    assert res.json() == {
        "code": "server_error",
        "message": "Something went wrong on our side; nothing was saved.",
        "saved": False,
    }
    errors = _errors(caplog)
    assert len(errors) == 1 and errors[0].exc_info is not None


@pytest.mark.django_db(transaction=True)
def test_a_bug_inside_a_transaction_that_rolls_back_says_nothing_was_saved(
    race_game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The match row is written, then the service fails before its transaction commits.
    monkeypatch.setattr("core.matches.services._ready", _bug)
    client = client_for(make_user())
    res = client.post("/api/matches", LOBBY, format="json")
    assert res.status_code == 500 and res.json()["saved"] is False
    assert not Match.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_bug_after_the_commit_does_not_claim_nothing_was_saved(
    race_game: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(apis.selectors, "match_detail", _bug)
    client = client_for(make_user())
    caplog.set_level(logging.INFO)
    res = client.post("/api/matches", LOBBY, format="json")
    assert res.status_code == 500
    body = res.json()
    assert body["saved"] is True and "nothing was saved" not in body["message"]
    assert Match.objects.count() == 1
    assert len(_errors(caplog)) == 1


@pytest.mark.django_db(transaction=True)
@override_settings(ROOT_URLCONF="tests.core.api.failing_urls", DEBUG=False)
def test_outside_the_api_views_the_site_error_page_tells_the_truth_too(
    caplog: pytest.LogCaptureFixture,
) -> None:
    user = make_user()
    client = Client(raise_request_exception=False)
    caplog.set_level(logging.INFO)
    after = client.get(f"/test/after-write?user={user.username}")
    assert after.status_code == 500 and after.json()["saved"] is True
    assert User.objects.get(pk=user.pk).display_name == "Changed"
    before = client.get("/test/before-write")
    assert before.status_code == 500 and before.json()["saved"] is False
    assert "nothing was saved" in before.json()["message"]
    assert len(_errors(caplog)) == 2  # one per failed request


@pytest.mark.django_db
def test_a_body_over_the_limit_is_refused_with_413_before_it_is_read(
    settings: Any, race_game: str
) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    client = client_for(make_user())
    big = {"command_id": "c1", "command": {"type": "add", "text": "x" * 2000}}
    for path in ("/api/accounts/login", "/api/matches/1/commands", "/api/matches/1/chat"):
        res = client.post(path, big, format="json")
        assert res.status_code == 413, (path, res.content)
        assert res.json()["code"] == "payload_too_large"


def test_a_body_found_too_big_while_read_is_a_413() -> None:
    """A body without a Content-Length is measured as it is read (Django raises then)."""
    res = exception_handler(RequestDataTooBig("too big"), {})
    assert res.status_code == 413 and res.data["code"] == "payload_too_large"
