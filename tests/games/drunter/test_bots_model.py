"""The opponent model (``bots_model``): it tells players who place at random from players who
place on purpose, by their public placements only."""

from __future__ import annotations

import random

from games.drunter import ENGINE
from games.drunter.bots import greedy_command
from games.drunter.bots_model import _history, random_posteriors
from games.drunter.state import State
from games.testing import fold


def played(opponents: str, seed: int) -> list[State]:
    """Seat 0 plays greedy, the others ``opponents``: the states at seat 0's placements."""
    rng = random.Random(seed)
    state = fold(ENGINE, ENGINE.setup(4, ENGINE.validate_options(4, {}), rng))
    seen = []
    while ENGINE.outcome(state) is None:
        seat = min(ENGINE.active_seats(state))
        if seat == 0:
            if state.phase == "place":
                seen.append(ENGINE.clone(state))
            command = greedy_command(state, 0, rng)
        else:
            command = ENGINE.bot_command(state, seat, opponents, rng, 0.0)
        for e in ENGINE.execute(state, seat, command, rng):
            state = ENGINE.apply(state, e)
    return seen


def test_random_players_are_told_from_greedy_ones_by_the_end_of_the_game() -> None:
    for opponents, low, high in (("random", 0.8, 1.0), ("greedy", 0.0, 0.2)):
        last = [random_posteriors(played(opponents, seed)[-1], 0) for seed in range(6)]
        assert all(p[0] == 0.0 for p in last)  # never a model of the bot's own seat
        mean = sum(sum(p[1:]) for p in last) / (3 * len(last))
        assert low <= mean <= high, (opponents, mean)


def test_nothing_is_learnt_before_any_placement_nor_in_the_extended_game() -> None:
    first = played("random", 1)[0]
    assert first.placed == []  # seat 0 opens the game
    assert random_posteriors(first, 0) == [0.0] * 4
    extended = ENGINE.clone(played("random", 1)[-1])
    extended.extended = True
    assert random_posteriors(extended, 0) == [0.0] * 4


def test_the_history_replays_every_placement_of_the_match() -> None:
    state = played("random", 2)[-1]
    replayed = [(seat, moves[chosen]) for seat, moves, chosen, _ in _history(state)]
    assert replayed == [(seat, (r, length, d)) for seat, r, length, d, _ in state.placed]


def test_the_model_reads_no_secret_card() -> None:
    state = played("greedy", 3)[-1]
    before = random_posteriors(state, 0)
    others = state.building[1:]
    for shift in (1, 2):
        swapped = ENGINE.clone(state)
        swapped.building[1:] = others[shift:] + others[:shift]
        assert random_posteriors(swapped, 0) == before
