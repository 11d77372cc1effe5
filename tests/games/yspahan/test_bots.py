"""Bots choose legal commands, and never use cards their seat cannot see."""

from __future__ import annotations

import random

from games.testing import canonical, fold, play_random_game
from games.yspahan import ENGINE
from games.yspahan.bots import greedy_command, search_command
from games.yspahan.state import OVER
from games.yspahan.views import determinize


def test_every_bot_level_chooses_a_legal_command_in_every_phase() -> None:
    game = play_random_game(ENGINE, 3, seed=21)
    seen = set()
    state = None
    for k, event in enumerate(game.events):
        state = ENGINE.apply(state, event)
        if state.phase == OVER or (k % 9 and state.phase in seen):
            continue
        seen.add(state.phase)
        (seat,) = ENGINE.active_seats(state)
        legal = {canonical(c) for c in ENGINE.legal_commands(state, seat)}
        for level in ENGINE.bot_levels:
            command = ENGINE.bot_command(state, seat, level, random.Random(k), 0.01)
            assert canonical(command) in legal
    assert {"roll", "action", "after"} <= seen


def test_bots_decide_the_same_whatever_the_hidden_cards_are() -> None:
    game = play_random_game(ENGINE, 3, seed=8)
    state = fold(ENGINE, game.events[: len(game.events) // 2])
    (seat,) = ENGINE.active_seats(state)
    other = determinize(state, seat, random.Random(99))  # same information set, other cards
    assert canonical(determinize(state, seat, random.Random(1)).hands) == canonical(
        determinize(other, seat, random.Random(1)).hands
    )
    for s in range(5):
        assert greedy_command(state, seat, random.Random(s)) == greedy_command(
            other, seat, random.Random(s)
        )
        assert search_command(state, seat, random.Random(s), 10.0, max_sweeps=2) == search_command(
            other, seat, random.Random(s), 10.0, max_sweeps=2
        )


def test_greedy_beats_random_in_two_player_games() -> None:
    wins = 0
    for g in range(4):
        rng = random.Random(g)
        state = fold(ENGINE, ENGINE.setup(2, ENGINE.validate_options(2, {}), rng))
        levels = ["greedy", "random"] if g % 2 == 0 else ["random", "greedy"]
        while ENGINE.outcome(state) is None:
            (seat,) = ENGINE.active_seats(state)
            cmd = ENGINE.bot_command(state, seat, levels[seat], rng, 0.01)
            for event in ENGINE.execute(state, seat, cmd, rng):
                state = ENGINE.apply(state, event)
        outcome = ENGINE.outcome(state)
        assert outcome is not None
        wins += outcome["ranks"][levels.index("greedy")] == 1
    assert wins >= 3
