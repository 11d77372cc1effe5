"""The match screen on a 390×844 touch phone (issue 38): the board and the dock with the hand in
one screen, every lit target inside the visible board and under no control, and every tap on a
lit target after choosing a tile acts (a part of the map, then the space: placed at once, or
previewed when it takes figures), never a zoom alone; opened again
after the bot moved, the match says what it did. Played on Samurai with two players by touch
only; the figures (dead taps, smallest target, scroll between
hand and board) go to var/screenshots/390x844/phone-samurai.json, a screenshot per step beside
them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.pwa.phone import Moves, in_view, phone_tab, wait_settled  # noqa: F401  (a fixture)
from tests.pwa.test_board_samurai import END_TURN, _phase
from tests.pwa.test_browser import Tab, api, register, wait_my_turn


def _centre(tab: Tab, selector: str) -> tuple[float, float]:
    box = tab.page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _board_and_dock_in_view(tab: Tab) -> None:
    problems = []
    if not in_view(tab, ".dock"):
        problems.append("the dock is not in view")
    if not in_view(tab, ".board-area .board-svg"):
        problems.append("the board is not wholly in view")
    board = tab.page.locator(".board-area .board-svg").bounding_box()
    dock = tab.page.locator(".dock").bounding_box()
    assert board is not None and dock is not None
    if board["y"] + board["height"] > dock["y"] + 1:
        problems.append(f"the dock covers the board: {board} {dock}")
    if problems:
        tab.shot("failed-board-and-dock")
    assert problems == []


def _first_tap_on_a_lit_target_previews(moves: Moves, rng: random.Random, what: str) -> None:
    """Every tap on a lit target acts: a part of the map (when the spaces lie too far apart to
    tap), then a space, which previews the move or sends it (what undo takes back)."""
    page = moves.tab.page
    before = int(page.get_attribute("main.match-page", "data-version") or 0)
    for _ in range(3):
        seen = moves.check(what)
        reachable = [t for t in seen["targets"] if t["inside"] and not t["covered"]]
        assert reachable, f"{what}: no lit target a finger can reach: {seen}"
        tapped = moves.tap_target(rng.choice(reachable))
        assert tapped, f"{what}: a tap on a lit target did nothing"
        now = int(page.get_attribute("main.match-page", "data-version") or 0)
        if page.locator(".dock .confirm-bar").count() or now > before:
            break
    moves.shot(f"{what}-preview")


def test_samurai_on_a_phone_board_and_hand_together_and_every_first_tap_acts(
    request: pytest.FixtureRequest,
) -> None:
    tab: Tab = request.getfixturevalue("phone_tab")
    page = tab.page
    rng = random.Random(38)
    register(tab)
    seats: list[dict[str, Any]] = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    match = api(tab, "POST", "matches", {"game": "samurai", "players": 2, "seats": seats})
    tab.go(f"/matches/{match['id']}")
    assert wait_my_turn(tab)
    page.wait_for_selector(".samurai .board-svg")
    moves = Moves(tab, "phone-samurai")
    _board_and_dock_in_view(tab)
    moves.shot("choose")
    # Five tiles behind the screen, from the supply in the dock.
    while wait_my_turn(tab) and _phase(tab) == "choose":
        take = page.locator(".dock .sam-take").count()  # the pick, when a bot's move cleared it
        x, y = _centre(
            tab,
            ".dock .sam-take" if take else ".dock .sam-supply button.sam-card:enabled:not(.picked)",
        )
        assert moves.tap(x, y, "supply tile")
        if moves.confirm_if_asked():  # the five picked, one Confirm; the rest goes by itself
            page.wait_for_function("() => !document.querySelector('[data-sending]')")
    # Figures on the cities: a kind, then the first tap on a lit city previews it.
    while wait_my_turn(tab) and _phase(tab) == "figures":
        wait_settled(tab)
        if not page.locator(".sam-kinds button.sam-kind.on").count():
            x, y = _centre(tab, ".sam-kinds button.sam-kind:enabled")
            assert moves.tap(x, y, "figure kind")
        _board_and_dock_in_view(tab)
        _first_tap_on_a_lit_target_previews(moves, rng, "figure")
        moves.confirm_if_asked()
    assert _phase(tab) == "play"
    # A tile from the hand in the dock; its spaces lit on the board above it, no scrolling.
    card = ".dock .sam-hand button.sam-card:enabled:not([data-tile=figure_exchange])"
    x, y = _centre(tab, card)
    assert moves.tap(x, y, "hand tile")
    page.locator(".board-area g.target").first.wait_for()
    wait_settled(tab)
    _board_and_dock_in_view(tab)
    assert moves.hand_to_board(".dock .sam-hand button.sam-card[aria-pressed=true]") == 0
    moves.shot("tile-picked")
    before = int(page.get_attribute("main.match-page", "data-version") or 0)
    _first_tap_on_a_lit_target_previews(moves, rng, "tile")
    if page.locator(".dock .confirm-bar").count():  # a tile that takes figures: previewed
        assert page.locator(".board-area .sam-ghost").count() == 1
        assert moves.confirm_if_asked()
    page.wait_for_function(
        f"() => Number(document.querySelector('main.match-page').dataset.version) > {before}"
    )
    # The turn ends (previewed: it cannot be taken back); the bot answers. Opened again, the
    # match says what the bot did since this player's last move.
    end = page.locator(".dock .board-commands button").filter(has_text=END_TURN)
    x, y = _centre(tab, ".dock .board-commands button:has-text('End turn')")
    assert end.count() == 1 and moves.tap(x, y, "end turn")
    moves.confirm_if_asked()  # previewed while other tiles could still go down
    assert wait_my_turn(tab)
    tab.page.reload()
    assert wait_my_turn(tab)
    card = page.locator(".since")
    card.wait_for()
    assert card.locator('li[data-actor="1"]').count() >= 1
    _board_and_dock_in_view(tab)
    moves.shot("since")
    x, y = _centre(tab, ".since .since-close")
    page.touchscreen.tap(x, y)
    page.locator(".since").wait_for(state="detached", timeout=3_000)
    figures = moves.save()
    tab.check_console()
    assert figures["dead_taps"] == 0, figures["steps"]
    assert figures["problems"] == []
    assert figures["hand_board_scroll_px"] == 0
