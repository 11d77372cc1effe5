"""Drunter und Drüber on its own board in a real browser: a tile picked from the hand, a place
tapped on the town, the ghost confirmed, the move in the log; an outhouse vote cast with the
citizen cards when one comes up; screenshots at 360 px and at desktop size."""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.pwa.test_browser import (
    DESKTOP,
    Tab,
    api,
    new_match_by_form,
    register,
    tap,
    version,
    wait_my_turn,
)

NARROW = {"width": 360, "height": 780}


@pytest.fixture
def narrow(playwright_browser: Any, server: str) -> Any:
    context = playwright_browser.new_context(viewport=NARROW, locale="en-GB", has_touch=True)
    tab = Tab(context, server, "360x780")
    yield tab
    context.close()


@pytest.fixture
def wide(playwright_browser: Any, server: str) -> Any:
    context = playwright_browser.new_context(viewport=DESKTOP, locale="cs-CZ")
    tab = Tab(context, server, "1280x800")
    yield tab
    context.close()


def grows(tab: Tab, before: int) -> None:
    tab.page.wait_for_function(
        f"() => Number(document.querySelector('main.match-page').dataset.version) > {before}"
    )


def place_tile(tab: Tab, seek_outhouse: bool = False) -> str:
    """Picks a tile from the hand, taps a highlighted place, up to the confirm bar; returns its
    text. With ``seek_outhouse``, prefers a place whose tile would cover an outhouse. A redraw
    from a late update may take a target away mid-tap: then it starts over (a few times)."""
    for attempt in range(3):
        try:
            return _place_tile(tab, seek_outhouse and attempt == 0)
        except Exception:
            if attempt == 2:
                raise
            wait_my_turn(tab)
    raise AssertionError("unreachable")


def _settled(page: Any) -> None:
    """Waits for the board to answer a pick: the confirm bar, or targets drawn for the picked
    tile (the page redraws after the click returns: a CI run read the previous tile's targets)."""
    page.wait_for_function(
        "() => document.querySelector('.confirm-bar') || (document.querySelector("
        "'.dd-tile[aria-pressed=true]') && document.querySelector('.board-svg .target'))",
        timeout=5_000,
    )


def _start_clean(page: Any) -> None:
    """No preview and no tile picked: a tapped tile toggles, so a tile left picked by an earlier
    attempt would be put down again by the next tap on it."""
    if page.locator(".confirm-bar").count():
        page.locator(".confirm-bar .btn:not(.btn-primary)").click()
        page.wait_for_selector(".confirm-bar", state="detached", timeout=5_000)
    picked = page.locator(".dd-tile[aria-pressed=true]")
    if picked.count():
        picked.first.click()
        page.wait_for_selector(".dd-tile[aria-pressed=true]", state="detached", timeout=5_000)


def _pick_tile(page: Any, i: int) -> None:
    tile = page.locator(".dd-hand .dd-tile:not([disabled])").nth(i)
    if tile.get_attribute("aria-pressed") != "true":
        tile.click()
    expect(tile).to_have_attribute("aria-pressed", "true", timeout=5_000)
    _settled(page)


def _tap_target(page: Any, target: Any) -> None:
    """Taps a target found by its label, not by its place in the list: a redraw between finding
    and tapping keeps the label on the same place."""
    label = target.get_attribute("aria-label")
    tap(page.locator(f'.board-svg .target[aria-label="{label}"]'), timeout=5_000)


def _place_tile(tab: Tab, seek_outhouse: bool) -> str:
    page = tab.page
    _start_clean(page)
    tiles = page.locator(".dd-hand .dd-tile:not([disabled])")
    assert tiles.count() > 0
    if seek_outhouse:
        for i in range(tiles.count()):
            _pick_tile(page, i)
            if page.locator(".confirm-bar").count():
                if "outhouse" in page.locator(".confirm-label").inner_text():
                    return page.locator(".confirm-label").inner_text()
                page.locator(".confirm-bar .btn:not(.btn-primary)").click()
                page.wait_for_selector(".confirm-bar", state="detached", timeout=5_000)
                continue
            hit = page.locator(".board-svg .target[aria-label*='outhouse']")
            if hit.count():
                _tap_target(page, hit.first)
                page.wait_for_selector(".confirm-bar", timeout=5_000)
                return page.locator(".confirm-label").inner_text()
    _pick_tile(page, 0)
    if not page.locator(".confirm-bar").count():
        _tap_target(page, page.locator(".board-svg .target").first)
    page.wait_for_selector(".confirm-bar", timeout=5_000)
    return page.locator(".confirm-label").inner_text()


def play_board_move(tab: Tab) -> int:
    """One move on this board (the helpers of test_browser.py call it): a vote with the first
    citizen card, a JEIN declared, or a tile placed; returns the version reached."""
    page = tab.page
    before = version(tab)
    if page.locator(".dd-ballot .dd-card-btn").count():
        page.locator(".dd-ballot .dd-card-btn").first.click()
        page.locator(".dd-vote-actions .btn-primary:not([disabled])").click()
    elif page.locator(".match-main .board-commands .btn:not(.undo)").count():
        page.locator(".match-main .board-commands .btn:not(.undo)").first.click()
    else:
        place_tile(tab)
    page.wait_for_selector(".confirm-bar")
    page.locator(".confirm-bar .btn-primary").click()
    grows(tab, before)
    return version(tab)


