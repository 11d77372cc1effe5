"""No leak: an estimate and a hint for a seat depend only on what that seat may know.

Each test builds a position where seat 0 has a choice, then a second position that differs only
in what seat 0 cannot see: everything hidden from it re-dealt consistently by ``determinize``
(the other seat's hand, the order of the decks). Seat 0's view of both is the same, the states
are not; the estimate and the hint, with the same seed, must be the same. The position is
chosen (``AT``) where the hidden part matters: the game's valuation, shown the true states (a
peek), tells them apart, so an estimate that read them would too.
"""

from __future__ import annotations

import random

import pytest

from games.analysis import _hooks, estimate, hint
from tests.games.analysis_games import GAMES, until_choice

SEAT = 0
ITERATIONS = 3
# Commands played before the position, per game: where the hidden cards change the valuation.
AT = {"samurai": 40, "yspahan": 120, "java": 20, "catan": 50, "drunter": 12}


@pytest.mark.parametrize("slug", GAMES)
def test_the_estimate_and_hint_read_only_the_seats_information(slug: str) -> None:
    game = until_choice(slug, SEAT, at_least=AT[slug], seed=3)
    engine = game.engine
    state = game.state
    other = engine.determinize(state, SEAT, random.Random(99))
    assert engine.view(other, SEAT) == engine.view(state, SEAT)
    assert engine.state_to_json(other) != engine.state_to_json(state), "nothing hidden differs"
    peek = _hooks(engine).chances
    assert any(
        peek(engine.clone(state), random.Random(k)) != peek(engine.clone(other), random.Random(k))
        for k in range(8)
    ), "the hidden difference does not matter here: choose another position"

    def both(position: object) -> tuple[object, object]:
        est = estimate(
            engine,
            position,
            SEAT,
            game.n_players,
            random.Random(5),
            budget_s=1.0,
            max_iterations=ITERATIONS,
        )
        move = hint(
            engine, position, SEAT, game.n_players, random.Random(6), max_iterations=ITERATIONS
        )
        return est, move

    first = both(state)
    assert first == both(other)
    assert engine.state_to_json(state) == engine.state_to_json(game.state)  # only read
