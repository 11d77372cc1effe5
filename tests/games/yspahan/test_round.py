"""Zahájení, Průběh kola, Tah hráče: setup, dice, the tower, rows, turn order."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalCommand
from games.testing import fold
from games.yspahan import ENGINE
from games.yspahan import data as D
from games.yspahan.events import tower_rows
from games.yspahan.legal import ROW_ALREADY_USED, ROW_EMPTY, ROW_ONLY_YELLOW
from games.yspahan.rules import NOT_ENOUGH_GOLD, ROW_REQUIRED, TOO_MANY_YELLOW
from games.yspahan.state import ACTION, AFTER, ROLL

from .helpers import do, end, rolled, snapshot, start, types


def test_setup_gives_two_gold_a_shuffled_deck_and_puts_the_supervisor_in_the_centre() -> None:
    for n in (2, 3, 4):
        opts = ENGINE.validate_options(n, {})
        state = fold(ENGINE, ENGINE.setup(n, opts, random.Random(n)))
        # "každý hráč si vezme do začátku 2 peníze"; "bílá figurka ... do středu tržiště"
        assert state.money == [2] * n and state.camels == [0] * n and state.vp == [0] * n
        assert state.supervisor == D.HUB
        assert sorted(state.deck) == sorted(c for c in range(9) for _ in range(2))
        assert (state.epoch, state.day, state.phase) == (1, 1, ROLL)
        assert state.order[0] == state.first


def test_the_first_player_may_buy_one_to_three_yellow_dice_for_one_gold_each() -> None:
    state = start(3)
    state, events = do(state, 0, {"type": "roll", "yellow": 2})
    assert events[0]["yellow_bought"] == 2 and len(events[0]["yellow"]) == 2
    assert len(events[0]["white"]) == 9
    assert state.money[0] == 0 and state.phase == ACTION


def test_buying_yellow_dice_beyond_three_or_beyond_ones_gold_is_refused() -> None:
    state = start(3)
    before = snapshot(state)
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, {"type": "roll", "yellow": 4}, random.Random(0))
    assert err.value.code == TOO_MANY_YELLOW
    state.money[0] = 1
    before = snapshot(state)
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, {"type": "roll", "yellow": 2}, random.Random(0))
    assert err.value.code == NOT_ENOUGH_GOLD
    assert snapshot(state) == before


def test_prubeh_kola_groups_go_bottom_up_and_the_highest_group_always_on_top() -> None:
    # 1,1,1,2,2,3,3,3,6: three camels, two dice for the bag row, three for the barrel row,
    # one die of gold; chest and vase rows stay empty.
    rows = tower_rows([1, 1, 1, 2, 2, 3, 3, 3, 6], [])
    assert rows == [(1, 3, 0), (2, 2, 0), (3, 3, 0), (0, 0, 0), (0, 0, 0), (6, 1, 0)]
    # all six values fill all six rows
    rows = tower_rows([1, 2, 3, 4, 5, 6, 6, 6, 6], [])
    assert [r[0] for r in rows] == [1, 2, 3, 4, 5, 6]
    # a single value is the highest group: it goes to the top (gold) row
    rows = tower_rows([4] * 9, [])
    assert rows[5] == (4, 9, 0) and all(r == (0, 0, 0) for r in rows[:5])


def test_yellow_dice_join_the_groups_of_their_value() -> None:
    rows = tower_rows([2, 2, 5, 5, 5, 5, 5, 5, 5], [2, 6])
    assert rows[0] == (2, 2, 1) and rows[1] == (5, 7, 0) and rows[5] == (6, 0, 1)


def test_ad_2_only_the_first_player_counts_yellow_dice_and_uses_a_yellow_only_row() -> None:
    state = rolled(start(3), [2, 2, 5, 5, 5, 5, 5, 5, 5], [2, 6])
    state, events = do(state, 0, {"type": "take_row", "row": 0})
    assert events[0]["value"] == 3 and state.camels[0] == 3
    state = end(state, 0)
    before = snapshot(state)
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 1, {"type": "take_row", "row": 5}, random.Random(0))
    assert err.value.code == ROW_ONLY_YELLOW
    assert snapshot(state) == before


def test_a_row_used_by_another_player_or_without_dice_cannot_be_used() -> None:
    state = rolled(start(3), [1, 1, 1, 2, 2, 3, 3, 3, 6])
    state, _ = do(state, 0, {"type": "take_row", "row": 5})
    state = end(state, 0)
    before = snapshot(state)
    for row, code in ((5, ROW_ALREADY_USED), (4, ROW_EMPTY)):
        with pytest.raises(IllegalCommand) as err:
            ENGINE.execute(state, 1, {"type": "take_row", "row": row}, random.Random(0))
        assert err.value.code == code
    assert snapshot(state) == before


def test_a_player_who_cannot_use_any_row_must_draw_a_card_without_a_row() -> None:
    state = rolled(start(4), [3] * 9)  # one row only
    state, _ = do(state, 0, {"type": "take_row", "row": 5})
    state = end(state, 0)
    assert [c["type"] for c in ENGINE.legal_commands(state, 1)] == ["draw_card"]
    state, events = do(state, 1, {"type": "draw_card"})
    assert events[0]["type"] == "CardDrawn" and events[0]["row"] is None
    assert sum(state.hands[1]) == 1


def test_drawing_without_a_row_is_refused_while_a_row_can_be_used() -> None:
    state = rolled(start(3), [1, 1, 1, 2, 2, 3, 3, 3, 6])
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, {"type": "draw_card"}, random.Random(0))
    assert err.value.code == ROW_REQUIRED


def test_drawing_a_card_uses_up_the_row() -> None:
    state = rolled(start(3), [1, 1, 1, 2, 2, 3, 3, 3, 6])
    state, _ = do(state, 0, {"type": "draw_card", "row": 2})
    assert state.used[2] and sum(state.hands[0]) == 1


def test_turns_go_clockwise_and_the_first_player_moves_counter_clockwise() -> None:
    state = start(4, first=2)
    assert state.order == [2, 3, 0, 1]
    state = rolled(state, [1, 1, 1, 2, 2, 3, 3, 3, 6])
    for seat in (2, 3, 0, 1):
        assert ENGINE.active_seats(state) == {seat}
        state, events = do(
            state,
            seat,
            {"type": "draw_card", "row": 0}
            if seat == 2
            else {"type": "draw_card", "row": [0, 1, 2, 5][(seat - 2) % 4]},
        )
        if state.phase == AFTER:
            state, events = do(state, seat, {"type": "end_turn"})
    assert types(events)[-1] == "RoundEnded"
    assert state.first == 1 and state.order == [1, 2, 3, 0] and state.day == 2
    assert state.supervisor == D.HUB and state.phase == ROLL


def test_prubeh_kola_two_players_published_the_first_player_acts_first_and_third() -> None:
    state = start(2, first=1)
    assert state.order == [1, 0, 1]


def test_prubeh_kola_the_last_round_with_four_players_goes_by_fewest_points() -> None:
    # Seats 1 and 3 tie on 5 points; the previous first player was 2, so the seat that would
    # normally start next is 1, which wins the tie.
    from games.yspahan.setup import round_order

    order = round_order(4, [False] * 4, [9, 5, 7, 5], 2, 3, 7, 1)
    assert order == [1, 3, 2, 0]
    order = round_order(4, [False] * 4, [9, 5, 7, 5], 0, 3, 7, 3)
    assert order == [3, 1, 2, 0]
    # other rounds keep the clockwise order
    assert round_order(4, [False] * 4, [9, 5, 7, 5], 2, 3, 6, 1) == [1, 2, 3, 0]
