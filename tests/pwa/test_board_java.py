"""Java's own board in a real browser: a match against a bot played by taps — a tile laid
through the tray, its village space and a rotation, a developer brought on with its cost shown,
the turn ended — the bot answering live, and screenshots at phone and desktop sizes."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

from tests.pwa.conftest import SCREENSHOTS
from tests.pwa.test_browser import Tab, api, register, tap, version, wait_my_turn

_ids = itertools.count()

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


def _lay_tile(tab: Tab, kind: str = "3-tile", at: str = r".+") -> None:
    """The tray's tile, then a marked space for its village (the first whose name, as the log
    names spaces, matches ``at``)."""
    page = tab.page
    page.get_by_role("button", name=re.compile(f"^{kind}")).click()
    page.locator(".board-area .target").first.wait_for()
    names = re.compile(rf"^(Village on|Rice on|Vesnice:|Rýže:) {at}$")
    before = version(tab)
    tap(page.get_by_role("button", name=names).first)
    _previewed_or_sent(tab, before)


def _previewed_or_sent(tab: Tab, before: int) -> bool:
    """Waits for the preview (True) or, for a move that needs no confirmation (a tile with one
    way to lie, the end of a turn with nothing left to do), the new version (False)."""
    tab.page.wait_for_function(
        "() => document.querySelector('.confirm-bar') !== null ||"
        f" Number(document.querySelector('main.match-page').dataset.version) > {before}"
    )
    return tab.page.locator(".confirm-bar").count() > 0


def play_board_move(tab: Tab) -> int:
    """One move by taps on Java's board: a tile while the turn still owes one, else end the
    turn. Returns the version reached (the shell's every-game test calls it)."""
    page = tab.page
    page.wait_for_selector(".java-status")
    before = version(tab)
    if page.locator(".java-land:not(.ok)").count() and page.locator(".java-pick").count():
        _lay_tile(tab)
    else:
        page.locator(".match-main .actions .btn", has_text="End turn").click()
    return _confirm(tab) if _previewed_or_sent(tab, before) else version(tab)


def _board_shot(tab: Tab, name: str) -> None:
    """The board alone, at the screen's scale: to look at its details."""
    out = SCREENSHOTS / tab.size / f"{name}-board.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    tab.page.locator(".board-area .panzoom").screenshot(path=str(out))


def _height(view: dict[str, Any], cells: list[list[int]]) -> int:
    at = {(c["q"], c["r"]): c for c in view["cells"]}
    return max(at[(q, r)]["height"] for q, r in cells)


def _choose(view: dict[str, Any], legal: list[dict[str, Any]], done: int) -> dict[str, Any]:
    """A plausible move for the API driver: a festival or palace when offered, a land tile as
    high as it goes, a developer into a village, a card, then the end of the turn."""
    kinds: dict[str, list[dict[str, Any]]] = {}
    for c in legal:
        kinds.setdefault(c["type"], []).append(c)
    for kind in ("bid_card", "finish_bid", "pass_bid", "hold_festival", "build_palace"):
        if kind in kinds:
            return kinds[kind][-1]
    if "lay_land" in kinds and not view["land_laid"]:
        return max(kinds["lay_land"], key=lambda c: _height(view, c["rice"] + c["village"]))
    at = {(c["q"], c["r"]): c for c in view["cells"]}
    entries = [c for c in kinds.get("enter_figure", []) if at[tuple(c["to"])]["top"] == "village"]
    if entries and done < 4:
        return entries[0]
    if "take_card" in kinds and done < 5:
        return kinds["take_card"][0]
    return kinds.get("end_turn", legal)[0]


def _drive(tab: Tab, match_id: int, turns: int) -> bool:
    """Plays ``turns`` of our turns through the API (the bot answers in between). True when a
    festival auction waits for our bid."""
    for _ in range(turns):
        for _wait in range(100):
            match = api(tab, "GET", f"matches/{match_id}")
            if match["status"] != "active" or 0 in match["active_seats"]:
                break
            tab.page.wait_for_timeout(200)
        if match["status"] != "active":
            return False
        view = match["view"]
        legal = api(tab, "GET", f"matches/{match_id}/legal")
        legal = legal["commands"] if isinstance(legal, dict) else legal
        done = 0
        while legal and 0 in match.get("active_seats", [0]):
            if view["phase"] == "festival" and done:
                return True
            command = _choose(view, legal, done)
            body = {"command_id": f"drive-{match_id}-{next(_ids)}", "command": command}
            answer = api(tab, "POST", f"matches/{match_id}/commands", body)
            view, legal, done = answer["view"], answer["legal_commands"], done + 1
            match = {"active_seats": answer["active_seats"]}
            if command["type"] in ("end_turn", "hold_festival"):
                break
    return False


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
    match_id = _new_match(tab)
    page = tab.page
    tab.shot("java-start")
    # A 3-space tile: the tray, a village space, then its rotation with level and cost.
    # On the lowland edge (q 15, r 2), so that a developer may come on over it.
    _lay_tile(tab, at="the 17th space of row 3")
    rotate = page.locator(".java-rotate")
    assert re.search(r"Rotate 1/[2-6]", rotate.inner_text())
    for turn in range(2, 8):
        label = page.inner_text(".confirm-bar .confirm-label")
        assert re.search(r"at level 1, village on the 17th space of row 3 — \d AP", label), label
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
    # None stands on the island yet: the new one's destinations are lit at once.
    assert page.get_by_role("button", name="New developer").count() == 0
    target = page.get_by_role("button", name=re.compile(r"^Move to the .* \(\d AP\)$")).first
    target.wait_for()
    tab.shot("java-developer-costs")
    _board_shot(tab, "java-developer-costs")
    # Undo takes a developer back: one tap, no confirmation.
    tap(target)
    page.wait_for_function(
        f"() => Number(document.querySelector('main.match-page').dataset.version) > {v1}"
    )
    assert page.locator(".confirm-bar").count() == 0
    assert version(tab) > v1
    line = page.locator(".log li.mine").last.inner_text()
    entered = r"^You bring a developer onto the island at the .+ (for free|for \d action points?)\."
    assert re.search(entered, line), line
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
    # Later in the game (moves sent through the API): levels, villages, palaces, developers.
    festival = _drive(tab, match_id, 8)
    tab.go(f"/matches/{match_id}")
    wait_my_turn(tab)
    tab.shot("java-midgame")
    _board_shot(tab, "java-midgame")
    for _ in range(8):
        if festival:
            break
        festival = _drive(tab, match_id, 2)
    if festival:
        tab.go(f"/matches/{match_id}")
        page.wait_for_selector(".java-festival")
        assert wait_my_turn(tab)
        tab.shot("java-festival")
        # The auction's moves are in the festival's panel: stop laying (or pass) and confirm.
        page.locator(".java-festival .java-bid-actions .btn").last.click()
        _confirm(tab)
    tab.check_console()


def test_the_java_board_reads_well_on_a_desktop(wide: Tab) -> None:
    tab = wide
    register(tab)
    match_id = _new_match(tab)
    tab.shot("java-start")
    _lay_tile(tab, "3-díl", at="9. pole v 5. řadě")
    tab.shot("java-tile-preview")
    _confirm(tab)
    _drive(tab, match_id, 10)
    tab.go(f"/matches/{match_id}")
    wait_my_turn(tab)
    tab.shot("java-midgame")
    _board_shot(tab, "java-midgame")
    # The end (a resignation ends a two-player match) and its replay, drawn by the same board.
    api(tab, "POST", f"matches/{match_id}/resign", {"command_id": f"resign-{match_id}"})
    tab.go(f"/matches/{match_id}")
    tab.page.wait_for_selector("main[data-status=finished] .java-supplies")
    tab.shot("java-end")
    tab.go(f"/matches/{match_id}/replay?v=3")
    tab.page.wait_for_selector(".replay-pos")
    tab.page.wait_for_selector(".board-area .java .board-svg")
    assert tab.page.locator(".board-area .java-tray").count() == 0
    tab.shot("java-replay")
    tab.check_console()
