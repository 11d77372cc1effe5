"""Catan's discard after a 7 on a 390 px phone, by touch: one choice and one Confirm instead of a
tap, a Confirm and a round trip per card.

The player's seat is played through the API (the first legal set-up spots, rolls, turns ended
without building so that cards pile up, the robber to the first hex) against a random bot until
it owes cards after a 7. One card is discarded through the API first, as from another device:
the picker asks only for what remains. On the page: a − / + per kind held, "0 of N chosen",
Confirm enabled only at the exact total, never more than held of a kind, every button at least
44 px; then the same in Czech after a reload ("Vybráno 0 z N"), and Confirm sends one discard
per card, which the match's events show. Screenshots: var/screenshots/390x844/catan-discard*.png.
"""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

from tests.pwa.phone import phone_tab  # noqa: F401  (a fixture)
from tests.pwa.test_browser import Tab, api, register

OPTIONS = {"victory_points": 10, "trade_offers_per_turn": 0}
# Never taken on the way to the 7: every card stays in hand.
SPENDING = ("build_", "buy_", "trade_", "play_", "draft_", "send_offer", "lay_point_card")


def _send(tab: Tab, match_id: int, command: dict[str, Any]) -> int:
    """Posts one command (no expected version: the bot may move meanwhile); the status."""
    token = tab.page.evaluate("localStorage.getItem('ludoteka.token')")
    res = tab.page.request.fetch(
        f"{tab.base}/api/matches/{match_id}/commands",
        method="POST",
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        data=json.dumps({"command_id": uuid.uuid4().hex, "command": command}),
    )
    return int(res.status)


