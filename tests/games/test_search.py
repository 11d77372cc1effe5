"""The shared ISMCTS (games/search.py): the root statistics it reports."""

from __future__ import annotations

import random
from typing import Any

from games.search import search_command
from tests.games.analysis_games import until_choice


def test_stats_give_each_tried_root_move_with_its_visits_and_mean() -> None:
    game = until_choice("yspahan", seat=0, at_least=8, seed=4)
    stats: dict[str, Any] = {}
    move = search_command(
        game.engine,
        game.state,
        0,
        2,
        random.Random(0),
        budget_s=1e9,
        max_iterations=30,
        stats=stats,
    )
    legal = game.engine.legal_commands(game.state, 0)
    rows = stats["moves"]
    assert stats["iterations"] == 30
    assert sum(row["visits"] for row in rows) == 30  # every iteration passes one root move
    assert all(row["command"] in legal and 0.0 <= row["mean"] <= 1.0 for row in rows)
    visits = [row["visits"] for row in rows]
    assert visits == sorted(visits, reverse=True)
    assert move == rows[0]["command"]  # the most visited is the one chosen
