"""Samurai played on a phone by touch only (issues 38 and 39): a whole two-player game on a
390×844 touch screen, random taps among the lit targets and the visible buttons
(``tests/pwa/phone.py``'s ``Moves``), with the screen's invariants checked before every tap: the
tap acted (no dead tap), every lit target inside the visible board and under no control, the
board and the dock in view together, no console error. Then four players on a 360×780 phone for
several turns (targets at least 32 px), and Czech at 360 px (no internal identifier anywhere in
the page's text, labels or titles). The figures go to var/screenshots/<size>/<name>.json."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from tests.pwa.phone import Moves, in_view, phone_tab, wait_settled  # noqa: F401  (a fixture)
from tests.pwa.test_browser import Tab, api, register, wait_my_turn

pytestmark = pytest.mark.usefixtures("server")

PHONE_360 = {"width": 360, "height": 780}
# How long the two-player game may take before the test stops playing (the whole game usually
# ends well before; the figures say how far it got).
GAME_SECONDS = 240
MIN_TARGET_PX = 32

# What no player should ever read: identifiers, numbered spaces and players.
INTERNAL = re.compile(
    r"\b[a-z]+_[a-z0-9_]+\b|\bhex \d+|\b(space|pole) \d+|\b[Pp]layer \d|\b[Hh]ráč \d"
)

# Everything a player reads or hears on the match screen: the text, the names and the titles.
SCREEN_WORDS = """() => {
  const m = document.querySelector('main.match-page');
  if (!m) return '';
  const attrs = [...m.querySelectorAll('[aria-label], [title]')]
    .map((e) => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''));
  return [m.innerText, ...attrs].join('\\n');
}"""


def _new_match(tab: Tab, players: int, **options: Any) -> None:
    register(tab)
    bots = [{"kind": "bot", "level": "random"}] * (players - 1)
    body = {"game": "samurai", "players": players, "seats": [{"kind": "me"}, *bots]}
    if options:
        body["options"] = options
    match = api(tab, "POST", "matches", body)
    tab.go(f"/matches/{match['id']}")
    tab.page.wait_for_selector(".samurai .board-svg")


def _settled(tab: Tab) -> None:
    """No move on its way and no secret pick still being sent, one tile per answer."""
    tab.page.wait_for_function(
        "() => { const m = document.querySelector('main.match-page');"
        " return m && m.dataset.busy !== 'true' && !document.querySelector('[data-sending]'); }",
        timeout=20_000,
    )
    wait_settled(tab)


def _board_and_dock_together(moves: Moves, what: str) -> None:
    tab = moves.tab
    if not tab.page.locator(".dock").count():
        return
    board = tab.page.locator(".board-area .board-svg").bounding_box()
    dock = tab.page.locator(".dock").bounding_box()
    if board is None or dock is None:
        moves.problems.append(f"{what}: no board or no dock")
        return
    if not in_view(tab, ".dock"):
        moves.problems.append(f"{what}: the dock is not in view")
    if board["y"] + 40 > dock["y"]:
        moves.problems.append(f"{what}: the dock covers the board ({board}, {dock})")


def _no_internal_ids(moves: Moves, what: str) -> None:
    words = str(moves.tab.page.evaluate(SCREEN_WORDS))
    found = sorted({m.group(0) for m in INTERNAL.finditer(words)})
    if found:
        moves.problems.append(f"{what}: internal ids on screen: {found}")


def _small_targets(moves: Moves, seen: dict[str, Any], what: str) -> None:
    for t in seen["targets"]:
        if t["size"] < MIN_TARGET_PX - 0.5:
            moves.problems.append(f"{what}: {t['label']!r} is {t['size']:.1f} px")


def _play(moves: Moves, rng: random.Random, *, steps: int, seconds: float, words: bool) -> int:
    """Up to ``steps`` random steps (or ``seconds``) while it is this player's turn; returns how
    many were taken. Every step's screen is checked first."""
    tab = moves.tab
    start = time.monotonic()
    done = 0
    while done < steps and time.monotonic() - start < seconds and wait_my_turn(tab, 60_000):
        _settled(tab)
        if not wait_my_turn(tab, 60_000):
            break
        what = f"step {len(moves.steps)}"
        _board_and_dock_together(moves, what)
        seen = moves.check(what)
        _small_targets(moves, seen, what)
        if words:
            _no_internal_ids(moves, what)
        moves.step(rng)
        done += 1
        # A tile picked in the hand: how far the page must scroll to see it and its spaces.
        picked = ".dock .sam-hand button.sam-card[aria-pressed=true]"
        if tab.page.locator(picked).count() and tab.page.locator(".board-area .target").count():
            wait_settled(tab)
            moves.hand_to_board(picked)
    return done


