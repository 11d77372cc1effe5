"""Forfeit, undo barriers, event texts, snapshots and the bots."""

from __future__ import annotations

import json
import random

import pytest

from games.catan import ENGINE
from games.catan.events import HANDLERS
from games.catan.state import MAIN, OVER, ROLL
from games.testing import canonical, fold, play_random_game
from tests.games.catan.support import (
    FixedDice,
    corner,
    give,
    knights,
    new_game,
    put,
    run,
    run_with,
    skip_setup,
)


def test_a_forfeiting_player_returns_the_cards_and_is_skipped() -> None:
    s = skip_setup(new_game(3), phase=MAIN, current=1)
    put(s, 1, corner(0, 1, 0))
    give(s, 1, ore=3, knight=1)
    for e in ENGINE.forfeit(s, 1):
        ENGINE.apply(s, e)
    assert s.forfeited[1] and sum(s.res[1]) == 0 and s.bank[4] == 19
    assert s.node_owner[corner(0, 1, 0)] == 1  # the pieces stay as obstacles
    assert s.current == 2 and s.phase == ROLL
    assert 1 not in ENGINE.active_seats(s)
    for e in ENGINE.forfeit(s, 2):
        ENGINE.apply(s, e)
    outcome = ENGINE.outcome(s)
    assert s.phase == OVER and outcome is not None
    assert outcome["ranks"][0] == 1 and min(outcome["ranks"][1:]) > 1


def test_a_defender_who_forfeits_ends_the_war() -> None:
    s = skip_setup(new_game(3, variant=True, war=True), phase=MAIN)
    knights(s, 0, 2)
    give(s, 1, brick=9)
    run_with(s, 0, {"type": "declare_war", "defender": 1}, FixedDice([6, 6, 6, 6, 1, 1, 1, 1]))
    assert s.phase == "war_pay"
    for e in ENGINE.forfeit(s, 1):
        ENGINE.apply(s, e)
    assert s.war is None and s.phase == MAIN and ENGINE.active_seats(s) == {0}


def test_forfeit_during_the_set_up_skips_the_seats_placements() -> None:
    s = new_game(3)
    for e in ENGINE.forfeit(s, s.setup_steps[0]):
        ENGINE.apply(s, e)
    assert s.setup_steps[s.setup_index] != s.setup_steps[0]


def test_undo_barriers() -> None:
    assert not ENGINE.is_undo_barrier({"type": "RoadBuilt", "seat": 0, "edge": 1, "free": False})
    assert not ENGINE.is_undo_barrier({"type": "BankTraded"})
    for etype in ("DiceRolled", "DevelopmentCardBought", "CardStolen", "TurnEnded", "TradeMade"):
        assert ENGINE.is_undo_barrier({"type": etype})


def test_every_event_type_has_a_line_in_the_log() -> None:
    from games.catan.narrate import NARRATORS

    assert set(HANDLERS) | {"GameCreated"} <= set(NARRATORS)


def test_snapshot_round_trip_and_replay_mid_game() -> None:
    game = play_random_game(ENGINE, 3, {}, seed=6, max_commands=300)
    dumped = json.loads(json.dumps(ENGINE.state_to_json(game.state)))
    restored = ENGINE.state_from_json(dumped)
    assert canonical(ENGINE.state_to_json(restored)) == canonical(dumped)
    replayed = fold(ENGINE, game.events)
    assert canonical(ENGINE.state_to_json(replayed)) == canonical(dumped)
    # the restored state plays on like the original
    rng_a, rng_b = random.Random(1), random.Random(1)
    seat = min(ENGINE.active_seats(restored))
    command = ENGINE.legal_commands(restored, seat)[0]
    assert ENGINE.execute(restored, seat, command, rng_a) == ENGINE.execute(
        game.state, seat, command, rng_b
    )


@pytest.mark.parametrize("level", ["random", "greedy", "search", "ismcts"])
def test_bots_choose_legal_commands_through_a_game(level: str) -> None:
    rng = random.Random(3)
    state = new_game(2, seed=3, war=True, lay_out_point_cards=True)
    steps = 0
    while ENGINE.outcome(state) is None and steps < 40:
        seat = min(ENGINE.active_seats(state))
        command = ENGINE.bot_command(state, seat, level, rng, 0.02)
        assert canonical(command) in {canonical(c) for c in ENGINE.legal_commands(state, seat)}
        run(state, seat, command, seed=steps)
        steps += 1


def test_greedy_builds_when_it_can() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    a, b = corner(0, 1, 0), corner(0, 1, 1)
    put(s, 0, a)
    give(s, 0, ore=3, grain=2)
    command = ENGINE.bot_command(s, 0, "greedy", random.Random(0), 1.0)
    assert command == {"type": "build_city", "node": a}
    assert b != a


def test_games_with_a_forfeit_at_a_random_moment_still_end_cleanly() -> None:
    from tests.games.catan.test_properties import check_invariants

    for seed in range(24):
        rng = random.Random(seed)
        n = 2 + seed % 3
        opts = {"war": True} if n == 2 else {"variant": seed % 2 == 0}
        state = new_game(n, seed=seed, **opts)
        quit_at = rng.randrange(5, 400)
        steps = 0
        while ENGINE.outcome(state) is None:
            if steps == quit_at:
                for e in ENGINE.forfeit(state, rng.randrange(n)):
                    ENGINE.apply(state, e)
                check_invariants(state)
                steps += 1
                continue
            seats = sorted(ENGINE.active_seats(state))
            seat = rng.choice(seats)
            assert not state.forfeited[seat]
            run(state, seat, rng.choice(ENGINE.legal_commands(state, seat)), seed=steps)
            steps += 1
        check_invariants(state)
        outcome = ENGINE.outcome(state)
        assert outcome is not None and outcome["ranks"].count(1) == 1
