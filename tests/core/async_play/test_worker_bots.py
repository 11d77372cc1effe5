"""Bots against bots in every finished game, played to the end by a real Celery worker on the
real Redis broker (PostgreSQL shared with the test)."""

from __future__ import annotations

from typing import Any

import pytest

from core.matches.models import Match
from games.registry import GAME_MODULES
from tests.core.async_play.bot_matches import (
    assert_played_to_the_end_once,
    follow_ups_to,
    start_bots_match,
)
from tests.core.async_play.workers import Workers

pytestmark = [
    pytest.mark.redis,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

# Levels and options sized for CI on two cores (`pytest -n 2`: all the worker tests together add
# under a minute). Through one worker a bot move costs 30-50 ms of platform work (the task, the
# command's transaction, the next task) on top of the engine's own time, so the length of a game
# in commands is what counts. Measured here, greedy against search (budget 0.02 s), a match
# takes: drunter ~60 commands, 4 s; samurai ~90, 5 s; yspahan ~150, 7 s; Catan ~300, 11 s,
# without trade offers (offers and their answers add commands, not coverage). Java plays greedy
# against greedy: ~320 commands, 10-20 s, its greedy bot alone thinking 3 s a game, and its
# search bot overruns a small budget (0.3 s moves), which would double that.
GAMES: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "samurai": (("greedy", "search"), {}),
    "yspahan": (("greedy", "search"), {}),
    "java": (("greedy", "greedy"), {}),
    "catan": (("greedy", "search"), {"trade_offers_per_turn": 0}),
    "drunter": (("greedy", "search"), {}),
}
PLAY_SECONDS = 120.0


def test_every_finished_game_is_listed() -> None:
    assert set(GAMES) == set(GAME_MODULES)


@pytest.mark.parametrize("game", list(GAMES))
def test_bots_play_a_match_to_its_end_through_the_worker(
    game: str, workers: Workers, monkeypatch: pytest.MonkeyPatch
) -> None:
    levels, options = GAMES[game]
    follow_ups_to(workers.broker, monkeypatch)
    worker = workers.start()
    match = start_bots_match(game, levels, options)
    worker.wait_for(
        lambda: Match.objects.get(pk=match.pk).status != Match.Status.ACTIVE, PLAY_SECONDS
    )
    assert_played_to_the_end_once(match.pk)
