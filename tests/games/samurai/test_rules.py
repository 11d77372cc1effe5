"""One or more tests per clause of the Czech rule text (shared/rules/samurai.cs.txt)."""

from __future__ import annotations

import random

import pytest

from games.base import GAME_OVER, MALFORMED, NOT_YOUR_TURN, IllegalCommand
from games.samurai import ENGINE
from games.samurai import rules as r
from games.samurai.data import board, full_tile_set
from games.samurai.state import state_to_json
from games.testing import canonical, fold
from tests.games.samurai.scenario import chosen, figure_events, play_state, put, run, started

# Village 41 (2 players): land neighbours 46, 47; sea neighbours 33, 34, 40, 42.
VILLAGE, V_LAND, V_SEA = 41, (46, 47), (33, 34, 40, 42)
# Village 100: land neighbours 82, 101; sea 81, 99, 117, 118.
VILLAGE2, V2_LAND = 100, (82, 101)


def refused(state, seat, command, code):
    before = canonical(state_to_json(state))
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, seat, command, random.Random(0))
    assert err.value.code == code, err.value
    assert err.value.message
    assert canonical(state_to_json(state)) == before
    return err.value


# --- Příprava hry: parts of the map and figures by player count -------------------------------


@pytest.mark.parametrize(
    ("n", "per_kind", "parts"),
    [
        (2, 7, {"honshu"}),
        (3, 10, {"honshu", "kyushu", "shikoku"}),
        (4, 13, {"honshu", "kyushu", "shikoku", "hokkaido"}),
    ],
)
def test_the_map_part_and_figures_depend_on_the_player_count(n, per_kind, parts):
    state = play_state(n)
    view = ENGINE.view(state, None)
    assert {h["part"] for h in view["map"]} == parts
    on_map = [0, 0, 0]
    for kinds in state.figures.values():
        for k in kinds:
            on_map[k] += 1
    assert on_map == [per_kind] * 3
    assert board(n).figures_per_kind == per_kind


def test_two_to_four_players_only():
    for n in (1, 5):
        with pytest.raises(IllegalCommand):
            ENGINE.validate_options(n, {})


def test_every_player_owns_the_twenty_tiles_of_the_notes():
    tiles = full_tile_set()
    assert len(tiles) == 20
    assert sum(1 for t in tiles if r.TILES[t].kanji) == 5
    assert sorted(t for t in tiles if r.TILES[t].kanji) == [
        "figure_exchange",
        "ronin1",
        "ship1",
        "ship1",
        "ship2",
    ]
    assert r.TILES["tile_exchange"].strength == 0
    assert r.TILES["samurai3"].affects == (0, 1, 2)
    assert r.TILES["helmet4"].affects == (0,)


# --- Výchozí postavení: secret simultaneous choice of 5 tiles ---------------------------------


def test_all_players_choose_their_five_tiles_at_the_same_time():
    state = fold(ENGINE, started(3))
    assert ENGINE.active_seats(state) == {0, 1, 2}
    run(state, 1, {"type": "choose_tile", "tile": "samurai3"})
    assert ENGINE.active_seats(state) == {0, 1, 2}
    assert state.hands[1] == ["samurai3"]


def test_a_player_who_has_five_tiles_waits_for_the_others():
    state = fold(ENGINE, started(2) + chosen(1)[:0])
    for tile in ["samurai3", "ship2", "ship1", "ship1", "ronin1"]:
        run(state, 0, {"type": "choose_tile", "tile": tile})
    assert ENGINE.active_seats(state) == {1}
    assert len(state.supplies[0]) == 15
    refused(state, 0, {"type": "choose_tile", "tile": "samurai1"}, NOT_YOUR_TURN)


def test_a_tile_can_be_chosen_only_as_often_as_it_is_owned():
    state = fold(ENGINE, started(2))
    run(state, 0, {"type": "choose_tile", "tile": "samurai3"})
    refused(state, 0, {"type": "choose_tile", "tile": "samurai3"}, r.TILE_NOT_AVAILABLE)
    refused(state, 0, {"type": "choose_tile", "tile": "dragon9"}, r.UNKNOWN_TILE)


