"""What the view serves a board besides the state: which settlements a space influences, which
spaces surround a settlement, what each tile does, and every seat's influence on each standing
figure. All of it public (the map and the tiles in plain sight), the same for every viewer."""

from __future__ import annotations

from games.samurai import ENGINE
from games.samurai.data import board, tile_types
from games.testing import canonical
from tests.games.samurai.scenario import play_state, put, run

# Village 41 (2 players): land neighbours 46, 47; sea neighbours 33, 34, 40, 42.
VILLAGE, V_LAND, V_SEA = 41, (46, 47), (33, 34, 40, 42)


def test_the_map_names_what_each_space_touches() -> None:
    for n in (2, 3, 4):
        b = board(n)
        spaces = {h["id"]: h for h in ENGINE.view(play_state(n), 0)["map"]}
        assert set(spaces) == set(b.hex_ids)
        for s in b.settlements:
            assert spaces[s]["surround"] == list(b.surround[s]) and spaces[s]["near"] == []
            for space in b.influencers[s]:
                assert s in spaces[space]["near"]
        for space in (*b.land, *b.sea):
            assert spaces[space]["surround"] == []
    spaces = {h["id"]: h for h in ENGINE.view(play_state(2), 0)["map"]}
    assert sorted(spaces[VILLAGE]["surround"]) == sorted(V_LAND)
    assert all(VILLAGE in spaces[s]["near"] for s in (*V_LAND, *V_SEA))


def test_the_tile_types_say_strength_kinds_kanji_and_sea() -> None:
    types = ENGINE.view(play_state(2), 0)["tile_types"]
    assert set(types) == set(tile_types())
    assert types["helmet3"] == {"strength": 3, "affects": ["helmet"], "kanji": False, "sea": False}
    assert types["ship2"] == {
        "strength": 2,
        "affects": ["helmet", "buddha", "rice_field"],
        "kanji": True,
        "sea": True,
    }
    assert types["tile_exchange"]["strength"] == 0


def test_each_figure_shows_every_seats_influence_from_the_tiles_around_it() -> None:
    state = play_state(2, layout={VILLAGE: ["buddha"]})
    put(state, V_LAND[0], 0, "buddha3")  # counts for the Buddha
    put(state, V_LAND[1], 1, "helmet4")  # a helmet tile: not for a Buddha
    put(state, V_SEA[0], 1, "ship2")  # ships count from the sea
    put(state, V_SEA[1], 0, "samurai1")
    views = [ENGINE.view(state, seat) for seat in (0, 1, None)]
    figure = next(f for f in views[0]["figures"] if f["hex"] == VILLAGE)
    assert figure["kinds"] == ["buddha"]
    assert figure["influence"] == {"buddha": [4, 2]}
    assert all(canonical(v["figures"]) == canonical(views[0]["figures"]) for v in views)


def test_a_seat_that_left_exerts_no_influence_in_the_view_either() -> None:
    state = play_state(2, layout={VILLAGE: ["helmet"]})
    put(state, V_LAND[0], 1, "helmet4")
    state.forfeited[1] = True
    figure = next(f for f in ENGINE.view(state, 0)["figures"] if f["hex"] == VILLAGE)
    assert figure["influence"] == {"helmet": [0, 0]}


def _surround_the_village(options: dict | None = None):
    """Seat 0 closes the village's surrounding with a ronin (a kanji tile) next to its Buddha 3:
    the Buddha is its (clause "Jak se přivlastňují figury?")."""
    state = play_state(2, layout={VILLAGE: ["buddha"]}, options=options)
    put(state, V_LAND[0], 0, "buddha3")
    run(state, 0, {"type": "place_tile", "tile": "ronin1", "hex": V_LAND[1]})
    return state


def test_the_view_shows_which_figures_left_each_settlement_and_to_whom() -> None:
    state = _surround_the_village()
    for viewer in (0, 1, None):
        view = ENGINE.view(state, viewer)
        assert view["taken"] == [{"hex": VILLAGE, "kind": "buddha", "seat": 0}]
        assert view["players"][0]["last_turn"] == [V_LAND[1]]


def test_a_screened_capture_shows_whose_it_is_but_its_kind_only_to_the_winner() -> None:
    state = _surround_the_village({"captured_figures": "screened"})
    assert ENGINE.view(state, 0)["taken"] == [{"hex": VILLAGE, "kind": "buddha", "seat": 0}]
    for viewer in (1, None):
        assert ENGINE.view(state, viewer)["taken"] == [{"hex": VILLAGE, "kind": None, "seat": 0}]


def test_a_figure_set_beside_the_board_is_taken_by_nobody() -> None:
    state = play_state(2, layout={VILLAGE: ["buddha"]})
    put(state, V_LAND[0], 1, "helmet4")  # influences no Buddha
    run(state, 0, {"type": "place_tile", "tile": "helmet2", "hex": V_LAND[1]})
    assert ENGINE.view(state, 1)["taken"] == [{"hex": VILLAGE, "kind": "buddha", "seat": None}]


def test_the_last_turn_of_each_seat_stays_until_its_next_move() -> None:
    state = play_state(2)
    first = ENGINE.view(state, 0)["players"][0]["last_turn"]
    assert first == []
    run(state, 0, {"type": "place_tile", "tile": "ship1", "hex": V_SEA[0]})
    run(state, 0, {"type": "place_tile", "tile": "ronin1", "hex": V_LAND[0]})
    run(state, 0, {"type": "end_turn"})
    run(state, 1, {"type": "place_tile", "tile": "ship1", "hex": V_SEA[1]})
    players = ENGINE.view(state, 1)["players"]
    assert players[0]["last_turn"] == [V_SEA[0], V_LAND[0]]
    assert players[1]["last_turn"] == [V_SEA[1]]
    run(state, 1, {"type": "end_turn"})
    run(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": V_LAND[1]})
    assert ENGINE.view(state, 1)["players"][0]["last_turn"] == [V_LAND[1]]


def test_a_snapshot_from_before_the_history_was_kept_loads_with_none() -> None:
    state = _surround_the_village()
    old = ENGINE.state_to_json(state)
    del old["recent"], old["taken"]
    restored = ENGINE.state_from_json(old)
    assert ENGINE.view(restored, 0)["taken"] == []
    assert ENGINE.view(restored, 0)["players"][0]["last_turn"] == []
