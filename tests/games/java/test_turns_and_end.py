"""Průběh hry, Akční žetony, Konec hry a závěrečné bodování."""

from __future__ import annotations

from games.java import rules
from games.java.state import PALACE
from tests.games.java.helpers import (
    ENGINE,
    cell,
    events_of,
    land,
    new_game,
    put,
    refused,
    run,
    stand,
)


def test_a_turn_has_six_action_points_and_passes_clockwise() -> None:
    s = new_game(3)
    s = run(s, 0, land("rice", [(9, 4)]))
    s = run(s, 0, {"type": "end_turn"})
    assert s.turn == 1 and s.ap == 6


def test_the_land_duty_keeps_the_last_action_point_for_a_tile() -> None:
    s = new_game()
    s.supply[0][1] = 0  # no token to fall back on
    s.ap = 1
    refused(s, 0, {"type": "take_card", "source": "deck"}, rules.LAND_DUTY)
    refused(s, 0, {"type": "end_turn"}, rules.LAND_DUTY)


def test_an_action_token_gives_a_seventh_point_once_per_turn() -> None:
    s = new_game()
    s = run(s, 0, {"type": "use_token"})
    assert s.ap == 7 and s.supply[0][1] == 2
    refused(s, 0, {"type": "use_token"}, rules.TOKEN_UNAVAILABLE)


def test_three_tokens_per_game() -> None:
    s = new_game()
    s.supply[0][1] = 0
    refused(s, 0, {"type": "use_token"}, rules.TOKEN_UNAVAILABLE)


def test_zeton_na_zacatku_tahu_the_official_timing_is_the_default() -> None:
    # "V oficiálních českých pravidlech se praví, že hráč musí akční žeton použít na začátku
    # svého tahu": the rule, so the default; the author's proposal is the option any_time.
    assert ENGINE.validate_options(2, {})["token_timing"] == "start_of_turn"
    s = new_game()
    assert run(s, 0, {"type": "use_token"}).ap == 7
    s = run(s, 0, land("rice", [(9, 4)]))
    refused(s, 0, {"type": "use_token"}, rules.TOKEN_UNAVAILABLE)
    s = run(new_game(), 0, {"type": "take_card", "source": "deck"})
    refused(s, 0, {"type": "use_token"}, rules.TOKEN_UNAVAILABLE)


def test_zeton_kdykoli_behem_tahu_the_authors_proposal_is_an_option() -> None:
    # "navrhuji, aby tuto možnost měl hráč kdykoli během tahu"
    s = new_game(token_timing="any_time")
    s = run(s, 0, land("rice", [(9, 4)]))
    s = run(s, 0, {"type": "take_card", "source": "deck"})
    s = run(s, 0, {"type": "use_token"})
    assert s.ap == 5 and s.supply[0][1] == 2
    refused(s, 0, {"type": "use_token"}, rules.TOKEN_UNAVAILABLE)


def test_an_unknown_option_value_is_refused() -> None:
    import pytest

    from games.base import IllegalCommand

    with pytest.raises(IllegalCommand):
        ENGINE.validate_options(2, {"token_timing": "never"})
    with pytest.raises(IllegalCommand):
        ENGINE.validate_options(5, {})


def city(s, palace_at, cells, value):
    put(s, [], cells)
    c = cell(*palace_at)
    s.top[c] = PALACE
    s.palace[c] = value


def test_final_scoring_second_place_is_by_player_not_by_figure() -> None:
    # The text's example: A has figures on levels 3 and 2, B on level 1 -> B gets second prize.
    s = new_game(3)
    city(s, (5, 4), [(4, 4), (5, 4), (6, 4), (4, 5), (5, 5), (6, 5)], 6)
    s.height[cell(4, 4)] = 3
    s.height[cell(6, 4)] = 2
    stand(s, 0, 4, 4)
    stand(s, 0, 6, 4)
    stand(s, 1, 4, 5)
    assert rules.final_points(s, 0)[0] == 6
    assert rules.final_points(s, 1)[0] == 3
    assert rules.final_points(s, 2)[0] == 0


def test_final_scoring_ties_all_get_the_prize() -> None:
    s = new_game(3)
    city(s, (5, 4), [(4, 4), (5, 4), (6, 4), (4, 5), (5, 5)], 4)
    stand(s, 0, 4, 4)
    stand(s, 1, 6, 4)
    stand(s, 2, 4, 5)
    stand(s, 2, 5, 5)
    assert rules.final_points(s, 2)[0] == 4
    assert rules.final_points(s, 0)[0] == 2 and rules.final_points(s, 1)[0] == 2


def test_the_last_three_tile_starts_the_final_round() -> None:
    s = new_game(3)
    s.three_left = 1
    city(s, (5, 4), [(4, 4), (5, 4), (6, 4)], 2)
    stand(s, 1, 4, 4)
    s = run(s, 0, land("three", [(9, 4), (10, 4)], [(9, 5)]))
    assert s.trigger == 0
    events = events_of(s, 0, {"type": "end_turn"})
    assert [e["type"] for e in events] == ["FinalScored", "TurnEnded"]
    s = run(s, 0, {"type": "end_turn"})
    assert s.final_done == [True, False, False] and s.turn == 1
    # No land duty in the last turns.
    s = run(s, 1, {"type": "end_turn"})
    assert s.scores[1] == 2 and s.turn == 2
    s = run(s, 2, {"type": "end_turn"})
    assert s.over and ENGINE.outcome(s)["ranks"] == [2, 1, 2]
    refused(s, 2, {"type": "end_turn"}, "game_over")


def test_a_finished_player_still_joins_later_festivals() -> None:
    from games.java.data import CARD_INDEX

    s = new_game(2)
    city(s, (5, 4), [(4, 4), (5, 4), (6, 4)], 4)
    stand(s, 0, 4, 4)
    stand(s, 1, 6, 4)
    s.trigger = 0
    s.final_done[0] = True
    s.turn = 1
    s.hands[1] = [1, 0, 0, 0, 0, 0]
    s.open_card = CARD_INDEX["symbol_A"]
    s = run(s, 1, {"type": "hold_festival", "cell": [5, 4]})
    assert s.festival.bidders == [1, 0]


def test_forfeit_takes_the_figures_off_and_ranks_last() -> None:
    s = new_game(3)
    put(s, [(4, 4)])
    stand(s, 0, 4, 4)
    for e in ENGINE.forfeit(s, 0):
        s = ENGINE.apply(s, e)
    assert s.figure[cell(4, 4)] == -1 and s.turn == 1 and s.forfeited[0]
    for e in ENGINE.forfeit(s, 1):
        s = ENGINE.apply(s, e)
    assert s.over and ENGINE.outcome(s)["ranks"][2] == 1
