"""Java on a touch phone (issues 38 and 39), played by tapping only: a two-player game against a
bot on a 390×844 touch viewport, in English, from the first move to its end (or as many turns as
fit in the time the test allows itself, said in the figures), then a few turns in Czech at 360 px
with 2, 3 and 4 players.

At every step: the tap acted (no dead taps), every lit target inside the visible board, under no
control and at least 32 px across, the board and the dock in view together, no console error; in
Czech, no internal identifier anywhere in the page's text, labels or titles, and the bots' moves
ringed on the board when the match opens again. The figures (dead taps, smallest target, scroll
between the hand and the board, steps, wall time) go to var/screenshots/<size>/phone-java-*.json,
with screenshots of the steps beside them."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from tests.pwa.conftest import SCREENSHOTS
from tests.pwa.phone import Moves, lit_targets, phone_tab, visible_buttons  # noqa: F401
from tests.pwa.test_browser import Tab, api, register, wait_my_turn

# The whole game's budget (a loaded machine: the bot's turns and our taps share two cores).
GAME_SECONDS = 240
CZECH_STEPS = 24

# What an internal identifier looks like on screen (issue 39).
INTERNAL = [
    re.compile(r"\b[a-z]+_[a-z0-9_]+\b"),
    re.compile(r"\bhex \d+", re.I),
    re.compile(r"\bspace \d+"),
    re.compile(r"[Pp]layer \d"),
    re.compile(r"\b\d+,\d+\b"),
]

# Every word a player reads: the page's text, and the names and titles of what they can tap.
WORDS = """() => {
  const out = [document.querySelector('main.match-page')?.innerText || ''];
  for (const el of document.querySelectorAll('main [aria-label], main [title], main svg title')) {
    out.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
    if (el.tagName.toLowerCase() === 'title') out.push(el.textContent || '');
  }
  return out.join('\\n');
}"""


def _new_match(tab: Tab, players: int = 2) -> int:
    seats = [{"kind": "me"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    body = {"game": "java", "players": players, "seats": seats, "options": {"whole_moves": True}}
    match_id = int(api(tab, "POST", "matches", body)["id"])
    tab.go(f"/matches/{match_id}")
    return match_id


def _weight(button: dict[str, Any]) -> float:
    """How likely a random player is to take a button: laying land and ending the turn move the
    game on; the token, cards and starting over now and then; a choice already taken, never."""
    text = button["text"]
    if re.match(r"^(3-tile|3-díl)", text):
        return 8.0
    if re.match(r"^(End turn|Ukončit tah)", text):
        return 4.0
    if re.search(r"Start over|Znovu", text):
        return 0.2
    if re.match(r"^(Use an action token|Použít akční žeton)", text):
        return 0.3
    return 1.0


def _step(moves: Moves, rng: random.Random, what: str, shoot: bool) -> None:
    """One random tap, as a player's thumb: a lit target on the board (most of the time when
    the step lights some) or a button of the board or the dock; Confirm when the move waits
    for it. Checks the screen's invariants before the tap."""
    seen = moves.check(what)
    if shoot:
        moves.shot("step")
    reachable = [t for t in seen["targets"] if t["inside"] and not t["covered"]]
    buttons = [b for b in visible_buttons(moves.tab) if _weight(b) > 0]
    tray_open = any(re.match(r"^(3-tile|3-díl)", b["text"]) for b in buttons)
    # With nothing chosen the lit targets are the developers that may move: the tray first.
    if reachable and not (tray_open and rng.random() < 0.6):
        moves.tap_target(rng.choice(reachable))
    elif buttons:
        moves.tap_button(rng.choices(buttons, weights=[_weight(b) for b in buttons])[0])
    else:
        moves.problems.append(f"{what}: nothing to tap")
        return
    moves.confirm_if_asked()


def _hand_to_board(moves: Moves) -> None:
    """After a tray pick: the picked item and the lit targets in view together."""
    page = moves.tab.page
    picked = ".dock .java-tray button[aria-pressed=true]"
    if page.locator(picked).count() and lit_targets(moves.tab)["targets"]:
        moves.hand_to_board(picked)


def _ended_turn(moves: Moves) -> bool:
    """Whether the last step ended the turn (the button, then Confirm)."""
    taps = [s["tap"] for s in moves.steps[-2:]]
    return len(taps) == 2 and taps[0].startswith("button Ukončit tah") and taps[1] == "confirm"


