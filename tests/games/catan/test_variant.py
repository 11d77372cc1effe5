"""The Czech two-player variant: rule 1, options 2-8 (war in test_war.py) and the clarifications."""

from __future__ import annotations

import pytest

from games.base import IllegalCommand
from games.catan import ENGINE
from games.catan import commands as C
from games.catan.data import DEV_INDEX, RES_INDEX
from games.catan.data_board import HARBOUR_SLOT_HEX, HARBOUR_SLOT_NODES
from games.catan.state import DISCARD, MAIN, OVER, ROBBER
from tests.games.catan.support import (
    FixedDice,
    corner,
    edge,
    give,
    hex_id,
    knights,
    new_game,
    put,
    refused,
    road,
    run,
    run_with,
    skip_setup,
)

WOOL4 = (1, -1)


def test_rule_1_two_players_play_to_twelve() -> None:
    assert new_game(2).target == 12
    assert new_game(3).target == 10
    assert new_game(3, variant=True, victory_points=12).target == 12


def test_rule_1_johanns_first_game_ends_thirteen_to_six() -> None:
    """Johann holds 10 points and a point card, completes the largest army: 12 on the table end
    the game and the card in hand makes 13."""
    s = skip_setup(new_game(2), phase=MAIN)
    s.cities[0], s.settlements[0] = 4, 2  # 10 points
    give(s, 0, victory_point=1, knight=1)
    knights(s, 0, 2)
    s.cities[1], s.settlements[1] = 2, 2  # Adéla: 6 points
    run(s, 0, {"type": "play_knight"})
    assert s.phase == OVER and s.winner == 0
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome["scores"] == [13.0, 6.0] and outcome["ranks"] == [1, 2]
    assert outcome["details"]["margin"] == 7


def test_rule_1_series_scoring_example_sums_the_margins() -> None:
    """13:6, 10:12 and 9:12 from Johann's side: Johann 7, Adéla 2 + 3 = 5."""
    margins = {"Johann": 0, "Adéla": 0}
    for johann, adela in ((13, 6), (10, 12), (9, 12)):
        s = skip_setup(new_game(2), phase=MAIN)
        winner = 0 if johann > adela else 1
        s.final_points = [johann, adela]
        s.winner, s.phase = winner, OVER
        outcome = ENGINE.outcome(s)
        assert outcome is not None
        margins["Johann" if winner == 0 else "Adéla"] += outcome["details"]["margin"]
    assert margins == {"Johann": 7, "Adéla": 5}


def test_rule_1_the_game_ends_the_moment_any_player_reaches_twelve() -> None:
    s = skip_setup(new_game(2), phase=MAIN)
    s.cities[1], s.settlements[1] = 4, 3  # 11 points for the player not on turn
    knights(s, 1, 3)  # largest army: 13 on the table
    assert s.la_holder == 1
    give(s, 0, brick=1, lumber=1)
    a, b = corner(0, 1, 0), corner(0, 1, 1)
    put(s, 0, a)
    run(s, 0, {"type": "build_road", "edge": edge(a, b)})
    assert s.phase == OVER and s.winner == 1


def test_rule_1_the_losers_point_cards_count_capped_at_eleven() -> None:
    s = skip_setup(new_game(2), phase=MAIN)
    s.cities[0], s.settlements[0] = 5, 1  # 11
    s.cities[1], s.settlements[1] = 4, 2  # 10 + 3 point cards in hand
    give(s, 1, victory_point=3)
    give(s, 0, brick=1, lumber=1, wool=1, grain=1)
    a, b, c = corner(0, 1, 0), corner(0, 1, 1), corner(0, 1, 2)
    put(s, 0, a)
    s.settlements[0] -= 1
    road(s, 0, a, b, c)
    run(s, 0, {"type": "build_settlement", "node": c})
    assert s.winner == 0
    outcome = ENGINE.outcome(s)
    assert outcome is not None and outcome["scores"] == [12.0, 11.0]


def test_clarification_a_point_card_bought_this_turn_ends_the_game() -> None:
    s = skip_setup(new_game(2), phase=MAIN)
    s.cities[0], s.settlements[0] = 5, 1  # 11
    s.deck.remove(DEV_INDEX["victory_point"])
    s.deck.append(DEV_INDEX["victory_point"])
    give(s, 0, ore=1, wool=1, grain=1)
    run(s, 0, {"type": "buy_development_card"})
    assert s.phase == OVER and s.winner == 0 and s.final_points == [12, 0]


def test_rule_5_a_laid_point_card_counts_and_cannot_be_stolen() -> None:
    s = skip_setup(new_game(2, lay_out_point_cards=True), phase=MAIN)
    give(s, 0, victory_point=1)
    run(s, 0, {"type": "lay_point_card"})
    assert s.laid_vp[0] == 1 and s.dev[0][DEV_INDEX["victory_point"]] == 0
    assert ENGINE.view(s, 1)["players"][0]["points"] == 1
    put(s, 0, corner(*WOOL4, 0))
    s.current, s.phase, s.rolled = 1, ROBBER, True
    assert {"type": "move_robber", "hex": hex_id(*WOOL4)} in ENGINE.legal_commands(s, 1)
    refused(s, 1, {"type": "move_robber", "hex": hex_id(*WOOL4), "victim": 0}, C.BAD_VICTIM)


