"""Small legal targets on a 360-pixel phone (Catan's corners, Drunter's cells): a finger that
lands beside one, on no target, still picks it when it is the nearest within its reach
(pwa/src/boards/toolkit/reach.ts). Each test finds such a spot in the page (the drawn boxes,
what lies under the point), taps it with a touch, and sees the move made or previewed.
(Samurai's four-player hexes are no longer small: the board shows a part of the map first when
the lit hexes would be drawn under 32 px; tests/pwa/test_phone_samurai.py plays four players at
360 px and asserts every target's size and that every first tap acts.) The measured target
sizes go to var/screenshots/360x780/reach-<game>.json, the screen with the tapped spot marked to
reach-<game>-beside.png."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.pwa.conftest import SCREENSHOTS
from tests.pwa.test_browser import Tab, api, register, wait_my_turn

PHONE = {"width": 360, "height": 780}
MIN_TAP_PX = 44  # toolkit/reach.ts
CLEAR_LEAD = 1.5

# The lit targets' sizes, and a spot beside one of them: on the board, on no target or button,
# within that target's reach and clearly nearer to it than to any other (reach.ts's own rule).
FIND_SPOT = """([minPx, lead]) => {
  const svg = document.querySelector('.board-area svg.board-svg');
  const frame = svg.getBoundingClientRect();
  const targets = [...svg.querySelectorAll('.target')]
    .map((el) => ({el, r: el.getBoundingClientRect()}));
  const sizes = targets.map((t) => Math.min(t.r.width, t.r.height)).sort((a, b) => a - b);
  const dist = (x, y, r) =>
    Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
  const reach = (r) => Math.max(0, (minPx - Math.min(r.width, r.height)) / 2);
  const tappable = '.target, .target-off, [role=button], button, a';
  for (const t of targets) {
    const cx = t.r.left + t.r.width / 2, cy = t.r.top + t.r.height / 2;
    for (const beyond of [10, 7, 4]) {
      for (let k = 0; k < 8; k++) {
        const a = (k * Math.PI) / 4;
        const x = cx + Math.cos(a) * (t.r.width / 2 + beyond);
        const y = cy + Math.sin(a) * (t.r.height / 2 + beyond);
        if (x < frame.left + 2 || x > frame.right - 2) continue;
        if (y < frame.top + 2 || y > frame.bottom - 2) continue;
        const under = document.elementFromPoint(x, y);
        if (!under || !svg.contains(under) || under.closest(tappable)) continue;
        const d = dist(x, y, t.r);
        if (d <= 0 || d > reach(t.r)) continue;
        const others = targets.filter((o) => o !== t).map((o) => dist(x, y, o.r));
        if (others.some((o) => o <= Math.max(d * lead, d + 4))) continue;
        return {x, y, label: t.el.getAttribute('aria-label'), beyond: d,
                size: Math.min(t.r.width, t.r.height), count: targets.length,
                min: sizes[0], median: sizes[sizes.length >> 1]};
      }
    }
  }
  return {x: null, count: targets.length, min: sizes[0], median: sizes[sizes.length >> 1]};
}"""

MARK = """([x, y]) => {
  const dot = document.createElement('div');
  dot.className = 'test-tap-mark';
  Object.assign(dot.style, {position: 'fixed', left: (x - 5) + 'px', top: (y - 5) + 'px',
    width: '10px', height: '10px', borderRadius: '50%', background: '#0072b2',
    border: '2px solid white', pointerEvents: 'none', zIndex: 9999});
  document.body.appendChild(dot);
}"""


@pytest.fixture
def phone360(playwright_browser: Any, server: str) -> Any:
    context = playwright_browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True)
    tab = Tab(context, server, "360x780")
    yield tab
    context.close()


def tap_beside_a_target(tab: Tab, game: str) -> dict[str, Any]:
    """Taps a spot beside a small lit target; the move is then previewed (or, for a step that
    asks more, that target is chosen)."""
    page = tab.page
    page.locator(".board-area .target").first.wait_for()
    page.locator(".board-area .target").first.scroll_into_view_if_needed()
    spot = page.evaluate(FIND_SPOT, [MIN_TAP_PX, CLEAR_LEAD])
    (SCREENSHOTS / tab.size).mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS / tab.size / f"reach-{game}.json").write_text(json.dumps(spot, indent=1))
    assert spot["x"] is not None, f"no spot beside any of {spot['count']} targets: {spot}"
    assert spot["size"] < MIN_TAP_PX  # a target smaller than a finger, reached from beside it
    before = page.get_attribute("main.match-page", "data-version")
    page.touchscreen.tap(spot["x"], spot["y"])
    # Previewed, that target chosen, or (a move undo takes back) sent at the tap.
    page.wait_for_function(
        "([label, v]) => document.querySelector('.confirm-bar')"
        " || [...document.querySelectorAll('.board-area .target.chosen')]"
        "    .some((t) => t.getAttribute('aria-label') === label)"
        " || document.querySelector('main.match-page').dataset.version !== v",
        arg=[spot["label"], before],
        timeout=5_000,
    )
    page.evaluate(MARK, [spot["x"], spot["y"]])
    tab.shot(f"reach-{game}-beside")
    page.evaluate("document.querySelectorAll('.test-tap-mark').forEach((m) => m.remove())")
    return spot


def test_catan_a_corner_is_picked_from_beside_it(phone360: Tab) -> None:
    tab = phone360
    register(tab)
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    match_id = api(tab, "POST", "matches", {"game": "catan", "players": 2, "seats": seats})["id"]
    tab.go(f"/matches/{match_id}")
    assert wait_my_turn(tab)
    tab.page.wait_for_selector(".catan .board-svg")
    spot = tap_beside_a_target(tab, "catan")
    # The set-up settlement goes at one tap (undo takes it back): there, on the board.
    tab.page.locator(".board-area g[role=img][aria-label^='Settlement']").first.wait_for()
    assert spot["label"].startswith("Settlement")
    tab.check_console()


def test_drunter_a_cell_is_picked_from_beside_it(phone360: Tab) -> None:
    tab = phone360
    register(tab)
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    match_id = api(tab, "POST", "matches", {"game": "drunter", "players": 2, "seats": seats})["id"]
    tab.go(f"/matches/{match_id}")
    assert wait_my_turn(tab)
    page = tab.page
    page.wait_for_selector(".board-svg")
    for i in range(page.locator(".dd-hand .dd-tile:not([disabled])").count()):
        page.locator(".dd-hand .dd-tile:not([disabled])").nth(i).click()
        if page.locator(".board-area .target").count() > 1:
            break
        if page.locator(".confirm-bar").count():
            page.locator(".confirm-bar .btn:not(.btn-primary)").click()
    tap_beside_a_target(tab, "drunter")
    tab.check_console()
