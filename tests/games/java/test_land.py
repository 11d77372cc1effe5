"""Pokládání krajiny: laying land tiles, levels, overhang and cities."""

from __future__ import annotations

from games.base import IllegalCommand
from games.java import rules
from games.java.state import PALACE, RICE, VILLAGE
from tests.games.java.helpers import cell, is_legal, land, new_game, put, refused, run, stand

TRI = [(5, 4), (6, 4)]
TRI_V = [(5, 5)]


def test_setup_gives_each_player_the_supply_of_the_text() -> None:
    s = new_game(4)
    for seat in range(4):
        assert s.supply[seat] == [12, 3, 5, 3, 2]  # figures, tokens, two, rice, village
        assert sum(s.hands[seat]) == 3
    assert s.three_left == 56 and s.water_left == 16
    assert s.palaces_left == [6, 7, 8, 9, 10]
    assert s.open_card >= 0 and len(s.deck) == 30 - 4 * 3 - 1
    assert s.ap == 6 and s.turn == 0


def test_a_land_tile_costs_one_action_point_whatever_its_size() -> None:
    s = new_game()
    after = run(s, 0, land("three", TRI, TRI_V))
    assert after.ap == 5 and after.three_left == 55
    assert after.top[cell(5, 5)] == VILLAGE and after.top[cell(5, 4)] == RICE
    assert after.height[cell(6, 4)] == 1
    after = run(after, 0, land("rice", [(9, 4)]))
    assert after.ap == 4 and after.supply[0][3] == 2


def test_a_tile_may_lie_anywhere_not_touching_earlier_tiles() -> None:
    s = new_game()
    s = run(s, 0, land("two", [(1, 2)], [(2, 2)]))
    assert is_legal(s, 0, land("two", [(12, 6)], [(12, 7)]))


def test_a_tile_must_not_hang_in_the_air() -> None:
    s = new_game()
    put(s, [(5, 4)], [])
    refused(s, 0, land("two", [(5, 4)], [(6, 4)]), rules.TILE_NOT_FLAT)


def test_a_one_space_tile_may_not_lie_exactly_on_a_one_space_tile() -> None:
    s = new_game()
    put(s, [(5, 4)], [])
    refused(s, 0, land("rice", [(5, 4)]), rules.TILE_EXACT_COVER)


def test_a_larger_tile_must_rest_on_at_least_two_tiles() -> None:
    s = new_game()
    put(s, TRI, TRI_V)
    refused(s, 0, land("two", [(5, 4)], [(6, 4)]), rules.TILE_EXACT_COVER)
    refused(s, 0, land("three", [(5, 4), (5, 5)], [(6, 4)]), rules.TILE_EXACT_COVER)
    # A one-space tile on a part of the three-space tile is fine.
    assert is_legal(s, 0, land("village", [], [(5, 4)]))


def test_a_tile_spanning_two_tiles_of_one_level_climbs_a_level() -> None:
    s = new_game()
    put(s, [(5, 4)], [])
    put(s, [(6, 4)], [])
    after = run(s, 0, land("two", [(5, 4)], [(6, 4)]))
    assert after.height[cell(5, 4)] == 2 and after.height[cell(6, 4)] == 2


def test_a_tile_may_not_cover_a_figure_a_palace_or_water() -> None:
    s = new_game()
    put(s, [(5, 4)], [])
    put(s, [(6, 4)], [])
    stand(s, 1, 5, 4)
    refused(s, 0, land("two", [(5, 4)], [(6, 4)]), rules.TILE_COVERS_BLOCKED)
    s = new_game()
    put(s, [(5, 4)], [(6, 4)])
    s.top[cell(6, 4)] = PALACE
    s.palace[cell(6, 4)] = 2
    refused(s, 0, land("village", [], [(6, 4)]), rules.TILE_COVERS_BLOCKED)
    lake = (7, 3)  # a printed lake
    refused(s, 0, land("rice", [lake]), rules.TILE_COVERS_BLOCKED)


