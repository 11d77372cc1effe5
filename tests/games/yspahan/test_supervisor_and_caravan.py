"""Ad 1) moving the supervisor, inspection, the caravan and its scoring."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalCommand
from games.yspahan import ENGINE
from games.yspahan import data as D
from games.yspahan.legal import move_cost
from games.yspahan.rules import (
    NO_SUCH_CELL,
    NOT_ENOUGH_CAMELS,
    NOT_ENOUGH_GOLD,
    SHOP_NOT_INSPECTED,
    SUPERVISOR_SAME_CELL,
)
from games.yspahan.scoring import caravan_points
from games.yspahan.state import CARAVAN, INSPECT

from .helpers import do, rolled, shop, snapshot, start, types

ROLL = [1, 1, 1, 2, 2, 3, 3, 3, 6]  # rows: camels=1 (3 dice), bag=2, barrel=3, gold=6


def test_the_supervisor_walks_the_dice_value_for_free() -> None:
    state = rolled(start(3), ROLL)
    # from the hub, value 3 reaches the third cell of any arm
    state, events = do(state, 0, {"type": "move_supervisor", "row": 2, "to": 7})
    assert events[0]["distance"] == 3 and events[0]["cost"] == 0
    assert state.supervisor == 7 and state.used[2]


def test_each_step_more_or_less_costs_one_gold() -> None:
    state = rolled(start(3), ROLL)
    assert move_cost(state, 0, 2, 9) == 2  # 1 step instead of 3
    assert move_cost(state, 0, 2, 4) == 3  # 6 steps instead of 3
    state, events = do(state, 0, {"type": "move_supervisor", "row": 2, "to": 9})
    assert events[0]["cost"] == 2 and state.money[0] == 0


def test_a_move_beyond_ones_gold_is_refused() -> None:
    state = rolled(start(3), ROLL)
    before = snapshot(state)
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, {"type": "move_supervisor", "row": 2, "to": 0}, random.Random(0))
    assert err.value.code == NOT_ENOUGH_GOLD
    assert snapshot(state) == before


def test_ad_1_the_supervisor_may_not_end_where_it_started() -> None:
    state = rolled(start(3), ROLL)
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(
            state, 0, {"type": "move_supervisor", "row": 2, "to": D.HUB}, random.Random(0)
        )
    assert err.value.code == SUPERVISOR_SAME_CELL
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, {"type": "move_supervisor", "row": 2, "to": 22}, random.Random(0))
    assert err.value.code == NO_SUCH_CELL
    assert all(c.get("to") != D.HUB for c in ENGINE.legal_commands(state, 0))


def test_ad_1_the_walk_passes_through_the_hub_onto_another_arm() -> None:
    state = rolled(start(3), ROLL)
    state.supervisor = 9  # west arm, 1 step from the hub
    assert D.DISTANCE[9][23] == 2 and move_cost(state, 0, 1, 23) == 0  # value 2 row (bag)


def test_ad_1_building_3_adjusts_the_move_by_up_to_three_for_free() -> None:
    state = rolled(start(3), ROLL)
    state.buildings[0] |= 1 << D.B_MOVE
    assert move_cost(state, 0, 2, 4) == 0  # 6 steps instead of 3
    assert move_cost(state, 0, 2, 2) == 2  # 8 steps instead of 3: 5 off, 3 free


def test_ad_1_a_shop_cube_goes_to_the_caravan_at_once_when_its_owner_has_no_choice() -> None:
    state = rolled(start(3), ROLL)
    state.owner[shop("bag_2#0")] = 1  # next to cell 7
    state, events = do(state, 0, {"type": "move_supervisor", "row": 2, "to": 7})
    entered = [e for e in events if e["type"] == "CubeEnteredCaravan"]
    # seat 1 has no camel: its shop cube goes, no choice to make
    assert entered == [
        {
            "type": "CubeEnteredCaravan",
            "seat": 1,
            "source": "shop",
            "shop": shop("bag_2#0"),
            "section": 1,
            "points": 1,
        }
    ]
    assert state.owner[shop("bag_2#0")] == -1 and state.caravan == [1] and state.vp[1] == 1


def test_ad_1_an_owner_with_a_camel_chooses_shop_cube_or_a_supply_cube_for_one_camel() -> None:
    state = rolled(start(3), ROLL)
    state.owner[shop("bag_2#0")] = 1
    state.camels[1] = 2
    state, _events = do(state, 0, {"type": "move_supervisor", "row": 2, "to": 7})
    assert state.phase == CARAVAN and ENGINE.active_seats(state) == {1}
    assert ENGINE.legal_commands(state, 1) == [
        {"type": "send_to_caravan", "source": "shop"},
        {"type": "send_to_caravan", "source": "supply"},
    ]
    state, _ = do(state, 1, {"type": "send_to_caravan", "source": "supply"})
    assert state.owner[shop("bag_2#0")] == 1 and state.camels[1] == 1 and state.caravan == [1]
    # the mover had nothing else to do, so the turn passed on
    assert state.turn == 1 and ENGINE.active_seats(state) == {1}


def test_ad_1_the_mover_chooses_the_order_of_several_inspected_shops() -> None:
    state = rolled(start(3), ROLL)
    # cell 23 (one step south) touches bag_2#1 and barrel_0#0
    state.owner[shop("bag_2#1")] = 1
    state.owner[shop("barrel_0#0")] = 2
    state.caravan = [0, 0]  # the next two spaces are 3 and 4 of section 1 (3 players: 3/section)
    state, _ = do(
        state,
        0,
        {
            "type": "move_supervisor",
            "row": 1,
            "to": 23,
        },
    )
    assert state.phase == INSPECT and sorted(state.inspect) == [shop("bag_2#1"), shop("barrel_0#0")]
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, {"type": "choose_inspection", "shop": 0}, random.Random(0))
    assert err.value.code == SHOP_NOT_INSPECTED
    state, events = do(state, 0, {"type": "choose_inspection", "shop": shop("barrel_0#0")})
    entered = [e for e in events if e["type"] == "CubeEnteredCaravan"]
    assert [(e["seat"], e["section"], e["points"]) for e in entered] == [(2, 1, 1), (1, 2, 2)]


def test_ad_1_caravan_entry_points_follow_the_option_also_for_card_c() -> None:
    for option, expected in (("text", [1, 2, 3]), ("published", [2, 1, 0])):
        got = []
        for filled in (0, 3, 6):
            state = rolled(start(3, caravan_entry_points=option), ROLL)
            state.caravan = [2] * filled
            state.hands[0][D.CARD_CARAVAN] = 1
            state, events = do(state, 0, {"type": "play_card", "card": "cube_to_caravan"})
            got.append(events[1]["points"])
        assert got == expected


def test_a_full_caravan_is_scored_and_emptied() -> None:
    state = rolled(start(3), ROLL)
    # 3 players: 3 spaces per section, 9 in all
    state.caravan = [1, 1, 2, 1, 2, 2, 1, 2]
    state.hands[0][D.CARD_CARAVAN] = 1
    vp = state.vp[:]
    state, events = do(state, 0, {"type": "play_card", "card": "cube_to_caravan"})
    assert types(events)[:3] == ["CardPlayed", "CubeEnteredCaravan", "CaravanScored"]
    # seat 0: 1 cube, last in section 3 -> 3; seat 1: 4 cubes, last in section 3 (index 6) ->
    # 12; seat 2: 4 cubes, last in section 3 (index 7) -> 12
    assert events[2]["points"] == [3, 12, 12]
    assert state.caravan == []
    assert state.vp == [vp[0] + 3 + 3, vp[1] + 12, vp[2] + 12]


def test_herni_material_the_caravan_has_four_spaces_per_section_with_four_players() -> None:
    state = start(4)
    state.caravan = [0, 1, 1, 1, 2]
    assert caravan_points(state) == [1, 3 * 1, 1 * 2, 0]
    state3 = start(3)
    state3.caravan = [0, 1, 1, 1, 2]
    assert caravan_points(state3) == [1, 3 * 2, 1 * 2]


def test_ad_4_building_4_draws_a_card_when_ones_cube_enters_the_caravan() -> None:
    state = rolled(start(3), ROLL)
    state.buildings[1] |= 1 << D.B_CARD
    state.owner[shop("bag_2#0")] = 1
    state, events = do(state, 0, {"type": "move_supervisor", "row": 2, "to": 7})
    drawn = [e for e in events if e["type"] == "CardDrawn"]
    assert drawn and drawn[0]["seat"] == 1 and drawn[0]["reason"] == "building"
    assert sum(state.hands[1]) == 1


def test_sending_from_supply_without_a_camel_is_refused() -> None:
    state = rolled(start(3), ROLL)
    state.owner[shop("bag_2#0")] = 1
    state.camels[1] = 1
    state, _ = do(state, 0, {"type": "move_supervisor", "row": 2, "to": 7})
    state.camels[1] = 0  # (cannot happen in play; the refusal is still checked)
    before = snapshot(state)
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 1, {"type": "send_to_caravan", "source": "supply"}, random.Random(0))
    assert err.value.code == NOT_ENOUGH_CAMELS
    assert snapshot(state) == before
