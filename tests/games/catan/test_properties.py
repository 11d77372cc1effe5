"""Seeded random games across player counts and options: they end, the invariants hold after
every event, replay and snapshots are equal, and no view leaks another seat's hand."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.catan import ENGINE
from games.catan.data import DEV_DECK_COUNTS, KNIGHT, MAX_CITIES, MAX_ROADS, MAX_SETTLEMENTS
from games.catan.data_board import EDGE_NODES
from games.catan.events_awards import longest_road_of
from games.catan.options import CLARIFICATIONS, VARIANT_RULES
from games.catan.state import State
from games.testing import canonical, fold, play_random_game

GAMES = 300
CHUNKS = 6


def options_for(seed: int) -> tuple[int, dict[str, Any]]:
    rng = random.Random(seed * 7919)
    n = 2 + seed % 3
    opts: dict[str, Any] = {
        "beginner_board": rng.random() < 0.2,
        "trade_offers_per_turn": rng.choice([0, 1, 3]),
    }
    variant = n == 2 or rng.random() < 0.5
    if n > 2:
        opts["variant"] = variant
    if variant:
        for name in VARIANT_RULES:
            opts[name] = rng.random() < 0.4
        for name in CLARIFICATIONS:
            opts[name] = rng.random() < 0.75
        opts["victory_points"] = rng.choice([0, 10, 12])
    return n, opts


def check_invariants(s: State, _event: object = None) -> None:
    n = s.n
    for r in range(5):
        assert s.bank[r] + sum(s.res[p][r] for p in range(n)) == 19
        assert s.bank[r] >= 0
    for p in range(n):
        assert min(s.res[p]) >= 0 and min(s.dev[p]) >= 0
        assert all(0 <= s.dev_new[p][k] <= s.dev[p][k] for k in range(5))
        assert s.settlements[p] == sum(
            1 for x in range(54) if s.node_owner[x] == p and s.node_level[x] == 1
        )
        assert s.cities[p] == sum(
            1 for x in range(54) if s.node_owner[x] == p and s.node_level[x] == 2
        )
        assert s.roads[p] == s.edge_owner.count(p)
        assert s.settlements[p] <= MAX_SETTLEMENTS and s.cities[p] <= MAX_CITIES
        assert s.roads[p] <= MAX_ROADS
        assert s.knights[p] >= 0
    total_knights = DEV_DECK_COUNTS[KNIGHT] - (5 if s.options["remove_five_knights"] else 0)
    knights = s.deck.count(KNIGHT) + sum(s.dev[p][KNIGHT] for p in range(n)) + sum(s.knights)
    assert knights == total_knights
    assert s.deck.count(1) + sum(s.dev[p][1] for p in range(n)) + sum(s.laid_vp) == 5
    for a, b in EDGE_NODES:
        assert not (s.node_owner[a] != -1 and s.node_owner[b] != -1)


def check_final(s: State) -> None:
    for p in range(s.n):
        assert s.road_len[p] == longest_road_of(s, p)
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    winner = outcome["details"]["winner"]
    assert outcome["ranks"][winner] == 1 and outcome["ranks"].count(1) == 1
    assert outcome["scores"][winner] >= s.target
    assert all(v < s.target for p, v in enumerate(outcome["scores"]) if p != winner)
    json.dumps(outcome)


def no_leaks(s: State) -> None:
    for viewer in [*range(s.n), None]:
        shown = ENGINE.view(s, viewer)
        for p, player in enumerate(shown["players"]):
            if p != viewer:
                assert "resources" not in player or (
                    s.phase == "war_take" and viewer == s.war["defender"]  # type: ignore[index]
                )
                assert "draft" not in player and "new_development_cards" not in player
        text = canonical(shown)
        assert '"deck":' not in text


def _every_third() -> Any:
    seen = {"events": 0}

    def after(state: State, event: dict[str, Any]) -> None:
        seen["events"] += 1
        if seen["events"] % 3 == 0 or event["type"] in ("WarSpoilsTaken", "TradeMade"):
            check_invariants(state)

    return after


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_end_with_invariants_replay_and_no_leaks(chunk: int) -> None:
    for seed in range(chunk, GAMES, CHUNKS):
        n, opts = options_for(seed)
        game = play_random_game(
            ENGINE, n, opts, seed=seed, max_commands=60_000, after_event=_every_third()
        )
        assert game.finished, (seed, n, opts)
        check_invariants(game.state)
        check_final(game.state)
        if seed % 10 == chunk % 10:
            replayed = fold(ENGINE, json.loads(json.dumps(game.events)))
            assert canonical(ENGINE.state_to_json(replayed)) == canonical(
                ENGINE.state_to_json(game.state)
            )
            restored = ENGINE.state_from_json(
                json.loads(json.dumps(ENGINE.state_to_json(replayed)))
            )
            assert canonical(ENGINE.state_to_json(restored)) == canonical(
                ENGINE.state_to_json(game.state)
            )
        if seed % 25 == chunk:
            no_leaks(game.state)
