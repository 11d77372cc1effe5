"""Yspahan on a touch phone, by taps only (issues 38 and 39): a two-player game against a bot on
a 390×844 viewport in English, every step a random lit target on the market or a visible button
of the board or the dock, confirmed when the board asks; and a few turns in Czech at 360 px with
two, three and four players. At every step: the tap acted (no dead tap), every lit target inside
the visible board and under no control, the board and the dock in view together, no console
error; in Czech no internal id anywhere in the page. A whole game of Yspahan is 21 days, more
than fits the time a browser test may take on a shared machine: the English game is played for
``BUDGET_S`` seconds (or to its end) and says how far it got. Figures (dead taps, smallest
target, scroll between hand and board, steps, wall time) go to var/screenshots/<size>/*.json.

Each test opens its own browser context and match against the ``server`` fixture, so they run
side by side with the other browser tests (pytest-xdist)."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from tests.pwa.conftest import SCREENSHOTS
from tests.pwa.phone import (  # noqa: F401  (phone_tab: a fixture)
    Moves,
    in_view,
    internal_ids,
    lit_targets,
    phone_tab,
)
from tests.pwa.test_browser import Tab, api, register, wait_my_turn

BUDGET_S = 200.0


def _start(tab: Tab, players: int) -> dict[str, Any]:
    register(tab)
    seats: list[dict[str, Any]] = [{"kind": "me"}]
    seats += [{"kind": "bot", "level": "random"} for _ in range(players - 1)]
    match: dict[str, Any] = api(
        tab, "POST", "matches", {"game": "yspahan", "players": players, "seats": seats}
    )
    tab.go(f"/matches/{match['id']}")
    tab.page.wait_for_selector(".ysp-market svg")
    return match


def _board_and_dock_together(tab: Tab, moves: Moves) -> None:
    """The market's frame and the dock both wholly on screen, the dock under the board."""
    page = tab.page
    if not page.locator(".dock").count():
        return
    board = page.locator(".board-area .board-svg").bounding_box()
    dock = page.locator(".dock").bounding_box()
    assert board is not None and dock is not None
    if not in_view(tab, ".board-area .board-svg"):
        moves.problems.append(f"step {len(moves.steps)}: the board is not wholly in view")
    elif board["y"] + board["height"] > dock["y"] + 1:
        moves.problems.append(f"step {len(moves.steps)}: the dock covers the board")


def _words_check(tab: Tab, moves: Moves) -> None:
    found = internal_ids(tab)
    if found:
        moves.problems.append(f"step {len(moves.steps)}: internal ids on screen: {found}")


def _play(
    tab: Tab, moves: Moves, rng: random.Random, budget: float, words: bool
) -> tuple[int, list[dict[str, Any]]]:
    """Random taps until the game ends or ``budget`` seconds pass: the number of own steps, and
    the steps whose smallest lit target was under 32 px (size, count and one name)."""
    start = time.monotonic()
    steps = 0
    small: list[dict[str, Any]] = []
    while time.monotonic() - start < budget and wait_my_turn(tab, timeout=60_000):
        _board_and_dock_together(tab, moves)
        if words:
            _words_check(tab, moves)
        targets = lit_targets(tab)["targets"]
        if targets:
            least = min(targets, key=lambda t: t["size"])
            if least["size"] < 32:
                small.append(
                    {
                        "step": len(moves.steps),
                        "px": round(least["size"], 1),
                        "targets": len(targets),
                        "label": least["label"][:90],
                    }
                )
        moves.step(rng)
        steps += 1
        # A row of the tower picked in the dock that lit targets on the market: how
        # far the page must scroll to see both (kept as the largest).
        picked = ".dock button.ysp-row[aria-pressed=true]"
        if tab.page.locator(picked).count() and tab.page.locator(".board-area .target").count():
            moves.hand_to_board(picked)
    return steps, small


def _figures(
    moves: Moves, wall: float, steps: int, status: str, small: list[dict[str, Any]]
) -> dict[str, Any]:
    figures = moves.save()
    figures.update(wall_s=round(wall, 1), own_steps=steps, status=status, under_32=small)
    out = SCREENSHOTS / moves.tab.size / f"{moves.name}.json"
    out.write_text(json.dumps(figures, indent=1))
    print({k: v for k, v in figures.items() if k != "steps"})  # for the report (pytest -s)
    return figures


def test_a_two_player_game_by_taps_on_a_phone(request: pytest.FixtureRequest) -> None:
    tab: Tab = request.getfixturevalue("phone_tab")
    rng = random.Random(39)
    begun = time.monotonic()
    _start(tab, 2)
    moves = Moves(tab, "phone-yspahan-2p")
    steps, small = _play(tab, moves, rng, BUDGET_S, words=False)
    status = tab.page.get_attribute("main.match-page", "data-status") or ""
    tab.shot("phone-yspahan-2p-last")
    figures = _figures(moves, time.monotonic() - begun, steps, status, small)
    tab.check_console()
    assert steps >= 20, figures
    assert figures["dead_taps"] == 0, [s for s in figures["steps"] if not s["acted"]]
    assert figures["problems"] == []
    assert figures["hand_board_scroll_px"] == 0
    # 32 px, as the toolkit's fit draws it (31.96 when it zooms to exactly 32)
    assert figures["smallest_target_px"] is None or figures["smallest_target_px"] >= 31.9


@pytest.mark.parametrize("players", [2, 3, 4])
def test_czech_at_360_px_says_no_internal_id(
    playwright_browser: Any, server: str, players: int
) -> None:
    context = playwright_browser.new_context(
        viewport={"width": 360, "height": 780}, locale="cs-CZ", has_touch=True, is_mobile=True
    )
    tab = Tab(context, server, "360x780")
    rng = random.Random(390 + players)
    begun = time.monotonic()
    _start(tab, players)
    moves = Moves(tab, f"phone-yspahan-cs-{players}p")
    steps, small = _play(tab, moves, rng, 45.0, words=True)
    _words_check(tab, moves)
    figures = _figures(moves, time.monotonic() - begun, steps, "", small)
    tab.check_console()
    context.close()
    assert steps >= 5, figures
    assert figures["dead_taps"] == 0, [s for s in figures["steps"] if not s["acted"]]
    assert figures["problems"] == []
    assert figures["hand_board_scroll_px"] == 0
    # 32 px, as the toolkit's fit draws it (31.96 when it zooms to exactly 32)
    assert figures["smallest_target_px"] is None or figures["smallest_target_px"] >= 31.9
