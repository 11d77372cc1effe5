"""Standard rules of a turn: dice, production, the robber, building, development cards, maritime
trade, Longest Road and Largest Army, victory."""

from __future__ import annotations

from games.catan import ENGINE
from games.catan import commands as C
from games.catan.data import DEV_INDEX, RES_INDEX
from games.catan.data_board import NODE_EDGES, NODE_NEIGHBOURS
from games.catan.state import DISCARD, MAIN, OVER, ROAD_BUILDING, ROBBER, ROLL
from tests.games.catan.support import (
    FixedDice,
    corner,
    give,
    hex_id,
    knights,
    legal_types,
    new_game,
    put,
    refused,
    road,
    run,
    run_with,
    skip_setup,
)

BRICK6 = (0, -1)  # beginners' map: brick with a 6
WOOL4 = (1, -1)


def test_a_roll_pays_one_card_per_settlement_and_two_per_city() -> None:
    s = skip_setup(new_game(3))
    put(s, 0, corner(*BRICK6, 3))
    put(s, 1, corner(*BRICK6, 0), city=True)
    run_with(s, 0, {"type": "roll_dice"}, FixedDice([3, 3]))
    assert s.res[0][RES_INDEX["brick"]] == 1
    assert s.res[1][RES_INDEX["brick"]] == 2
    assert s.bank[RES_INDEX["brick"]] == 16
    assert s.phase == MAIN


def test_the_robber_stops_production_of_its_hex() -> None:
    s = skip_setup(new_game(3))
    put(s, 0, corner(*BRICK6, 3))
    s.robber = hex_id(*BRICK6)
    run_with(s, 0, {"type": "roll_dice"}, FixedDice([2, 4]))
    assert sum(s.res[0]) == 0


def test_bank_shortage_pays_nobody_when_several_are_owed() -> None:
    s = skip_setup(new_game(3))
    put(s, 0, corner(*BRICK6, 3))
    put(s, 1, corner(*BRICK6, 0))
    give(s, 2, brick=18)
    run_with(s, 0, {"type": "roll_dice"}, FixedDice([3, 3]))
    assert s.res[0][0] == 0 and s.res[1][0] == 0 and s.bank[0] == 1


def test_bank_shortage_gives_a_single_receiver_what_is_left() -> None:
    s = skip_setup(new_game(3))
    put(s, 1, corner(*BRICK6, 0), city=True)
    give(s, 2, brick=18)
    run_with(s, 0, {"type": "roll_dice"}, FixedDice([3, 3]))
    assert s.res[1][0] == 1 and s.bank[0] == 0


def test_a_seven_makes_hands_over_seven_discard_half_rounded_down() -> None:
    s = skip_setup(new_game(3))
    give(s, 1, brick=5, ore=4)
    give(s, 2, wool=7)
    run_with(s, 0, {"type": "roll_dice"}, FixedDice([3, 4]))
    assert s.phase == DISCARD and s.discard_left == [0, 4, 0]
    assert ENGINE.active_seats(s) == {1}
    refused(s, 1, {"type": "discard", "card": "wool"}, C.NO_SUCH_CARD)
    for _ in range(4):
        run(s, 1, {"type": "discard", "card": "brick"})
    assert s.res[1][0] == 1 and s.phase == ROBBER


def test_standard_rules_do_not_count_development_cards_for_the_seven() -> None:
    s = skip_setup(new_game(3))
    give(s, 1, brick=6, knight=2)
    run_with(s, 0, {"type": "roll_dice"}, FixedDice([3, 4]))
    assert s.phase == ROBBER


def test_the_robber_must_move_and_steals_from_a_neighbouring_player() -> None:
    s = skip_setup(new_game(3))
    s.phase, s.rolled = ROBBER, True
    put(s, 1, corner(*WOOL4, 0))
    put(s, 2, corner(*WOOL4, 3))
    give(s, 1, ore=1)
    refused(s, 0, {"type": "move_robber", "hex": s.robber}, C.ROBBER_MUST_MOVE)
    refused(s, 0, {"type": "move_robber", "hex": hex_id(*WOOL4)}, C.VICTIM_REQUIRED)
    refused(s, 0, {"type": "move_robber", "hex": hex_id(*WOOL4), "victim": 2}, C.BAD_VICTIM)
    refused(s, 0, {"type": "move_robber", "hex": hex_id(0, 2), "victim": 1}, C.BAD_VICTIM)
    run(s, 0, {"type": "move_robber", "hex": hex_id(*WOOL4), "victim": 1})
    assert s.res[0][RES_INDEX["ore"]] == 1 and sum(s.res[1]) == 0
    assert s.robber == hex_id(*WOOL4) and s.phase == MAIN


def test_standard_robber_steals_only_resources() -> None:
    s = skip_setup(new_game(3))
    s.phase, s.rolled = ROBBER, True
    put(s, 1, corner(*WOOL4, 0))
    give(s, 1, knight=1)
    assert {"type": "move_robber", "hex": hex_id(*WOOL4)} in ENGINE.legal_commands(s, 0)