def test_a_tile_goes_down_by_taps_and_a_vote_is_cast(narrow: Tab) -> None:
    tab = narrow
    page = tab.page
    register(tab)
    new_match_by_form(tab, "drunter")
    assert wait_my_turn(tab)
    page.wait_for_selector(".dd-board .board-svg")
    # My hand and my secret building are in the private area; nobody else's.
    assert page.locator(".dd-private .dd-secret").count() == 1
    assert page.locator(".dd-hand .dd-tile:not([disabled])").count() > 0
    tab.shot("drunter-start")
    tab.axe("drunter board")
    # Tile first, then the place: only places that tile may go are highlighted.
    page.locator(".dd-hand .dd-tile:not([disabled])").first.click()
    page.wait_for_selector(".dd-tile[aria-pressed=true]")
    assert page.locator(".board-svg .target").count() >= 1
    tab.shot("drunter-tile-picked")
    tap(page.locator(".board-svg .target").first)
    page.wait_for_selector(".confirm-bar")
    assert page.locator(".board-svg .ghost").count() == 1
    tab.shot("drunter-preview")
    before = version(tab)
    mine = page.locator(".log li.mine").count()
    page.locator(".confirm-bar .btn-primary").click()
    grows(tab, before)
    page.wait_for_function(f"() => document.querySelectorAll('.log li.mine').length > {mine}")
    assert page.locator(".board-svg [role=img][aria-label*='laid by']").count() >= 1
    # Keep playing, heading for outhouses, until a vote asks for my cards (or a few turns).
    voted = False
    for _turn in range(14):
        if not wait_my_turn(tab, timeout=30_000):
            break
        if page.locator(".dd-ballot .dd-card-btn").count():
            tab.shot("drunter-vote")
            tab.axe("drunter vote")
            page.locator(".dd-card-btn", has_text="JAAA").click()
            page.wait_for_selector(".dd-card-btn[aria-pressed=true]")
            before = version(tab)
            page.locator(".dd-vote-actions .btn-primary").click()
            page.wait_for_selector(".confirm-bar")
            assert "JAAA" in page.locator(".confirm-label").inner_text()
            page.locator(".confirm-bar .btn-primary").click()
            grows(tab, before)
            voted = True
            break
        if page.locator(".match-main .board-commands .btn:not(.undo)").count():  # declare a JEIN
            play_board_move(tab)
            continue
        before = version(tab)
        place_tile(tab, seek_outhouse=True)
        page.locator(".confirm-bar .btn-primary").click()
        grows(tab, before)
    page.wait_for_timeout(300)
    tab.shot("drunter-later")
    if voted:
        page.wait_for_selector(".log li:has-text('vote'), .log li:has-text('Vote')")
    tab.check_console()


def test_the_board_reads_well_on_a_desktop_in_czech(wide: Tab) -> None:
    tab = wide
    page = tab.page
    register(tab)
    new_match_by_form(tab, "drunter")
    assert wait_my_turn(tab)
    page.wait_for_selector(".dd-board .board-svg")
    before = version(tab)
    place_tile(tab)
    tab.shot("drunter-preview")
    page.locator(".confirm-bar .btn-primary").click()
    grows(tab, before)
    # Two more moves, whatever they are (a vote, a JEIN, a tile), as test_browser.py makes them.
    for _ in range(2):
        if wait_my_turn(tab, timeout=30_000):
            play_board_move(tab)
    wait_my_turn(tab)
    tab.shot("drunter")
    tab.axe("drunter board cs")
    # The extended rules: two secret goal cards, each with what it would score now.
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    body = {"game": "drunter", "players": 2, "seats": seats, "options": {"extended": True}}
    match_id = api(tab, "POST", "matches", body)["id"]
    tab.go(f"/matches/{match_id}")
    assert wait_my_turn(tab)
    page.wait_for_selector(".dd-board .board-svg")
    assert page.locator(".dd-secret li").count() == 2
    tab.shot("drunter-extended")
    tab.axe("drunter extended")
    tab.check_console()


def test_the_end_shows_the_final_scores(narrow: Tab) -> None:
    """A whole game played quickly through the API (first legal command each time), then the
    finished town and the final scores as the player sees them."""
    tab = narrow
    page = tab.page
    register(tab)
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    match_id = api(tab, "POST", "matches", {"game": "drunter", "players": 2, "seats": seats})["id"]
    token = page.evaluate("localStorage.getItem('ludoteka.token')")
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}

    def cost(c: dict[str, Any]) -> tuple[int, int]:
        # Short tiles first (the game lasts longer); a single card keeps votes for later.
        return (c.get("length", 0), len(c.get("cards", [])))

    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if api(tab, "GET", f"matches/{match_id}")["status"] != "active":
            break
        legal = api(tab, "GET", f"matches/{match_id}/legal")
        if not legal["commands"]:
            time.sleep(0.1)
            continue
        body = {
            "command_id": uuid.uuid4().hex,
            "command": min(legal["commands"], key=cost),
            "expected_version": legal["version"],
        }
        url = f"{tab.base}/api/matches/{match_id}/commands"
        page.request.fetch(url, method="POST", headers=headers, data=json.dumps(body))
    tab.go(f"/matches/{match_id}")
    page.wait_for_selector(".dd-result li")
    assert page.locator(".dd-result li").count() == 2
    tab.shot("drunter-end-town")
    page.locator(".dd-result").scroll_into_view_if_needed()
    tab.shot("drunter-end")
    tab.axe("drunter end")
    tab.check_console()
