"""Stavba a rozšiřování paláce, Slavnostní karty, Uspořádání slavnosti."""

from __future__ import annotations

from games.java import rules
from games.java.data import CARD_INDEX, COMPONENTS
from games.java.state import PALACE
from tests.games.java.helpers import (
    ENGINE,
    cell,
    events_of,
    is_legal,
    land,
    new_game,
    put,
    refused,
    run,
    stand,
)

VILLAGE4 = [(4, 4), (5, 4), (6, 4), (4, 5)]
A, B, C = "symbol_A", "symbol_B", "symbol_C"
AB = "symbol_A+symbol_B"


def village_game(n: int = 2):
    s = new_game(n)
    put(s, [], VILLAGE4)
    return s


def build(value: int = 4, at=(5, 4)) -> dict:
    return {"type": "build_palace", "cell": list(at), "value": value}


def test_the_highest_figure_builds_a_palace_and_scores_half_at_once() -> None:
    s = village_game()
    s.height[cell(4, 4)] = 2
    stand(s, 0, 4, 4)
    stand(s, 1, 6, 4)
    after = run(s, 0, build(4))
    assert after.top[cell(5, 4)] == PALACE and after.palace[cell(5, 4)] == 4
    assert after.scores[0] == 2 and after.ap == 5 and after.palaces_left[1] == 6
    s.turn = 1
    refused(s, 1, build(4), rules.NOT_HIGHEST)


def test_equal_levels_are_decided_by_the_next_figures_and_a_full_tie_blocks() -> None:
    s = village_game()
    stand(s, 0, 4, 4)
    stand(s, 1, 6, 4)
    refused(s, 0, build(2), rules.NOT_HIGHEST)
    stand(s, 0, 4, 5)
    assert is_legal(s, 0, build(2))


def test_a_palace_is_worth_at_most_the_size_of_its_village() -> None:
    s = village_game()
    stand(s, 0, 4, 4)
    refused(s, 0, build(6), rules.PALACE_TOO_BIG)
    refused(s, 0, build(5), rules.PALACE_VALUE)
    assert is_legal(s, 0, build(4))


def test_a_village_holds_one_palace_on_a_free_village_space() -> None:
    s = village_game()
    stand(s, 0, 4, 4)
    s = run(s, 0, build(2))
    refused(s, 0, build(2, (6, 4)), rules.ALREADY_A_CITY)
    refused(s, 0, build(2, (4, 5)), rules.ALREADY_A_CITY)
    refused(s, 0, build(2, (4, 4)), rules.SPACE_TAKEN)
    put(s, [(9, 4)])
    refused(s, 0, build(2, (9, 4)), rules.NOT_A_VILLAGE)


def test_a_palace_changes_once_per_turn_and_not_in_the_turn_it_was_built() -> None:
    s = village_game()
    stand(s, 0, 4, 4)
    s = run(s, 0, build(2))
    enlarge = {"type": "enlarge_palace", "cell": [5, 4], "value": 4}
    refused(s, 0, enlarge, rules.PALACE_CHANGED)
    s.changed = []
    after = run(s, 0, enlarge)
    assert after.palace[cell(5, 4)] == 4 and after.scores[0] == 1 + 2
    refused(after, 0, {"type": "enlarge_palace", "cell": [5, 4], "value": 2}, rules.PALACE_CHANGED)
    after.changed = []
    refused(after, 0, {"type": "enlarge_palace", "cell": [5, 4], "value": 4}, rules.PALACE_VALUE)


def test_taking_the_open_card_turns_the_top_of_the_deck() -> None:
    s = new_game()
    top = s.deck[-1]
    open_card = s.open_card
    after = run(s, 0, {"type": "take_card", "source": "open"})
    assert after.open_card == top and after.hands[0][open_card] == s.hands[0][open_card] + 1
    assert after.known[0][open_card] == 1 and after.ap == 5


def test_at_most_two_cards_per_turn() -> None:
    s = new_game()
    s = run(s, 0, {"type": "take_card", "source": "deck"})
    s = run(s, 0, {"type": "take_card", "source": "deck"})
    refused(s, 0, {"type": "take_card", "source": "open"}, rules.CARD_LIMIT)


def test_an_empty_deck_is_refilled_from_the_shuffled_discards() -> None:
    s = new_game()
    s.discard = s.deck[:-1]
    s.deck = s.deck[-1:]
    events = events_of(s, 0, {"type": "take_card", "source": "deck"})
    assert [e["type"] for e in events] == ["CardTaken", "DeckReshuffled"]
    after = run(s, 0, {"type": "take_card", "source": "deck"})
    assert not after.discard and len(after.deck) == len(s.discard)


def city_game(n: int = 3, value: int = 4):
    s = village_game(n)
    stand(s, 0, 4, 4)
    stand(s, 1, 6, 4)
    if n > 2:
        stand(s, 2, 4, 5)
    c = cell(5, 4)
    s.top[c] = PALACE
    s.palace[c] = value
    s.land_laid = True
    s.open_card = CARD_INDEX[AB]
    for seat in range(n):
        s.hands[seat] = [0] * len(COMPONENTS.card_names)
    return s


def give(s, seat: int, *cards: str) -> None:
    for name in cards:
        s.hands[seat][CARD_INDEX[name]] += 1


def bid(s, seat: int, card: str):
    return run(s, seat, {"type": "bid_card", "card": card})


def test_a_festival_needs_a_figure_in_the_city_and_a_matching_card() -> None:
    s = city_game()
    hold = {"type": "hold_festival", "cell": [5, 4]}
    give(s, 0, C)
    refused(s, 0, hold, rules.NO_MATCHING_CARD)
    give(s, 0, A)
    s.figure[cell(4, 4)] = -1
    refused(s, 0, hold, rules.NO_FIGURE_IN_CITY)


