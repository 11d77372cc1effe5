"""Playing on a phone by touch, for the boards' browser tests (issue 38): a 390×844 touch
viewport, the lit targets and the buttons a player can tap, a tap with a finger that must act
(a tap that changes nothing is a dead tap), the screen's invariants (the board and the dock
both in view, every lit target inside the visible board and under no control) and a screenshot
per step. The figures of each step (smallest target, scroll distance between the hand and the
board, dead taps) are kept in a ``Moves`` record and written beside the screenshots.

A whole-game test plays like this::

    tab = phone_tab  # the fixture below
    moves = Moves(tab, "samurai-2p")
    while wait_my_turn(tab):
        moves.step(rng)  # a random lit target or button, tapped; confirmed when asked
    moves.save()
    assert moves.dead_taps == 0
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.pwa.conftest import SCREENSHOTS
from tests.pwa.test_browser import Tab

PHONE_390 = {"width": 390, "height": 844}

# What a player must never read (issue 39): engine identifiers ("rice_field4", "bag_1"),
# numbered hexes, spaces, streets, and players by number.
INTERNAL_ID = re.compile(
    r"\b[a-z]+_[a-z0-9_]+\b|\bhex \d+|\bspace \d+|\bstreet \d+|[Pp]layer \d|[Hh]ráč \d"
)

# The page's words as a player meets them: its text and the names read to a screen reader.
PAGE_WORDS = """() => {
  const main = document.querySelector('main.match-page');
  if (!main) return '';
  const names = [...main.querySelectorAll('[aria-label], [title]')]
    .map((e) => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''));
  return main.innerText + '\\n' + names.join('\\n');
}"""


def internal_ids(tab: Tab) -> list[str]:
    """The internal identifiers on the match screen now (none, as it should be)."""
    return sorted({m.group(0) for m in INTERNAL_ID.finditer(str(tab.page.evaluate(PAGE_WORDS)))})


SIZE = "390x844"

# What may cover part of the screen (pwa/src/match/view.tsx, COVERS).
COVERS = ".topbar, .tabs, .dock, .confirm-bar"

# The free band of the viewport: under the sticky header, above the dock and the navigation.
_BAND = """(covers) => {
  const h = window.innerHeight;
  let top = 0, bottom = h;
  for (const el of document.querySelectorAll(covers)) {
    const pos = getComputedStyle(el).position;
    if (pos !== 'fixed' && pos !== 'sticky') continue;
    const r = el.getBoundingClientRect();
    if (r.height <= 0 || r.bottom <= 0 || r.top >= h) continue;
    if (r.top + r.height / 2 < h / 2) top = Math.max(top, r.bottom);
    else bottom = Math.min(bottom, r.top);
  }
  return {top, bottom: Math.max(top, bottom)};
}"""

# Every lit target on the board: its name, its drawn box, whether it lies inside the part of the
# board the player sees (the svg's frame within the free band) and whether a control covers its
# centre (what a finger there would hit instead).
LIT = (
    """(covers) => {
  const band = ("""
    + _BAND
    + """)(covers);
  const svg = document.querySelector('.board-area svg.board-svg');
  if (!svg) return {band, frame: null, targets: []};
  const f = svg.getBoundingClientRect();
  const targets = [...svg.querySelectorAll('.target')].map((el, index) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const inside = r.left >= f.left - 1 && r.right <= f.right + 1 && r.top >= f.top - 1
      && r.bottom <= f.bottom + 1 && r.top >= band.top - 1 && r.bottom <= band.bottom + 1;
    const under = inside ? document.elementFromPoint(x, y) : null;
    return {index, label: el.getAttribute('aria-label') || '', x, y,
            width: r.width, height: r.height, size: Math.min(r.width, r.height),
            inside, covered: inside && !(under && svg.contains(under))};
  });
  return {band, frame: {top: f.top, bottom: f.bottom, left: f.left, right: f.right}, targets};
}"""
)

# The enabled buttons a player may tap for a move: in the board's area (its own panels) and the
# dock (the board's buttons and the private area), not the zoom strip, the dock's fold, undo,
# the hint (it asks, it does not move).
BUTTONS = """() => {
  const skip = '.zoom-btn, .dock-toggle, .confirm-bar button, .link, .log-line, .hint-button';
  const undo = /Take back|Vzít zpět/;
  const all = [...document.querySelectorAll('.board-area button, .dock button')];
  return all.map((b, index) => ({index, b})).filter(({b}) => !b.disabled && !b.matches(skip)
      && !undo.test(b.innerText) && b.getClientRects().length)
    .map(({index, b}) => {
      const r = b.getBoundingClientRect();
      return {index, text: (b.getAttribute('aria-label') || b.innerText).trim().slice(0, 80),
              x: r.left + r.width / 2, y: r.top + r.height / 2, width: r.width, height: r.height};
    });
}"""
BUTTON_SELECTOR = ".board-area button, .dock button"

# What a tap can change for the player: the version, the preview, the lit targets and the
# chosen ones, the pressed and enabled buttons, the words on the board, the counts of a pick in
# the dock (Catan's discard: "3 of 5 chosen"); not the zoom.
SIGNATURE = """() => {
  const m = document.querySelector('main.match-page');
  const lit = [...document.querySelectorAll('.board-area .target')]
    .map((e) => (e.getAttribute('aria-label') || '') + (e.classList.contains('chosen') ? '*' : ''));
  const buttons = [...document.querySelectorAll('.board-area button, .dock button')]
    .filter((b) => !b.matches('.zoom-btn'))
    .map((b) => (b.disabled ? '-' : '+') + (b.getAttribute('aria-pressed') || '') + b.className);
  const confirm = document.querySelector('.confirm-bar');
  const area = document.querySelector('.board-area');
  const counts = [...document.querySelectorAll('.dock [role=status], .dock output')]
    .map((e) => e.textContent).join('|');
  return [m && m.dataset.version, m && m.dataset.myTurn, lit.join('|'), buttons.join('|'),
          confirm ? confirm.innerText : '', area ? area.innerText : '', counts].join('#');
}"""


@pytest.fixture
def phone_tab(playwright_browser: Any, server: str) -> Any:
    """A 390×844 touch phone (``has_touch``, ``is_mobile``), in English."""
    context = playwright_browser.new_context(
        viewport=PHONE_390, locale="en-GB", has_touch=True, is_mobile=True
    )
    tab = Tab(context, server, SIZE)
    yield tab
    context.close()


def band(tab: Tab) -> dict[str, float]:
    result: dict[str, float] = tab.page.evaluate(_BAND, COVERS)
    return result


def lit_targets(tab: Tab) -> dict[str, Any]:
    """The free band, the board's frame and every lit target with its box and visibility."""
    result: dict[str, Any] = tab.page.evaluate(LIT, COVERS)
    return result