def test_a_whole_java_game_on_a_phone_by_taps_only(request: pytest.FixtureRequest) -> None:
    tab: Tab = request.getfixturevalue("phone_tab")
    page = tab.page
    rng = random.Random(39)
    register(tab)
    _new_match(tab)
    moves = Moves(tab, "phone-java-2p")
    start = time.monotonic()
    steps = 0
    over = False
    while True:
        if not wait_my_turn(tab, timeout=60_000):
            over = True
            break
        if time.monotonic() - start > GAME_SECONDS:
            break
        page.wait_for_selector(".java .board-svg")
        _step(moves, rng, f"step {steps}", shoot=steps % 4 == 0)
        _hand_to_board(moves)
        steps += 1
    wall = time.monotonic() - start
    tab.shot("phone-java-2p-last")
    status = page.get_attribute("main.match-page", "data-status")
    figures = moves.save()
    figures.update(
        wall_seconds=round(wall, 1),
        finished=over and status == "finished",
        turns_ended=sum(1 for t in moves.steps if t["tap"] == "button End turn"),
        version=int(page.get_attribute("main.match-page", "data-version") or 0),
    )
    out = SCREENSHOTS / tab.size / "phone-java-2p.json"
    import json

    out.write_text(json.dumps(figures, indent=1))
    tab.check_console()
    assert figures["dead_taps"] == 0, [s for s in figures["steps"] if not s["acted"]]
    assert figures["problems"] == [], figures["problems"][:10]
    assert figures["smallest_target_px"] is None or figures["smallest_target_px"] >= 32
    assert figures["hand_board_scroll_px"] == 0
    assert steps > 20


@pytest.fixture
def czech360(playwright_browser: Any, server: str) -> Any:
    context = playwright_browser.new_context(
        viewport={"width": 360, "height": 780}, locale="cs-CZ", has_touch=True, is_mobile=True
    )
    tab = Tab(context, server, "360x780")
    yield tab
    context.close()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_java_on_a_360px_phone_in_czech_names_no_internal_id(czech360: Tab, players: int) -> None:
    tab = czech360
    page = tab.page
    rng = random.Random(3939 + players)
    register(tab)
    _new_match(tab, players)
    moves = Moves(tab, f"phone-java-cs-360-{players}p")
    found: list[str] = []
    for steps in range(CZECH_STEPS):
        if not wait_my_turn(tab, timeout=60_000):
            break
        page.wait_for_selector(".java .board-svg")
        words = str(page.evaluate(WORDS))
        for pattern in INTERNAL:
            found += [f"step {steps}: {m.group(0)!r}" for m in pattern.finditer(words)]
        _step(moves, rng, f"krok {steps}", shoot=True)
        if steps >= 12 and _ended_turn(moves):
            break
    # Opened again after the bot's turn: what it did since our last move, ringed on the board
    # where it happened, each ring named by its log line.
    for more in range(40):
        if _ended_turn(moves):
            break
        assert wait_my_turn(tab, timeout=60_000)
        _step(moves, rng, f"krok {CZECH_STEPS + more}", shoot=False)
    assert _ended_turn(moves)
    assert wait_my_turn(tab, timeout=60_000)
    page.reload()
    assert wait_my_turn(tab, timeout=60_000)
    page.locator(".since").wait_for()
    rings = page.locator(".board-area .board-svg .mark")
    assert rings.count() >= 1
    names = [rings.nth(i).get_attribute("aria-label") or "" for i in range(rings.count())]
    # The card lists the last few; the log has them all.
    log = page.locator(".since").inner_text() + page.locator(".log").inner_text()
    assert all(n and n in log for n in names), (names, log)
    moves.shot("since-marks")
    words = str(page.evaluate(WORDS))
    for pattern in INTERNAL:
        found += [f"since: {m.group(0)!r}" for m in pattern.finditer(words)]
    figures = moves.save()
    tab.check_console()
    assert found == [], found[:20]
    assert figures["dead_taps"] == 0, [s for s in figures["steps"] if not s["acted"]]
    assert figures["problems"] == [], figures["problems"][:10]
    assert figures["smallest_target_px"] is None or figures["smallest_target_px"] >= 32
