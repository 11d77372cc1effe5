"""Bots pick legal commands in every phase, and the search never reads hidden cards."""

from __future__ import annotations

import random

import pytest

from games.drunter import ENGINE
from games.drunter.bots import search_move
from games.drunter.state import VOTE
from games.drunter.views import determinize
from games.testing import canonical, fold
from tests.games.drunter.scenario import act, place, start, tile
from tests.games.drunter.test_voting import at_vote, vote


def legal(state, seat) -> set[str]:
    return {canonical(c) for c in ENGINE.legal_commands(state, seat)}


@pytest.mark.parametrize("level", ["random", "greedy", "search"])
@pytest.mark.parametrize("extended", [False, True])
def test_bots_play_whole_games_with_legal_commands(level: str, extended: bool) -> None:
    rng = random.Random(1)
    opts = ENGINE.validate_options(2, {"extended": extended})
    state = fold(ENGINE, ENGINE.setup(2, opts, rng))
    moves = 0
    while ENGINE.outcome(state) is None:
        seat = min(ENGINE.active_seats(state))
        # Seat 0 is the bot under test; seat 1 plays at random to vary the positions.
        bot_level = level if seat == 0 else "random"
        budget = 0.01 if moves < 6 else 0.0
        command = ENGINE.bot_command(state, seat, bot_level, rng, budget)
        assert canonical(command) in legal(state, seat)
        for e in ENGINE.execute(state, seat, command, rng):
            state = ENGINE.apply(state, e)
        moves += 1
    assert ENGINE.outcome(state) is not None


@pytest.mark.parametrize("level", ["random", "greedy", "search"])
def test_bots_vote_declare_and_choose_goals_legally(level: str) -> None:
    rng = random.Random(0)
    state = at_vote(n=3)
    for seat in (0, 1, 2):
        command = ENGINE.bot_command(state, seat, level, rng, 0.02)
        assert canonical(command) in legal(state, seat)
        state, _ = act(state, seat, vote("JEIN") if seat == 2 else command)
    (seat,) = ENGINE.active_seats(state)
    assert canonical(ENGINE.bot_command(state, seat, level, rng, 0.02)) in legal(state, seat)
    ext = start(extended=True, hands=[[0] * 6 + [1, 0, 0], [0] * 9])
    ext, _ = act(ext, 0, place("street", 1, "E"))
    for seat in (0, 1):
        assert canonical(ENGINE.bot_command(ext, seat, level, rng, 0.02)) in legal(ext, seat)


def test_greedy_spares_its_own_building() -> None:
    # The street can go east over open ground or south onto the inn worth 1 at (2,3)...
    state = start(buildings=["inn", "school"], tiles=[tile(0, "street", 3, "S", 0, 1)])
    for seed in range(10):
        command = ENGINE.bot_command(state, 0, "greedy", random.Random(seed), 0)
        events = ENGINE.execute(state, 0, command, random.Random(0))
        assert [2, 3] not in events[0]["cells"]


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    state = at_vote(n=3)
    state, _ = act(state, 0, vote("NEEE", "NE"))
    seen = set()
    for seed in range(30):
        d = determinize(state, 1, random.Random(seed))
        assert d.building[1] == state.building[1]
        assert len(set(d.building)) == 3
        assert bin(d.cast[0]).count("1") == 2 and d.phase == VOTE
        seen.add((d.building[0], d.building[2], d.cast[0]))
        assert canonical(ENGINE.view(d, 1)["secrets"]) == canonical(
            ENGINE.view(state, 1)["secrets"]
        )
    assert len(seen) > 3


def test_search_spares_its_own_building() -> None:
    state = start(buildings=["inn", "school"], tiles=[tile(0, "street", 3, "S", 0, 1)])
    for seed in range(3):
        command = ENGINE.bot_command(state, 0, "search", random.Random(seed), 0.02)
        events = ENGINE.execute(state, 0, command, random.Random(0))
        assert [2, 3] not in events[0]["cells"]


def test_search_reads_no_secret_of_another_seat() -> None:
    # Two positions alike but for seat 1's secret building: the same seed, the same thinking.
    a = start(buildings=["inn", "school"])
    b = start(buildings=["inn", "church"])
    assert a.building[1] != b.building[1]
    picks = []
    for state in (a, b):
        stats: dict[str, int] = {}
        command = search_move(ENGINE, state, 0, random.Random(7), 10.0, stats, max_iterations=40)
        picks.append((canonical(command), stats["iterations"]))
    assert picks[0] == picks[1]
    assert picks[0][1] == 40