def _play_to_a_discard(tab: Tab, match_id: int, seconds: float = 240) -> dict[str, Any]:
    """Plays this seat until it owes cards after a 7; the match's detail then."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        detail = api(tab, "GET", f"matches/{match_id}")
        assert detail["status"] == "active", "the match ended before a 7 came"
        me = detail["view"]["players"][detail["seat"]]
        legal = api(tab, "GET", f"matches/{match_id}/legal")["commands"]
        if me["discard_left"] > 0 and any(c["type"] == "discard" for c in legal):
            return detail
        if not legal:
            tab.page.wait_for_timeout(100)  # the bot's turn
            continue
        if any(c["type"] == "discard" for c in legal):
            # A 7 came between the two reads (the bot rolled it): read the detail again
            # rather than discard here, or the choice below would start with one card less.
            continue
        types = {c["type"]: c for c in reversed(legal)}  # the first of each type
        keep = [c for c in legal if not c["type"].startswith(SPENDING)]
        pick = types.get("roll_dice") or types.get("end_turn") or (keep or legal)[0]
        _send(tab, match_id, pick)
    raise AssertionError("no discard after a 7 within the time box")


def _me(tab: Tab, match_id: int) -> dict[str, Any]:
    detail = api(tab, "GET", f"matches/{match_id}")
    player: dict[str, Any] = detail["view"]["players"][detail["seat"]]
    return player


def _choose(tab: Tab, need: int, done: str) -> dict[str, int]:
    """Taps + on the rows, the first kinds first, until `need` are chosen; checks the limits on
    the way and that Confirm waits for the exact total. The counts chosen, by card."""
    page = tab.page
    confirm = page.locator(".cat-discard .cat-dgo")
    chosen: dict[str, int] = {}
    left = need
    for row in page.locator(".cat-discard .cat-drow").all():
        card = row.get_attribute("data-card") or ""
        held = int(row.get_attribute("data-held") or 0)
        plus = row.locator("button").nth(1)
        for n in range(1, min(left, held) + 1):
            assert confirm.is_disabled(), f"Confirm before the total ({need - left} of {need})"
            plus.tap()
            page.wait_for_function(
                "([card, n]) => document.querySelector("
                "`.cat-drow[data-card='${card}']`)?.dataset.n === String(n)",
                arg=[card, n],
            )
        chosen[card] = int(row.get_attribute("data-n") or 0)
        left -= chosen[card]
        if chosen[card] == held:
            assert plus.is_disabled(), f"{card}: never more than held"
        if left == 0:
            break
    assert left == 0
    assert page.locator(".cat-discard .pick-count").inner_text() == done
    assert confirm.is_enabled()
    # The total is reached: every + is off, and − brings Confirm back off.
    for row in page.locator(".cat-discard .cat-drow").all():
        assert row.locator("button").nth(1).is_disabled()
    return {k: v for k, v in chosen.items() if v}


def test_a_discard_after_a_7_is_one_choice_and_one_confirm(phone_tab: Tab) -> None:  # noqa: F811
    tab = phone_tab
    page = tab.page
    register(tab)
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    body = {"game": "catan", "players": 2, "seats": seats, "options": OPTIONS}
    match_id = int(api(tab, "POST", "matches", body)["id"])
    detail = _play_to_a_discard(tab, match_id)
    seat = detail["seat"]
    owed = detail["view"]["players"][seat]["discard_left"]
    assert owed >= 4  # more than 7 cards: half of them
    # One card goes from another device: a reload finds the discard partly done.
    legal = api(tab, "GET", f"matches/{match_id}/legal")["commands"]
    first = next(c for c in legal if c["type"] == "discard")
    assert _send(tab, match_id, first) == 200
    me = _me(tab, match_id)
    need = me["discard_left"]
    assert need == owed - 1
    hand = dict(me["resources"])

    tab.go(f"/matches/{match_id}")
    page.wait_for_selector(".cat-discard .cat-dgo")
    picker = page.locator(".cat-discard")
    assert picker.get_attribute("data-need") == str(need)
    assert page.locator(".cat-discard .pick-count").inner_text() == f"0 of {need} chosen"
    assert f"Discard {need} cards: choose, then confirm" in picker.inner_text()
    assert page.locator(".cat-discard .cat-dgo").is_disabled()
    rows = page.locator(".cat-discard .cat-drow")
    assert rows.count() == sum(1 for n in hand.values() if n)  # a row per kind held
    for button in picker.locator("button").all():
        box = button.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    assert page.locator(".dock .cat-discard").count() == 1  # in the phone's dock
    _choose(tab, need, f"{need} of {need} chosen")
    picker.scroll_into_view_if_needed()
    tab.shot("catan-discard")
    tab.axe("catan discard picker")
    # One − and Confirm waits again.
    taken = page.locator(".cat-discard .cat-drow[data-n]:not([data-n='0'])").first
    taken.locator("button").nth(0).tap()
    page.wait_for_function(
        "(t) => document.querySelector('.cat-discard .pick-count').innerText === t",
        arg=f"{need - 1} of {need} chosen",
    )
    assert page.locator(".cat-discard .cat-dgo").is_disabled()

    # In Czech, after a reload: the choice starts over, for what is still owed.
    page.evaluate("localStorage.setItem('ludoteka.lang', 'cs')")
    page.reload()
    page.wait_for_selector(".cat-discard .cat-dgo")
    assert page.locator(".cat-discard .pick-count").inner_text() == f"Vybráno 0 z {need}"
    assert "vyberte a potvrďte" in page.locator(".cat-discard").inner_text()
    chosen = _choose(tab, need, f"Vybráno {need} z {need}")
    page.locator(".cat-discard").scroll_into_view_if_needed()
    tab.shot("catan-discard-cs")
    before = int(page.get_attribute("main.match-page", "data-version") or 0)
    page.locator(".cat-discard .cat-dgo").tap()
    # One discard per card, one after another; then nothing more is owed.
    page.wait_for_function(
        "(v) => { const m = document.querySelector('main.match-page');"
        " return Number(m.dataset.version) >= v && m.dataset.busy !== 'true'; }",
        arg=before + need,
        timeout=30_000,
    )
    page.wait_for_selector(".cat-discard", state="detached")
    # The match and its events at one version: the game goes on meanwhile (the robber, moved
    # by the bot that rolled the 7, may steal a card of this hand).
    for _ in range(50):
        detail = api(tab, "GET", f"matches/{match_id}")
        read = api(tab, "GET", f"matches/{match_id}/events?since={before}")
        if read["version"] == detail["version"]:
            break
    me = detail["view"]["players"][seat]
    assert me["discard_left"] == 0
    events = read["events"]
    mine = [e for e in events if e.get("type") == "CardDiscarded" and e["data"]["seat"] == seat]
    sent: dict[str, int] = {}
    for e in mine:
        sent[e["data"]["card"]] = sent.get(e["data"]["card"], 0) + 1
    assert sent == chosen
    expected = {k: n - chosen.get(k, 0) for k, n in hand.items()}
    for e in events:
        if e.get("type") == "CardStolen":  # the victim sees which card went
            if e["data"]["victim"] == seat:
                expected[e["data"]["card"]] -= 1
            if e["data"]["seat"] == seat:
                expected[e["data"]["card"]] += 1
    assert me["resources"] == expected
    assert not page.locator(".alert-refusal").count()
    tab.shot("catan-discard-done")
    tab.check_console()