def test_nothing_is_built_or_traded_before_the_roll() -> None:
    s = skip_setup(new_game(3))
    put(s, 0, corner(*BRICK6, 3))
    road(s, 0, corner(*BRICK6, 3), corner(*BRICK6, 4))
    give(s, 0, brick=4, lumber=4, wool=4, grain=4, ore=4)
    refused(s, 0, {"type": "build_road", "edge": NODE_EDGES[corner(*BRICK6, 4)][0]}, C.NOT_ROLLED)
    refused(s, 0, {"type": "buy_development_card"}, C.NOT_ROLLED)
    refused(s, 0, {"type": "trade_bank", "give": "brick", "get": "ore"}, C.NOT_ROLLED)
    refused(s, 0, {"type": "draft_offer"}, C.NOT_ROLLED)
    refused(s, 0, {"type": "end_turn"}, C.NOT_ROLLED)
    assert legal_types(s, 0) == {"roll_dice"}


def test_building_costs_are_paid_to_the_bank() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    a, b, c = corner(*BRICK6, 3), corner(*BRICK6, 4), corner(*BRICK6, 5)
    put(s, 0, a)
    road(s, 0, a, b)
    give(s, 0, brick=2, lumber=2, wool=1, grain=3, ore=3)
    run(s, 0, {"type": "build_road", "edge": _edge(b, c)})
    assert s.res[0][:2] == [1, 1]
    run(s, 0, {"type": "build_settlement", "node": c})
    assert s.res[0] == [0, 0, 0, 2, 3]
    run(s, 0, {"type": "build_city", "node": a})
    assert s.res[0] == [0, 0, 0, 0, 0] and s.cities[0] == 1 and s.settlements[0] == 1
    assert sum(s.bank) == 95


def _edge(a: int, b: int) -> int:
    from tests.games.catan.support import edge

    return edge(a, b)


def test_settlements_need_a_road_and_the_distance_rule() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    a, b = corner(*BRICK6, 3), corner(*BRICK6, 4)
    put(s, 0, a)
    road(s, 0, a, b)
    give(s, 0, brick=2, lumber=2, wool=2, grain=2)
    refused(s, 0, {"type": "build_settlement", "node": b}, C.DISTANCE_RULE)
    refused(s, 0, {"type": "build_settlement", "node": corner(0, 2, 3)}, C.NOT_CONNECTED)
    refused(s, 0, {"type": "build_city", "node": a}, C.CANNOT_AFFORD)


def test_roads_cannot_pass_an_opponents_building() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    a, b, c = corner(*BRICK6, 3), corner(*BRICK6, 4), corner(*BRICK6, 5)
    put(s, 0, a)
    road(s, 0, a, b)
    put(s, 1, b)
    give(s, 0, brick=1, lumber=1)
    refused(s, 0, {"type": "build_road", "edge": _edge(b, c)}, C.NOT_CONNECTED)


def test_piece_limits_are_enforced() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    a, b = corner(*BRICK6, 3), corner(*BRICK6, 4)
    put(s, 0, a)
    road(s, 0, a, b)
    s.settlements[0] = 5
    s.roads[0] = 15
    give(s, 0, brick=2, lumber=2, wool=2, grain=2)
    refused(s, 0, {"type": "build_settlement", "node": corner(*BRICK6, 5)}, C.NO_PIECES)
    refused(s, 0, {"type": "build_road", "edge": _edge(b, corner(*BRICK6, 5))}, C.NO_PIECES)


def test_a_bought_card_cannot_be_played_that_turn_and_one_card_per_turn() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    s.deck.remove(DEV_INDEX["knight"])
    s.deck.append(DEV_INDEX["knight"])
    give(s, 0, ore=1, wool=1, grain=1, monopoly=1)
    events = run(s, 0, {"type": "buy_development_card"})
    assert events[0]["card"] == "knight"
    refused(s, 0, {"type": "play_knight"}, C.CARD_TOO_NEW)
    run(s, 0, {"type": "play_monopoly", "resource": "ore"})
    s.dev_new[0] = [0] * 5
    refused(s, 0, {"type": "play_knight"}, C.ONE_CARD_PER_TURN)


def test_a_knight_may_be_played_before_the_roll() -> None:
    s = skip_setup(new_game(3))
    give(s, 0, knight=1)
    run(s, 0, {"type": "play_knight"})
    assert s.phase == ROBBER and s.knights[0] == 1
    run(s, 0, {"type": "move_robber", "hex": hex_id(0, 2)})
    assert s.phase == ROLL


def test_standard_road_building_may_be_played_before_the_roll() -> None:
    s = skip_setup(new_game(3))
    a, b = corner(*BRICK6, 3), corner(*BRICK6, 4)
    put(s, 0, a)
    road(s, 0, a, b)
    give(s, 0, road_building=1)
    run(s, 0, {"type": "play_road_building"})
    assert s.phase == ROAD_BUILDING
    for _ in range(2):
        run(s, 0, ENGINE.legal_commands(s, 0)[0])
    assert s.roads[0] == 3 and s.phase == ROLL and sum(s.res[0]) == 0


