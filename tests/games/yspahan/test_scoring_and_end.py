"""Bodování tržiště, Bodování karavany, Na konci kola, Závěrečné vyhodnocení; forfeits."""

from __future__ import annotations

import random

import pytest

from games.base import GAME_OVER, IllegalCommand
from games.yspahan import ENGINE
from games.yspahan import data as D
from games.yspahan.state import AFTER, OVER

from .helpers import do, rolled, souk_shops, start, types

ROLL = [1, 1, 1, 2, 2, 3, 3, 3, 6]


def last_turn(epoch: int, day: int, **options: str):  # type: ignore[no-untyped-def]
    state = rolled(start(3, **options), ROLL)
    state.epoch, state.day = epoch, day
    state.turn, state.phase = 2, AFTER  # seat 2 ends the round
    return state


def test_prubeh_hry_the_epoch_ends_with_marketplace_then_caravan_scoring_the_caravan_kept() -> None:
    state = last_turn(1, 7)
    for sh in souk_shops("vase_2"):
        state.owner[sh] = 1
    for sh in souk_shops("barrel_0"):
        state.owner[sh] = 0
    state.owner[souk_shops("bag_0")[0]] = 2  # unfinished: scores nothing
    state.buildings[0] |= 1 << D.B_POINTS  # +2 per completed souk
    state.caravan = [2, 1, 1, 2]
    state, events = do(state, 2, {"type": "end_turn"})
    assert types(events) == ["MarketScored", "CaravanScored", "RoundEnded"]
    assert events[0]["points"] == [3 + 2, 12, 0]
    # seat 1: 2 cubes, last in section 1 (index 2) -> 2; seat 2: 2 cubes, last index 3 -> 4
    assert events[1]["points"] == [0, 2, 4]
    assert state.vp == [5, 14, 4]
    # all cubes leave the marketplace; the caravan keeps its cubes
    assert all(o == -1 for o in state.owner) and state.caravan == [2, 1, 1, 2]
    assert (state.epoch, state.day, state.first) == (2, 1, 2)


def test_prubeh_kola_unfinished_souks_return_their_cubes_at_the_end_of_each_round() -> None:
    state = last_turn(1, 3)
    for sh in souk_shops("vase_2"):
        state.owner[sh] = 1
    state.owner[souk_shops("bag_0")[0]] = 2
    state.supervisor = 7
    state, events = do(state, 2, {"type": "end_turn"})
    assert events[-1]["returned"] == [souk_shops("bag_0")[0]]
    assert [state.owner[sh] for sh in souk_shops("vase_2")] == [1, 1, 1]
    assert state.owner[souk_shops("bag_0")[0]] == -1
    assert state.supervisor == D.HUB and state.day == 4


def test_prubeh_kola_published_option_keeps_unfinished_souks_until_the_epoch_ends() -> None:
    state = last_turn(1, 3, souk_clearing="published")
    state.owner[souk_shops("bag_0")[0]] = 2
    state, events = do(state, 2, {"type": "end_turn"})
    assert events[-1]["returned"] == [] and state.owner[souk_shops("bag_0")[0]] == 2


def test_zaverecne_vyhodnoceni_after_three_epochs_equal_points_share_the_place() -> None:
    state = last_turn(3, 7)
    state.vp = [20, 20, 7]
    state, events = do(state, 2, {"type": "end_turn"})
    assert types(events)[-1] == "GameEnded" and state.phase == OVER
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    # "v případě rovnosti žádné pomocné kriterium není určeno"
    assert outcome["ranks"] == [1, 1, 3] and outcome["tiebreak"] is None
    assert ENGINE.active_seats(state) == frozenset()
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, {"type": "end_turn"}, random.Random(0))
    assert err.value.code == GAME_OVER


def test_leaving_the_game_the_seat_is_skipped_and_ranks_last() -> None:
    state = rolled(start(3), ROLL)
    for event in ENGINE.forfeit(state, 1):
        state = ENGINE.apply(state, event)
    state, _ = do(state, 0, {"type": "take_row", "row": 5})
    assert ENGINE.active_seats(state) == {2}
    for event in ENGINE.forfeit(state, 2):
        state = ENGINE.apply(state, event)
    outcome = ENGINE.outcome(state)
    assert (
        outcome is not None and outcome["ranks"][0] == 1 and sorted(outcome["ranks"][1:]) == [2, 2]
    )


def test_leaving_the_game_on_ones_own_turn_passes_the_turn() -> None:
    state = rolled(start(4), ROLL)
    events = ENGINE.forfeit(state, 0)
    assert types(events) == ["SeatForfeited", "TurnEnded"]
    for event in events:
        state = ENGINE.apply(state, event)
    assert ENGINE.active_seats(state) == {1}


def test_leaving_the_game_a_first_player_leaving_before_the_roll_hands_it_on() -> None:
    state = start(4, first=2)
    for event in ENGINE.forfeit(state, 2):
        state = ENGINE.apply(state, event)
    assert state.first == 3 and state.order == [3, 0, 1] and ENGINE.active_seats(state) == {3}


def test_leaving_the_game_rules_version_1_kept_the_cube_of_an_owner_leaving_mid_choice() -> None:
    from .helpers import shop

    state = rolled(start(3, rules_version=1), ROLL)
    state.owner[shop("bag_2#1")] = 1
    state.owner[shop("barrel_0#0")] = 2
    state.camels[1] = state.camels[2] = 1
    state, _ = do(state, 0, {"type": "move_supervisor", "row": 1, "to": 23})
    state, _ = do(state, 0, {"type": "choose_inspection", "shop": shop("bag_2#1")})
    assert ENGINE.active_seats(state) == {1}
    for event in ENGINE.forfeit(state, 1):
        state = ENGINE.apply(state, event)
    assert state.owner[shop("bag_2#1")] == 1 and state.caravan == []
    assert ENGINE.active_seats(state) == {0}
    assert ENGINE.legal_commands(state, 0) == [
        {"type": "choose_inspection", "shop": shop("barrel_0#0")}
    ]
