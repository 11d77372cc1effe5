"""Every refusal class not covered by the rule tests: the code, a message, nothing changed."""

from __future__ import annotations

from games.catan import commands as C
from games.catan.data import DEV_INDEX
from games.catan.state import MAIN
from tests.games.catan.support import (
    corner,
    edge,
    give,
    knights,
    new_game,
    put,
    refused,
    road,
    run,
    skip_setup,
)


def _main_game():  # type: ignore[no-untyped-def]
    s = skip_setup(new_game(3), phase=MAIN)
    a, b = corner(0, 1, 0), corner(0, 1, 1)
    put(s, 0, a)
    road(s, 0, a, b)
    return s


def test_commands_out_of_their_phase() -> None:
    s = _main_game()
    refused(s, 0, {"type": "discard", "card": "ore"}, C.WRONG_PHASE)
    refused(s, 0, {"type": "move_robber", "hex": 3}, C.WRONG_PHASE)
    refused(s, 0, {"type": "roll_dice"}, C.ALREADY_ROLLED)
    refused(s, 0, {"type": "choose_start_resources", "node": 0}, C.WRONG_PHASE)
    refused(s, 0, {"type": "defend_war", "knight": False}, C.WRONG_PHASE)
    refused(s, 0, {"type": "war_give", "card": "ore"}, C.WRONG_PHASE)
    refused(s, 0, {"type": "war_take", "card": "ore"}, C.WRONG_PHASE)
    refused(s, 0, {"type": "war_move_robber", "hex": 2}, C.WRONG_PHASE)


def test_ids_off_the_board() -> None:
    s = _main_game()
    give(s, 0, brick=2, lumber=2, wool=2, grain=2, ore=3)
    refused(s, 0, {"type": "build_settlement", "node": 99}, C.BAD_NODE)
    refused(s, 0, {"type": "build_city", "node": -1}, C.BAD_NODE)
    refused(s, 0, {"type": "build_road", "edge": 72}, C.BAD_EDGE)
    s.phase = "robber"
    refused(s, 0, {"type": "move_robber", "hex": 19}, C.BAD_HEX)


def test_occupied_edges_and_foreign_settlements() -> None:
    s = _main_game()
    give(s, 0, brick=1, lumber=1, ore=3, grain=2)
    refused(
        s, 0, {"type": "build_road", "edge": edge(corner(0, 1, 0), corner(0, 1, 1))}, C.OCCUPIED
    )
    put(s, 1, corner(-2, 2, 0))
    refused(s, 0, {"type": "build_city", "node": corner(-2, 2, 0)}, C.NOT_YOUR_SETTLEMENT)


def test_an_empty_deck_and_an_empty_bank() -> None:
    s = _main_game()
    give(s, 0, ore=1, wool=1, grain=1, year_of_plenty=1)
    s.deck = []
    refused(s, 0, {"type": "buy_development_card"}, C.DECK_EMPTY)
    give(s, 1, brick=19)
    refused(s, 0, {"type": "play_year_of_plenty", "resources": ["brick", "ore"]}, C.BANK_SHORT)
    give(s, 0, ore=3)
    refused(s, 0, {"type": "trade_bank", "give": "ore", "get": "brick"}, C.BANK_SHORT)


def test_road_building_without_a_place_for_a_road() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    give(s, 0, road_building=1)
    refused(s, 0, {"type": "play_road_building"}, C.NO_ROAD_SPOT)
    assert s.dev[0][DEV_INDEX["road_building"]] == 1


def test_drafting_without_a_draft_and_war_on_oneself() -> None:
    s = skip_setup(new_game(2, war=True), phase=MAIN)
    refused(s, 0, {"type": "draft_add", "side": "give", "resource": "ore"}, C.NO_DRAFT)
    refused(s, 0, {"type": "send_offer"}, C.NO_DRAFT)
    knights(s, 0, 2)
    refused(s, 0, {"type": "declare_war", "defender": 0}, C.BAD_SEAT)
    refused(s, 0, {"type": "declare_war", "defender": 5}, C.BAD_SEAT)
    run(s, 0, {"type": "declare_war", "defender": 1})
