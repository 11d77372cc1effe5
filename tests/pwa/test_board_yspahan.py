"""The Yspahan board in a real browser against a bot: a row of the tower picked by a tap, the
cubes placed on highlighted shops with a preview and a confirmation each, the supervisor's stops
priced, the log growing; screenshots at phone and desktop sizes under var/screenshots/."""

from __future__ import annotations

from typing import Any

from tests.pwa.test_browser import Tab, api, new_match_by_form, register, tap, version, wait_my_turn

PHONE_360 = {"width": 360, "height": 780}


def _show_stops(tab: Tab, price: int = 0) -> None:
    """After "Move the supervisor": its stops lit on the market; where they stand too close
    together to be tapped apart, the price is picked first (the ``price``-th of those offered)."""
    page = tab.page
    page.wait_for_selector(".ysp-market g.target, .ysp-prices button")
    prices = page.locator(".ysp-prices button")
    if prices.count():
        prices.nth(min(price, prices.count() - 1)).click()
        page.wait_for_selector(".ysp-market g.target")


def _confirm_if_asked(tab: Tab, before: int) -> int:
    """Confirms when the move waits for it (what undo cannot take back); a move sent at one tap
    (a cube placed, a row taken) is waited for all the same."""
    page = tab.page
    page.wait_for_function(
        f"() => document.querySelector('.confirm-bar .btn-primary') || "
        f"Number(document.querySelector('main.match-page').dataset.version) > {before}"
    )
    if page.locator(".confirm-bar .btn-primary").count():
        return _confirm(tab, before)
    return version(tab)


def _choose(row: Any) -> None:
    """Picks a row of the tower; the only row there is stands chosen already (and disabled)."""
    if row.get_attribute("aria-pressed") != "true":
        row.click()


def _unchoose(row: Any) -> bool:
    """Un-picks a row; False when it cannot be (the only row, chosen by itself)."""
    if row.is_disabled():
        return False
    row.click()
    return True


def _confirm(tab: Tab, before: int) -> int:
    page = tab.page
    page.locator(".confirm-bar .btn-primary").click()
    page.wait_for_function(
        f"() => Number(document.querySelector('main.match-page').dataset.version) > {before}"
    )
    return version(tab)


def _pick_row_to_place(tab: Tab) -> bool:
    """Taps a tower row whose action places cubes; False when none may be picked."""
    page = tab.page
    rows = page.locator(
        "button.ysp-row:is([data-row='1'], [data-row='2'], [data-row='3'], [data-row='4'])"
    )
    for i in range(rows.count()):
        _choose(rows.nth(i))
        page.wait_for_selector(".ysp-kinds button[data-kind]")
        if page.locator(".ysp-kinds button[data-kind=take_row]").count():
            return True
        if not _unchoose(rows.nth(i)):
            return False
        page.wait_for_selector(".ysp-kinds button[data-kind]", state="detached")
    return False


def play_board_move(tab: Tab) -> int:
    """One legal move by tapping the Yspahan board (any phase); returns the version reached."""
    page = tab.page
    before = version(tab)
    page.wait_for_selector(".ysp-prompt")
    if page.locator(".confirm-bar").count():
        return _confirm(tab, before)
    shops = page.locator(".ysp-market g.target")
    if shops.count():
        tap(shops.first)
        return _confirm_if_asked(tab, before)
    rows = page.locator("button.ysp-row")
    if rows.count():
        _choose(rows.first)
        page.wait_for_selector(".ysp-kinds button[data-kind]")
        others = page.locator(".ysp-kinds button[data-kind]:not([data-kind=move_supervisor])")
        if others.count():
            others.first.click()
            return _confirm_if_asked(tab, before)
        move = page.locator(".ysp-kinds button[data-kind=move_supervisor]")
        if move.get_attribute("aria-pressed") != "true":
            move.click()
        _show_stops(tab)
        tap(page.locator(".ysp-market g.target").first)
        return _confirm_if_asked(tab, before)
    for where in (".ysp-plain button", ".ysp-build button", ".ysp-card button"):
        if page.locator(where).count():
            page.locator(where).first.click()
            page.wait_for_function(
                "() => document.querySelector('main.match-page').dataset.busy !== 'true'"
            )
            opened = version(tab) == before and not page.locator(".confirm-bar").count()
            if where == ".ysp-card button" and opened:
                tap(page.locator(".ysp-amounts button, .ysp-market g.target").first)
            return _confirm_if_asked(tab, before)
    tab.shot("yspahan-no-move-found")
    raise AssertionError("the Yspahan board offered no move")


