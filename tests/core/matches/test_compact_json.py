"""A command's answer is encoded as the standard library would encode it, byte for byte."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from core.jsonbytes import compact_json
from games.registry import GAME_MODULES, get_engine


def _standard(content: Any) -> bytes:
    return json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode()


@pytest.mark.parametrize(
    "content",
    [
        {"view": {"name": "Šárka 🎲", "scores": {0: 3, 1: 4}, "on": True, "none": None}},
        {"legal_commands": [{"type": "place", "hex": (3, -2), "tile": "samurai"}] * 3},
        {"float": 0.1, "negative": -7, "empty": [], "nested": [[{"a": [1.5e300]}]]},
        {"huge": 2**70, "also": "kept"},  # past orjson's 64 bits: the standard way
    ],
)
def test_it_encodes_as_the_standard_library_does(content: Any) -> None:
    assert compact_json(content) == _standard(content)


@pytest.mark.parametrize("slug", sorted(GAME_MODULES))
def test_every_games_view_and_legal_commands_encode_alike(slug: str) -> None:
    engine = get_engine(slug)
    rng = random.Random(3)
    state = None
    for event in engine.setup(
        engine.min_players, engine.validate_options(engine.min_players, {}), rng
    ):
        state = engine.apply(state, event)
    for _ in range(30):
        active = sorted(engine.active_seats(state))
        if not active:
            break
        seat = active[0]
        legal = engine.legal_commands(state, seat)
        content = {"view": engine.view(state, seat), "legal_commands": legal}
        assert compact_json(content) == _standard(content)
        for event in engine.execute(state, seat, rng.choice(legal), rng):
            state = engine.apply(state, event)
