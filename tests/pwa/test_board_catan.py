"""The Catan board in a real browser: a new match against a bot, the set-up settlement and road
placed by tapping highlighted corners and edges and confirming, the version growing and the log
line appearing; then a few turns (roll, end turn) through the board's own buttons, a replay,
and screenshots at a 360-pixel phone and a desktop under var/screenshots/."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.pwa.conftest import ROOT
from tests.pwa.test_browser import Tab, api, register, tap, version, wait_my_turn

PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture
def phone360(playwright_browser: Any, server: str) -> Any:
    context = playwright_browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True)
    tab = Tab(context, server, "360x780")
    yield tab
    context.close()


@pytest.fixture
def wide(playwright_browser: Any, server: str) -> Any:
    context = playwright_browser.new_context(viewport=DESKTOP, locale="cs-CZ")
    tab = Tab(context, server, "1280x800")
    yield tab
    context.close()


def _phase(tab: Tab, match_id: int) -> str:
    """The phase; "answer" when the bot on turn waits for this seat's answer to its offer."""
    detail = api(tab, "GET", f"matches/{match_id}")
    view = detail["view"]
    if view["phase"] == "main" and view["current"] != detail["seat"]:
        return "answer"
    return view["phase"]


def _confirm_if_asked(tab: Tab, before: int) -> None:
    """Confirms the preview when the move waits for it (what undo cannot take back); a move
    undo can take back went at the tap. Either way the version grows."""
    page = tab.page
    page.wait_for_function(
        "(v) => document.querySelector('.confirm-bar .btn-primary')"
        " || Number(document.querySelector('main.match-page').dataset.version) > v",
        arg=before,
    )
    if page.locator(".confirm-bar .btn-primary").count():
        page.locator(".confirm-bar .btn-primary").click()
    _after(tab, before)


def _tap_spot_and_confirm(tab: Tab, prefix: str | None, previewed: bool | None = None) -> int:
    """Taps the first highlighted spot (n: corner, e: edge, h: hex). A move that needs a
    confirmation (``previewed``) shows its ghost and the confirm bar first; one that undo can
    take back (a settlement, a road in the main phase) goes at the tap."""
    page = tab.page
    before = version(tab)
    spot = f'[data-spot^="{prefix}"]' if prefix else ""
    target = page.locator(f".board-area .target{spot}").first
    target.wait_for()
    name = target.get_attribute("aria-label") or ""
    assert name, "every target has an accessible name"
    assert not re.search(r"\b(corner|edge|hex) \d", name), name  # places in words, no ids
    tap(target)
    if previewed:
        bar = page.locator(".confirm-bar")
        bar.wait_for()
        assert page.locator(".board-area .ghost").count() >= 1  # the piece drawn as a preview
    elif previewed is False:
        _after(tab, before)
        assert not page.locator(".confirm-bar").count()
    _confirm_if_asked(tab, before)
    return version(tab)


def _move_robber(tab: Tab) -> None:
    """Taps a highlighted hex; where several players could be robbed, picks the first."""
    page = tab.page
    before = version(tab)
    tap(page.locator('.board-area .target[data-spot^="h"]').first)
    page.wait_for_selector(".confirm-bar, .cat-victims")
    if not page.locator(".confirm-bar").count():
        page.locator(".cat-victims .btn").first.click()
    page.locator(".confirm-bar .btn-primary").click()
    _after(tab, before)


def _button_and_confirm(tab: Tab, text: str) -> None:
    page = tab.page
    before = version(tab)
    page.locator(".actions .btn", has_text=text).first.click()
    _confirm_if_asked(tab, before)


def _discard_with_the_picker(tab: Tab) -> None:
    """Chooses the cards owed after a 7 with the picker's + buttons (the first kinds first) and
    confirms once: one discard per card goes, and the version grows by as many."""
    page = tab.page
    before = version(tab)
    page.locator(".private .cat-discard .cat-dgo").wait_for()
    need = int(page.locator(".private .cat-discard").get_attribute("data-need") or 0)
    left = need
    for row in page.locator(".private .cat-drow").all():
        card = row.get_attribute("data-card")
        for n in range(1, min(left, int(row.get_attribute("data-held") or 0)) + 1):
            row.locator("button").nth(1).click()
            page.wait_for_function(
                "([c, n]) => document.querySelector(`.cat-drow[data-card='${c}']`)"
                "?.dataset.n === String(n)",
                arg=[card, n],
            )
        left -= int(row.get_attribute("data-n") or 0)
    assert left == 0
    count = page.locator(".private .cat-discard .pick-count").inner_text()
    assert count == f"{need} of {need} chosen"
    page.locator(".private .cat-dgo").click()
    page.wait_for_function(
        "(v) => Number(document.querySelector('main.match-page').dataset.version) >= v",
        arg=before + need,
    )


