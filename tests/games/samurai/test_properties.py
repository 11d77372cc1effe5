"""300 seeded random games over every player count and option: invariants after every event,
termination, valid outcomes, replay equality, snapshot round trip and no leaked secrets."""

from __future__ import annotations

import itertools
import json

import pytest

from games.samurai import ENGINE
from games.samurai.data import board, full_tile_set
from games.samurai.state import CHOOSE, OVER
from games.testing import canonical, fold, play_random_game

OPTION_SETS = [
    dict(zip(("random_starting_tiles", "capture_timing", "captured_figures"), combo, strict=True))
    for combo in itertools.product(
        (False, True), ("after_placing", "per_tile"), ("auto", "open", "screened")
    )
]
CASES = [(n, opts) for n in (2, 3, 4) for opts in OPTION_SETS]  # 36 configurations
GAMES = 300


def check_invariants(state, _event) -> None:
    n = state.n
    b = board(n)
    per_kind = b.figures_per_kind
    # Figures are conserved: on the map + won + beside (+ still to set out) = 13/10/7 a kind.
    on_map = [0, 0, 0]
    for settlement, kinds in state.figures.items():
        assert settlement in b.settlement_type
        assert len(set(kinds)) == len(kinds), "two figures of one kind in a settlement"
        for k in kinds:
            on_map[k] += 1
    for k in range(3):
        won = sum(c[k] for c in state.captured)
        assert on_map[k] + won + state.beside[k] + state.to_place[k] == per_kind
    # Tiles are conserved: hand + supply + map + (figure exchange played) = the 20 of each seat.
    on_board = [[] for _ in range(n)]
    for space, (owner, name) in state.tiles.items():
        assert space in b.land or space in b.sea
        assert (space in b.sea) == (name.startswith("ship"))
        on_board[owner].append(name)
    full = sorted(full_tile_set())
    for seat in range(n):
        held = state.hands[seat] + state.supplies[seat] + on_board[seat]
        if state.pending is not None and seat == state.current:
            held.append(state.pending)
        missing = list(full)
        for name in held:
            missing.remove(name)
        assert missing in ([], ["figure_exchange"]) or state.forfeited[seat], missing
        assert len(state.hands[seat]) <= 5
    if state.phase not in (CHOOSE, OVER):
        assert not state.forfeited[state.current]


@pytest.mark.parametrize("batch", range(6))
def test_random_games_end_validly_with_invariants_replay_and_no_leaks(batch):
    for index in range(batch, GAMES, 6):
        n, opts = CASES[index % len(CASES)]
        game = play_random_game(ENGINE, n, opts, seed=index, after_event=check_invariants)
        assert game.finished
        outcome = ENGINE.outcome(game.state)
        assert outcome is not None and min(outcome["ranks"]) == 1 and len(outcome["ranks"]) == n
        json.dumps(outcome)
        if index % 10 == 0:
            replayed = fold(ENGINE, json.loads(json.dumps(game.events)))
            assert canonical(ENGINE.state_to_json(replayed)) == canonical(
                ENGINE.state_to_json(game.state)
            )
            restored = ENGINE.state_from_json(
                json.loads(json.dumps(ENGINE.state_to_json(game.state)))
            )
            assert canonical(ENGINE.state_to_json(restored)) == canonical(
                ENGINE.state_to_json(game.state)
            )
