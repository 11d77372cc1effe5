"""``GET /api/games/<slug>`` lists the bot levels a match creator may pick, each in words."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from core.matches.gamewords import FAMILY_HELP
from games.registry import GAME_MODULES, get_engine


@pytest.mark.parametrize("slug", list(GAME_MODULES))
def test_each_game_describes_every_offered_bot_level(db: Any, slug: str) -> None:
    game = APIClient().get(f"/api/games/{slug}").json()

    engine = get_engine(slug)
    assert game["bot_levels"] == list(engine.bot_levels)
    offered = game["player_bot_levels"]
    assert [b["level"] for b in game["bots"]] == offered
    assert set(offered) <= set(engine.bot_levels)
    assert game["default_bot_level"] in offered
    for bot in game["bots"]:
        # Every offered level in the engine's own words; ``description`` is their English help.
        assert bot["level"] in engine.bot_words
        assert bot["description"] == bot["help"]["en"]
        assert bot["description"].endswith(".") and "\n" not in bot["description"]
        for lang in ("en", "cs"):
            assert bot["label"][lang] and bot["help"][lang] and bot["strength"][lang]


def test_the_game_list_carries_the_levels_too_and_a_bare_engine_gets_the_familys_words(
    db: Any, race_game: str
) -> None:
    games = {g["slug"]: g for g in APIClient().get("/api/games").json()["results"]}

    assert "ismcts" in games["catan"]["bot_levels"]
    race = games["race"]  # the test engine has no words: the family's labels stand in
    assert [(b["level"], b["description"]) for b in race["bots"]] == [
        (lv, FAMILY_HELP[lv][0]) for lv in race["bot_levels"]
    ]
    assert [b["label"]["cs"] for b in race["bots"]] == ["Začátečník", "Rekreační hráč", "Silný"]
    assert race["default_bot_level"] == "greedy"
