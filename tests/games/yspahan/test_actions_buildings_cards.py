"""Ad 2) row actions and the bazaar rules, Ad 4) buildings, Přehled karet: the nine cards."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalCommand
from games.yspahan import ENGINE
from games.yspahan import data as D
from games.yspahan.rules import (
    BAD_AMOUNT,
    BONUS_ONLY_FOR_ROW_ACTION,
    BUILDING_ALREADY_BUILT,
    CARD_HAS_NO_EFFECT,
    CARD_NOT_IN_HAND,
    CARD_ONLY_WITH_BUILDING,
    FINISH_BEGUN_SOUK_FIRST,
    NOT_ENOUGH_CAMELS,
    NOT_ENOUGH_GOLD,
    ONE_BUILDING_PER_TURN,
    SHOP_OCCUPIED,
    SOUK_OF_ANOTHER_PLAYER,
    WRONG_PHASE,
    WRONG_QUARTER,
)
from games.yspahan.state import ACTION, AFTER, PLACE

from .helpers import do, give, rolled, shop, snapshot, souk_shops, start

ROLL = [1, 1, 1, 2, 2, 3, 3, 3, 6]  # camels 3 dice, bag 2, barrel 3, gold 1


def refused(state, seat, command, code):  # type: ignore[no-untyped-def]
    before = snapshot(state)
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, seat, command, random.Random(0))
    assert err.value.code == code, err.value.message
    assert snapshot(state) == before


def test_the_camel_row_gives_one_camel_per_die_and_building_1_one_more() -> None:
    state = rolled(start(3), ROLL)
    state.buildings[0] |= 1 << D.B_CAMEL
    state, _ = do(state, 0, {"type": "take_row", "row": 0})
    assert state.camels[0] == 4


def test_the_gold_row_gives_one_gold_per_die_and_building_2_two_more() -> None:
    state = rolled(start(3), ROLL)
    state.buildings[0] |= 1 << D.B_GOLD
    state, _ = do(state, 0, {"type": "take_row", "row": 5})
    assert state.money[0] == 2 + 1 + 2


def test_ad_2_each_card_discarded_before_the_row_action_raises_it_by_one() -> None:
    state = rolled(start(3), ROLL)
    give(state, 0, "3_gold", "swap_camels_gold")
    state, _ = do(state, 0, {"type": "discard_for_bonus", "card": "3_gold"})
    refused(state, 0, {"type": "move_supervisor", "row": 2, "to": 7}, BONUS_ONLY_FOR_ROW_ACTION)
    state, _ = do(state, 0, {"type": "discard_for_bonus", "card": "swap_camels_gold"})
    state, events = do(state, 0, {"type": "take_row", "row": 0})
    assert events[0]["value"] == 5 and state.camels[0] == 5
    assert sorted(state.discard) == sorted([D.CARD_3_GOLD, D.CARD_SWAP])


def test_market_cubes_go_to_the_quarter_of_the_row_one_by_one() -> None:
    state = rolled(start(3), ROLL)
    state, _ = do(state, 0, {"type": "take_row", "row": 2})  # barrel, 3 dice
    assert state.phase == PLACE and state.to_place == 3
    refused(state, 0, {"type": "place_cube", "shop": shop("bag_0#0")}, WRONG_QUARTER)
    barrel_1 = souk_shops("barrel_1")
    for sh in barrel_1[:3]:
        state, _ = do(state, 0, {"type": "place_cube", "shop": sh})
    assert [state.owner[sh] for sh in barrel_1] == [0, 0, 0, -1]
    assert state.phase != PLACE


def test_a_begun_souk_must_be_filled_before_an_empty_one() -> None:
    state = rolled(start(3), ROLL)
    state, _ = do(state, 0, {"type": "take_row", "row": 2})
    state, _ = do(state, 0, {"type": "place_cube", "shop": souk_shops("barrel_0")[0]})
    refused(
        state, 0, {"type": "place_cube", "shop": souk_shops("barrel_2")[0]}, FINISH_BEGUN_SOUK_FIRST
    )
    refused(state, 0, {"type": "place_cube", "shop": souk_shops("barrel_0")[0]}, SHOP_OCCUPIED)
    state, _ = do(state, 0, {"type": "place_cube", "shop": souk_shops("barrel_0")[1]})
    # barrel_0 is complete: the third cube may start any empty souk
    assert {c["shop"] for c in ENGINE.legal_commands(state, 0)} == {
        *souk_shops("barrel_1"),
        *souk_shops("barrel_2"),
        *souk_shops("barrel_3"),
    }


def test_no_cube_goes_into_a_souk_another_player_has_begun() -> None:
    state = rolled(start(3), ROLL)
    state.owner[souk_shops("barrel_1")[0]] = 1
    state, _ = do(state, 0, {"type": "take_row", "row": 2})
    refused(
        state, 0, {"type": "place_cube", "shop": souk_shops("barrel_1")[1]}, SOUK_OF_ANOTHER_PLAYER
    )


def test_ad_2_a_market_action_without_room_places_what_fits() -> None:
    state = rolled(start(3), [1, 1, 1, 2, 2, 3, 3, 3, 6])
    for souk in D.QUARTER_SOUKS[0]:
        for sh in D.SOUK_SHOPS[souk][1:]:
            state.owner[sh] = 2
    state, _ = do(state, 0, {"type": "take_row", "row": 1})  # bag: 2 cubes, no room at all
    assert state.phase == AFTER or state.turn == 1


def test_building_6_places_one_cube_more() -> None:
    state = rolled(start(3), ROLL)
    state.buildings[0] |= 1 << D.B_CUBE
    state, events = do(state, 0, {"type": "take_row", "row": 2})
    assert events[0]["gain"] == 4 and state.to_place == 4


@pytest.mark.parametrize(
    ("building", "camels", "gold"),
    [
        ("extra_camel", 2, 0),
        ("extra_gold", 2, 2),
        ("extra_movement", 2, 2),
        ("extra_card", 3, 3),
        ("extra_points", 4, 4),
        ("extra_cube", 4, 4),
    ],
)
def test_buildings_cost_what_the_table_says(building: str, camels: int, gold: int) -> None:
    state = rolled(start(3), ROLL)
    state.camels[0], state.money[0] = camels, gold
    state, _ = do(state, 0, {"type": "draw_card", "row": 0})
    if camels:
        state.camels[0] = camels - 1
        refused(state, 0, {"type": "build", "building": building}, NOT_ENOUGH_CAMELS)
        state.camels[0] = camels
    if gold:
        state.money[0] = gold - 1
        refused(state, 0, {"type": "build", "building": building}, NOT_ENOUGH_GOLD)
        state.money[0] = gold
    state, _ = do(state, 0, {"type": "build", "building": building})
    assert state.camels[0] == 0 and state.money[0] == 0


def _build_all(option: str) -> list[int]:
    state = start(3, building_points=option)
    gained = []
    for name in D.BUILDING_IDS:
        state.phase, state.built = AFTER, False
        state.camels[0] = state.money[0] = 10
        vp = state.vp[0]
        state, _ = do(state, 0, {"type": "build", "building": name})
        gained.append(state.vp[0] - vp)
        state.phase, state.turn = AFTER, 0
    return gained


def test_ad_4_building_points_follow_the_text_by_default_and_the_published_game_as_option() -> None:
    # "1 budova - nic, 2 až 5 budov - 5 bodů, všech 6 budov - 10 bodů"
    assert _build_all("text") == [0, 5, 5, 5, 5, 10]
    assert _build_all("published") == [0, 0, 5, 5, 5, 10]


def test_one_building_per_turn_after_the_action_and_never_twice_the_same() -> None:
    state = rolled(start(3), ROLL)
    state.camels[0] = state.money[0] = 20
    give(state, 0, "3_gold")  # something left to do keeps the turn open
    refused(state, 0, {"type": "build", "building": "extra_camel"}, WRONG_PHASE)
    state, _ = do(state, 0, {"type": "take_row", "row": 0})
    state, _ = do(state, 0, {"type": "build", "building": "extra_camel"})
    refused(state, 0, {"type": "build", "building": "extra_gold"}, ONE_BUILDING_PER_TURN)
    state.built = False
    refused(state, 0, {"type": "build", "building": "extra_camel"}, BUILDING_ALREADY_BUILT)


def test_tah_hrace_two_players_published_building_replaces_the_action() -> None:
    state = rolled(start(2), ROLL)
    state.camels[0] = 2
    state, events = do(state, 0, {"type": "build", "building": "extra_camel"})
    assert events[0]["main"] is True
    # nothing left to do: the turn passed to the other player
    assert state.turn == 1 and state.phase == ACTION
    assert not any(c["type"] == "build" for c in ENGINE.legal_commands(state, 1))


def test_cards_h_and_i_waive_the_camels_or_the_gold_and_may_be_played_together() -> None:
    state = rolled(start(3), ROLL)
    give(state, 0, "build_no_camels", "build_no_gold")
    state, _ = do(state, 0, {"type": "draw_card", "row": 0})
    state.camels[0] = state.money[0] = 0
    refused(state, 0, {"type": "play_card", "card": "build_no_gold"}, CARD_ONLY_WITH_BUILDING)
    refused(
        state,
        0,
        {"type": "build", "building": "extra_camel", "cards": ["build_no_gold"]},
        CARD_HAS_NO_EFFECT,
    )
    state, events = do(
        state,
        0,
        {"type": "build", "building": "extra_cube", "cards": ["build_no_camels", "build_no_gold"]},
    )
    assert [e["type"] for e in events][:3] == ["CardPlayed", "CardPlayed", "BuildingBuilt"]
    assert events[2]["camels"] == 0 and events[2]["gold"] == 0
    assert state.buildings[0] >> D.B_CUBE & 1


def test_card_a_gives_three_camels_and_card_b_three_gold() -> None:
    state = rolled(start(3), ROLL)
    give(state, 0, "3_camels", "3_gold")
    state, _ = do(state, 0, {"type": "play_card", "card": "3_camels"})
    state, _ = do(state, 0, {"type": "play_card", "card": "3_gold"})
    assert state.camels[0] == 3 and state.money[0] == 5
    refused(state, 0, {"type": "play_card", "card": "3_gold"}, CARD_NOT_IN_HAND)


def test_prehled_karet_d_puts_a_cube_on_any_empty_shop_not_begun_by_another() -> None:
    state = rolled(start(3), ROLL)
    give(state, 0, "cube_to_souk")
    state.owner[souk_shops("vase_2")[0]] = 1
    refused(
        state,
        0,
        {"type": "play_card", "card": "cube_to_souk", "shop": souk_shops("vase_2")[1]},
        SOUK_OF_ANOTHER_PLAYER,
    )
    state, _ = do(
        state, 0, {"type": "play_card", "card": "cube_to_souk", "shop": souk_shops("chest_2")[2]}
    )
    assert state.owner[souk_shops("chest_2")[2]] == 0


def test_card_e_swaps_gold_and_camels_one_for_one() -> None:
    state = rolled(start(3), ROLL)
    give(state, 0, "swap_camels_gold", "swap_camels_gold")
    refused(
        state, 0, {"type": "play_card", "card": "swap_camels_gold", "amount": 3}, NOT_ENOUGH_GOLD
    )
    state, _ = do(state, 0, {"type": "play_card", "card": "swap_camels_gold", "amount": 2})
    assert state.money[0] == 0 and state.camels[0] == 2
    state, _ = do(state, 0, {"type": "play_card", "card": "swap_camels_gold", "amount": -1})
    assert state.money[0] == 1 and state.camels[0] == 1


def test_card_f_buys_points_for_gold_at_most_ten() -> None:
    state = rolled(start(3), ROLL)
    give(state, 0, "gold_to_vp")
    state.money[0] = 12
    refused(state, 0, {"type": "play_card", "card": "gold_to_vp", "amount": 11}, BAD_AMOUNT)
    state, _ = do(state, 0, {"type": "play_card", "card": "gold_to_vp", "amount": 10})
    assert state.money[0] == 2 and state.vp[0] == 10


def test_card_g_buys_two_points_per_camel_at_most_four() -> None:
    state = rolled(start(3), ROLL)
    give(state, 0, "camels_to_vp")
    state.camels[0] = 6
    refused(state, 0, {"type": "play_card", "card": "camels_to_vp", "amount": 5}, BAD_AMOUNT)
    state, _ = do(state, 0, {"type": "play_card", "card": "camels_to_vp", "amount": 4})
    assert state.camels[0] == 2 and state.vp[0] == 8


def test_tah_hrace_the_first_player_may_play_cards_before_the_roll() -> None:
    state = start(3)
    give(state, 0, "3_gold")
    assert {"type": "play_card", "card": "3_gold"} in ENGINE.legal_commands(state, 0)
    state, _ = do(state, 0, {"type": "play_card", "card": "3_gold"})
    assert state.money[0] == 5 and state.phase == "roll"


def test_an_empty_deck_is_refilled_from_the_played_cards() -> None:
    state = rolled(start(3, deck=[]), ROLL)
    state.discard = [D.CARD_3_GOLD, D.CARD_SWAP]
    state, events = do(state, 0, {"type": "draw_card", "row": 0})
    assert [e["type"] for e in events][:2] == ["DeckShuffled", "CardDrawn"]
    assert sum(state.hands[0]) == 1 and len(state.deck) == 1 and state.discard == []