def test_a_festival_is_the_last_action_after_the_land_tile() -> None:
    s = city_game()
    give(s, 0, A)
    s.land_laid = False
    refused(s, 0, {"type": "hold_festival", "cell": [5, 4]}, rules.LAND_DUTY)


def test_the_auction_runs_clockwise_and_most_symbols_win_half_the_palace() -> None:
    s = city_game(3, value=6)
    give(s, 0, A)
    give(s, 1, AB)
    give(s, 2, A, B)
    s = run(s, 0, {"type": "hold_festival", "cell": [5, 4]})
    assert s.festival.bidders == [0, 1, 2]
    assert ENGINE.active_seats(s) == {0}
    refused(s, 0, {"type": "pass_bid"}, rules.MUST_BID)
    refused(s, 0, {"type": "bid_card", "card": B}, rules.NO_CARD)
    s = bid(s, 0, A)
    s = run(s, 0, {"type": "finish_bid"})
    assert ENGINE.active_seats(s) == {1}
    s = bid(s, 1, AB)  # two matching symbols
    s = run(s, 1, {"type": "finish_bid"})
    s = run(s, 2, {"type": "pass_bid"})
    s = run(s, 0, {"type": "pass_bid"})
    s = run(s, 1, {"type": "pass_bid"})
    assert s.festival is None and s.festive[cell(5, 4)]
    assert s.scores == [0, 3, 0]  # half of 6
    assert sorted(s.discard) == sorted([CARD_INDEX[A], CARD_INDEX[AB]])
    assert s.turn == 1  # the festival ended the organiser's turn


def test_a_passed_player_is_out_of_the_auction() -> None:
    s = city_game(3, value=4)
    give(s, 0, A, A)
    give(s, 1, A)
    give(s, 2, B)
    s = run(s, 0, {"type": "hold_festival", "cell": [5, 4]})
    s = run(run(s, 0, {"type": "bid_card", "card": A}), 0, {"type": "finish_bid"})
    s = run(s, 1, {"type": "pass_bid"})
    s = run(run(s, 2, {"type": "bid_card", "card": B}), 2, {"type": "finish_bid"})
    assert ENGINE.active_seats(s) == {0}
    s = run(run(s, 0, {"type": "bid_card", "card": A}), 0, {"type": "finish_bid"})
    assert ENGINE.active_seats(s) == {2}


def test_tied_festival_winners_share_by_the_rule_card_table() -> None:
    for value, each in ((2, 0), (4, 1), (6, 2), (8, 2), (10, 3)):
        s = city_game(2, value=value)
        give(s, 0, A)
        give(s, 1, B)
        s = run(s, 0, {"type": "hold_festival", "cell": [5, 4]})
        s = run(run(s, 0, {"type": "bid_card", "card": A}), 0, {"type": "finish_bid"})
        s = run(run(s, 1, {"type": "bid_card", "card": B}), 1, {"type": "finish_bid"})
        s = run(s, 0, {"type": "pass_bid"})
        s = run(s, 1, {"type": "pass_bid"})
        assert s.scores == [each, each], value


def test_a_red_palace_hosts_no_festival_until_enlarged() -> None:
    s = city_game()
    give(s, 0, A)
    s.festive[cell(5, 4)] = True
    refused(s, 0, {"type": "hold_festival", "cell": [5, 4]}, rules.PALACE_FESTIVE)


def test_cards_that_do_not_match_the_open_card_cannot_be_bid() -> None:
    s = city_game(2)
    give(s, 0, A, C)
    s = run(s, 0, {"type": "hold_festival", "cell": [5, 4]})
    refused(s, 0, {"type": "bid_card", "card": C}, rules.CARD_MISMATCH)
    refused(s, 0, {"type": "finish_bid"}, rules.NOTHING_LAID)
    refused(s, 0, {"type": "end_turn"}, rules.FESTIVAL_RUNNING)
    s = bid(s, 0, A)
    refused(s, 0, {"type": "pass_bid"}, rules.ALREADY_LAID)


def test_bid_commands_outside_an_auction_are_refused() -> None:
    s = new_game()
    refused(s, 0, {"type": "pass_bid"}, rules.NO_FESTIVAL)


def test_land_tile_with_palace_city_keeps_growing_for_the_size_limit() -> None:
    s = village_game()
    stand(s, 0, 4, 4)
    s = run(s, 0, land("village", [], [(7, 4)]))
    assert is_legal(s, 0, build(4)) and not is_legal(s, 0, build(6))


def test_unknown_card_sources_cards_and_missing_palaces_are_refused() -> None:
    s = new_game()
    refused(s, 0, {"type": "take_card", "source": "discard"}, rules.BAD_SOURCE)
    refused(s, 0, {"type": "enlarge_palace", "cell": [5, 4], "value": 4}, rules.NO_PALACE)
    refused(s, 0, {"type": "hold_festival", "cell": [5, 4]}, rules.NO_PALACE)
    s = city_game(2)
    give(s, 0, A)
    s = run(s, 0, {"type": "hold_festival", "cell": [5, 4]})
    refused(s, 0, {"type": "bid_card", "card": "joker"}, rules.BAD_CARD)


def test_malformed_commands_and_wrong_seats_are_refused() -> None:
    s = new_game()
    refused(s, 0, {"type": "lay_land", "tile": "rice"}, "malformed_command")
    refused(s, 0, {"type": "lay_water", "cell": "here"}, "malformed_command")
    refused(s, 0, {"type": "end_turn", "now": True}, "malformed_command")
    refused(s, 1, {"type": "end_turn"}, "not_your_turn")