def _figures(moves: Moves, seconds: float, done: int) -> dict[str, Any]:
    figures = moves.save()
    figures["wall_s"] = round(seconds, 1)
    figures["steps_taken"] = done
    print(
        f"\n{moves.name}: {done} steps, {figures['taps']} taps, {figures['dead_taps']} dead, "
        f"smallest target {figures['smallest_target_px']} px, "
        f"hand-board scroll {figures['hand_board_scroll_px']} px, {seconds:.0f} s"
    )
    return figures


def test_a_whole_two_player_game_by_touch_on_a_390_phone(
    request: pytest.FixtureRequest,
) -> None:
    tab: Tab = request.getfixturevalue("phone_tab")
    rng = random.Random(3839)
    start = time.monotonic()
    _new_match(tab, 2)
    moves = Moves(tab, "phone-samurai-2p")
    # The secret pick: five taps marked one by one ("3 of 5"), one Confirm.
    assert wait_my_turn(tab)
    assert tab.page.locator(".dock .sam-supply").count() == 1
    taps_before = len(moves.steps)
    while (
        tab.page.locator(".dock .sam-supply").count()
        and not tab.page.locator(".confirm-bar").count()
    ):
        _settled(tab)
        moves.check("choose")
        take = tab.page.locator(".dock .sam-take")  # the pick, when a bot's move cleared it
        card = (
            take
            if take.count()
            else tab.page.locator(".dock .sam-supply button.sam-card:enabled:not(.picked)").first
        )
        card.scroll_into_view_if_needed()
        box = card.bounding_box()
        assert box is not None
        assert moves.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, "pick")
    assert tab.page.locator(".dock .sam-supply .pick-tick").count() >= 1
    assert "5" in tab.page.locator(".dock .pick-count").inner_text()
    moves.shot("picked-five")
    assert moves.confirm_if_asked()
    assert len(moves.steps) - taps_before in (6, 7)  # five picks, (Take these 5,) one Confirm
    # Then the game, to its end (or the time allowed).
    done = _play(moves, rng, steps=10_000, seconds=GAME_SECONDS, words=False)
    over = tab.page.get_attribute("main.match-page", "data-status") != "active"
    moves.shot("end")
    figures = _figures(moves, time.monotonic() - start, done)
    tab.check_console()
    assert figures["dead_taps"] == 0, [s for s in figures["steps"] if not s["acted"]]
    assert figures["problems"] == []
    assert figures["hand_board_scroll_px"] == 0
    assert done >= 20
    if over:
        assert tab.page.locator(".ending, .sam-scores").count()
    print(f"the game {'ended' if over else 'was still running'} after {done} steps")


def _phone360(playwright_browser: Any, server: str, locale: str) -> Any:
    context = playwright_browser.new_context(
        viewport=PHONE_360, locale=locale, has_touch=True, is_mobile=True
    )
    return context, Tab(context, server, "360x780")


def test_four_players_on_a_360_phone_targets_at_least_32_px(
    playwright_browser: Any, server: str
) -> None:
    context, tab = _phone360(playwright_browser, server, "en-GB")
    try:
        start = time.monotonic()
        _new_match(tab, 4, random_starting_tiles=True)
        moves = Moves(tab, "phone-samurai-4p")
        done = _play(moves, random.Random(4), steps=30, seconds=120, words=True)
        figures = _figures(moves, time.monotonic() - start, done)
        tab.check_console()
        assert figures["dead_taps"] == 0, [s for s in figures["steps"] if not s["acted"]]
        assert figures["problems"] == []
        assert figures["smallest_target_px"] is None or figures["smallest_target_px"] >= 31.5
        assert done >= 10
    finally:
        context.close()


def test_czech_on_a_360_phone_names_no_internal_ids(playwright_browser: Any, server: str) -> None:
    context, tab = _phone360(playwright_browser, server, "cs-CZ")
    try:
        start = time.monotonic()
        _new_match(tab, 2, random_starting_tiles=True)
        assert re.search("[ěščřžýáíéůú]", tab.page.inner_text(".samurai"))  # in Czech
        moves = Moves(tab, "phone-samurai-cs")
        done = _play(moves, random.Random(39), steps=24, seconds=90, words=True)
        figures = _figures(moves, time.monotonic() - start, done)
        tab.check_console()
        assert figures["dead_taps"] == 0, [s for s in figures["steps"] if not s["acted"]]
        assert figures["problems"] == []
        assert done >= 8
    finally:
        context.close()
