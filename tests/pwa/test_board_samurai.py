"""The Samurai board in a real browser: a new player starts a match against a bot from the form,
picks five tiles in secret (marked one by one, one preview), sets figures on the map (previewed:
they are final), then plays a tile by tapping it in the hand and tapping a lit space (a part of
the map first when the spaces lie far apart); it goes at once, as undo can take it back, unless
it takes figures; the version grows and the log says so.
Screenshots of each phase at a 360-pixel-wide phone and at desktop size."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.pwa.conftest import SCREENSHOTS
from tests.pwa.test_browser import (  # noqa: F401  (desktop: a fixture)
    Tab,
    api,
    desktop,
    new_match_by_form,
    register,
    tap,
    version,
    wait_my_turn,
)

PHONE = {"width": 360, "height": 780}
END_TURN = re.compile("End turn|Ukončit tah")
PLACED = re.compile("places? |pokládá", re.IGNORECASE)


def _phase(tab: Tab) -> str:
    page = tab.page
    if page.locator(".sam-supply").count():
        return "choose"
    if page.locator(".sam-kinds").count():
        return "figures"
    return "play"


def _confirm(tab: Tab, before: int) -> int:
    page = tab.page
    page.locator(".confirm-bar .btn-primary").click()
    page.wait_for_function(
        f"() => Number(document.querySelector('main.match-page').dataset.version) > {before}"
    )
    # The secret pick's other tiles follow the confirmed first, one per answer.
    page.wait_for_function("() => !document.querySelector('[data-sending]')", timeout=20_000)
    return version(tab)


def _done(tab: Tab, before: int) -> int:
    """The move sent: at once (what undo takes back) or after its preview, confirmed here."""
    page = tab.page
    page.wait_for_function(
        "(before) => document.querySelector('.confirm-bar') || "
        "Number(document.querySelector('main.match-page').dataset.version) > before",
        arg=before,
    )
    if page.locator(".confirm-bar").count():
        return _confirm(tab, before)
    page.wait_for_function(
        "() => document.querySelector('main.match-page').dataset.busy !== 'true'"
        " && !document.querySelector('[data-sending]')"
    )
    return version(tab)


def _tap_until(tab: Tab, before: int, selector: str = ".board-area g.target") -> None:
    """Taps lit targets (a part of the map first when the spaces lie far apart, a figure of the
    chosen settlement when it holds several) until the move is previewed or sent."""
    page = tab.page
    done = (
        "(before) => document.querySelector('.confirm-bar') || "
        "Number(document.querySelector('main.match-page').dataset.version) > before"
    )
    for step in range(8):
        if page.evaluate(done, before):
            return
        figures = page.locator(".sam-bar button[data-figure][aria-pressed=false]:enabled")
        spaces = ".board-area g.target:not([data-region]):not(.chosen)"
        if step > 0 and figures.count():
            figures.first.click()
        elif step > 0 and page.locator(spaces).count():
            _tap_target(tab, spaces)
        else:
            _tap_target(tab, selector)
        try:  # the move, or the next question drawn
            page.wait_for_function(done, arg=before, timeout=1_500)
        except Exception:
            continue
    assert page.evaluate(done, before), "the board never previewed or sent the move"


def _shot(tab: Tab, name: str) -> None:
    """The screen as the player sees it, and the board and the hand alone at full size."""
    tab.shot(name)
    out = SCREENSHOTS / tab.size
    tab.page.locator(".board-area").screenshot(path=str(out / f"{name}-board.png"))
    if tab.page.locator(".private").count():
        tab.page.locator(".private").screenshot(path=str(out / f"{name}-hand.png"))


def _tap_target(tab: Tab, selector: str = ".board-area g.target") -> None:
    """Taps the first lit target a finger can reach (not under the zoom buttons or the bars)."""
    targets = tab.page.locator(selector)
    targets.first.wait_for()
    for i in range(targets.count()):
        try:
            targets.nth(i).click(trial=True, timeout=1_000)
        except Exception:
            continue
        tap(targets.nth(i))
        return
    raise AssertionError(f"no reachable target among {targets.count()}")


def play_board_move(tab: Tab, shots: str | None = None) -> int:
    """One legal move by tapping the Samurai board; returns the version it reached. With
    ``shots``, screenshots of the choice and of the preview are saved under that prefix."""
    page = tab.page
    before = version(tab)
    phase = _phase(tab)
    if phase == "choose":
        # The secret pick: tiles marked one by one, then one preview for all of them.
        while not page.locator(".confirm-bar").count():
            # A bot's move may clear the preview: the pick stays, with a button to take it.
            take = page.locator(".sam-take")
            more = page.locator(".sam-supply button.sam-card:enabled:not(.picked)")
            (take if take.count() else more.first).click()
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => r(null)))")
        assert page.locator(".sam-supply .pick-tick").count() >= 1
    elif phase == "figures":
        page.locator(".sam-kinds button.sam-kind:enabled").first.click()
        page.locator(".board-area g.target").first.wait_for()
        if shots:
            _shot(tab, f"{shots}-pick")
        _tap_until(tab, before)
    else:
        end = page.locator(".actions button").filter(has_text=END_TURN)
        if end.count():
            end.click()
        else:
            # A tile that goes on a space (the figure exchange asks for two figures instead).
            cards = page.locator(".sam-hand button.sam-card:enabled")
            plain = cards.and_(page.locator(":not([data-tile=figure_exchange])"))
            tile = plain.first
            (tile if plain.count() else cards.first).click()
            page.wait_for_selector(".sam-hand button.sam-card[aria-pressed=true]")
            page.locator(".board-area g.target").first.wait_for()
            if shots:
                _shot(tab, f"{shots}-pick")
            _tap_until(tab, before)
    if shots and page.locator(".confirm-bar").count():
        _shot(tab, f"{shots}-preview")
    return _done(tab, before)


@pytest.fixture
def phone360(playwright_browser: Any, server: str) -> Any:
    context = playwright_browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True)
    tab = Tab(context, server, "360x780")
    yield tab
    context.close()


def _play_to_a_placed_tile(tab: Tab) -> None:
    page = tab.page
    register(tab)
    new_match_by_form(tab, "samurai")
    assert wait_my_turn(tab)
    page.wait_for_selector(".samurai .board-svg")
    # The secret pick: five of the twenty tiles, one at a time.
    assert _phase(tab) == "choose"
    _shot(tab, "samurai-choose")
    for i in range(5):
        assert wait_my_turn(tab)
        if _phase(tab) != "choose":
            break
        play_board_move(tab, shots="samurai-choose" if i == 0 else None)
    # Figures on the cities, then the villages, in turn with the bot.
    first = True
    while wait_my_turn(tab) and _phase(tab) == "figures":
        play_board_move(tab, shots="samurai-figures" if first else None)
        first = False
    assert _phase(tab) == "play"
    _shot(tab, "samurai-play")
    # A tile from the hand onto a lit space: preview, confirm, and the log says it.
    placed_before = page.locator(".log li.mine").filter(has_text=PLACED).count()
    v = play_board_move(tab, shots="samurai-tile")
    assert v > 0
    page.locator(".log li.mine").filter(has_text=PLACED).nth(placed_before).wait_for()
    assert page.locator(".board-area [role=img]").count() >= 1  # the tile on the map


def test_a_player_picks_tiles_sets_figures_and_places_a_tile_by_tapping(phone360: Tab) -> None:
    tab = phone360
    _play_to_a_placed_tile(tab)
    page = tab.page
    # Ending the turn hands it to the bot, whose tiles arrive live.
    before = version(tab)
    page.locator(".actions button").filter(has_text=END_TURN).click()
    _done(tab, before)
    page.locator('.log li[data-actor="1"]').filter(has_text=PLACED).first.wait_for(timeout=20_000)
    assert wait_my_turn(tab)
    _shot(tab, "samurai-bot-answered")
    # A few more turns, until figures leave the map: who won them shows where they stood.
    taken = re.compile("won the|goes beside|získal|vedle plánu")
    for _ in range(12):
        if page.locator(".log li").filter(has_text=taken).count() or not wait_my_turn(tab):
            break
        play_board_move(tab)
        if wait_my_turn(tab):
            play_board_move(tab)  # end the turn
    _shot(tab, "samurai-later")
    tab.axe("samurai board")
    tab.check_console()


def test_the_board_reads_well_on_a_desktop(request: pytest.FixtureRequest) -> None:
    tab: Tab = request.getfixturevalue("desktop")
    _play_to_a_placed_tile(tab)
    tab.axe("samurai board desktop")
    tab.check_console()


def test_four_players_the_whole_map_stays_legible_on_a_phone(phone360: Tab) -> None:
    """The whole of Japan (four players, three bots), random starting tiles: figures, then a
    tile picked with its spaces lit."""
    tab = phone360
    register(tab)
    bots = [{"kind": "bot", "level": "random"}] * 3
    match = api(
        tab,
        "POST",
        "matches",
        {
            "game": "samurai",
            "players": 4,
            "seats": [{"kind": "me"}, *bots],
            "options": {"random_starting_tiles": True},
        },
    )
    tab.go(f"/matches/{match['id']}")
    first = True
    while wait_my_turn(tab) and _phase(tab) == "figures":
        play_board_move(tab, shots="samurai4-figures" if first else None)
        first = False
    assert _phase(tab) == "play"
    play_board_move(tab, shots="samurai4-tile")
    tab.check_console()
