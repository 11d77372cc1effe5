"""The opening events of a match (clause "Příprava hry")."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.samurai import events as ev
from games.samurai.commands import RANDOM_START
from games.samurai.data import HAND_SIZE


def setup(
    n_players: int, options: Mapping[str, Any], rng: random.Random, rules_version: int
) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = [
        {
            "type": ev.GAME_STARTED,
            "n_players": n_players,
            "options": dict(options),
            "rules_version": rules_version,
        }
    ]
    if options.get(RANDOM_START):
        # The text's advice for a first game: shuffle all 20 and take 5 at random.
        state = ev.new_state(n_players, dict(options))
        for seat in range(n_players):
            drawn = sorted(rng.sample(state.supplies[seat], HAND_SIZE))
            events.append(
                {"type": ev.TILES_DRAWN, "seat": seat, "tiles": drawn, "count": HAND_SIZE}
            )
    return events