def _after(tab: Tab, before: int) -> None:
    tab.page.wait_for_function(
        f"() => Number(document.querySelector('main.match-page').dataset.version) > {before}"
    )


def _offer_a_trade(tab: Tab) -> bool:
    """Composes a domestic offer (one card given, one asked) and sends it; the bot answers."""
    page = tab.page
    compose = page.locator(".private button", has_text="Compose an offer")
    if not compose.count():
        return False
    before = version(tab)
    compose.click()
    _after(tab, before)
    page.wait_for_selector(".private h3:has-text('Your offer')")
    for side in ("Give", "Get"):
        add = page.locator(f'.private button[aria-label^="{side} +1"]').first
        if not add.count():
            page.locator(".private button", has_text="Drop").click()
            return False
        before = version(tab)
        add.click()
        _after(tab, before)
    tab.shot("catan-trade-draft")
    before = version(tab)
    page.locator(".private button", has_text="Send the offer").click()
    _after(tab, before)
    page.wait_for_selector(".cat-offer")
    # The bot answers on its own time: accepted or declined, no longer "thinking".
    page.wait_for_function(
        "() => !document.querySelector('.cat-answers')?.innerText.includes('thinking')",
        timeout=30_000,
    )
    tab.shot("catan-trade-answered")
    return True


def _decline_the_offer(tab: Tab) -> None:
    """Declines the bot's offer, if it is still open. The bot's seat stays active while its
    offer is open, and in the embedded mode its moves run after the commit of this seat's last
    command, inside that request: the socket shows the offer while the page still waits for its
    own answer (no buttons yet), and a random bot may withdraw the offer before the request
    returns. Then there is nothing to decline and the loop goes on from what the bot did."""
    page = tab.page
    before = version(tab)
    tab.shot("catan-answer")
    try:
        page.locator(".cat-offer .btn", has_text="Decline the offer").click(timeout=5_000)
    except PlaywrightTimeout:
        assert not page.locator(".cat-offer .btn", has_text="Decline the offer").count()
        return
    _after(tab, before)


def _new_match(tab: Tab) -> int:
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    return api(tab, "POST", "matches", {"game": "catan", "players": 2, "seats": seats})["id"]


