"""``GET /api/games/<slug>`` lists the bot levels a match creator may pick, one line each."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from games.registry import GAME_MODULES, get_engine


@pytest.mark.parametrize("slug", list(GAME_MODULES))
def test_each_game_describes_every_bot_level_in_one_line(db: Any, slug: str) -> None:
    game = APIClient().get(f"/api/games/{slug}").json()

    engine = get_engine(slug)
    assert [b["level"] for b in game["bots"]] == list(engine.bot_levels) == game["bot_levels"]
    for bot in game["bots"]:
        assert bot["description"] == engine.bot_level_texts[bot["level"]]
        assert bot["description"].endswith(".") and "\n" not in bot["description"]
    # No description for a level the engine does not have.
    assert set(engine.bot_level_texts) == set(engine.bot_levels)


def test_the_game_list_carries_the_levels_too_and_a_bare_engine_names_them(
    db: Any, race_game: str
) -> None:
    games = {g["slug"]: g for g in APIClient().get("/api/games").json()["results"]}

    assert games["catan"]["bots"][-1]["level"] == "ismcts"
    race = games["race"]  # the test engine has no bot_level_texts: the name stands in
    assert race["bots"] == [{"level": lv, "description": lv} for lv in race["bot_levels"]]