def _play_until_rows(tab: Tab) -> None:
    """Moves on (rolling, ending turns, answering the caravan) until a row of the tower may be
    picked for cubes."""
    for _ in range(30):
        assert wait_my_turn(tab, timeout=30_000)
        if tab.page.locator("button.ysp-row").count() and (_pick_row_to_place(tab)):
            return
        play_board_move(tab)
    raise AssertionError("never got to pick a row for cubes")


def test_pick_a_row_place_cubes_by_taps_and_see_the_log(
    playwright_browser: Any, server: str
) -> None:
    context = playwright_browser.new_context(viewport=PHONE_360, locale="en-GB", has_touch=True)
    tab = Tab(context, server, "360x780")
    page = tab.page
    register(tab)
    new_match_by_form(tab, "yspahan")
    page.wait_for_selector(".ysp-market svg")
    tab.shot("yspahan-start")
    _play_until_rows(tab)
    # The supervisor's stops, priced, before anything is sent.
    page.locator(".ysp-kinds button[data-kind=move_supervisor]").click()
    _show_stops(tab)
    stops = page.locator(".ysp-market g.target")
    assert stops.count() > 0
    # Every stop says where and for how much before anything is sent.
    for i in range(stops.count()):
        assert (stops.nth(i).get_attribute("aria-label") or "").startswith("Supervisor to the ")
    tab.shot("yspahan-supervisor-stops")
    # Taking the row's cubes goes at one tap (undo takes it back), no preview.
    before = version(tab)
    mine_before = page.locator(".log li.mine").count()
    page.locator(".ysp-kinds button[data-kind=take_row]").click()
    page.wait_for_function(
        f"() => Number(document.querySelector('main.match-page').dataset.version) > {before}"
    )
    assert not page.locator(".confirm-bar").count()
    after = version(tab)
    assert after > before
    assert wait_my_turn(tab)
    # Now the cubes, one tap and one confirmation each, on highlighted shops.
    placed = 0
    while page.locator(".ysp-market g.target").count() and placed < 8:
        target = page.locator(".ysp-market g.target").first
        name = target.get_attribute("aria-label") or ""
        assert name.startswith("Cube on ") and " souk" in name, name
        tap(target)  # one tap: the cube is placed (undo takes it back)
        page.wait_for_function(
            f"() => Number(document.querySelector('main.match-page').dataset.version) > {after}"
        )
        assert not page.locator(".confirm-bar").count()
        after = version(tab)
        if placed == 0:
            tab.shot("yspahan-placed-one")
        placed += 1
        wait_my_turn(tab)
        if page.locator(".ysp-market g.target").count():
            # still placing: the cubes so far stand on the market in the player's colour
            assert page.locator(".ysp-market [aria-label*='cube of']").count() >= placed
    assert placed >= 1
    assert page.locator(".log li.mine").count() > mine_before
    tab.shot("yspahan-placed")
    tab.axe("yspahan board")
    # Resigning ends the two-player match: the board says so, and its replay draws the board.
    page.once("dialog", lambda d: d.accept())
    page.click("button:has-text('Resign')")
    page.wait_for_selector("main[data-status=finished]")
    page.wait_for_selector(".ysp-prompt:has-text('Game over')")
    tab.shot("yspahan-end")
    page.click("a:has-text('Replay')")
    page.wait_for_selector(".replay-pos")
    page.wait_for_selector(".board-area .ysp-market svg")
    first = page.inner_text(".replay-pos")
    page.click("button[aria-label=Next]")
    page.wait_for_function(f"() => document.querySelector('.replay-pos').innerText !== {first!r}")
    page.wait_for_selector(".board-area .ysp-market svg")
    assert page.locator(".board-area .target, .board-area button.ysp-row").count() == 0
    tab.shot("yspahan-replay")
    tab.check_console()
    context.close()


def test_the_board_on_a_desktop_through_a_few_turns(playwright_browser: Any, server: str) -> None:
    context = playwright_browser.new_context(
        viewport={"width": 1280, "height": 800}, locale="cs-CZ"
    )
    tab = Tab(context, server, "1280x800")
    page = tab.page
    register(tab)
    new_match_by_form(tab, "yspahan")
    page.wait_for_selector(".ysp-market svg")
    moves = 0
    drawn = False
    theirs = page.locator('.log li[data-actor="1"]').count()
    while moves < 12 and wait_my_turn(tab, timeout=30_000):
        rows = page.locator("button.ysp-row")
        if not drawn and rows.count():
            # A row used to draw a card: the card shows in the player's own area.
            before = version(tab)
            _choose(rows.first)
            page.locator(".ysp-kinds button[data-kind=draw_card]").click()
            _confirm(tab, before)  # drawing cannot be taken back: previewed
            drawn = True
            wait_my_turn(tab, timeout=30_000)
            assert page.locator(".private .ysp-card").count() == 1
            tab.shot("yspahan-card-drawn")
        else:
            play_board_move(tab)
        moves += 1
        if moves >= 4 and page.locator('.log li[data-actor="1"]').count() > theirs:
            break
    assert drawn
    assert page.locator('.log li[data-actor="1"]').count() > theirs
    wait_my_turn(tab, timeout=30_000)
    tab.shot("yspahan-midgame")
    tab.check_console()
    context.close()