def test_the_choice_ends_when_the_last_player_has_chosen():
    state = fold(ENGINE, started(2) + chosen(2))
    assert state.phase == "place_figures"
    assert ENGINE.active_seats(state) == {0}


def test_vychozi_postaveni_random_starting_tiles_option_deals_five_to_each_player():
    events = started(4, {"random_starting_tiles": True})
    state = fold(ENGINE, events)
    assert state.phase == "place_figures"
    assert [len(h) for h in state.hands] == [5] * 4
    assert [len(s) for s in state.supplies] == [15] * 4


# --- Výchozí postavení: figures ---------------------------------------------------------------


def test_edo_starts_with_one_helmet_one_buddha_and_one_rice_field():
    state = fold(ENGINE, started(2))
    assert state.figures[board(2).edo] == [0, 1, 2]


def test_figures_go_to_the_cities_before_the_villages():
    state = fold(ENGINE, started(2) + chosen(2))
    refused(state, 0, {"type": "place_figure", "kind": "helmet", "hex": VILLAGE}, r.CITIES_FIRST)
    legal = ENGINE.legal_commands(state, 0)
    assert {c["hex"] for c in legal} == set(board(2).cities)


def test_a_city_never_holds_two_figures_of_one_kind():
    state = fold(ENGINE, started(2) + chosen(2))
    city = board(2).cities[0]
    run(state, 0, {"type": "place_figure", "kind": "helmet", "hex": city})
    refused(state, 1, {"type": "place_figure", "kind": "helmet", "hex": city}, r.SAME_KIND_IN_CITY)
    run(state, 1, {"type": "place_figure", "kind": "buddha", "hex": city})
    refused(
        state, 0, {"type": "place_figure", "kind": "rice_field", "hex": city}, r.SETTLEMENT_FULL
    )


def test_vychozi_postaveni_seat_0_is_the_youngest_and_starts_both_setup_and_play():
    state = fold(ENGINE, started(3) + chosen(3))
    seen = []
    for event in figure_events(3):
        seen.append(state.current)
        ENGINE.apply(state, event)
    assert seen[:4] == [0, 1, 2, 0]
    assert state.phase == "play" and state.current == 0


def test_each_village_holds_one_figure():
    state = fold(ENGINE, started(2) + chosen(2) + figure_events(2)[:-1])
    last = figure_events(2)[-1]
    kind, seat = last["kind"], state.current
    full = next(v for v in board(2).villages if state.figures[v])
    command = {"type": "place_figure", "kind": kind, "hex": full}
    refused(state, seat, command, r.SETTLEMENT_FULL)
    command = {"type": "place_figure", "kind": kind, "hex": board(2).edo}
    refused(state, seat, command, r.NOT_A_SETTLEMENT)
    other = next(k for k in ("helmet", "buddha", "rice_field") if k != kind)
    command = {"type": "place_figure", "kind": other, "hex": last["hex"]}
    refused(state, seat, command, r.NO_FIGURE_LEFT)
    assert [c["hex"] for c in ENGINE.legal_commands(state, seat)] == [last["hex"]]


# --- Tah 1: placing tiles ---------------------------------------------------------------------


def test_ships_only_on_free_sea_spaces():
    state = play_state(2)
    err = refused(
        state, 0, {"type": "place_tile", "tile": "ship1", "hex": V_LAND[0]}, r.SHIP_ON_LAND
    )
    assert "sea" in err.message
    run(state, 0, {"type": "place_tile", "tile": "ship1", "hex": V_SEA[0]})
    assert state.tiles[V_SEA[0]] == (0, "ship1")


def test_other_tiles_only_on_free_land_spaces():
    state = play_state(2)
    refused(state, 0, {"type": "place_tile", "tile": "ronin1", "hex": V_SEA[0]}, r.LAND_TILE_ON_SEA)
    put(state, V_LAND[0], 1, "samurai1")
    refused(state, 0, {"type": "place_tile", "tile": "ronin1", "hex": V_LAND[0]}, r.SPACE_OCCUPIED)


def test_tiles_never_go_on_settlements_even_emptied_ones():
    state = play_state(2)
    refused(
        state, 0, {"type": "place_tile", "tile": "ronin1", "hex": VILLAGE}, r.TILE_ON_SETTLEMENT
    )
    state.figures[VILLAGE] = []
    refused(
        state, 0, {"type": "place_tile", "tile": "ronin1", "hex": VILLAGE}, r.TILE_ON_SETTLEMENT
    )
    assert all(c["hex"] != VILLAGE for c in ENGINE.legal_commands(state, 0))