def test_year_of_plenty_and_monopoly() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    give(s, 0, year_of_plenty=1)
    give(s, 1, ore=3)
    give(s, 2, ore=2, wool=1)
    run(s, 0, {"type": "play_year_of_plenty", "resources": ["ore", "brick"]})
    assert s.res[0] == [1, 0, 0, 0, 1]
    s.dev_played = False
    give(s, 0, monopoly=1)
    run(s, 0, {"type": "play_monopoly", "resource": "ore"})
    assert s.res[0][4] == 6 and s.res[1][4] == 0 and s.res[2] == [0, 0, 1, 0, 0]


def test_maritime_trade_four_three_and_two_to_one() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    give(s, 0, brick=4, grain=2)
    refused(s, 0, {"type": "trade_bank", "give": "grain", "get": "ore"}, C.CANNOT_AFFORD)
    run(s, 0, {"type": "trade_bank", "give": "brick", "get": "ore"})
    assert s.res[0] == [0, 0, 0, 2, 1]
    # beginners' map: a grain 2:1 harbour on the coast of (1, -2), a 3:1 one on (0, -2)
    from games.catan.data_board import HARBOUR_SLOT_NODES

    slot = s.harbours.index(RES_INDEX["grain"])
    put(s, 0, HARBOUR_SLOT_NODES[slot][0])
    run(s, 0, {"type": "trade_bank", "give": "grain", "get": "wool"})
    assert s.res[0] == [0, 0, 1, 0, 1]
    generic = s.harbours.index(5)
    put(s, 0, HARBOUR_SLOT_NODES[generic][0])
    give(s, 0, lumber=3)
    run(s, 0, {"type": "trade_bank", "give": "lumber", "get": "brick"})
    assert s.res[0] == [1, 0, 1, 0, 1]
    refused(s, 0, {"type": "trade_bank", "give": "ore", "get": "ore"}, C.SAME_RESOURCE)


def test_longest_road_needs_five_and_passes_to_a_longer_road() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    h = [corner(0, 1, k) for k in range(6)]
    road(s, 0, h[0], h[1], h[2], h[3], h[4])
    assert s.road_len[0] == 4 and s.lr_holder == -1
    road(s, 0, h[4], h[5])
    assert s.lr_holder == 0
    g = [corner(-2, 2, k) for k in range(6)]
    road(s, 1, g[0], g[1], g[2], g[3], g[4], g[5])
    assert s.road_len[1] == 5 and s.lr_holder == 0  # a tie: the holder keeps it (standard)
    road(s, 1, g[5], g[0])
    assert s.road_len[1] == 6 and s.lr_holder == 1


def test_an_opponents_settlement_breaks_a_road() -> None:
    s = skip_setup(new_game(3), phase=MAIN, current=1)
    h = [corner(0, 1, k) for k in range(6)]
    road(s, 0, h[0], h[1], h[2], h[3], h[4], h[5])
    assert s.road_len[0] == 5 and s.lr_holder == 0
    x = next(n for n in NODE_NEIGHBOURS[h[3]] if n not in h)
    y = next(n for n in NODE_NEIGHBOURS[x] if n != h[3])
    put(s, 1, y)
    road(s, 1, y, x, h[3])
    give(s, 1, brick=1, lumber=1, wool=1, grain=1)
    run(s, 1, {"type": "build_settlement", "node": h[3]})
    assert s.road_len[0] == 3 and s.lr_holder == -1


def test_largest_army_needs_three_knights_and_passes_to_a_bigger_army() -> None:
    s = skip_setup(new_game(3))
    knights(s, 0, 2)
    assert s.la_holder == -1
    knights(s, 0, 1)
    assert s.la_holder == 0
    knights(s, 1, 3)
    assert s.la_holder == 0
    knights(s, 1, 1)
    assert s.la_holder == 1


def test_the_player_on_turn_wins_at_ten_counting_hidden_point_cards() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    s.cities[0] = 4  # 8 points
    give(s, 0, victory_point=1)
    a, b, c = corner(*BRICK6, 3), corner(*BRICK6, 4), corner(*BRICK6, 5)
    put(s, 0, a)  # 9 + 1 hidden = 10 once anything happens on the turn
    road(s, 0, a, b)
    give(s, 0, brick=1, lumber=1)
    run(s, 0, {"type": "build_road", "edge": _edge(b, c)})
    assert s.phase == OVER and s.winner == 0
    outcome = ENGINE.outcome(s)
    assert outcome is not None and outcome["ranks"][0] == 1 and outcome["scores"][0] == 10


def test_in_the_standard_game_only_the_player_on_turn_wins() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    s.cities[1] = 5  # 10 points, but it is seat 0's turn
    give(s, 0, brick=1, lumber=1)
    put(s, 0, corner(*BRICK6, 3))
    road(s, 0, corner(*BRICK6, 3), corner(*BRICK6, 4))
    run(s, 0, {"type": "build_road", "edge": _edge(corner(*BRICK6, 4), corner(*BRICK6, 5))})
    assert s.phase == MAIN
    run(s, 0, {"type": "end_turn"})
    assert s.phase == OVER and s.winner == 1
