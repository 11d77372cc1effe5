"""The account's screens in a real browser, in English and in Czech, against a server whose
mail goes over SMTP to a server on loopback (aiosmtpd): register with an address, follow the
verification link the server mailed, the settings before and after, change the password and
see the devices; forget the password and reset it by the mailed link."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from tests.core.accounts.conftest import Mailbox
from tests.pwa.conftest import ROOT, _free_port
from tests.pwa.test_browser import DESKTOP, PHONE, Tab

PASSWORD = "a-long-pass-phrase"


@pytest.fixture(scope="module")
def smtp() -> Iterator[tuple[Mailbox, int]]:
    box, port = Mailbox(), _free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield box, port
    finally:
        controller.stop()


@pytest.fixture(scope="module")
def mail_server(
    pwa_dist: Path, smtp: tuple[Mailbox, int], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """The PWA's test server (tests/pwa/conftest.py), its mail sent to ``smtp`` and its links
    pointing at itself."""
    tmp = tmp_path_factory.mktemp("account-server")
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")
    }
    env.update(
        DJANGO_SETTINGS_MODULE="core.settings.base",
        SQLITE_PATH=str(tmp / "db.sqlite3"),
        LUDOTEKA_THROTTLE_ANON="10000/min",
        LUDOTEKA_THROTTLE_REGISTER="10000/min",
        EMAIL_URL=f"smtp://127.0.0.1:{smtp[1]}",
        LUDOTEKA_SITE_URL=url,
        LOG_LEVEL="WARNING",
    )
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], check=True, cwd=ROOT, env=env
    )
    log = (tmp / "server.log").open("w")
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "uvicorn", "core.asgi:application"),
            *("--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"),
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/games", timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((tmp / "server.log").read_text()) from None
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def mail_to(box: Mailbox, address: str, subject: str, seconds: float = 30) -> Any:
    """The message to ``address`` whose subject starts so (the server sends after answering)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for message in box.to(address):
            if str(message["Subject"]).startswith(subject):
                return message
        time.sleep(0.1)
    raise AssertionError(
        f"no mail {subject!r} to {address}: {[m['Subject'] for m in box.messages]}"
    )