def _try_inspecting_move(tab: Tab) -> bool:
    """Picks a row and a supervisor stop next to a cube (the stop's name says it inspects);
    leaves the preview open. False, with nothing chosen, when no row gives such a stop."""
    page = tab.page
    rows = page.locator("button.ysp-row")
    n = rows.count()
    for i in range(n):
        _choose(rows.nth(i))
        page.wait_for_selector(".ysp-kinds button[data-kind]")
        move = page.locator(".ysp-kinds button[data-kind=move_supervisor]")
        if move.count():
            if move.get_attribute("aria-pressed") != "true":
                move.click()
            page.wait_for_selector(".ysp-market g.target, .ysp-prices button")
            for price in range(max(1, page.locator(".ysp-prices button").count())):
                _show_stops(tab, price)
                stop = page.locator(".ysp-market g.target[aria-label*='inspects']")
                if stop.count():
                    tap(stop.first)
                    page.wait_for_selector(".confirm-bar")
                    return True
        if n == 1 or not _unchoose(rows.nth(i)):
            return False
        page.wait_for_selector(".ysp-kinds button[data-kind]", state="detached")
    return False


def test_the_supervisor_inspects_cubes_and_their_owners_choose(
    playwright_browser: Any, server: str
) -> None:
    context = playwright_browser.new_context(viewport=PHONE_360, locale="en-GB", has_touch=True)
    tab = Tab(context, server, "360x780")
    page = tab.page
    register(tab)
    new_match_by_form(tab, "yspahan")
    page.wait_for_selector(".ysp-market svg")
    inspected = False
    caravan_before = 0
    for _ in range(60):
        if not wait_my_turn(tab, timeout=30_000):
            break
        before = version(tab)
        caravan_before = page.locator(".ysp-caravan .ysp-slot svg").count()
        if page.locator("button.ysp-row").count() and _try_inspecting_move(tab):
            tab.shot("yspahan-inspection-preview")
            _confirm(tab, before)  # an inspection cannot be taken back: previewed
            inspected = True
            break
        if page.locator("button.ysp-row").count() and _pick_row_to_place(tab):
            page.locator(".ysp-kinds button[data-kind=take_row]").click()
            _confirm_if_asked(tab, before)
            continue
        play_board_move(tab)
    assert inspected, "no supervisor stop next to a cube in 60 moves"
    shots = set()
    for _ in range(8):
        if not wait_my_turn(tab, timeout=30_000):
            break
        before = version(tab)
        send = page.locator(".ysp-plain button[data-type=send_to_caravan]")
        order = page.locator(".ysp-market g.target[aria-label^='Caravan next']")
        if send.count():
            if "caravan" not in shots:
                tab.shot("yspahan-caravan-choice")
                shots.add("caravan")
            send.first.click()
        elif order.count():
            if "order" not in shots:
                tab.shot("yspahan-inspection-order")
                shots.add("order")
            tap(order.first)
        else:
            break
        _confirm_if_asked(tab, before)
    # The inspected cube (or one from the owner's supply) joined the caravan.
    page.wait_for_selector(".log li:has-text('caravan in section')")
    page.wait_for_function(
        f"() => document.querySelectorAll('.ysp-caravan .ysp-slot svg').length > {caravan_before}"
    )
    tab.shot("yspahan-after-inspection")
    tab.check_console()
    context.close()


def test_four_players_on_a_phone(playwright_browser: Any, server: str) -> None:
    context = playwright_browser.new_context(viewport=PHONE_360, locale="en-GB", has_touch=True)
    tab = Tab(context, server, "360x780")
    page = tab.page
    register(tab)
    seats = [{"kind": "me"}, *({"kind": "bot", "level": "random"} for _ in range(3))]
    match = api(tab, "POST", "matches", {"game": "yspahan", "players": 4, "seats": seats})
    tab.go(f"/matches/{match['id']}")
    page.wait_for_selector(".ysp-market svg")
    assert page.locator(".ysp-player").count() == 4
    assert page.locator(".ysp-caravan .ysp-slot").count() == 12  # 4 spaces a section
    tab.axe("yspahan 4 players")
    for _ in range(6):
        if not wait_my_turn(tab, timeout=30_000):
            break
        play_board_move(tab)
    wait_my_turn(tab, timeout=30_000)
    tab.shot("yspahan-4p")
    tab.check_console()
    context.close()