def test_set_up_by_tapping_the_board_then_roll_and_end_turns(phone360: Tab) -> None:
    tab = phone360
    register(tab)
    match_id = _new_match(tab)
    tab.go(f"/matches/{match_id}")
    assert wait_my_turn(tab)
    tab.page.wait_for_selector(".catan .board-svg")
    assert _phase(tab, match_id) == "setup_settlement"
    # The island: 19 hexes with their words, 9 harbours, a robber.
    assert tab.page.locator(".board-area .cat-hex").count() == 19
    assert tab.page.locator(".board-area .cat-harbour").count() == 9
    tab.shot("catan-setup")
    mine_before = tab.page.locator(".log li.mine").count()
    v1 = _tap_spot_and_confirm(tab, "n", previewed=False)  # undo takes it back: one tap
    assert tab.page.locator(".board-area g[role=img][aria-label^='Settlement']").count() >= 1
    tab.page.wait_for_function(f"document.querySelectorAll('.log li.mine').length > {mine_before}")
    # The road goes next to it: only the edges at that corner are offered.
    assert wait_my_turn(tab)
    assert _phase(tab, match_id) == "setup_road"
    assert 1 <= tab.page.locator('.board-area .target[data-spot^="e"]').count() <= 3
    tab.shot("catan-setup-road")
    assert _tap_spot_and_confirm(tab, "e", previewed=True) > v1  # the turn passes: confirmed
    # The rest of the set-up, then a few turns through the board's buttons.
    rolled = 0
    traded = False
    built = 0
    for _ in range(40):
        if not wait_my_turn(tab, 60_000):
            break
        phase = _phase(tab, match_id)
        if phase == "setup_settlement":
            _tap_spot_and_confirm(tab, "n")
        elif phase == "setup_road":
            _tap_spot_and_confirm(tab, "e")
        elif phase == "roll":
            _button_and_confirm(tab, "Roll the dice")
            rolled += 1
            tab.page.wait_for_selector(".cat-dice .cat-die")
            if rolled == 1:
                tab.shot("catan-rolled")
        elif phase == "robber":
            _move_robber(tab)
        elif phase == "discard":
            _discard_with_the_picker(tab)
        elif phase == "answer":
            _decline_the_offer(tab)
        elif phase == "main":
            if rolled >= 4:
                break
            if not traded:
                traded = _offer_a_trade(tab)
            kinds = tab.page.locator(".cat-build button:enabled")
            if built < 2 and not tab.page.locator(".board-area .target").count() and kinds.count():
                kinds.first.click()  # what to build first: then its places light up
                tab.page.locator(".board-area .target").first.wait_for()
            if built < 2 and tab.page.locator(".board-area .target").count():
                _tap_spot_and_confirm(tab, None, previewed=False)  # a road, a settlement, a city
                built += 1
                continue
            _button_and_confirm(tab, "End turn")
        else:
            break
    assert rolled >= 1
    tab.shot("catan-main")
    tab.axe("match catan board")
    tab.check_console()


def test_the_board_reads_well_on_a_desktop_in_czech(wide: Tab) -> None:
    tab = wide
    register(tab)
    match_id = _new_match(tab)
    tab.go(f"/matches/{match_id}")
    assert wait_my_turn(tab)
    tab.page.wait_for_selector(".catan .board-svg")
    _tap_spot_and_confirm(tab, "n")
    assert wait_my_turn(tab)
    tab.shot("catan-desktop-setup")
    # The end: resigning hands the two-player match to the bot.
    tab.page.once("dialog", lambda d: d.accept())
    tab.page.click("button.btn-danger")
    tab.page.wait_for_selector("main[data-status=finished]")
    tab.shot("catan-desktop-end")
    tab.check_console()


def _simulated_match(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, int]:
    """A whole three-player match of greedy bots played through the pipeline into the test
    server's database (the one in the server fixture's directory); its id and last version."""
    (db,) = tmp_path_factory.getbasetemp().glob("pwa-server[0-9]*/db.sqlite3")
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(
        DJANGO_SETTINGS_MODULE="core.settings.base", SQLITE_PATH=str(db), LOG_LEVEL="WARNING"
    )
    subprocess.run(
        [sys.executable, "manage.py", "simulate", "catan", "--players", "3", "--bots", "greedy"],
        check=True,
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=120,
    )
    with sqlite3.connect(db) as con:
        row = con.execute(
            "SELECT id, version FROM matches_match WHERE game = 'catan' AND status = 'finished'"
            " ORDER BY id DESC LIMIT 1"
        ).fetchone()
    return int(row[0]), int(row[1])


@pytest.mark.parametrize("size", ["phone360", "wide"])
def test_a_whole_match_mid_game_and_at_the_end_as_a_spectator(
    size: str, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> None:
    tab: Tab = request.getfixturevalue(size)
    match_id, last = _simulated_match(tmp_path_factory)
    register(tab)
    tab.go(f"/matches/{match_id}")
    tab.page.wait_for_selector("main[data-status=finished] .catan .board-svg")
    # three players' pieces, nothing to tap for a spectator, nobody's hand shown
    assert tab.page.locator(".board-area g[role=img][aria-label*=':']").count() >= 6
    assert tab.page.locator(".board-area .target").count() == 0
    assert tab.page.locator(".cat-hand").count() == 0
    assert tab.page.locator(".cat-players tbody tr").count() == 3
    tab.axe("catan end")
    tab.shot("catan-end")
    tab.go(f"/matches/{match_id}/replay?v={last * 2 // 3}")
    tab.page.wait_for_selector(".replay-pos")
    tab.page.wait_for_selector(".catan .board-svg")
    tab.shot("catan-midgame")
    tab.check_console()
