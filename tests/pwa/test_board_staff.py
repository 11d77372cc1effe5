"""The staff board screen (/staff/matches/<id>): a match drawn with its game's board at any
event as any seat or a spectator saw it, in a real browser at 360 px; refused to a player who
is not staff. Screenshots under var/screenshots/staff-*.png."""

from __future__ import annotations

import json
import sqlite3
import urllib.request
from itertools import count
from typing import Any

import pytest

from tests.pwa.conftest import SCREENSHOTS

_names = count()


def _register(base: str) -> tuple[str, str]:
    name = f"staff{next(_names)}x{abs(hash(base)) % 10000}"
    body = {"username": name, "password": "a-long-pass-phrase", "display_name": name}
    req = urllib.request.Request(
        f"{base}/api/accounts/register",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=10) as res:
        answer = json.loads(res.read())
    return name, answer["token"]


def _call(base: str, token: str, method: str, path: str, body: Any = None) -> Any:
    req = urllib.request.Request(
        f"{base}/api/{path}",
        method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
    )
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read())


@pytest.fixture
def staff_session(server: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A staff user (promoted in the test server's database before its token was ever used,
    so no server process holds it as a player) with a Yspahan match against a bot."""
    name, token = _register(server)
    db = tmp_path_factory.getbasetemp() / "pwa-server0" / "db.sqlite3"
    with sqlite3.connect(db, timeout=10) as conn:
        conn.execute("UPDATE accounts_user SET is_staff = 1 WHERE username = ?", [name])
    match = _call(
        server,
        token,
        "POST",
        "matches",
        {
            "game": "yspahan",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}],
        },
    )
    return {"name": name, "token": token, "match": match["id"], "version": match["version"]}


def _open(playwright_browser: Any, server: str, token: str, name: str) -> Any:
    context = playwright_browser.new_context(
        viewport={"width": 360, "height": 780}, locale="en-GB", has_touch=True
    )
    page = context.new_page()
    page.goto(server + "/login")
    page.evaluate(
        "([t, u]) => { localStorage.setItem('ludoteka.token', t);"
        " localStorage.setItem('ludoteka.user', JSON.stringify({username: u})); }",
        [token, name],
    )
    return context, page


def test_staff_see_the_board_at_any_event_as_any_seat(
    playwright_browser: Any, server: str, staff_session: dict[str, Any]
) -> None:
    s = staff_session
    context, page = _open(playwright_browser, server, s["token"], s["name"])
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{server}/staff/matches/{s['match']}?seq=1&seat=0")
        page.wait_for_selector(
            "main.staff-board .board-area svg, main.staff-board .board-area .card"
        )
        page.wait_for_selector(".replay-pos")
        assert page.inner_text(".replay-pos").startswith("1 /")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "staff-board-seat0-360.png"), full_page=True)
        page.click("button[aria-label='Next']")
        page.wait_for_function(
            "() => document.querySelector('.replay-pos').textContent.startsWith('2 /')"
        )
        page.wait_for_function("() => location.search.includes('seq=2')")
        page.click("button:has-text('spectator')")
        page.wait_for_function("() => location.search.includes('seat=spectator')")
        page.wait_for_selector("main.staff-board .board-area[aria-busy=false]")
        page.screenshot(path=str(SCREENSHOTS / "staff-board-spectator-360.png"), full_page=True)
        assert page.locator(".staff-event").inner_text().startswith("#2")
        assert not errors, errors
    finally:
        context.close()


def test_a_player_who_is_not_staff_is_told_so(playwright_browser: Any, server: str) -> None:
    name, token = _register(server)
    context, page = _open(playwright_browser, server, token, name)
    try:
        page.goto(f"{server}/staff/matches/1")
        page.wait_for_selector("main p.alert")
        assert "staff_only" in page.inner_text("main p.alert")
    finally:
        context.close()
