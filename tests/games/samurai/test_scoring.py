"""Clause "Vítěz" and the text's two worked examples, with the text's numbers."""

from __future__ import annotations

from games.samurai.scoring import majorities, score

ALL_IN = [True] * 4
GREEN, BLUE, RED, YELLOW = 0, 1, 2, 3


def kinds(helmet: int, buddha: int, rice: int) -> list[int]:
    return [helmet, buddha, rice]


def test_first_example_green_wins_with_six_figures_beyond_the_rice_majority():
    # "Zelený vyhrává, protože kromě své většiny v rýžovištích nasbíral ještě 6 dalších figur.
    # Modrý je druhý s 5 dalšími figurami, červený se 4 dalšími figurami je třetí."
    captured = [
        kinds(3, 3, 5),  # green: majority of rice fields, 6 more
        kinds(5, 3, 2),  # blue: majority of helmets, 5 more
        kinds(2, 4, 2),  # red: majority of Buddhas, 4 more
        kinds(1, 1, 1),  # yellow: no majority, does not take part
    ]
    result = score(captured, ALL_IN)
    assert majorities(captured, ALL_IN) == [[2], [0], [1], []]
    assert result["details"]["figures_beyond_majorities"][:3] == [6, 5, 4]
    assert result["ranks"][:3] == [1, 2, 3]
    assert result["ranks"][YELLOW] == 4
    assert result["details"]["contenders"] == [True, True, True, False]
    assert result["tiebreak"] is None


def test_second_example_red_wins_the_tie_with_nine_figures_against_eight():
    # "Kromě své většiny mají oba hráči po 3 figurách ... Červený vyhrál. Má dohromady 9 figur,
    # žlutý pouze 8."
    captured = [
        kinds(2, 1, 3),  # green: no majority
        kinds(1, 2, 3),  # blue: no majority (ties green on rice fields)
        kinds(6, 2, 1),  # red: majority of helmets, 3 more, 9 in all
        kinds(2, 5, 1),  # yellow: majority of Buddhas, 3 more, 8 in all
    ]
    result = score(captured, ALL_IN)
    assert majorities(captured, ALL_IN) == [[], [], [0], [1]]
    assert result["details"]["figures_beyond_majorities"][RED] == 3
    assert result["details"]["figures_beyond_majorities"][YELLOW] == 3
    assert result["details"]["all_figures"][RED] == 9
    assert result["details"]["all_figures"][YELLOW] == 8
    assert result["ranks"][RED] == 1 and result["ranks"][YELLOW] == 2
    assert result["ranks"][GREEN] == result["ranks"][BLUE] == 3
    assert result["tiebreak"] == "all_figures"


def test_a_tie_for_most_figures_of_a_kind_is_nobodys_majority():
    assert majorities([kinds(3, 1, 0), kinds(3, 0, 1)], [True, True]) == [[1], [2]]


def test_majorities_in_two_kinds_win_outright():
    captured = [kinds(3, 3, 0), kinds(1, 1, 9)]
    result = score(captured, [True, True])
    assert result["ranks"] == [1, 2]
    assert result["tiebreak"] == "two_majorities"


def test_a_remaining_tie_shares_the_victory():
    captured = [kinds(3, 1, 1), kinds(1, 3, 1)]
    result = score(captured, [True, True])
    assert result["ranks"] == [1, 1]


def test_only_players_with_a_majority_can_win():
    captured = [kinds(2, 0, 0), kinds(1, 1, 1), kinds(1, 1, 1)]
    result = score(captured, [True] * 3)
    # Seat 0 has only 0 figures beyond its helmets, seats 1 and 2 have 3 but no majority.
    assert result["ranks"] == [1, 2, 2]


def test_leaving_the_game_won_figures_count_for_no_majority_and_the_seat_ranks_last():
    captured = [kinds(5, 0, 0), kinds(1, 1, 1), kinds(0, 0, 0)]
    result = score(captured, [False, True, True])
    assert majorities(captured, [False, True, True])[1] == [0, 1, 2]
    assert result["ranks"] == [3, 1, 2]
