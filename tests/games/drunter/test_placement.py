"""Setup (Příprava hry) and the placing rules 1-6 of "Jak se staví hradby a silnice"."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalCommand
from games.drunter import ENGINE
from games.drunter.commands import (
    BAD_DIRECTION,
    BAD_LENGTH,
    COVERS_TILE,
    NO_SUCH_TILE,
    OFF_BOARD,
    ROUTE_CLOSED,
    UNKNOWN_ROUTE,
    WRONG_PHASE,
)
from games.drunter.data import BOARD
from games.drunter.placement import route_dead, start_cell
from games.drunter.state import FREE, TUNNEL_EW, TUNNEL_NS, State, to_json
from games.testing import canonical, fold
from tests.games.drunter.scenario import act, builder, cell, hand, place, start, tile, types

# wall_2 built from its corner (0,14) up column 0 to (0,2); wall_1 along row 0 to (2,0).
WALL_2_UP = [
    tile(0, "wall_2", 3, "N", 0, 13),
    tile(0, "wall_2", 3, "N", 0, 10),
    tile(0, "wall_2", 3, "N", 0, 7),
    tile(0, "wall_2", 2, "N", 0, 4),
    tile(0, "wall_2", 1, "N", 0, 2),
]
WALL_1_WEST = [
    tile(1, "wall_1", 3, "W", 13, 0),
    tile(1, "wall_1", 3, "W", 10, 0),
    tile(1, "wall_1", 3, "W", 7, 0),
    tile(1, "wall_1", 2, "W", 4, 0),
    tile(1, "wall_1", 1, "W", 2, 0),
]


@pytest.mark.parametrize(("n", "deal"), [(2, (12, 12, 6)), (3, (8, 8, 4)), (4, (6, 6, 3))])
def test_setup_deals_each_player_the_tile_lengths_for_the_player_count(n, deal) -> None:
    events = ENGINE.setup(n, ENGINE.validate_options(n, {}), random.Random(n))
    hands = events[0]["tiles"]
    for h in hands:
        assert (sum(h[0::3]), sum(h[1::3]), sum(h[2::3])) == deal
    # Every deal uses all 60 tiles, kinds split as the data file assumes.
    for kind, supply in enumerate(BOARD.tile_supply):
        assert tuple(sum(h[kind * 3 + i] for h in hands) for i in range(3)) == supply
    assert sum(map(sum, hands)) == 60


def test_setup_gives_each_player_one_secret_building_of_a_different_type() -> None:
    events = ENGINE.setup(4, ENGINE.validate_options(4, {}), random.Random(1))
    dealt = [e["building"] for e in events if e["type"] == "BuildingDealt"]
    assert len(dealt) == 4 and len(set(dealt)) == 4
    assert set(dealt) <= set(BOARD.building_types)


def test_setup_puts_the_four_builders_on_their_corners() -> None:
    state = fold(ENGINE, ENGINE.setup(2, ENGINE.validate_options(2, {}), random.Random(0)))
    view = ENGINE.view(state, None)
    assert view["builders"] == {
        "street": [0, 0],
        "wall_1": [14, 0],
        "wall_2": [0, 14],
        "river": [14, 14],
    }
    assert view["active_seats"] == [0]


def test_the_board_keeps_the_approximate_layouts_counts() -> None:
    assert (BOARD.width, BOARD.height) == (15, 15)
    per_type = {
        t: sorted(v for tt, v, _ in BOARD.buildings if tt == i)
        for i, t in enumerate(BOARD.building_types)
    }
    assert all(values == [1, 2, 3, 4, 5] for values in per_type.values())
    assert sum(BOARD.outhouse) == 12
    assert BOARD.sources


def test_first_tiles_attach_to_either_side_of_a_corner() -> None:
    state = start(hands=[hand(street1=1, street2=1, street3=1), hand(wall1=1)])
    legal = ENGINE.legal_commands(state, 0)
    assert {(c["route"], c["direction"]) for c in legal} == {("street", "E"), ("street", "S")}
    assert {c["length"] for c in legal} == {1, 2, 3}


def test_rule_1_a_tile_joins_only_a_route_of_its_own_kind() -> None:
    state = start(hands=[hand(wall1=1), hand(wall1=1)])
    assert {c["route"] for c in ENGINE.legal_commands(state, 0)} == {"wall_1", "wall_2"}
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, place("street", 1, "E"), random.Random(0))
    assert err.value.code == NO_SUCH_TILE


def test_rule_2_and_3_a_long_tile_lies_in_line_with_its_attaching_end_at_the_builder() -> None:
    state, events = act(start(), 0, place("street", 3, "E"))
    assert events[0]["cells"] == [[1, 0], [2, 0], [3, 0]]
    assert state.cells[cell(2, 0)] == TUNNEL_EW  # the middle of a 3-tile is a tunnel
    assert builder(state, "street") == [3, 0]  # rule 4: the builder moves to the end cell


def test_rule_3_a_tile_may_not_leave_the_grid() -> None:
    state = start()
    for command in (place("street", 1, "N"), place("street", 2, "W")):
        with pytest.raises(IllegalCommand) as err:
            ENGINE.execute(state, 0, command, random.Random(0))
        assert err.value.code == OFF_BOARD
    # A tile that starts inside but runs over the edge is refused too.
    state = start(
        tiles=[
            tile(0, "street", 3, "E", 1, 0),
            tile(0, "street", 3, "E", 4, 0),
            tile(0, "street", 3, "E", 7, 0),
            tile(0, "street", 3, "E", 10, 0),
        ]
    )
    assert builder(state, "street") == [12, 0]
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, place("street", 2, "E"), random.Random(0))
    assert err.value.code == COVERS_TILE  # (13,0) free but (14,0) is the wall's corner
    assert place("street", 1, "E") in ENGINE.legal_commands(state, 0)


def test_rule_3_a_tile_may_not_cover_another_tile_even_partly() -> None:
    state = start(tiles=WALL_2_UP)
    # The street's south side is (0,1), free; a 2-tile would reach (0,2), the wall's end.
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, place("street", 2, "S"), random.Random(0))
    assert err.value.code == COVERS_TILE
    assert place("street", 1, "S") in ENGINE.legal_commands(state, 0)


def test_rule_4_the_next_player_may_extend_any_route_with_a_builder() -> None:
    state, _ = act(start(), 0, place("street", 2, "E"))
    routes = {c["route"] for c in ENGINE.legal_commands(state, 1)}
    assert routes == {"street", "wall_1", "wall_2", "river"}
    assert state.turn == 1


def test_rule_5_a_route_closed_in_on_three_sides_loses_its_builder() -> None:
    state = start(
        tiles=[*WALL_1_WEST, tile(0, "street", 1, "S", 0, 1), tile(0, "street", 1, "E", 1, 1)]
    )
    state, events = act(state, 0, place("street", 1, "N"))  # onto (1,0): edge, corner, wall, tile
    assert {"type": "BuilderRemoved", "route": "street"} in events
    assert builder(state, "street") is None
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 1, place("street", 1, "E"), random.Random(0))
    assert err.value.code == ROUTE_CLOSED
    assert all(c["route"] != "street" for c in ENGINE.legal_commands(state, 1))


def test_rule_6_a_route_passes_under_a_tunnel_to_the_free_cell_beyond() -> None:
    # The street runs (1,0) then south (1,1)-(1,3): its tunnel at (1,2) lies north-south.
    tiles = [tile(1, "street", 1, "E", 1, 0), tile(1, "street", 3, "S", 1, 1), *WALL_2_UP]
    state = start(tiles=tiles)
    assert state.cells[cell(1, 2)] == TUNNEL_NS
    assert place("wall_2", 1, "E") in ENGINE.legal_commands(state, 0)
    state, events = act(state, 0, place("wall_2", 2, "E"))
    assert events[0]["cells"] == [[2, 2], [3, 2]]
    assert builder(state, "wall_2") == [3, 2]


def test_rule_6_a_tunnel_is_passed_only_across_never_along_its_tile() -> None:
    tiles = [
        tile(1, "street", 1, "E", 1, 0),
        tile(1, "street", 3, "S", 1, 1),
        tile(1, "street", 1, "W", 0, 3),
    ]
    state = start(tiles=tiles)
    assert builder(state, "street") == [0, 3]
    # From (0,3) east is (1,3), a plain tile cell; the street's own tunnel is not adjacent.
    assert start_cell(state.cells, cell(1, 0), 2).error == COVERS_TILE  # along the axis


def test_rule_6_several_adjacent_tunnels_are_passed_in_one_go() -> None:
    cells = [FREE] * BOARD.n_cells
    cells[cell(5, 4)] = TUNNEL_NS
    cells[cell(6, 4)] = TUNNEL_NS
    cells[cell(4, 4)] = 1
    assert start_cell(cells, cell(4, 4), 1).cell == cell(7, 4)  # east over two tunnels
    cells[cell(7, 4)] = 1
    assert start_cell(cells, cell(4, 4), 1).error == COVERS_TILE  # the far side must be free
    cells[cell(13, 4)] = TUNNEL_NS
    cells[cell(14, 4)] = TUNNEL_NS
    assert start_cell(cells, cell(12, 4), 1).error == OFF_BOARD


def test_a_dead_end_beside_a_tunnel_keeps_its_builder() -> None:
    # Interpretation of rules 5 and 6: the builder leaves only when there is no way on at all.
    state = start()
    for x, y in ((5, 4), (5, 6), (4, 5)):
        state.cells[cell(x, y)] = 1
    state.cells[cell(6, 5)] = TUNNEL_NS
    state.ends[0] = cell(5, 5)  # the street's builder in a pocket open only through a tunnel
    assert not route_dead(state, 0)
    assert [c["direction"] for c in ENGINE.legal_commands(state, 0) if c["route"] == "street"] == [
        "E"
    ] * 3
    state.cells[cell(7, 5)] = 1
    assert route_dead(state, 0)


def test_buildings_may_be_covered_without_a_vote() -> None:
    state = start(tiles=[tile(0, "street", 3, "S", 0, 1)])
    state, events = act(state, 0, place("street", 2, "E"))  # (1,3), (2,3) = inn of value 1
    assert types(events) == ["TilePlaced", "TurnStarted"]
    assert state.cells[cell(2, 3)] != FREE


def test_a_player_without_a_fitting_tile_is_skipped() -> None:
    state = start(n=3, hands=[hand(street1=2), hand(), hand(wall1=2)])
    state, events = act(state, 0, place("street", 1, "E"))
    assert types(events)[-2:] == ["PlayerSkipped", "TurnStarted"]
    assert events[-2]["seat"] == 1 and state.turn == 2


def test_the_game_ends_when_nobody_can_place() -> None:
    state = start(hands=[hand(street1=1), hand()])
    state, events = act(state, 0, place("street", 1, "E"))
    assert types(events)[-1] == "GameEnded"
    assert ENGINE.outcome(state) is not None
    assert ENGINE.active_seats(state) == frozenset()


@pytest.mark.parametrize(
    ("command", "code"),
    [
        (place("canal", 1, "E"), UNKNOWN_ROUTE),
        (place("street", 4, "E"), BAD_LENGTH),
        (place("street", 1, "X"), BAD_DIRECTION),
        (place("street", 1, "N"), OFF_BOARD),
        (place("street", 1, "E") | {"route": "wall_1", "direction": "E"}, OFF_BOARD),
        ({"type": "vote", "cards": ["JA"]}, WRONG_PHASE),
        ({"type": "declare_jein", "side": "yes"}, WRONG_PHASE),
        ({"type": "choose_goal", "card": "inn"}, WRONG_PHASE),
    ],
)
def test_illegal_placements_are_refused_and_change_nothing(command, code) -> None:
    state = start()
    before = canonical(to_json(state))
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, command, random.Random(0))
    assert err.value.code == code and err.value.message
    assert canonical(to_json(state)) == before


def _pocket(**options: bool) -> State:
    """The street's builder at (5,5), closed in on three sides; a tunnel east of it leads on to
    the free cell (7,5)."""
    state = start(**options)
    for x, y in ((5, 4), (5, 6), (4, 5)):
        state.cells[cell(x, y)] = 1
    state.cells[cell(6, 5)] = TUNNEL_NS
    state.ends[0] = cell(5, 5)
    return state


def _elsewhere(state: State) -> dict:
    """A placement on another route than the street (the check runs after every placement)."""
    return next(c for c in ENGINE.legal_commands(state, 0) if c["route"] != "street")


def test_rule_6_dokud_se_zednik_nachazi_the_way_past_a_tunnel_lasts_while_the_builder_stands() -> (
    None
):
    """ "Pokud se koncové pole dostane vedle ... tunelů, platí: dokud se zedník nachází na tomto
    koncovém poli, může být cesta prodloužena také na poli za tunelem." The way is read from the
    builder's cell as it stands: once the builder moves on it is gone, and a tunnel laid later
    beside a standing builder opens it too (the end space "gets beside" it either way)."""
    state = start(tiles=[tile(0, "street", 1, "E", 1, 0)])
    assert builder(state, "street") == [1, 0]
    # A tile laid later, east-west across (0..2,1), puts a tunnel under the standing builder:
    # going south, the street now starts beyond it, at (1,2).
    state.cells[cell(0, 1)] = state.cells[cell(2, 1)] = 1
    state.cells[cell(1, 1)] = TUNNEL_EW
    state, events = act(state, 0, place("street", 1, "S"))
    assert events[0]["cells"] == [[1, 2]] and builder(state, "street") == [1, 2]
    # The builder at (5,5) beside a tunnel at (6,5) may go on at (7,5) ...
    state = start()
    state.cells[cell(6, 5)] = TUNNEL_NS
    state.ends[0] = cell(5, 5)
    _, events = act(ENGINE.clone(state), 0, place("street", 1, "E"))
    assert events[0]["cells"] == [[7, 5]]
    # ... but once it has moved on (north to (5,4)), the cell beyond the tunnel is out of reach.
    state, _ = act(state, 0, place("street", 1, "N"))
    assert builder(state, "street") == [5, 4]
    starts = {
        tuple(ENGINE.execute(state, 1, c, random.Random(0))[0]["cells"][0])
        for c in ENGINE.legal_commands(state, 1)
        if c["route"] == "street"
    }
    assert starts and (7, 5) not in starts


def test_rule_5_a_builder_beside_a_tunnel_with_a_free_cell_beyond_is_not_removed() -> None:
    """Rule 5 removes the builder "protože už nemá žádnou možnost, kam tuto cestu prodloužit":
    a way past a tunnel (rule 6) is such a possibility, so the builder stays (default)."""
    state = _pocket()
    assert not route_dead(state, 0)
    state, events = act(state, 0, _elsewhere(state))
    assert not any(e["type"] == "BuilderRemoved" and e["route"] == "street" for e in events)
    assert builder(state, "street") == [5, 5]


def test_rule_5_to_the_letter_three_covered_sides_remove_a_builder_beside_a_tunnel() -> None:
    """Option ``tunnel_keeps_builder`` off: the tunnel is a tile, three covered sides remove the
    builder (rule 5), and with it the way under the tunnel (rule 6: only while it stands)."""
    state = _pocket(tunnel_keeps_builder=False)
    assert route_dead(state, 0)
    state, events = act(state, 0, _elsewhere(state))
    assert {"type": "BuilderRemoved", "route": "street"} in events
    assert builder(state, "street") is None
