"""Java's own board in a real browser: a match against a bot played by taps — a tile laid
through the tray, its village space and a rotation, a developer brought on with its cost shown,
the turn ended — the bot answering live, and screenshots at phone and desktop sizes."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.pwa.test_browser import Tab, api, register, version, wait_my_turn

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


def _confirm(tab: Tab) -> int:
    page = tab.page
    before = version(tab)
    page.locator(".confirm-bar .btn-primary").click()
    page.wait_for_function(
        f"() => Number(document.querySelector('main.match-page').dataset.version) > {before}"
    )
    return version(tab)


def _lay_tile(tab: Tab, kind: str = "3-tile", at: str = r"\d+,\d+") -> None:
    """The tray's tile, then a marked space for its village (the first one matching ``at``)."""
    page = tab.page
    page.get_by_role("button", name=re.compile(f"^{kind}")).click()
    page.locator(".board-area .target").first.wait_for()
    names = re.compile(rf"^(Village|Rice|Vesnice|Rýže) (at|na) {at}$")
    page.get_by_role("button", name=names).first.click()
    page.wait_for_selector(".confirm-bar")


def play_board_move(tab: Tab) -> int:
    """One move by taps on Java's board: a tile while the turn still owes one, else end the
    turn. Returns the version reached (the shell's every-game test calls it)."""
    page = tab.page
    page.wait_for_selector(".java-status")
    if page.locator(".java-land:not(.ok)").count() and page.locator(".java-pick").count():
        _lay_tile(tab)
    else:
        page.locator(".match-main .actions .btn", has_text="End turn").click()
        page.wait_for_selector(".confirm-bar")
    return _confirm(tab)


def _new_match(tab: Tab) -> int:
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    body = {"game": "java", "players": 2, "seats": seats}
    match_id = int(api(tab, "POST", "matches", body)["id"])
    tab.go(f"/matches/{match_id}")
    assert wait_my_turn(tab)
    tab.page.wait_for_selector(".java-tray")
    return match_id


def test_a_java_turn_is_played_by_taps_and_the_bot_answers(phone360: Tab) -> None:
    tab = phone360
    register(tab)
    _new_match(tab)
    page = tab.page
    tab.shot("java-start")
    # A 3-space tile: the tray, a village space, then its rotation with level and cost.
    # On the lowland edge, so that a developer may come on over it.
    _lay_tile(tab, at="15,2")
    rotate = page.locator(".java-rotate")
    assert re.search(r"Rotate 1/[2-6]", rotate.inner_text())
    for turn in range(2, 8):
        label = page.inner_text(".confirm-bar .confirm-label")
        assert re.search(r"level 1 \(at 15,2\) — \d AP", label), label
        if label.endswith("— 1 AP"):
            break
        rotate.click()
        page.wait_for_function(
            f"() => /Rotate {turn}\\//.test(document.querySelector('.java-rotate').innerText)"
        )
        page.wait_for_selector(".confirm-bar")
    tab.shot("java-tile-preview")
    v1 = _confirm(tab)
    page.wait_for_selector(".log li.mine")
    assert page.locator(".board-area .java-ap strong").inner_text() == "5"
    # A developer from the supply: the spaces it may reach, each with its cost.
    page.get_by_role("button", name=re.compile("^Developer")).click()
    page.get_by_role("button", name="New developer").click()
    target = page.get_by_role("button", name=re.compile(r"^Move to .* \(\d AP\)$")).first
    target.wait_for()
    tab.shot("java-developer-costs")
    target.click()
    page.wait_for_selector(".confirm-bar")
    assert "Bring a developer onto" in page.inner_text(".confirm-bar .confirm-label")
    v2 = _confirm(tab)
    assert v2 > v1
    assert page.locator(".board-svg .token[aria-label*='developer on']").count() == 1
    # End the turn: the bot answers live, and it is our turn again.
    theirs = page.locator('.log li[data-actor="1"]').count()
    page.locator(".match-main .actions .btn", has_text="End turn").click()
    _confirm(tab)
    page.wait_for_function(
        f"() => document.querySelectorAll('.log li[data-actor=\"1\"]').length > {theirs}"
    )
    assert wait_my_turn(tab)
    tab.shot("java-second-turn")
    # The hand is private and shown apart; another move by the every-game helper.
    assert page.locator(".private .java-card").count() >= 1
    play_board_move(tab)
    tab.axe("match java")
    tab.check_console()


def test_the_java_board_reads_well_on_a_desktop(wide: Tab) -> None:
    tab = wide
    register(tab)
    _new_match(tab)
    tab.shot("java-start")
    _lay_tile(tab, "3-díl", at="6,4")
    tab.shot("java-tile-preview")
    _confirm(tab)
    tab.shot("java-tile-laid")
    tab.check_console()
