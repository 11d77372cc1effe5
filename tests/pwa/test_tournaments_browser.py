"""Tournament screens in a real browser against the real server: an organiser creates a Swiss
tournament by the form and fills it with bots, a player registers, sees the running round's
pairings and standings, withdraws, and both see the final standings; a refusal in the server's
words; every screen scanned for accessibility and photographed at phone and desktop sizes
under var/screenshots/."""

from __future__ import annotations

import re
from typing import Any

from tests.pwa.test_browser import Tab, desktop, phone, register  # noqa: F401  (fixtures)

STATUS = "main p.muted"


def wait_for_text(tab: Tab, selector: str, text: str, seconds: float = 90) -> None:
    """Reload until ``selector`` shows ``text`` (the tournament moves on server-side)."""
    for _ in range(int(seconds)):
        tab.page.reload()
        tab.page.wait_for_selector("main .row-actions")  # the tournament loaded, not "Loading…"
        if text in (tab.page.locator(selector).first.inner_text() or ""):
            return
        tab.page.wait_for_timeout(1000)
    tab.shot("failed-waiting-for-the-tournament")
    raise AssertionError(f"{selector} never showed {text!r}")


def fill_swiss_form(tab: Tab, name: str, game: str, *, players: int, rounds: int) -> None:
    """The creation form, filled for a Swiss tournament with random bots allowed."""
    tab.page.wait_for_selector("#t-name")
    tab.page.fill("#t-name", name)
    tab.page.select_option("#t-game", game)
    tab.page.select_option("#t-format", "swiss")
    tab.page.select_option("#t-players", str(players))
    tab.page.fill("#t-rounds", str(rounds))
    tab.page.select_option("#t-level", "random")


def test_an_organiser_runs_a_tournament_that_a_player_joins_and_leaves(
    phone: Tab,  # noqa: F811
    desktop: Tab,  # noqa: F811
) -> None:
    org, player = phone, desktop
    register(org)
    org.go("/tournaments")
    org.page.wait_for_selector(".empty")
    org.axe("tournaments")
    org.shot("tournaments-empty")
    org.page.click("a[href='/tournaments/new']")
    fill_swiss_form(org, "Spring cup", "drunter", players=4, rounds=1)
    org.axe("tournament-new")
    org.shot("tournament-new")
    org.page.click("main form button[type=submit]")
    org.page.wait_for_url(re.compile(r".*/tournaments/\d+$"))
    path = org.page.url.split(org.base, 1)[1]
    org.page.wait_for_selector("#organiser-title")

    register(player)
    player.go("/tournaments")
    player.page.click(f"a[href='{path}']")
    player.page.wait_for_selector("main h1:has-text('Spring cup')")
    player.page.click("button:has-text('Přihlásit se')")
    player.page.wait_for_selector("text=Jste přihlášeni.")
    player.axe("tournament-registration")
    player.shot("tournament-registration")

    org.page.reload()
    org.page.fill("#bots-count", "3")
    org.page.click("button:has-text('Add bots')")
    org.page.wait_for_selector("#entrants-title .count:has-text('4')")
    org.axe("tournament-manage")
    org.shot("tournament-manage")
    org.page.click("button:has-text('Start the tournament')")
    org.page.wait_for_selector("#standings-title", timeout=90_000)

    # The player's table waits for the player. (One table only: on the embedded server's one
    # SQLite writer a bot move may be answered "busy", and only the sweep, which this test
    # server does not run, would ask for it again.)
    wait_for_text(player, STATUS, "kolo 1 z 1")
    player.page.wait_for_selector("#round-1")
    assert player.page.locator("#round-1 ~ ol a:has-text('Otevřít partii')").count() >= 1
    assert "Buchholz" not in player.page.inner_text("#standings-title ~ div")  # tables of four
    assert "Herní body" in player.page.inner_text("#standings-title ~ div")
    player.axe("tournament-running")
    player.shot("tournament-running")
    # Withdrawing resigns the match; with no human left it is abandoned and the round is over.
    player.page.click("button:has-text('Odstoupit')")
    player.page.wait_for_selector("text=odstoupil")
    wait_for_text(player, STATUS, "skončil")
    assert "(4.)" in player.page.inner_text("#round-1 ~ ol")
    player.shot("tournament-finished")

    wait_for_text(org, STATUS, "finished")
    rows = org.page.locator("#standings-title ~ div tbody tr")
    assert rows.count() == 4
    assert "withdrawn" in rows.last.inner_text()
    org.axe("tournament-finished")
    org.shot("tournament-finished")
    org.check_console()
    player.check_console()