def test_a_space_off_the_map_is_refused():
    state = play_state(2)
    off = next(i for i in board(4).land if i not in board(2).land)
    refused(state, 0, {"type": "place_tile", "tile": "ronin1", "hex": off}, r.NOT_ON_MAP)


def test_at_most_one_tile_without_kanji_per_turn():
    state = play_state(2)
    run(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": 101})
    refused(state, 0, {"type": "place_tile", "tile": "samurai2", "hex": 82}, r.ONE_PLAIN_TILE)
    assert all(
        c.get("tile") not in {"samurai2", "helmet2"} for c in ENGINE.legal_commands(state, 0)
    )


def test_any_number_of_kanji_tiles_with_one_plain_tile():
    state = play_state(2, hands=[["samurai1", "ship1", "ship1", "ship2", "ronin1"]] * 2)
    run(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": 101})
    run(state, 0, {"type": "place_tile", "tile": "ship1", "hex": 33})
    run(state, 0, {"type": "place_tile", "tile": "ship1", "hex": 34})
    run(state, 0, {"type": "place_tile", "tile": "ship2", "hex": 40})
    run(state, 0, {"type": "place_tile", "tile": "ronin1", "hex": 82})
    assert state.placed == 5 and state.hands[0] == []


def test_at_least_one_tile_must_be_placed():
    state = play_state(2)
    refused(state, 0, {"type": "end_turn"}, r.NO_TILE_PLACED)
    assert {"type": "end_turn"} not in ENGINE.legal_commands(state, 0)


def test_a_tile_must_be_behind_the_screen():
    state = play_state(2)
    refused(state, 0, {"type": "place_tile", "tile": "samurai3", "hex": 101}, r.TILE_NOT_IN_HAND)


def test_only_the_player_on_turn_may_act_and_nothing_after_the_end():
    state = play_state(2)
    refused(state, 1, {"type": "place_tile", "tile": "ronin1", "hex": 101}, NOT_YOUR_TURN)
    refused(state, 0, {"type": "place_tile", "tile": "ronin1"}, MALFORMED)
    refused(state, 0, {"type": "choose_tile", "tile": "ronin1"}, r.WRONG_PHASE)
    state.phase = "over"
    refused(state, 0, {"type": "end_turn"}, GAME_OVER)


# --- the exchange tiles -----------------------------------------------------------------------


def test_vymena_figur_counts_as_the_tile_of_the_turn_and_leaves_the_game():
    state = play_state(2, hands=[["figure_exchange", "samurai1", "ship1", "ship1", "ship2"]] * 2)
    a, b = VILLAGE, VILLAGE2  # a buddha and a helmet, far apart
    assert state.figures[a] == [1] and state.figures[b] == [0]
    run(
        state,
        0,
        {
            "type": "swap_figures",
            "first_hex": a,
            "first_kind": "buddha",
            "second_hex": b,
            "second_kind": "helmet",
        },
    )
    assert state.figures[a] == [0] and state.figures[b] == [1]
    assert "figure_exchange" not in state.hands[0] and "figure_exchange" not in state.supplies[0]
    assert state.placed == 1  # it counts as the tile of the turn
    assert "figure_exchange" not in {t for _, t in state.tiles.values()}


def test_vymena_figur_keeps_the_city_rule():
    state = play_state(2, hands=[["figure_exchange", "samurai1", "ship1", "ship1", "ship2"]] * 2)
    city = board(2).cities[0]  # helmet + buddha
    assert state.figures[city] == [0, 1]
    refused(
        state,
        0,
        {
            "type": "swap_figures",
            "first_hex": city,
            "first_kind": "helmet",
            "second_hex": VILLAGE,
            "second_kind": "buddha",
        },
        r.SAME_KIND_IN_CITY,
    )
    refused(
        state,
        0,
        {
            "type": "swap_figures",
            "first_hex": VILLAGE,
            "first_kind": "helmet",
            "second_hex": VILLAGE2,
            "second_kind": "helmet",
        },
        r.NO_SUCH_FIGURE,
    )
    refused(
        state,
        0,
        {"type": "place_tile", "tile": "figure_exchange", "hex": 101},
        r.FIGURE_EXCHANGE_IS_A_SWAP,
    )
    for c in ENGINE.legal_commands(state, 0):
        if c["type"] == "swap_figures":
            ENGINE.execute(state, 0, c, random.Random(0))


def test_tile_exchange_takes_back_an_own_plain_tile_to_place_it_again():
    state = play_state(2, hands=[["tile_exchange", "samurai1", "ship1", "ship1", "ship2"]] * 2)
    put(state, 101, 0, "samurai3")
    put(state, 82, 1, "samurai2")
    put(state, 33, 0, "ship1")
    refused(
        state,
        0,
        {"type": "place_tile", "tile": "tile_exchange", "hex": 82},
        r.EXCHANGE_NEEDS_OWN_TILE,
    )
    refused(
        state,
        0,
        {"type": "place_tile", "tile": "tile_exchange", "hex": 33},
        r.EXCHANGE_NEEDS_OWN_TILE,
    )
    run(state, 0, {"type": "place_tile", "tile": "tile_exchange", "hex": 101})
    assert state.tiles[101] == (0, "tile_exchange")
    assert state.pending == "samurai3"
    # The taken tile must be placed again at once, before anything else.
    refused(state, 0, {"type": "end_turn"}, r.MUST_PLACE_TAKEN_TILE)
    refused(state, 0, {"type": "place_tile", "tile": "ship1", "hex": 34}, r.MUST_PLACE_TAKEN_TILE)
    legal = ENGINE.legal_commands(state, 0)
    assert {c["tile"] for c in legal} == {"samurai3"}
    run(state, 0, {"type": "place_tile", "tile": "samurai3", "hex": 47})
    assert state.tiles[47] == (0, "samurai3") and state.pending is None
    # The exchange was this turn's tile without kanji.
    refused(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": 46}, r.ONE_PLAIN_TILE)


def test_the_tile_exchange_has_strength_zero():
    state = play_state(2)
    put(state, 46, 0, "tile_exchange")
    put(state, 47, 1, "samurai1")
    assert r.capture_events(state, [VILLAGE])[0]["seat"] == 1


# --- Jak se přivlastňují figury? --------------------------------------------------------------


def test_figure_tiles_influence_only_their_own_kind():
    from games.samurai.capture import influence

    state = play_state(2)
    put(state, 46, 0, "helmet4")
    put(state, 47, 1, "buddha2")
    assert influence(state, VILLAGE, 0) == [4, 0]
    assert influence(state, VILLAGE, 1) == [0, 2]


def test_samurai_ship_and_ronin_influence_all_three_kinds():
    from games.samurai.capture import influence

    state = play_state(2)
    put(state, 46, 0, "samurai3")
    put(state, 47, 1, "ronin1")
    put(state, 33, 1, "ship2")
    for kind in range(3):
        assert influence(state, VILLAGE, kind) == [3, 3]


def place_and_end(state, seat, *placements):
    """Place ``(tile, space)`` pairs, end the turn, return every event (captures come with the
    placing tile by default, at the end of the turn with ``after_placing``)."""
    events = []
    for tile, space in placements:
        events += run(state, seat, {"type": "place_tile", "tile": tile, "hex": space})
    return events + run(state, seat, {"type": "end_turn"})


def test_a_surrounded_figure_goes_to_the_largest_influence():
    # The text's picture: blue gets the helmet with influence 3, red has only 2.
    state = play_state(
        2,
        layout={VILLAGE: ["helmet"]},
        hands=[["samurai1", "helmet3", "ship1", "ship1", "ship2"]] * 2,
    )
    put(state, 47, 1, "samurai2")
    events = place_and_end(state, 0, ("helmet3", 46))
    captured = [e for e in events if e["type"] == "FigureCaptured"]
    assert captured == [
        {
            "type": "FigureCaptured",
            "seat": 0,
            "hex": VILLAGE,
            "kind": "helmet",
            "influence": [3, 2],
            "screened": False,
        }
    ]
    assert state.captured[0][0] == 1 and state.figures[VILLAGE] == []


def test_jak_se_privlastnuji_figury_sea_spaces_need_not_be_filled_but_ships_count():
    state = play_state(
        2,
        layout={VILLAGE: ["buddha"]},
        hands=[["samurai1", "ship2", "ship1", "ship1", "ronin1"]] * 2,
    )
    put(state, 47, 1, "samurai2")
    put(state, 33, 0, "ship2")
    events = place_and_end(state, 0, ("samurai1", 46))
    assert [e["seat"] for e in events if e["type"] == "FigureCaptured"] == [0]


def test_a_tie_for_largest_influence_sets_the_figure_beside_the_board():
    state = play_state(
        2,
        layout={VILLAGE: ["rice_field"]},
        hands=[["samurai2", "ship1", "ship1", "ship2", "ronin1"]] * 2,
    )
    put(state, 47, 1, "samurai2")
    events = place_and_end(state, 0, ("samurai2", 46))
    assert [e["type"] for e in events if e["type"].startswith("Figure")] == ["FigureSetAside"]
    assert state.beside == [0, 0, 1] and state.captured == [[0, 0, 0], [0, 0, 0]]


def test_zvlastni_pripad_a_figure_nobody_influences_counts_as_a_tie():
    state = play_state(
        2,
        layout={VILLAGE: ["rice_field"]},
        hands=[["helmet2", "ship1", "ship1", "ship2", "ronin1"]] * 2,
    )
    put(state, 47, 1, "buddha3")
    events = place_and_end(state, 0, ("helmet2", 46))
    assert next(e for e in events if e["type"] == "FigureSetAside")["influence"] == [0, 0]


def test_every_figure_of_a_city_goes_to_its_own_largest_influence():
    city = board(2).cities[0]  # 51: land 46, 52, 59, 60
    state = play_state(
        2,
        layout={city: ["helmet", "buddha"]},
        hands=[["buddha4", "ship1", "ship1", "ship2", "ronin1"]] * 2,
    )
    put(state, 46, 1, "helmet3")
    put(state, 52, 1, "samurai1")
    put(state, 59, 0, "samurai1")
    events = place_and_end(state, 0, ("buddha4", 60))
    got = {e["kind"]: e["seat"] for e in events if e["type"] == "FigureCaptured"}
    assert got == {"helmet": 1, "buddha": 0}


def test_jak_se_privlastnuji_figury_by_default_a_figure_falls_as_soon_as_a_tile_surrounds_it():
    # "Když jsou všechna pozemní pole sousedící s figurou obsazena kartami, figura se odebere"
    # - at that moment, as the publisher's FAQ and NOTES.md §1 read it: the default.
    state = play_state(
        2,
        layout={VILLAGE: ["helmet"]},
        hands=[["samurai1", "ship2", "ship1", "ship1", "ronin1"]] * 2,
    )
    assert state.options["capture_timing"] == "per_tile"
    put(state, 47, 1, "samurai2")
    events = run(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": 46})
    assert [e["type"] for e in events] == ["TilePlaced", "FigureCaptured"]
    assert events[1]["seat"] == 1
    # A ship placed later in the same turn no longer matters for that figure.
    run(state, 0, {"type": "place_tile", "tile": "ship2", "hex": 33})
    assert state.captured[1][0] == 1


def test_tah_vypada_takto_after_placing_option_counts_tiles_placed_later_in_the_turn():
    # The option reads "Tah vypadá takto" literally: step 2 (taking figures) after step 1
    # (placing all of the turn's tiles).
    state = play_state(
        2,
        layout={VILLAGE: ["helmet"]},
        hands=[["samurai1", "ship2", "ship1", "ship1", "ronin1"]] * 2,
        options={"capture_timing": "after_placing"},
    )
    put(state, 47, 1, "samurai2")
    run(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": 46})
    assert state.figures[VILLAGE] == [0]  # still there until the tiles are all placed
    run(state, 0, {"type": "place_tile", "tile": "ship2", "hex": 33})
    run(state, 0, {"type": "end_turn"})
    assert state.captured[0][0] == 1


# --- Tah 3: drawing ---------------------------------------------------------------------------


def test_the_player_draws_back_to_five_at_random_and_the_next_player_follows():
    state = play_state(2)
    run(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": 101})
    run(state, 0, {"type": "place_tile", "tile": "ronin1", "hex": 82})
    events = run(state, 0, {"type": "end_turn"})
    drawn = next(e for e in events if e["type"] == "TilesDrawn")
    assert drawn["count"] == 2 and len(state.hands[0]) == 5 and len(state.supplies[0]) == 13
    assert state.current == 1 and state.placed == 0


def test_tah_vypada_takto_a_player_who_cannot_place_any_tile_is_skipped():
    state = play_state(
        2,
        hands=[
            ["samurai1", "ship1", "ship1", "ship2", "ronin1"],
            ["tile_exchange", "ship1", "ship1", "ship2", "figure_exchange"],
        ],
    )
    state.supplies[1] = []
    for space in board(2).sea:
        put(state, space, 0, "ship1")
    # One figure left on the map: the figure exchange has no two figures to swap.
    state.figures = {h: ([0] if h == board(2).edo else []) for h in state.figures}
    run(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": 101})
    events = run(state, 0, {"type": "end_turn"})
    assert [e["type"] for e in events][-2:] == ["TurnEnded", "TurnSkipped"]
    assert state.current == 0


# --- Konec hry --------------------------------------------------------------------------------


def test_konec_hry_when_the_last_figure_of_a_kind_leaves_the_turn_ends_without_a_draw():
    state = play_state(
        2,
        layout={VILLAGE: ["helmet"]},
        hands=[["samurai3", "ship2", "ship1", "ship1", "ronin1"]] * 2,
    )
    for h, kinds in state.figures.items():
        if h != VILLAGE and 0 in kinds:
            kinds.remove(0)
    put(state, 47, 1, "samurai1")
    events = place_and_end(state, 0, ("samurai3", 46))
    # "aktuální tah se ještě dohraje do konce. Poté hra ihned končí": step 3 (drawing) is part
    # of no turn that follows, so nobody draws after the end is reached. The event also says
    # which kind ran out, for the log line (capture.game_ended).
    assert events[-1] == {"type": "GameEnded", "reason": "figures", "kinds_gone": ["helmet"]}
    assert "TilesDrawn" not in [e["type"] for e in events]
    assert ENGINE.outcome(state) is not None


def test_the_game_ends_when_a_fourth_figure_stands_beside_the_board():
    state = play_state(
        2,
        layout={VILLAGE: ["helmet"]},
        hands=[["samurai1", "ship2", "ship1", "ship1", "ronin1"]] * 2,
    )
    state.beside = [1, 1, 1]
    put(state, 47, 1, "samurai1")
    run(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": 46})
    events = run(state, 0, {"type": "end_turn"})
    assert state.phase == "over" and sum(state.beside) == 4
    assert events[-1] == {"type": "GameEnded", "reason": "figures", "beside": 4}


def test_konec_hry_with_per_tile_captures_the_current_turn_is_finished_first():
    state = play_state(
        2,
        layout={VILLAGE: ["helmet"]},
        hands=[["samurai1", "ship2", "ship1", "ship1", "ronin1"]] * 2,
        options={"capture_timing": "per_tile"},
    )
    state.beside = [1, 1, 1]
    put(state, 47, 1, "samurai1")
    run(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": 46})
    assert state.end_triggered and state.phase == "play" and sum(state.beside) == 4
    run(state, 0, {"type": "place_tile", "tile": "ship2", "hex": 33})
    run(state, 0, {"type": "end_turn"})
    assert state.phase == "over"


# --- forfeit ----------------------------------------------------------------------------------


def test_leaving_the_game_the_player_is_skipped_and_ranks_last():
    state = play_state(3)
    for event in ENGINE.forfeit(state, 0):
        ENGINE.apply(state, event)
    assert state.current == 1 and state.forfeited[0]
    for event in ENGINE.forfeit(state, 2):
        ENGINE.apply(state, event)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome["ranks"] == [2, 1, 2]


def test_a_forfeit_during_the_choice_does_not_block_the_others():
    state = fold(ENGINE, started(3) + chosen(3)[:10])
    for event in ENGINE.forfeit(state, 2):
        ENGINE.apply(state, event)
    assert state.phase == "place_figures"
