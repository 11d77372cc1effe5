"""Vodní nádrž and Pohyb figurek."""

from __future__ import annotations

from games.java import rules
from games.java.state import WATER
from tests.games.java.helpers import (
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

LAKE = (7, 3)  # printed lake
LAKE_SHORE = [(8, 3), (6, 3), (7, 4), (7, 2), (8, 2), (6, 4)]


def test_water_goes_on_the_ground_for_one_action_point() -> None:
    s = new_game()
    after = run(s, 0, {"type": "lay_water", "cell": [4, 4]})
    assert after.top[cell(4, 4)] == WATER and after.ap == 5 and after.water_left == 15


def test_water_may_not_lie_on_a_tile_or_an_edge_space() -> None:
    s = new_game()
    put(s, [(4, 4)])
    refused(s, 0, {"type": "lay_water", "cell": [4, 4]}, rules.WATER_PLACE)
    refused(s, 0, {"type": "lay_water", "cell": [5, 0]}, rules.WATER_PLACE)  # mountain edge
    refused(s, 0, {"type": "lay_water", "cell": list(LAKE)}, rules.WATER_PLACE)


def test_water_does_not_fulfil_the_land_duty() -> None:
    s = new_game()
    s = run(s, 0, {"type": "lay_water", "cell": [4, 4]})
    refused(s, 0, {"type": "end_turn"}, rules.LAND_DUTY)


def _ring_lake(s, leave_open: bool = True) -> None:
    for i, qr in enumerate(LAKE_SHORE):
        if leave_open and i == 0:
            continue
        put(s, [qr])


def test_an_enclosed_lake_scores_three_per_water_space_for_the_highest_figure() -> None:
    s = new_game()
    _ring_lake(s)
    s.height[cell(6, 3)] = 2
    stand(s, 1, 6, 3)  # level 2
    stand(s, 0, 7, 4)  # level 1
    events = events_of(s, 0, land("rice", [LAKE_SHORE[0]]))
    scored = [e for e in events if e["type"] == "LakeScored"]
    assert scored and scored[0]["seat"] == 1 and scored[0]["points"] == 3
    after = run(s, 0, land("rice", [LAKE_SHORE[0]]))
    assert after.scores == [0, 3]


def test_a_tie_on_the_shore_is_broken_by_the_next_figures() -> None:
    s = new_game()
    _ring_lake(s)
    stand(s, 1, 6, 3)
    stand(s, 0, 7, 4)
    stand(s, 0, 7, 2)
    s.turn = 1
    after = run(s, 1, land("rice", [LAKE_SHORE[0]]))
    assert after.scores == [3, 0]  # the enclosing player need not be the one scoring


def test_an_undecidable_lake_scores_for_nobody() -> None:
    s = new_game()
    _ring_lake(s)
    stand(s, 1, 6, 3)
    stand(s, 0, 7, 4)
    after = run(s, 0, land("rice", [LAKE_SHORE[0]]))
    assert after.scores == [0, 0] and after.lake_scored[cell(*LAKE)]


def test_water_laid_into_an_enclosed_hole_scores_the_whole_lake() -> None:
    s = new_game()
    hole = (4, 4)
    for qr in [(5, 4), (3, 4), (4, 5), (4, 3), (5, 3), (3, 5)]:
        put(s, [qr])
    stand(s, 0, 5, 4)
    after = run(s, 0, {"type": "lay_water", "cell": list(hole)})
    assert after.scores == [3, 0]


def test_entering_from_the_lowland_costs_one_and_from_the_mountains_two() -> None:
    s = new_game()
    put(s, [(2, 8)])  # lowland edge
    put(s, [(5, 0)])  # mountain edge
    assert run(s, 0, {"type": "enter_figure", "to": [2, 8]}).ap == 5
    assert run(s, 0, {"type": "enter_figure", "to": [5, 0]}).ap == 4
    out = run(s, 0, {"type": "enter_figure", "to": [5, 0]})
    assert run(out, 0, land("rice", [(9, 4)])).ap == 3


def test_figures_enter_only_where_a_tile_touches_the_edge() -> None:
    s = new_game()
    put(s, [(5, 4)])
    refused(s, 0, {"type": "enter_figure", "to": [5, 4]}, rules.UNREACHABLE)


def test_moving_along_one_colour_is_free_and_each_change_costs_one() -> None:
    s = new_game()
    put(s, [(4, 4), (5, 4), (6, 4)])
    put(s, [], [(7, 4)])
    put(s, [(8, 4)])
    stand(s, 0, 4, 4)
    assert run(s, 0, {"type": "move_figure", "from": [4, 4], "to": [6, 4]}).ap == 6
    assert run(s, 0, {"type": "move_figure", "from": [4, 4], "to": [7, 4]}).ap == 5
    assert run(s, 0, {"type": "move_figure", "from": [4, 4], "to": [8, 4]}).ap == 4


def test_figures_may_pass_their_own_figures_but_not_others() -> None:
    s = new_game()
    put(s, [(4, 4), (5, 4), (6, 4)])
    stand(s, 0, 4, 4)
    stand(s, 0, 5, 4)
    assert is_legal(s, 0, {"type": "move_figure", "from": [4, 4], "to": [6, 4]})
    s.figure[cell(5, 4)] = 1
    refused(s, 0, {"type": "move_figure", "from": [4, 4], "to": [6, 4]}, rules.UNREACHABLE)


def test_one_figure_per_space_and_never_on_water_or_palaces() -> None:
    s = new_game()
    put(s, [(4, 4), (5, 4)])
    stand(s, 0, 4, 4)
    stand(s, 1, 5, 4)
    refused(s, 0, {"type": "move_figure", "from": [4, 4], "to": [5, 4]}, rules.SPACE_TAKEN)
    refused(s, 0, {"type": "move_figure", "from": [4, 4], "to": list(LAKE)}, rules.NOT_LANDSCAPE)
    refused(s, 0, {"type": "move_figure", "from": [5, 4], "to": [4, 5]}, rules.NOT_YOUR_FIGURE)


def test_figures_climb_several_levels_at_no_extra_cost() -> None:
    s = new_game()
    put(s, [(4, 4)], level=1)
    put(s, [(5, 4)], level=4)
    stand(s, 0, 4, 4)
    assert run(s, 0, {"type": "move_figure", "from": [4, 4], "to": [5, 4]}).ap == 6


def test_leaving_the_island_costs_like_entering() -> None:
    s = new_game()
    put(s, [(5, 0), (5, 1)])
    stand(s, 0, 5, 1)
    assert run(s, 0, {"type": "remove_figure", "from": [5, 1]}).ap == 4
    assert run(s, 0, {"type": "remove_figure", "from": [5, 1]}).supply[0][0] == 12


def test_figurky_se_pohybuji_libovolne_a_figure_may_move_again_by_default() -> None:
    # "Po polích stejné barvy se figurky pohybují libovolně daleko zdarma": the text has no
    # limit on moving one figure twice, so neither has the default.
    s = new_game()
    put(s, [(4, 4), (5, 4), (6, 4)])
    stand(s, 0, 4, 4)
    s = run(s, 0, {"type": "move_figure", "from": [4, 4], "to": [5, 4]})
    s = run(s, 0, {"type": "move_figure", "from": [5, 4], "to": [6, 4]})
    s = run(s, 0, {"type": "move_figure", "from": [6, 4], "to": [4, 4]})
    assert s.figure[cell(4, 4)] == 0 and s.ap == 6


def test_whole_moves_option_a_figure_moves_once_between_board_changes() -> None:
    s = new_game(whole_moves=True)
    put(s, [(4, 4), (5, 4), (6, 4)])
    stand(s, 0, 4, 4)
    s = run(s, 0, {"type": "move_figure", "from": [4, 4], "to": [5, 4]})
    refused(s, 0, {"type": "move_figure", "from": [5, 4], "to": [6, 4]}, rules.FIGURE_ALREADY_MOVED)
    refused(s, 0, {"type": "remove_figure", "from": [5, 4]}, rules.FIGURE_ALREADY_MOVED)
    s = run(s, 0, land("rice", [(9, 4)]))
    assert is_legal(s, 0, {"type": "move_figure", "from": [5, 4], "to": [6, 4]})


def test_no_figure_left_in_the_supply() -> None:
    s = new_game()
    put(s, [(2, 8)])
    s.supply[0][0] = 0
    refused(s, 0, {"type": "enter_figure", "to": [2, 8]}, rules.NO_FIGURE_LEFT)