def create_match(base: str, key: str, seats: list[dict[str, str]]) -> int:
    request = urllib.request.Request(
        f"{base}/api/matches",
        data=json.dumps({"game": "samurai", "players": 2, "seats": seats}).encode(),
        headers={"Authorization": f"Token {key}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return int(json.loads(response.read())["id"])


def link_in(box: Mailbox, message: Any, base: str, kind: str) -> str:
    return box.link(message, re.escape(base) + rf"/account/{kind}/\S+")


def sign_up(tab: Tab, name: str, address: str) -> None:
    tab.go("/register")
    tab.page.fill("#username", name)
    tab.page.fill("#display_name", name.capitalize())
    tab.page.fill("#email", address)
    tab.page.fill("#password", PASSWORD)
    tab.page.click("button[type=submit]")
    tab.page.wait_for_url(tab.base + "/")


@pytest.fixture
def english(playwright_browser: Any, mail_server: str) -> Iterator[Tab]:
    context = playwright_browser.new_context(viewport=PHONE, locale="en-GB")
    yield Tab(context, mail_server, "375x812")
    context.close()


@pytest.fixture
def czech(playwright_browser: Any, mail_server: str) -> Iterator[Tab]:
    context = playwright_browser.new_context(viewport=DESKTOP, locale="cs-CZ")
    yield Tab(context, mail_server, "1280x800")
    context.close()


def test_an_address_is_verified_by_its_link_and_the_settings_follow(
    english: Tab, smtp: tuple[Mailbox, int]
) -> None:
    tab, box = english, smtp[0]
    sign_up(tab, "anna", "anna@example.org")
    tab.go("/settings")
    missing = tab.page.wait_for_selector("#email-missing")
    assert "need a verified address" in missing.inner_text()
    tab.shot("settings-no-email")
    tab.page.click("#email-missing a")
    tab.page.wait_for_url(tab.base + "/account")
    pending = tab.page.wait_for_selector("#email-pending")
    assert "anna@example.org" in pending.inner_text()
    tab.axe("account")
    tab.shot("account")

    link = link_in(box, mail_to(box, "anna@example.org", "Ludoteka: confirm"), tab.base, "verify")
    tab.page.goto(link)
    verified = tab.page.wait_for_selector("#verified")
    assert "anna@example.org (verified)" in verified.inner_text()
    tab.go("/settings")
    tab.page.wait_for_selector("select#email\\.your_turn")
    assert tab.page.query_selector("#email-missing") is None
    tab.page.select_option("select#email\\.your_turn", "always")
    tab.page.click("form.prefs button[type=submit]")
    tab.page.wait_for_selector("text=Saved.")

    # A bot moves first: the your_turn mail's link opens the match, its footer unsubscribes.
    key = tab.page.evaluate("localStorage.getItem('ludoteka.token')")
    match_id = create_match(tab.base, key, [{"kind": "bot", "level": "random"}, {"kind": "me"}])
    turn = mail_to(box, "anna@example.org", "Your turn: Samurai", seconds=60)
    tab.page.goto(box.link(turn, re.escape(tab.base) + rf"/matches/{match_id}\b"))
    tab.page.wait_for_selector("main.match-page[data-my-turn=true]", timeout=30_000)
    tab.page.goto(box.link(turn, re.escape(tab.base) + r"/unsubscribe\?token=\S+"))
    tab.page.wait_for_selector("h1:has-text('Unsubscribe')")
    tab.axe("unsubscribe")
    tab.page.click("button:has-text('Stop these e-mails')")
    tab.page.wait_for_selector("text=Done: these e-mails are off.")
    tab.go("/settings")
    assert tab.page.wait_for_selector("select#email\\.your_turn").input_value() == "off"

    tab.go("/account")
    tab.page.wait_for_selector("#email-state")
    assert "anna@example.org (verified)" in tab.page.inner_text("#email-state")
    tab.page.fill("#current_password", PASSWORD)
    tab.page.fill("#new_password", "another-long-phrase")
    tab.page.fill("#new_password2", "another-long-phrase")
    tab.page.click("text=Change the password")
    tab.page.wait_for_selector("text=Password changed; your other devices are logged out.")
    mail_to(box, "anna@example.org", "Ludoteka: your password was changed")
    # Still logged in here, with the new token: the account reads afresh.
    tab.go("/account")
    tab.page.wait_for_selector(".device[data-current=true]")
    assert len(tab.page.query_selector_all(".device")) == 1
    tab.check_console()


def test_a_forgotten_password_is_reset_by_the_mailed_link_in_czech(
    czech: Tab, smtp: tuple[Mailbox, int]
) -> None:
    tab, box = czech, smtp[0]
    sign_up(tab, "bara", "bara@example.org")
    link = link_in(box, mail_to(box, "bara@example.org", "Ludoteka: potvrďte"), tab.base, "verify")
    tab.page.goto(link)
    tab.page.wait_for_selector("#verified")
    assert "bara@example.org (ověřená)" in tab.page.inner_text("#verified")
    tab.page.evaluate(
        "localStorage.removeItem('ludoteka.token'); localStorage.removeItem('ludoteka.user')"
    )

    tab.go("/login")
    tab.page.click("text=Zapomněli jste heslo?")
    tab.page.wait_for_url(tab.base + "/account/forgot")
    tab.axe("forgot")
    tab.page.fill("#email", "bara@example.org")
    tab.page.click("text=Poslat odkaz")
    tab.page.wait_for_selector(
        "text=Pokud má některý účet tuto ověřenou adresu, odkaz je na cestě."
    )
    tab.shot("forgot")
    message = mail_to(box, "bara@example.org", "Ludoteka: nastavte si nové heslo")
    tab.page.goto(link_in(box, message, tab.base, "reset"))
    tab.page.wait_for_selector("h1:has-text('Nové heslo')")
    tab.page.fill("#new_password", "uplne-nove-heslo")
    tab.page.fill("#new_password2", "jine-heslo-nez-to")
    tab.page.click("text=Nastavit heslo")
    tab.page.wait_for_selector("text=Nová hesla se neshodují.")
    tab.page.fill("#new_password2", "uplne-nove-heslo")
    tab.page.click("text=Nastavit heslo")
    tab.page.wait_for_selector("text=Nové heslo je nastaveno a všechna zařízení jsou odhlášena.")
    tab.axe("reset")
    tab.shot("reset-done")

    tab.page.click("text=Přihlásit")
    tab.page.wait_for_url(tab.base + "/login")
    tab.page.fill("#username", "bara")
    tab.page.fill("#password", "uplne-nove-heslo")
    tab.page.click("button[type=submit]")
    tab.page.wait_for_url(tab.base + "/")
    tab.check_console()
