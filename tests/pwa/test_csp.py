"""The PWA under its Content-Security-Policy (core/csp.py), in chromium: a player's first
minutes (register, the lobby, a new match against a bot by the form, its live socket) and every
game's board, each loaded on demand, run without one violation of the policy, which the
browser would otherwise report and enforce (a blocked script or style is a broken screen)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.pwa.test_browser import (
    GAMES,
    PHONE,
    Tab,
    api,
    new_match_by_form,
    register,
    wait_my_turn,
)

WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
"""


@pytest.fixture
def watched(playwright_browser: Any, server: str) -> Any:
    context = playwright_browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True)
    context.add_init_script(WATCH)  # the browser's own reports of what the policy blocked
    tab = Tab(context, server, "375x812")
    yield tab
    context.close()


def test_the_app_runs_within_its_content_security_policy(watched: Tab) -> None:
    tab = watched
    tab.go("/")
    policy = tab.page.evaluate("fetch('/').then(r => r.headers.get('content-security-policy'))")
    assert "script-src 'self'" in policy
    register(tab)
    tab.go("/new")
    match_id = new_match_by_form(tab, "samurai")
    tab.page.wait_for_selector("main.match-page")
    assert wait_my_turn(tab)
    tab.go("/")
    tab.go(f"/matches/{match_id}")
    tab.page.wait_for_selector("main.match-page")
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    for game in GAMES:
        found = api(tab, "POST", "matches", {"game": game, "players": 2, "seats": seats})
        tab.go(f"/matches/{found['id']}")
        wait_my_turn(tab)
        tab.page.wait_for_selector(".board-area > *")
        assert tab.page.evaluate("window.__csp") == [], game
    tab.check_console()
