"""Words for players in a real browser, in English and Czech, on a 390 px phone: the end of a
game explained, the replay saying each move, the rules page with a match's options marked, the
bell and the notifications list, registration stating the password rules. The server is the
real one with the platform tests' race that has words (``tests/pwa/words_asgi.py``).
Screenshots under var/screenshots/words/<lang>/."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.pwa.conftest import ROOT, _free_port
from tests.pwa.test_browser import Tab

PHONE = {"width": 390, "height": 844}
_names = itertools.count()

WORDS = {
    "en": {
        "rules": "Your password must contain at least 8 characters.",
        "summary": "You resigned. Bot Karel wins.",
        "resign": "You resign.",
        "start": "The race to 12 points begins.",
        "in_match": "In this match: Pace: Normal race",
        "not_in_match": "Not in this match: Pace: Sprint",
        "finished": "Race with Bot Karel has ended: Bot Karel wins.",
        "turn": "It is your turn in Race with Bot Karel.",
        "bot_option": "Casual",
        "preset": "Pace",
        "sprint": "Sprint",
    },
    "cs": {
        "rules": "Heslo musí mít délku aspoň 8 znaků.",
        "summary": "Vzdali jste. Bot Karel vyhrává.",
        "resign": "Vzdáváte.",
        "start": "Začíná závod do 12 bodů.",
        "in_match": "V této partii: Tempo: Běžný závod",
        "not_in_match": "V této partii neplatí: Tempo: Sprint",
        "finished": "Partie Race skončila: vítězí Bot Karel. Spoluhráči: Bot Karel.",
        "turn": "Jste na tahu ve hře Race. Spoluhráči: Bot Karel.",
        "bot_option": "Rekreační hráč",
        "preset": "Tempo",
        "sprint": "Sprint",
    },
}


@pytest.fixture(scope="module")
def words_server(pwa_dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """As ``tests/pwa/conftest.py``'s server, with the race that has words registered."""
    tmp = tmp_path_factory.mktemp("words-server")
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")
    }
    env.update(
        DJANGO_SETTINGS_MODULE="core.settings.base",
        SQLITE_PATH=str(tmp / "db.sqlite3"),
        LUDOTEKA_THROTTLE_ANON="10000/min",
        LUDOTEKA_THROTTLE_REGISTER="10000/min",
        LUDOTEKA_BOT_BUDGET_SECONDS="0.05",
        LOG_LEVEL="WARNING",
    )
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], check=True, cwd=ROOT, env=env
    )
    port = _free_port()
    log = (tmp / "server.log").open("w")
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "uvicorn", "tests.pwa.words_asgi:application"),
            *("--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"),
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/games/race", timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"the words server did not start:\n{(tmp / 'server.log').read_text()}"
                    ) from None
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


class WordsTab(Tab):
    def __init__(self, context: Any, base: str, lang: str) -> None:
        super().__init__(context, base, f"words/{lang}")

    def text(self, selector: str) -> str:
        return str(self.page.inner_text(selector))


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_player_reads_the_game_in_words(
    playwright_browser: Any, words_server: str, lang: str
) -> None:
    words = WORDS[lang]
    context = playwright_browser.new_context(viewport=PHONE, device_scale_factor=2)
    context.add_init_script(f"localStorage.setItem('ludoteka.lang', '{lang}')")
    tab = WordsTab(context, words_server, lang)
    page = tab.page
    page.on("dialog", lambda dialog: dialog.accept())
    try:
        # Registration says the password rules before any submit.
        tab.go("/register")
        page.wait_for_selector("[data-testid=password-rules] li")
        assert words["rules"] in tab.text("[data-testid=password-rules]")
        tab.shot("register")
        name = f"w{next(_names)}{lang}{os.getpid() % 1000}"
        page.fill("#username", name)
        page.fill("#password", "a-long-pass-phrase")
        page.click("button[type=submit]")
        page.wait_for_url(words_server + "/")

        # A new match against the default bot, which is the casual one, named in words.
        tab.go("/new?game=race")
        page.wait_for_selector("#seat-1-level")
        assert (
            page.eval_on_selector("#seat-1-level", "s => s.options[s.selectedIndex].text")
            == (words["bot_option"])
        )
        assert page.is_disabled("#rated")  # one person and a bot: never rated
        # Options in words, the preset first; choosing it shows what it sets.
        page.click("details.options summary")
        assert page.inner_text("details.options .field label >> nth=0") == words["preset"]
        page.select_option("#opt-pace", label=words["sprint"])
        page.wait_for_selector("#opt-target:disabled", timeout=5_000)  # drawn again after the pick
        tab.shot("new-match")
        page.select_option("#opt-pace", index=0)
        page.click("button.btn-primary[type=submit]")
        page.wait_for_selector("main.match-page[data-status=active]")
        match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
        page.wait_for_selector(f".log li:has-text('{words['start']}')")

        # Resigning ends it: the end panel says why and who won, as the rules count it.
        page.click("button.btn-danger")
        page.wait_for_selector("[data-testid=ending] .ending-summary")
        ending = tab.text("[data-testid=ending]")
        assert words["summary"] in ending, ending
        assert page.locator("[data-testid=ending] table").count() == 1
        page.locator("[data-testid=ending]").scroll_into_view_if_needed()
        tab.shot("ending")

        # The replay says each move, and its last step shows the ending too.
        tab.go(f"/matches/{match_id}/replay")
        page.wait_for_selector("[data-testid=replay-move]")
        page.click(".replay-bar button >> nth=3")  # the last step
        page.wait_for_selector(f"[data-testid=replay-move] >> text={words['resign']}")
        page.wait_for_selector("[data-testid=ending] .ending-summary")
        tab.shot("replay-last")
        page.click(".replay-bar button >> nth=0")  # the first step
        page.wait_for_selector(f"[data-testid=replay-move] >> text={words['start']}")

        # The rules for players, this match's options marked.
        tab.go(f"/rules/race?match={match_id}")
        page.wait_for_selector("aside.rules-option[data-state=in]")
        assert words["in_match"] in tab.text("aside.rules-option[data-state=in]")
        assert words["not_in_match"] in tab.text("aside.rules-option[data-state=out]")
        tab.shot("rules")

        # The bell counts the unread notifications; the list says them in words.
        page.wait_for_selector(".bell .bell-badge")
        assert int(page.get_attribute(".bell", "data-unread") or 0) >= 2
        page.click(".bell")
        page.wait_for_selector(".notification")
        listed = tab.text(".notification-list")
        assert words["finished"] in listed and words["turn"] in listed, listed
        assert "#" not in listed
        tab.shot("notifications")
        page.click(".page-head button")  # mark all read
        page.wait_for_selector(".notification.unread", state="detached")
        page.wait_for_selector(".bell .bell-badge", state="detached")
        page.click(".notification-open >> nth=0")
        page.wait_for_url(f"{words_server}/matches/{match_id}")
        tab.check_console()
    finally:
        context.close()
