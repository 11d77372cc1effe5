"""A phone whose device its owner logs out from another one: in a real browser, against the
embedded server (its in-process channel layer), the app on the home screen and on a match
page shows the sign-in screen within a moment, saying why, without a tap and without
reconnecting with the revoked token (core/accounts/revocation.py, pwa/src/socket.ts)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.http import request_json
from tests.pwa.test_browser import PHONE, Tab, new_match_by_form, register

PASSWORD = "a-long-pass-phrase"  # register()'s


def call(base: str, method: str, path: str, body: Any = None, key: str | None = None) -> Any:
    """A request from another device: no cookie, its own token."""
    return request_json(f"{base}/api/{path}", method, body, key)


def log_out_the_phone(tab: Tab, name: str) -> None:
    """From a laptop: log in as the same player and log the phone's device out."""
    laptop = call(tab.base, "POST", "accounts/login", {"username": name, "password": PASSWORD})
    devices = call(tab.base, "GET", "accounts/me/devices", key=laptop["token"])["results"]
    phone = tab.page.evaluate("localStorage.getItem('ludoteka.token')")
    assert phone and phone != laptop["token"]
    others = [d["id"] for d in devices if not d["current"]]
    for device in others:  # the phone's (registration gave it its only other token)
        call(tab.base, "DELETE", f"accounts/me/devices/{device}", key=laptop["token"])


@pytest.fixture
def phone(playwright_browser: Any, server: str) -> Iterator[Tab]:
    context = playwright_browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True)
    yield Tab(context, server, "375x812")
    context.close()


def signed_out_screen(tab: Tab, since: float) -> float:
    """Waits for the sign-in screen with its notice; the seconds it took from ``since``."""
    tab.page.wait_for_selector("[data-testid=signed-out]", timeout=5_000)
    took = time.monotonic() - since
    assert tab.page.url == tab.base + "/login"
    assert tab.page.evaluate("localStorage.getItem('ludoteka.token')") is None
    return took


def test_a_phone_logged_out_from_another_device_shows_the_sign_in_screen(phone: Tab) -> None:
    tab = phone
    name = register(tab)  # on the home screen: its socket is open
    tab.page.wait_for_timeout(500)  # the home socket's hello
    started = time.monotonic()
    log_out_the_phone(tab, name)
    assert signed_out_screen(tab, started) < 3.0

    # Log in again, open a match: its socket closes the same way.
    tab.page.fill("#username", name)
    tab.page.fill("#password", PASSWORD)
    tab.page.click("button[type=submit]")
    tab.page.wait_for_url(tab.base + "/")
    assert tab.page.query_selector("[data-testid=signed-out]") is None  # said once
    new_match_by_form(tab, "samurai")
    tab.page.wait_for_selector("main.match-page")
    tab.page.wait_for_timeout(500)  # the match socket's hello
    started = time.monotonic()
    log_out_the_phone(tab, name)
    assert signed_out_screen(tab, started) < 3.0
    tab.check_console()