def visible_buttons(tab: Tab) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = tab.page.evaluate(BUTTONS)
    return result


def signature(tab: Tab) -> str:
    return str(tab.page.evaluate(SIGNATURE))


def acted(tab: Tab, before: str, timeout: float = 3_000) -> bool:
    """Whether the screen changed for the player since ``before`` (a signature)."""
    try:
        changed = f"() => ({SIGNATURE})() !== {json.dumps(before)}"
        tab.page.wait_for_function(changed, timeout=timeout)
    except Exception:
        return False
    return True


def in_view(tab: Tab, selector: str) -> bool:
    """Whether the element is wholly inside the viewport."""
    return bool(
        tab.page.evaluate(
            "(s) => { const el = document.querySelector(s); if (!el) return false;"
            " const r = el.getBoundingClientRect();"
            " return r.height > 0 && r.top >= -1 && r.bottom <= window.innerHeight + 1; }",
            selector,
        )
    )


def wait_settled(tab: Tab) -> None:
    """Two animation frames: the redraw after a tap and the board's fit to its targets."""
    tab.page.evaluate(
        "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
    )


@dataclass
class Moves:
    """Taps a phone player makes, with what each showed: the figures the issue asks for."""

    tab: Tab
    name: str
    steps: list[dict[str, Any]] = field(default_factory=list)
    dead_taps: int = 0
    smallest_target: float | None = None
    hand_board_scroll: float = 0.0
    problems: list[str] = field(default_factory=list)

    def shot(self, what: str) -> None:
        self.tab.shot(f"{self.name}-{len(self.steps):03d}-{what}")

    def check(self, what: str) -> dict[str, Any]:
        """The invariants of the screen now: the board and the dock both in view, every lit
        target inside the visible board and under no control. Problems are recorded, the
        targets' smallest size kept."""
        wait_settled(self.tab)
        seen = lit_targets(self.tab)
        page = self.tab.page
        if page.locator(".dock").count() and not in_view(self.tab, ".dock"):
            self.problems.append(f"{what}: the dock is not in view")
        frame, free = seen["frame"], seen["band"]
        if frame and (frame["bottom"] <= free["top"] or frame["top"] >= free["bottom"]):
            self.problems.append(f"{what}: the board is not in view")
        for t in seen["targets"]:
            if not t["inside"]:
                self.problems.append(f"{what}: {t['label']!r} is outside the visible board")
            elif t["covered"]:
                self.problems.append(f"{what}: {t['label']!r} is under a control")
        sizes = [t["size"] for t in seen["targets"]]
        if sizes:
            low = min(sizes)
            if self.smallest_target is None or low < self.smallest_target:
                self.smallest_target = low
        return seen

    def tap(self, x: float, y: float, what: str) -> bool:
        """A finger's tap at (x, y); False (and a dead tap counted) when nothing changed."""
        wait_settled(self.tab)
        before = signature(self.tab)
        self.tab.page.touchscreen.tap(x, y)
        ok = acted(self.tab, before)
        # A move on its way: its answer first (the next look must not see the screen before it).
        self.tab.page.wait_for_function(
            "() => document.querySelector('main.match-page')?.dataset.busy !== 'true'"
        )
        self.steps.append({"tap": what, "x": round(x), "y": round(y), "acted": ok})
        if not ok:
            self.dead_taps += 1
            self.shot("dead-tap")
        return ok

    def tap_target(self, target: dict[str, Any]) -> bool:
        return self.tap(target["x"], target["y"], f"target {target['label']}")

    def tap_button(self, button: dict[str, Any]) -> bool:
        """Taps one of ``visible_buttons``: scrolled into view first if a fold hides it."""
        page = self.tab.page
        locator = page.locator(BUTTON_SELECTOR).nth(button["index"])
        locator.scroll_into_view_if_needed()
        box = locator.bounding_box()
        assert box is not None, button
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        return self.tap(x, y, f"button {button['text']}")

    def hand_to_board(self, picked: str) -> float:
        """After a pick in the hand: how far the page must scroll to see the picked item and
        every lit target at once (0: all in view together). Kept as the largest seen."""
        seen = lit_targets(self.tab)
        card = self.tab.page.locator(picked)
        box = card.bounding_box() if card.count() else None
        tops = [t["y"] - t["height"] / 2 for t in seen["targets"]]
        bottoms = [t["y"] + t["height"] / 2 for t in seen["targets"]]
        top, bottom = seen["band"]["top"], self.tab.page.viewport_size["height"]  # type: ignore[index]
        need = 0.0
        if tops:
            need = max(0.0, top - min(tops)) + max(0.0, max(bottoms) - seen["band"]["bottom"])
        if box is not None:
            need += max(0.0, top - box["y"]) + max(0.0, box["y"] + box["height"] - bottom)
        self.hand_board_scroll = max(self.hand_board_scroll, need)
        return need

    def confirm_if_asked(self) -> bool:
        """Taps Confirm when the move waits in the confirm bar; True if it did."""
        page = self.tab.page
        if not page.locator(".confirm-bar .btn-primary").count():
            return False
        box = page.locator(".confirm-bar .btn-primary").bounding_box()
        assert box is not None
        return self.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, "confirm")

    def step(self, rng: random.Random) -> None:
        """One random step of a move: a lit target on the board, else a button of the board or
        of the dock; then Confirm when the move waits for it. Checks the screen before each tap
        and saves a screenshot of it."""
        seen = self.check(f"step {len(self.steps)}")
        self.shot("step")
        reachable = [t for t in seen["targets"] if t["inside"] and not t["covered"]]
        if reachable:
            self.tap_target(rng.choice(reachable))
        else:
            buttons = visible_buttons(self.tab)
            if not buttons:
                self.problems.append(f"step {len(self.steps)}: nothing to tap")
                return
            self.tap_button(rng.choice(buttons))
        self.confirm_if_asked()

    def figures(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "taps": len(self.steps),
            "dead_taps": self.dead_taps,
            "smallest_target_px": (
                None if self.smallest_target is None else round(self.smallest_target, 1)
            ),
            "hand_board_scroll_px": round(self.hand_board_scroll, 1),
            "problems": self.problems,
            "steps": self.steps,
        }

    def save(self) -> dict[str, Any]:
        """Writes the figures to var/screenshots/390x844/<name>.json and returns them."""
        out = SCREENSHOTS / self.tab.size / f"{self.name}.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        figures = self.figures()
        out.write_text(json.dumps(figures, indent=1))
        return figures
