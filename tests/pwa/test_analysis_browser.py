"""The analysis in the PWA, on a 390 px phone (issue 43): a hint in a match against a bot, said
in words and recorded in the log; then, the match played to its end, the replay's graph of the
player's chances, a turning point tapped and the replay at that move with its sentence."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from tests.pwa.phone import PHONE_390, internal_ids
from tests.pwa.test_browser import Tab, register, wait_my_turn


def call(tab: Tab, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    """A request with the player's token: its status and body (a refusal is no failure here)."""
    token = tab.page.evaluate("localStorage.getItem('ludoteka.token')")
    res = tab.page.request.fetch(
        f"{tab.base}/api/{path}",
        method=method,
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        data=json.dumps(body) if body is not None else None,
    )
    return res.status, res.json()


def play_to_the_end(tab: Tab, match_id: int, rng: random.Random, seconds: float = 240) -> None:
    """Random legal moves for the player through the API; the bot answers on the server."""
    deadline = time.monotonic() + seconds
    n = 0
    while time.monotonic() < deadline:
        _, detail = call(tab, "GET", f"matches/{match_id}")
        if detail["status"] != "active":
            return
        _, legal = call(tab, "GET", f"matches/{match_id}/legal")
        if detail["seat"] not in detail["active_seats"] or not legal["commands"]:
            time.sleep(0.05)
            continue
        n += 1
        body = {
            "command": rng.choice(legal["commands"]),
            "command_id": f"play{n}",
            "expected_version": legal["version"],
        }
        status, answer = call(tab, "POST", f"matches/{match_id}/commands", body)
        assert status in (200, 409), answer  # 409: the bot moved first; look again
    raise AssertionError("the match did not end in time")


def wait_analysis(tab: Tab, match_id: int, seconds: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        _, analysis = call(tab, "GET", f"matches/{match_id}/analysis")
        if analysis["status"] in ("done", "failed"):
            return dict(analysis)
        time.sleep(0.2)
    raise AssertionError("the analysis did not end in time")


# The element's middle on the screen, under the sticky bar: a ring drawn round a corner
# space overflows the board's frame and may pass under the bar by its edge.
IN_VIEW = """(sel) => {
  const r = document.querySelector(sel)?.getBoundingClientRect();
  const bar = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
  const middle = r ? (r.top + r.bottom) / 2 : -1;
  return !!r && middle >= bar && middle <= window.innerHeight;
}"""


def wait_in_view(tab: Tab, selector: str) -> None:
    """Waits (up to 10 s) until the element's middle is on the screen, under the sticky bar;
    a screenshot of what was there instead if it never is."""
    try:
        tab.page.wait_for_function(IN_VIEW, arg=selector, timeout=10_000)
    except Exception:
        tab.shot("analysis-not-in-view")
        raise AssertionError(f"{selector} is not on the screen") from None


@pytest.fixture
def tab(playwright_browser: Any, server: str) -> Any:
    context = playwright_browser.new_context(viewport=PHONE_390, locale="en-GB", has_touch=True)
    yield Tab(context, server, "390x844")
    context.close()


def test_a_hint_then_the_replays_graph_and_a_turning_point(tab: Tab) -> None:
    register(tab)
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    _, match = call(tab, "POST", "matches", {"game": "drunter", "players": 2, "seats": seats})
    match_id = int(match["id"])
    assert match["hints"] is True  # against a bot alone
    tab.go(f"/matches/{match_id}")
    assert wait_my_turn(tab)

    # The hint: the bot's move in words, recorded for every seat.
    tab.page.locator("[data-testid=hint-button]").first.tap()
    card = tab.page.wait_for_selector("[data-testid=hint-card]")
    said = card.inner_text()
    assert "The bot would play:" in said and "You " in said
    tab.page.wait_for_function(
        "() => [...document.querySelectorAll('.log li')]"
        ".some((l) => l.innerText.includes('used a hint'))"
    )
    assert internal_ids(tab) == []
    # The words and the ring together on the screen, without a scroll: the strip at the top
    # of the dock, the board above it.
    # (Once the board has fitted itself to the taller dock: on a loaded machine it takes
    # longer than a moment.)
    wait_in_view(tab, "[data-testid=hint-card]")
    wait_in_view(tab, ".board-area .board-svg .mark")
    # A hint is no move: nothing to take back (the server would refuse it).
    assert tab.page.locator(".dock .undo").is_disabled()
    tab.shot("analysis-hint")

    play_to_the_end(tab, match_id, random.Random(43))
    analysis = wait_analysis(tab, match_id)
    assert analysis["status"] == "done" and analysis["points"], analysis
    turning = [p for p in analysis["points"] if p["turning"]]
    assert turning, "no turning point in a random player's game"

    tab.go(f"/matches/{match_id}/replay?v=1")
    tab.page.wait_for_selector("[data-testid=analysis-graph] svg .analysis-line")
    tab.page.locator("[data-testid=analysis-graph]").scroll_into_view_if_needed()
    tab.shot("analysis-graph")
    # A tap on the first turning point: the replay at that move, its sentence said.
    first = tab.page.locator(".analysis-turn-link").first
    seq = int(first.get_attribute("data-seq") or 0)
    first.tap()
    # The address follows once that step's view has come (the sentence may stand before it).
    tab.page.wait_for_function(
        f"() => Number(new URL(location.href).searchParams.get('v')) >= {seq}"
    )
    sentence = tab.page.wait_for_selector("[data-testid=analysis-sentence]").inner_text()
    assert sentence.startswith("This move took you from ") and "The bot preferred:" in sentence
    tab.shot("analysis-turning-point")
    # The board at that move: the bot's preferred move ringed beside the one played.
    tab.page.locator(".board-area").scroll_into_view_if_needed()
    tab.shot("analysis-turning-point-board")
    tab.check_console()