def test_rule_5_off_or_a_new_card_cannot_be_laid_out() -> None:
    s = skip_setup(new_game(2), phase=MAIN)
    give(s, 0, victory_point=1)
    refused(s, 0, {"type": "lay_point_card"}, C.NOT_LAID_OUT_OPTION)
    s = skip_setup(new_game(2, lay_out_point_cards=True), phase=MAIN)
    give(s, 0, victory_point=1)
    s.dev_new[0][DEV_INDEX["victory_point"]] = 1
    refused(s, 0, {"type": "lay_point_card"}, C.CARD_TOO_NEW)


def test_rule_7_a_robber_on_a_harbour_blocks_its_trade() -> None:
    for blocked in (False, True):
        s = skip_setup(new_game(2, robber_blocks_harbour=blocked), phase=MAIN)
        slot = s.harbours.index(RES_INDEX["grain"])
        put(s, 0, HARBOUR_SLOT_NODES[slot][0])
        s.robber = HARBOUR_SLOT_HEX[slot]
        give(s, 0, grain=2)
        command = {"type": "trade_bank", "give": "grain", "get": "ore"}
        if blocked:
            refused(s, 0, command, C.CANNOT_AFFORD)
        else:
            run(s, 0, command)
            assert s.res[0][RES_INDEX["ore"]] == 1


def test_rule_8_the_first_city_needs_three_settlements() -> None:
    s = skip_setup(new_game(2, city_needs_three_settlements=True), phase=MAIN)
    put(s, 0, corner(0, 1, 0))
    put(s, 0, corner(-2, 2, 0))
    give(s, 0, ore=6, grain=4)
    refused(s, 0, {"type": "build_city", "node": corner(0, 1, 0)}, C.FIRST_CITY_TOO_EARLY)
    put(s, 0, corner(1, 1, 3))
    run(s, 0, {"type": "build_city", "node": corner(0, 1, 0)})
    # the second city needs no third settlement any more
    run(s, 0, {"type": "build_city", "node": corner(-2, 2, 0)})
    assert s.cities[0] == 2


def test_clarification_a_seven_counts_development_cards_and_they_go_under_the_deck() -> None:
    s = skip_setup(new_game(2))
    give(s, 1, brick=6, knight=1, monopoly=1)
    run_with(s, 0, {"type": "roll_dice"}, FixedDice([3, 4]))
    assert s.phase == DISCARD and s.discard_left[1] == 4
    run(s, 1, {"type": "discard", "card": "monopoly"})
    assert s.deck[0] == DEV_INDEX["monopoly"]


def test_clarification_the_robber_may_stay_and_then_steals_nothing() -> None:
    s = skip_setup(new_game(2))
    s.phase, s.rolled = ROBBER, True
    put(s, 1, corner(0, 0, 0))
    give(s, 1, ore=1)
    refused(s, 0, {"type": "move_robber", "hex": s.robber, "victim": 1}, C.BAD_VICTIM)
    run(s, 0, {"type": "move_robber", "hex": s.robber})
    assert s.res[1][RES_INDEX["ore"]] == 1 and s.phase == MAIN


def test_clarification_a_stolen_development_card_is_not_playable_that_turn() -> None:
    s = skip_setup(new_game(2))
    s.phase, s.rolled = ROBBER, True
    put(s, 1, corner(*WOOL4, 0))
    give(s, 1, knight=1)
    events = run(s, 0, {"type": "move_robber", "hex": hex_id(*WOOL4), "victim": 1})
    assert events[-1]["card"] == "knight" and s.dev[0][DEV_INDEX["knight"]] == 1
    refused(s, 0, {"type": "play_knight"}, C.CARD_TOO_NEW)
    run(s, 0, {"type": "end_turn"})
    run_with(s, 1, {"type": "roll_dice"}, FixedDice([1, 2]))
    run(s, 1, {"type": "end_turn"})
    assert {"type": "play_knight"} in ENGINE.legal_commands(s, 0)


def test_clarification_road_building_not_before_the_roll() -> None:
    s = skip_setup(new_game(2))
    a, b = corner(0, 1, 0), corner(0, 1, 1)
    put(s, 0, a)
    road(s, 0, a, b)
    give(s, 0, road_building=1, knight=1)
    refused(s, 0, {"type": "play_road_building"}, C.ROAD_BUILDING_BEFORE_ROLL)
    assert {"type": "play_knight"} in ENGINE.legal_commands(s, 0)


def test_clarification_a_tied_longest_road_goes_to_the_bank() -> None:
    s = skip_setup(new_game(2), phase=MAIN)
    h = [corner(0, 1, k) for k in range(6)]
    road(s, 0, *h)
    assert s.lr_holder == 0
    g = [corner(-2, 2, k) for k in range(6)]
    road(s, 1, *g)
    assert s.road_len == [5, 5] and s.lr_holder == -1


def test_clarification_a_tied_largest_army_goes_to_the_bank() -> None:
    s = skip_setup(new_game(2))
    knights(s, 0, 3)
    assert s.la_holder == 0
    knights(s, 1, 3)
    assert s.la_holder == -1


def test_clarification_only_resources_are_traded_and_nothing_is_given_away() -> None:
    s = skip_setup(new_game(2), phase=MAIN)
    give(s, 0, ore=1, knight=1)
    give(s, 1, wool=1)
    run(s, 0, {"type": "draft_offer"})
    refused(s, 0, {"type": "draft_add", "side": "give", "resource": "knight"}, C.BAD_CARD)
    run(s, 0, {"type": "draft_add", "side": "give", "resource": "ore"})
    refused(s, 0, {"type": "send_offer"}, C.EMPTY_OFFER)


def test_options_of_the_variant_need_the_variant_with_three_players() -> None:
    with pytest.raises(IllegalCommand):
        ENGINE.validate_options(4, {"lay_out_point_cards": True})
