"""Command shapes, turn checks, event texts and undo barriers."""

from __future__ import annotations

import random

import pytest

from games.base import GAME_OVER, MALFORMED, NOT_YOUR_TURN, IllegalCommand
from games.drunter import ENGINE
from games.drunter.state import to_json
from games.testing import canonical, play_random_game
from tests.games.drunter.scenario import act, hand, place, start


@pytest.mark.parametrize(
    "command",
    [
        {"type": "place_tile", "route": "street", "length": "2", "direction": "E"},
        {"type": "place_tile", "route": "street", "length": 2},
        {"type": "place_tile", "route": "street", "length": 2, "direction": "E", "x": 1},
        {"type": "vote", "cards": "JA"},
        {"type": "fly"},
        ["place_tile"],
    ],
)
def test_malformed_commands_are_refused_and_change_nothing(command) -> None:
    state = start()
    before = canonical(to_json(state))
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, command, random.Random(0))
    assert err.value.code == MALFORMED
    assert canonical(to_json(state)) == before


def test_only_the_player_on_turn_may_place() -> None:
    state = start()
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 1, place("street", 1, "E"), random.Random(0))
    assert err.value.code == NOT_YOUR_TURN
    assert ENGINE.legal_commands(state, 1) == []


def test_nothing_is_accepted_once_the_game_is_over() -> None:
    state, _ = act(start(hands=[hand(street1=1), hand()]), 0, place("street", 1, "E"))
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, place("street", 1, "E"), random.Random(0))
    assert err.value.code == GAME_OVER
    assert ENGINE.forfeit(state, 0) == []


def test_no_event_can_be_taken_back() -> None:
    # Every command ends the turn, involves the other players or deals secrets.
    game = play_random_game(ENGINE, 2, {}, seed=2, max_commands=5)
    assert all(ENGINE.is_undo_barrier(e) for e in game.events)


def test_the_engine_declares_its_commands_and_options() -> None:
    assert {c.type for c in ENGINE.commands} == {
        "place_tile",
        "vote",
        "declare_jein",
        "choose_goal",
    }
    assert {o.name for o in ENGINE.options} == {
        "extended",
        "goal_deal",
        "shrug_with_others",
        "tunnel_keeps_builder",
    }
    assert ENGINE.rules_version == 2 and (ENGINE.min_players, ENGINE.max_players) == (2, 4)