def test_covering_village_spaces_may_split_a_village() -> None:
    s = new_game()
    put(s, [], [(4, 4), (5, 4), (6, 4)])  # a village row (put ignores tile shapes)
    after = run(s, 0, land("rice", [(5, 4)]))
    assert after.top[cell(5, 4)] == RICE


def test_a_tile_may_not_join_two_cities() -> None:
    s = new_game()
    for q, pal in ((4, True), (6, True)):
        put(s, [], [(q, 4)])
        if pal:
            s.top[cell(q, 4)] = PALACE
            s.palace[cell(q, 4)] = 2
    refused(s, 0, land("village", [], [(5, 4)]), rules.CITIES_JOINED)
    # Joining a village to a city is allowed.
    s2 = new_game()
    put(s2, [], [(4, 4)])
    s2.top[cell(4, 4)] = PALACE
    s2.palace[cell(4, 4)] = 2
    put(s2, [], [(6, 4)])
    assert is_legal(s2, 0, land("village", [], [(5, 4)]))


def test_overhanging_the_grid_costs_one_more_action_point_per_space() -> None:
    s = new_game()
    # (2, 8) is on the lowland edge; (2, 9) and (1, 9) lie beyond the grid.
    after = run(s, 0, land("three", [(2, 8), (2, 9)], [(1, 9)]))
    assert after.ap == 6 - 3


def test_a_tile_needs_one_space_inside_the_grid() -> None:
    s = new_game()
    refused(s, 0, land("two", [(2, 9)], [(1, 9)]), rules.TILE_OFF_GRID)


def test_building_on_an_overhanging_tile_costs_nothing_extra() -> None:
    s = new_game()
    s = run(s, 0, land("two", [(2, 8)], [(2, 9)]))
    s = run(s, 0, land("two", [(3, 8)], [(3, 9)]))
    ap = s.ap
    after = run(s, 0, land("two", [(2, 9)], [(3, 8)]))
    assert after.ap == ap - 1 and after.height[cell(2, 9)] == 2


def test_a_tile_costing_more_than_the_points_left_is_refused() -> None:
    s = new_game()
    s.ap = 2
    refused(s, 0, land("three", [(2, 8), (2, 9)], [(1, 9)]), rules.NOT_ENOUGH_AP)


def test_the_cells_must_form_the_tile() -> None:
    s = new_game()
    refused(s, 0, land("two", [(1, 1)], [(5, 5)]), rules.TILE_SHAPE)
    refused(s, 0, land("three", [(5, 4)], [(6, 4)]), rules.TILE_SHAPE)
    refused(s, 0, land("dragon", [(5, 4)], [(6, 4)]), rules.BAD_TILE)
    refused(s, 0, land("rice", [(50, 50)]), rules.NOT_A_SPACE)


def test_own_tiles_run_out() -> None:
    s = new_game()
    s.supply[0][4] = 0
    refused(s, 0, land("village", [], [(5, 4)]), rules.NO_TILE_LEFT)


def test_legal_placements_match_execute_on_random_candidates() -> None:
    import random

    from games.java.events import pair_of
    from games.java.land import SHAPES
    from tests.games.java.helpers import ENGINE

    rng = random.Random(3)
    s = new_game()
    for _ in range(12):
        cmd = next(c for c in ENGINE.legal_commands(s, 0) if c["type"] == "lay_land")
        shapes = SHAPES[3]
        tri = shapes[rng.randrange(len(shapes))]
        cmd = land("three", [tuple(pair_of(c)) for c in tri[:2]], [tuple(pair_of(tri[2]))])
        legal = is_legal(s, 0, cmd)
        try:
            s2 = run(s, 0, cmd)
            accepted = True
        except IllegalCommand:
            accepted = False
        assert legal == accepted
        if accepted and s2.ap > 0:
            s = s2
