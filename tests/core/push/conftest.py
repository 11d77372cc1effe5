"""Web Push fixtures: a development key file of the test's own, and the loopback push service."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests import fake_dns
from tests.core.push.push_service import PushService, RunningPushService


@pytest.fixture(autouse=True)
def _own_vapid_dev_file(settings: Any, tmp_path: Any) -> None:
    """Never the checkout's var/vapid-dev.json: each test gets its own development pair."""
    settings.PUSH_VAPID_PRIVATE_KEY = ""
    settings.PUSH_VAPID_SUBJECT = ""
    settings.PUSH_VAPID_DEV_FILE = tmp_path / "var" / "vapid-dev.json"


@pytest.fixture(autouse=True)
def _push_services_resolve(monkeypatch: pytest.MonkeyPatch) -> None:
    """The example push services the tests subscribe to resolve to a public address (a
    subscription's endpoint is resolved and vetted, core/outbound.py); nothing is sent there."""
    fake_dns.answer(
        monkeypatch, {"push.example.net": [fake_dns.PUBLIC], "push.example.com": [fake_dns.PUBLIC]}
    )


@pytest.fixture
def push_service(settings: Any) -> Iterator[PushService]:
    settings.PUSH_ALLOW_INSECURE_ENDPOINTS = True  # the loopback service speaks plain http
    settings.PUSH_TIMEOUT = 3.0
    running = RunningPushService()
    yield running.start()
    running.stop()
