"""Board, components and the initial placement (standard rules; variant rules 2, 3 and 4)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.base import IllegalCommand
from games.catan import ENGINE
from games.catan import commands as C
from games.catan.data import DEV_INDEX, RESOURCES
from games.catan.data_board import HEX_NEIGHBOURS, NODE_EDGES, NODE_HEXES
from games.catan.state import ROLL, SETUP_ROAD, SETUP_SETTLEMENT, START_CHOICE
from tests.games.catan.support import corner, hex_id, new_game, refused, run


def test_random_board_has_the_base_game_components_and_no_neighbouring_red_numbers() -> None:
    for seed in range(30):
        s = new_game(3, seed, beginner_board=False)
        assert Counter(s.hex_res) == {0: 3, 1: 4, 2: 4, 3: 4, 4: 3, -1: 1}
        assert sorted(n for n in s.hex_num if n) == [
            2,
            3,
            3,
            4,
            4,
            5,
            5,
            6,
            6,
            8,
            8,
            9,
            9,
            10,
            10,
            11,
            11,
            12,
        ]
        assert s.hex_num[s.hex_res.index(-1)] == 0
        assert s.robber == s.hex_res.index(-1)
        assert sorted(s.harbours) == [0, 1, 2, 3, 4, 5, 5, 5, 5]
        for h in range(19):
            for x in HEX_NEIGHBOURS[h]:
                assert not (s.hex_num[h] in (6, 8) and s.hex_num[x] in (6, 8))


def test_beginner_board_is_the_published_layout() -> None:
    s = new_game(3)
    assert s.hex_res[hex_id(0, -2)] == RESOURCES.index("ore") and s.hex_num[hex_id(0, -2)] == 10
    assert s.hex_res[hex_id(0, 0)] == -1 and s.robber == hex_id(0, 0)
    assert s.hex_num[hex_id(0, 2)] == 11


def test_the_bank_holds_19_of_each_resource_and_the_deck_25_cards() -> None:
    s = new_game(4)
    assert s.bank == [19] * 5
    assert Counter(s.deck) == {0: 14, 1: 5, 2: 2, 3: 2, 4: 2}


def test_rule_4_removes_five_knights() -> None:
    s = new_game(2, remove_five_knights=True)
    assert len(s.deck) == 20 and s.deck.count(DEV_INDEX["knight"]) == 9


def test_placement_is_in_snake_order() -> None:
    s = new_game(4, seed=3)
    f = s.first
    forward = [(f + i) % 4 for i in range(4)]
    assert s.setup_steps == forward + forward[::-1]


def test_rule_2_three_settlements_in_order_a1_b2_a2_b1() -> None:
    s = new_game(2, seed=1, three_settlements=True)
    a, b = s.first, 1 - s.first
    assert s.setup_steps == [a, b, b, a, a, b]


def test_setup_settlement_obeys_the_distance_rule() -> None:
    s = new_game(3)
    seat = s.setup_steps[0]
    node = corner(0, -1, 0)
    run(s, seat, {"type": "build_settlement", "node": node})
    assert s.phase == SETUP_ROAD
    run(s, seat, {"type": "build_road", "edge": NODE_EDGES[node][0]})
    nxt = s.setup_steps[1]
    refused(s, nxt, {"type": "build_settlement", "node": corner(0, -1, 1)}, C.DISTANCE_RULE)
    refused(s, nxt, {"type": "build_settlement", "node": node}, C.DISTANCE_RULE)


def test_setup_road_must_touch_the_settlement_just_placed() -> None:
    s = new_game(3)
    seat = s.setup_steps[0]
    run(s, seat, {"type": "build_settlement", "node": corner(0, -1, 0)})
    far = NODE_EDGES[corner(0, 1, 3)][0]
    refused(s, seat, {"type": "build_road", "edge": far}, C.NOT_CONNECTED)


def _play_setup(s, picks: list[int]) -> None:  # type: ignore[no-untyped-def]
    for node in picks:
        seat = s.setup_steps[s.setup_index]
        run(s, seat, {"type": "build_settlement", "node": node})
        road = next(e for e in NODE_EDGES[node] if s.edge_owner[e] == -1)
        run(s, seat, {"type": "build_road", "edge": road})


def _gains(s, node: int) -> list[int]:  # type: ignore[no-untyped-def]
    out = [0] * 5
    for h in NODE_HEXES[node]:
        if s.hex_res[h] >= 0:
            out[s.hex_res[h]] += 1
    return out


def test_the_second_settlement_pays_one_card_per_hex() -> None:
    s = new_game(2, seed=0)
    picks = [corner(0, -1, 3), corner(1, 1, 0), corner(-2, 1, 0), corner(0, -2, 0)]
    _play_setup(s, picks)
    assert s.phase == ROLL
    for seat in range(2):
        second = s.setup_nodes[seat][1]
        assert s.res[seat] == _gains(s, second)
    assert sum(s.bank) == 95 - sum(map(sum, s.res))


def test_rule_3_each_player_chooses_the_settlement_that_pays() -> None:
    s = new_game(2, seed=0, choose_start_resources=True)
    picks = [corner(0, -1, 3), corner(1, 1, 0), corner(-2, 1, 0), corner(0, -2, 0)]
    _play_setup(s, picks)
    assert s.phase == START_CHOICE and ENGINE.active_seats(s) == {0, 1}
    assert all(sum(h) == 0 for h in s.res)
    first = s.setup_nodes[0][0]
    run(s, 0, {"type": "choose_start_resources", "node": first})
    assert s.res[0] == _gains(s, first)
    refused(s, 1, {"type": "choose_start_resources", "node": first}, C.NOT_A_START_SETTLEMENT)
    run(s, 1, {"type": "choose_start_resources", "node": s.setup_nodes[1][1]})
    assert s.phase == ROLL and s.current == s.first


def test_rule_2_with_rule_3_offers_all_three_settlements() -> None:
    s = new_game(2, seed=0, three_settlements=True, choose_start_resources=True)
    rng = random.Random(4)
    while s.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
        seat = s.setup_steps[s.setup_index]
        run(s, seat, rng.choice(ENGINE.legal_commands(s, seat)))
    assert s.phase == START_CHOICE
    assert len(ENGINE.legal_commands(s, 0)) == 3
    assert s.settlements == [3, 3]


def test_unsupported_player_counts_and_variant_only_rules_are_refused() -> None:
    with pytest.raises(IllegalCommand):
        ENGINE.validate_options(5, {})
    with pytest.raises(IllegalCommand):
        ENGINE.validate_options(3, {"war": True})
    assert ENGINE.validate_options(3, {"war": True, "variant": True})["war"]
    assert ENGINE.validate_options(2, {})["variant"] is True
