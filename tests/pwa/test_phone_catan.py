"""Catan on a phone by touch only (issues 38 and 39): a two-player match against a bot on the
shortest options (10 points, no domestic trade), played on a 390×844 touch screen with random
taps among the lit targets and the visible buttons (tests/pwa/phone.py), to its end or for as
many turns as fit in the time box. At every step: the tap acted (no dead taps), every lit target
inside the visible board and under no control, the board and the dock in view together, no
console error. Then a few turns in Czech on a 360 px screen, with no internal id anywhere in the
page's text or in the board's accessible names.

The figures (taps, dead taps, smallest target, scroll between hand and board, wall time) go to
var/screenshots/390x844/phone-catan.json, a screenshot per step beside them.

Each test starts its own match on the session's server and its own player: it runs beside the
other browser tests under xdist (``-n``), in its own group with ``--dist loadgroup``."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest

from tests.pwa.conftest import SCREENSHOTS
from tests.pwa.phone import Moves, in_view, phone_tab, visible_buttons  # noqa: F401  (a fixture)
from tests.pwa.test_browser import Tab, api, register, wait_my_turn

pytestmark = pytest.mark.xdist_group("phone-catan")

# The shortest game the options give: 10 points, no domestic trade (no offers to wait on).
OPTIONS = {"victory_points": 10, "trade_offers_per_turn": 0}
# The time box of the English game (a loaded machine plays ~1 tap a second).
PLAY_SECONDS = 240
# What a player must never read: internal ids of things and places.
INTERNAL_ID = re.compile(
    r"\b[a-z]+_[a-z0-9_]+\b|\bhex \d+|\bspace \d+|\bcorner \d+|\bedge \d+|[Pp]layer \d"
    r"|\bpolíčko \d+|\broh \d+|\bhrana \d+|[Hh]ráč \d"
)
END_TURN = re.compile(r"^(End turn|Ukončit tah)")
KIND = re.compile(r"^(Road|Settlement|City|Cesta|Vesnice|Město)$")
# Buttons a player taps at most a few times a turn before ending it (bank trades, kinds...).
MAX_TAPS_PER_TURN = 8


def _new_match(tab: Tab, level: str = "greedy") -> int:
    seats = [{"kind": "me"}, {"kind": "bot", "level": level}]
    body = {"game": "catan", "players": 2, "seats": seats, "options": OPTIONS}
    return int(api(tab, "POST", "matches", body)["id"])


def _view_phase(tab: Tab) -> str:
    """The phase the board shows, read from the page (no API call)."""
    return str(tab.page.evaluate("() => document.querySelector('.cat-phase')?.innerText || ''"))


def _step(moves: Moves, rng: random.Random, taps_this_turn: int) -> str:
    """One random step: a lit target if any (builds, the robber), else a visible button, with
    End turn only once the turn's other taps are spent or nothing else is left; then Confirm
    when asked. Returns what was tapped."""
    seen = moves.check(f"step {len(moves.steps)}")
    moves.shot("step")
    reachable = [t for t in seen["targets"] if t["inside"] and not t["covered"]]
    if reachable:
        t = rng.choice(reachable)
        moves.tap_target(t)
        moves.confirm_if_asked()
        return f"target {t['label']}"
    buttons = visible_buttons(moves.tab)
    if not buttons:
        moves.problems.append(f"step {len(moves.steps)}: nothing to tap")
        return ""
    ends = [b for b in buttons if END_TURN.match(b["text"])]
    others = [b for b in buttons if not END_TURN.match(b["text"])]
    # The build row first (a piece to place), else any other button, else the end of the turn.
    kinds = [b for b in others if KIND.match(b["text"])]
    if ends and (taps_this_turn >= MAX_TAPS_PER_TURN or not others):
        pick = ends[0]
    elif kinds and rng.random() < 0.7:
        pick = rng.choice(kinds)
    else:
        pick = rng.choice(others + ends)
    moves.tap_button(pick)
    moves.confirm_if_asked()
    return f"button {pick['text']}"


def _no_internal_ids(tab: Tab, what: str) -> list[str]:
    """Internal ids in the page's text, the board's accessible names and titles."""
    texts: list[str] = tab.page.evaluate(
        "() => [document.querySelector('main.match-page')?.innerText || '',"
        " ...[...document.querySelectorAll("
        "   'main.match-page [aria-label], main.match-page [title]')]"
        "   .flatMap((e) => [e.getAttribute('aria-label') || '', e.getAttribute('title') || ''])]"
    )
    found = sorted({m.group(0) for t in texts for m in INTERNAL_ID.finditer(t)})
    return [f"{what}: {x!r}" for x in found]


def test_a_whole_two_player_game_by_touch_on_a_phone(request: pytest.FixtureRequest) -> None:
    tab: Tab = request.getfixturevalue("phone_tab")
    page = tab.page
    rng = random.Random(39)
    register(tab)
    match_id = _new_match(tab)
    tab.go(f"/matches/{match_id}")
    page.wait_for_selector(".catan .board-svg")
    moves = Moves(tab, "phone-catan")
    start = time.monotonic()
    turns = 0
    taps_this_turn = 0
    last_version = -1
    ids: list[str] = []
    over = False
    while True:
        if time.monotonic() - start > PLAY_SECONDS:
            break
        if not wait_my_turn(tab, 60_000):
            over = True
            break
        version = int(page.get_attribute("main.match-page", "data-version") or 0)
        if "Roll the dice" in _view_phase(tab) and version != last_version:
            turns += 1
            taps_this_turn = 0
            # The hand and the board together: no scrolling between them.
            if page.locator(".dock .cat-hand").count():
                moves.hand_to_board(".dock .cat-hand")
        last_version = version
        if len(moves.steps) % 10 == 0:
            ids += _no_internal_ids(tab, f"step {len(moves.steps)}")
        _step(moves, rng, taps_this_turn)
        taps_this_turn += 1
    wall = time.monotonic() - start
    if over:
        page.wait_for_selector("main[data-status=finished]")
        moves.shot("end")
        ids += _no_internal_ids(tab, "end")
    figures = moves.save()
    figures.update(wall_seconds=round(wall, 1), my_turns=turns, finished=over)
    out = SCREENSHOTS / tab.size / "phone-catan.json"
    out.write_text(json.dumps(figures, indent=1))
    tab.check_console()
    assert figures["dead_taps"] == 0, [s for s in figures["steps"] if not s["acted"]]
    assert figures["problems"] == [], figures["problems"][:10]
    assert ids == []
    assert figures["smallest_target_px"] is None or figures["smallest_target_px"] >= 32
    assert figures["hand_board_scroll_px"] == 0
    assert len(moves.steps) >= 10


@pytest.fixture
def czech_phone(playwright_browser: Any, server: str) -> Any:
    context = playwright_browser.new_context(
        viewport={"width": 360, "height": 780}, locale="cs-CZ", has_touch=True, is_mobile=True
    )
    tab = Tab(context, server, "360x780")
    yield tab
    context.close()


def test_a_few_turns_in_czech_on_a_360_px_phone_name_no_internal_ids(czech_phone: Tab) -> None:
    tab = czech_phone
    page = tab.page
    rng = random.Random(360)
    register(tab)
    match_id = _new_match(tab, "random")
    tab.go(f"/matches/{match_id}")
    page.wait_for_selector(".catan .board-svg")
    assert page.get_attribute("html", "lang") == "cs"
    moves = Moves(tab, "phone-catan-cs")
    ids: list[str] = []
    taps_this_turn = 0
    rolls = 0
    marked = 0
    while rolls < 3 and wait_my_turn(tab, 60_000):
        if "Hoďte kostkami" in _view_phase(tab) and not marked:
            # The set-up is over: a tap on the bot's settlement in the log rings it on the board.
            line = page.locator('.log li[data-actor="1"] .log-line', has_text="vesnici").first
            line.scroll_into_view_if_needed()
            box = line.bounding_box()
            assert box is not None
            page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_selector(".board-area .board-svg .mark", state="attached")
            marked = page.locator(".board-area .board-svg .mark").count()
            assert marked == 1
            label = page.get_attribute(".board-area .board-svg .mark", "aria-label") or ""
            assert label.startswith("Bot") and "vesnici" in label, label
            page.mouse.wheel(0, -5_000)  # back up to the board, as a finger would scroll
            page.wait_for_function("() => window.scrollY === 0")
            tab.shot("phone-catan-cs-marked")
            ids += _no_internal_ids(tab, "marked")
        if "Hoďte kostkami" in _view_phase(tab):
            rolls += 1
            taps_this_turn = 0
        ids += _no_internal_ids(tab, f"step {len(moves.steps)}")
        _step(moves, rng, taps_this_turn)
        taps_this_turn += 1
    ids += _no_internal_ids(tab, "last")
    assert in_view(tab, ".dock")
    moves.save()
    tab.check_console()
    assert ids == []
    assert moves.dead_taps == 0, [s for s in moves.steps if not s["acted"]]
    assert moves.problems == [], moves.problems[:10]
    assert moves.smallest_target is None or moves.smallest_target >= 32


@pytest.mark.parametrize("players", [3, 4])
def test_set_up_targets_are_finger_sized_with_three_and_four_players(
    players: int, request: pytest.FixtureRequest
) -> None:
    """The set-up lights the most corners at once (every free corner); with three and four
    players the island and the dock are the same, and so must be the targets: each at least
    32 px across, inside the visible board, under no control, every tap acting."""
    tab: Tab = request.getfixturevalue("phone_tab")
    page = tab.page
    rng = random.Random(players)
    register(tab)
    seats = [{"kind": "me"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    body = {"game": "catan", "players": players, "seats": seats, "options": OPTIONS}
    match_id = int(api(tab, "POST", "matches", body)["id"])
    tab.go(f"/matches/{match_id}")
    page.wait_for_selector(".catan .board-svg")
    moves = Moves(tab, f"phone-catan-{players}p")
    while len(moves.steps) < 6 and wait_my_turn(tab, 60_000):
        _step(moves, rng, 0)
    figures = moves.save()
    tab.check_console()
    assert figures["dead_taps"] == 0, figures["steps"]
    assert figures["problems"] == [], figures["problems"][:10]
    assert figures["smallest_target_px"] is not None and figures["smallest_target_px"] >= 32