def test_a_refusal_is_explained_in_the_servers_words(phone: Tab) -> None:  # noqa: F811
    register(phone)
    phone.go("/tournaments/new")
    phone.page.wait_for_selector("#t-name")
    phone.page.fill("#t-name", "Too big")
    phone.page.select_option("#t-format", "series")
    phone.page.select_option("#t-players", "4")
    phone.page.fill("#t-games", "99")
    phone.page.click("main form button[type=submit]")
    phone.page.wait_for_selector("[role=alert]")
    assert "games must be between 1 and 21" in phone.page.inner_text("[role=alert]")
    phone.check_console()


def until_done(tab: Tab, act: Any, selector: str, state: str = "visible") -> None:
    """Acts until ``selector`` reaches ``state``. The embedded test server has one SQLite
    writer, and while the bots move an organiser's action may be answered 503 ``busy`` (shown
    as an alert): the organiser tries again, as a person would."""
    for _ in range(4):
        act()
        try:
            tab.page.wait_for_selector(selector, state=state, timeout=15_000)
            return
        except Exception:
            if not tab.page.locator("[role=alert]").count():
                raise
    raise AssertionError(f"{selector} never became {state}")


def test_an_organiser_corrects_points_a_result_and_the_field(phone: Tab) -> None:  # noqa: F811
    org = phone
    me = register(org)
    org.go("/tournaments/new")
    fill_swiss_form(org, "Autumn cup", "samurai", players=2, rounds=2)
    org.page.check("text=I start each round myself")
    org.page.click("main form button[type=submit]")
    org.page.wait_for_url(re.compile(r".*/tournaments/\d+$"))
    org.page.click("button:has-text('Register')")
    org.page.wait_for_selector("text=You are registered.")
    org.page.fill("#bots-count", "3")
    org.page.click("button:has-text('Add bots')")
    org.page.wait_for_selector("#entrants-title .count:has-text('4')")
    org.page.click("button:has-text('Start the tournament')")
    org.page.wait_for_selector("#standings-title", timeout=90_000)
    org.page.wait_for_selector("#corrections-title")

    # A penalty needs a number and a reason; then it shows in the standings.
    org.page.select_option("#fix-entrant", label=me.capitalize())
    org.page.fill("#fix-reason", "late start")
    org.page.click("button:has-text('Adjust points')")
    org.page.wait_for_selector("[role=alert]:has-text('Say how many points')")
    org.page.fill("#fix-points", "-0.5")
    org.page.click("button:has-text('Adjust points')")
    mine = org.page.locator("#standings-title ~ div tbody tr.mine")
    org.page.wait_for_function(
        "() => document.querySelector('#standings-title ~ div tbody tr.mine td:nth-child(3)')"
        "?.textContent === '-0.5'"
    )
    assert org.page.input_value("#fix-reason") == ""  # done: the form starts over

    # The organiser's own table: places set by hand, with a reason.
    row = org.page.locator("#round-1 ~ ol li.table-row", has_text=me.capitalize()).first
    row.locator("button:has-text('Set the result')").click()
    form = row.locator("form.result-form")
    form.locator("input[id*='-place-']").first.wait_for()  # .all() does not wait for them
    for place in form.locator("input[id*='-place-']").all():
        label = form.locator(f"label[for='{place.get_attribute('id')}']").inner_text()
        place.fill("1" if label.endswith(me.capitalize()) else "2")
    form.locator("input[id$='-reason']").fill("opponent did not show")
    org.axe("tournament-corrections")
    org.shot("tournament-corrections")
    until_done(
        org, lambda: form.locator("button[type=submit]").click(), "form.result-form", "detached"
    )
    assert "(1.)" in row.inner_text() and "(2.)" in row.inner_text()

    # A bot removed from the field, with a reason: withdrawn in the standings.
    bot = org.page.locator("#fix-entrant option").nth(2).inner_text()
    org.page.select_option("#fix-entrant", label=bot)
    org.page.fill("#fix-reason", "duplicate entry")
    until_done(
        org,
        lambda: org.page.click("button:has-text('Remove from the tournament')"),
        f"#standings-title ~ div tr:has-text('{bot}'):has-text('withdrawn')",
    )
    assert float(mine.locator("td").nth(2).inner_text()) > -0.5  # the win set by hand counts
    org.shot("tournament-corrected")
    org.check_console()
