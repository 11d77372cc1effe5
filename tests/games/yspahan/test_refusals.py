"""Every class of illegal command is refused with its code and leaves the state unchanged."""

from __future__ import annotations

import pathlib
import random
from typing import Any

import pytest

from games.base import MALFORMED, NOT_YOUR_TURN, IllegalCommand
from games.yspahan import ENGINE, legal, rules
from games.yspahan.state import State

from .helpers import do, give, rolled, snapshot, start

ROLL = [1, 1, 1, 2, 2, 3, 3, 3, 6]


def refused(state: State, seat: int, command: Any, code: str) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, seat, command, random.Random(0))
    assert err.value.code == code, err.value.message
    assert err.value.message.endswith(".")
    assert snapshot(state) == before


def test_commands_out_of_turn_are_refused() -> None:
    state = rolled(start(3), ROLL)
    refused(state, 1, {"type": "take_row", "row": 0}, NOT_YOUR_TURN)


@pytest.mark.parametrize(
    "command",
    [
        "take_row",
        {"row": 0},
        {"type": "fly"},
        {"type": "take_row"},
        {"type": "take_row", "row": "0"},
        {"type": "take_row", "row": 0, "extra": 1},
        {"type": "play_card", "card": "3_gold", "amount": 1},
        {"type": "play_card", "card": "gold_to_vp"},
        {"type": "play_card", "card": "cube_to_souk"},
        {"type": "build", "building": "extra_camel", "cards": [1]},
    ],
)
def test_malformed_commands_are_refused(command: Any) -> None:
    state = rolled(start(3), ROLL)
    give(state, 0, "3_gold", "gold_to_vp", "cube_to_souk")
    refused(state, 0, command, MALFORMED)


def test_a_malformed_caravan_source_is_refused() -> None:
    state = rolled(start(3), ROLL)
    state.owner[20] = 1
    state.camels[1] = 1
    state.phase, state.inspecting = "caravan", 20
    refused(state, 1, {"type": "send_to_caravan", "source": "pocket"}, MALFORMED)


def test_unknown_rows_cards_buildings_and_shops_are_refused() -> None:
    state = rolled(start(3), ROLL)
    refused(state, 0, {"type": "take_row", "row": 6}, legal.NO_SUCH_ROW)
    refused(state, 0, {"type": "play_card", "card": "joker"}, rules.UNKNOWN_CARD)
    give(state, 0, "cube_to_souk")
    refused(state, 0, {"type": "play_card", "card": "cube_to_souk", "shop": 99}, rules.NO_SUCH_SHOP)
    state, _ = do(state, 0, {"type": "take_row", "row": 0})
    refused(state, 0, {"type": "build", "building": "palace"}, rules.UNKNOWN_BUILDING)


def test_discarding_for_a_bonus_needs_a_row_to_raise() -> None:
    state = rolled(start(4), [3] * 9)
    state.used[5] = True
    give(state, 0, "3_gold")
    refused(state, 0, {"type": "discard_for_bonus", "card": "3_gold"}, rules.NO_ROW_FOR_BONUS)


def test_with_two_players_there_is_no_extra_building_after_the_action() -> None:
    state = rolled(start(2), ROLL)
    give(state, 0, "3_gold")
    state.camels[0] = 5
    state, _ = do(state, 0, {"type": "take_row", "row": 5})
    refused(state, 0, {"type": "build", "building": "extra_camel"}, rules.ONE_BUILDING_PER_TURN)


def test_every_error_code_of_the_rules_is_exercised_by_a_test() -> None:
    codes = {
        name
        for module in (rules, legal)
        for name, value in vars(module).items()
        if name.isupper() and isinstance(value, str) and value.islower() and "_" in value
    }
    sources = "".join(p.read_text() for p in pathlib.Path(__file__).parent.glob("test_*.py"))
    missing = sorted(name for name in codes if name not in sources)
    assert not missing
