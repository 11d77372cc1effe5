"""Every bot level produces legal commands in every phase."""

from __future__ import annotations

import pytest

from games.samurai import ENGINE
from games.testing import canonical, play_random_game


@pytest.mark.parametrize("level", ["random", "greedy", "search"])
@pytest.mark.parametrize("n", [2, 4])
def test_bots_choose_only_legal_commands(level, n):
    budget = 0.02

    def choose(state, seat, rng):
        command = ENGINE.bot_command(state, seat, level, rng, budget)
        assert canonical(command) in {canonical(c) for c in ENGINE.legal_commands(state, seat)}
        return command

    limit = 400 if level != "search" else 120
    play_random_game(ENGINE, n, {}, seed=n, choose=choose, max_commands=limit)


def test_greedy_plays_whole_games_to_the_end():
    def choose(state, seat, rng):
        return ENGINE.bot_command(state, seat, "greedy", rng, 0.0)

    game = play_random_game(ENGINE, 2, {}, seed=3, choose=choose)
    assert game.finished
