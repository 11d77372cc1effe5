"""Issue 15's rule decisions and the interpretations of the rules page, each test named for the
clause it reads (shared/rules/yspahan.cs.txt); and the promise that a match keeps the rules it
began with."""

from __future__ import annotations

import json
import pathlib
import random
import re
from typing import Any

import pytest

from games.base import IllegalCommand
from games.testing import fold
from games.yspahan import ENGINE
from games.yspahan import data as D
from games.yspahan.commands import TWO_PLAYER_RULES
from games.yspahan.rules import NOT_YOUR_OWN_TURN, WRONG_PHASE
from games.yspahan.state import AFTER, CARAVAN, INSPECT, OVER, PLACE

from .helpers import do, end, give, rolled, shop, snapshot, start, types

ROLL = [1, 1, 1, 2, 2, 3, 3, 3, 6]  # rows: camels=1 (3 dice), bag=2, barrel=3 (3 dice), gold=6
HERE = pathlib.Path(__file__).parent
CORPUS = HERE.parents[1] / "corpus" / "yspahan"
CARD_3_GOLD = {"type": "play_card", "card": "3_gold"}


def refused(state, seat: int, command: dict[str, Any], code: str) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, seat, command, random.Random(0))
    assert err.value.code == code, err.value
    assert snapshot(state) == before


# --- Tah hráče: cards "kdykoliv" during one's own turn ----------------------------------------


def test_tah_hrace_cards_may_be_played_between_the_cubes_of_a_market_action():
    # "během svého tahu může hráč kdykoliv zahrát jakoukoliv svou kartu": placing the cubes of
    # a market action is part of one's turn, so a card may come between two cubes.
    state = rolled(start(3), ROLL)
    give(state, 0, "3_gold", "cube_to_souk")
    state, _ = do(state, 0, {"type": "take_row", "row": 2})  # barrel row: 3 cubes
    assert state.phase == PLACE and state.to_place == 3
    assert CARD_3_GOLD in ENGINE.legal_commands(state, 0)
    state, _ = do(state, 0, CARD_3_GOLD)
    assert state.phase == PLACE and state.money[0] == 5 and state.to_place == 3
    # Card d begins a souk of the same quarter: the next cubes must fill that souk first.
    souk = D.SOUK_SHOPS[D.QUARTER_SOUKS[1][3]]
    state, _ = do(state, 0, {"type": "play_card", "card": "cube_to_souk", "shop": souk[0]})
    assert state.phase == PLACE
    targets = {c["shop"] for c in ENGINE.legal_commands(state, 0) if c["type"] == "place_cube"}
    assert targets == set(souk[1:])


def test_tah_hrace_card_d_may_take_the_last_shop_a_market_action_could_use():
    state = rolled(start(3), ROLL)
    give(state, 0, "cube_to_souk", "3_gold")
    for souk in D.QUARTER_SOUKS[1]:
        for sh in D.SOUK_SHOPS[souk]:
            state.owner[sh] = 1
    last_souk = D.SOUK_SHOPS[D.QUARTER_SOUKS[1][0]]
    for sh in last_souk:
        state.owner[sh] = 0
    state.owner[last_souk[-1]] = -1
    state, _ = do(state, 0, {"type": "take_row", "row": 2})
    assert state.phase == PLACE
    state, _ = do(state, 0, {"type": "play_card", "card": "cube_to_souk", "shop": last_souk[-1]})
    assert state.phase == AFTER and state.to_place == 0


def test_tah_hrace_cards_may_be_played_while_the_mover_names_the_next_inspected_shop():
    state = rolled(start(3), ROLL)
    give(state, 0, "3_gold")
    state.owner[shop("bag_2#1")] = 1
    state.owner[shop("barrel_0#0")] = 2
    state.camels[1] = state.camels[2] = 1
    state, _ = do(state, 0, {"type": "move_supervisor", "row": 1, "to": 23})
    assert state.phase == INSPECT and CARD_3_GOLD in ENGINE.legal_commands(state, 0)
    gold = state.money[0]
    state, _ = do(state, 0, CARD_3_GOLD)
    assert state.phase == INSPECT and state.money[0] == gold + 3


def test_tah_hrace_cards_may_be_played_deciding_about_ones_own_inspected_cube():
    # The mover's own cube next to the supervisor: still the mover's turn. A swap card turns
    # gold into the camel that sends a cube from supply instead.
    state = rolled(start(3), ROLL)
    give(state, 0, "swap_camels_gold")
    state.owner[shop("bag_2#0")] = 0
    state.camels[0] = 1
    state, _ = do(state, 0, {"type": "move_supervisor", "row": 2, "to": 7})
    assert state.phase == CARAVAN and ENGINE.active_seats(state) == {0}
    state, _ = do(state, 0, {"type": "play_card", "card": "swap_camels_gold", "amount": 2})
    assert state.phase == CARAVAN and state.camels[0] == 3
    state, _ = do(state, 0, {"type": "send_to_caravan", "source": "supply"})
    assert state.owner[shop("bag_2#0")] == 0 and state.caravan == [0]


def test_tah_hrace_no_cards_in_another_players_turn():
    # An owner deciding about an inspected cube in the mover's turn is not in their own turn.
    state = rolled(start(3), ROLL)
    give(state, 1, "3_gold")
    state.owner[shop("bag_2#0")] = 1
    state.camels[1] = 1
    state, _ = do(state, 0, {"type": "move_supervisor", "row": 2, "to": 7})
    assert state.phase == CARAVAN and ENGINE.active_seats(state) == {1}
    assert not any(c["type"] == "play_card" for c in ENGINE.legal_commands(state, 1))
    refused(state, 1, CARD_3_GOLD, NOT_YOUR_OWN_TURN)


def test_tah_hrace_rules_version_1_played_no_cards_while_placing_or_inspecting():
    state = rolled(start(3, rules_version=1), ROLL)
    give(state, 0, "3_gold")
    state, _ = do(state, 0, {"type": "take_row", "row": 2})
    assert state.phase == PLACE and state.rules_version == 1
    assert CARD_3_GOLD not in ENGINE.legal_commands(state, 0)
    refused(state, 0, CARD_3_GOLD, WRONG_PHASE)


# --- Leaving the game: a departed player's cubes under inspection -------------------------------


def test_leaving_the_game_a_departed_owners_cube_under_inspection_goes_to_the_caravan():
    # "každý hráč, který má na s figurkou sousedícím poli tržiště svou kostičku, umístí buď tuto
    # kostičku, nebo za 1 velblouda svou kostičku ze zásoby": nobody pays a camel for a
    # departed owner, so the shop's cube goes, as for an owner without camels.
    state = rolled(start(3), ROLL)
    state.owner[shop("bag_2#0")] = 1
    state.camels[1] = 3
    for event in ENGINE.forfeit(state, 1):
        state = ENGINE.apply(state, event)
    state, events = do(state, 0, {"type": "move_supervisor", "row": 2, "to": 7})
    entered = [e for e in events if e["type"] == "CubeEnteredCaravan"]
    assert [(e["seat"], e["source"], e["points"]) for e in entered] == [(1, "shop", 1)]
    assert state.owner[shop("bag_2#0")] == -1 and state.camels[1] == 3


def test_leaving_the_game_an_owner_leaving_mid_choice_sends_the_shop_cube():
    state = rolled(start(4), ROLL)
    state.owner[shop("bag_2#1")] = 1
    state.owner[shop("barrel_0#0")] = 2
    state.camels[1] = state.camels[2] = 1
    state, _ = do(state, 0, {"type": "move_supervisor", "row": 1, "to": 23})
    state, _ = do(state, 0, {"type": "choose_inspection", "shop": shop("bag_2#1")})
    assert ENGINE.active_seats(state) == {1}
    events = ENGINE.forfeit(state, 1)
    assert types(events) == ["CubeEnteredCaravan", "SeatForfeited"]
    for event in events:
        state = ENGINE.apply(state, event)
    assert state.owner[shop("bag_2#1")] == -1 and state.caravan == [1] and state.camels[1] == 1
    # The other owner's cube waits for the mover, who names it next.
    assert ENGINE.active_seats(state) == {0}
    assert {"type": "choose_inspection", "shop": shop("barrel_0#0")} in ENGINE.legal_commands(
        state, 0
    )


def test_leaving_the_game_a_departed_owners_cube_waiting_in_line_goes_when_named():
    state = rolled(start(4), ROLL)
    state.owner[shop("bag_2#1")] = 1
    state.owner[shop("barrel_0#0")] = 2
    state.camels[1] = state.camels[2] = 1
    state, _ = do(state, 0, {"type": "move_supervisor", "row": 1, "to": 23})
    state, _ = do(state, 0, {"type": "choose_inspection", "shop": shop("bag_2#1")})
    for event in ENGINE.forfeit(state, 2):  # seat 2 leaves while seat 1 decides
        state = ENGINE.apply(state, event)
    assert state.inspect == [shop("barrel_0#0")]
    state, _ = do(state, 1, {"type": "send_to_caravan", "source": "supply"})
    # One shop left, its owner gone: no choice for anybody, it goes at once.
    assert state.owner[shop("barrel_0#0")] == -1 and state.caravan == [1, 2]
    assert state.phase == AFTER or state.turn == 1


def test_leaving_the_game_at_any_moment_never_leaves_a_departed_seat_to_act():
    rng = random.Random(5)
    for game in range(24):
        n = 2 + game % 3
        state = fold(ENGINE, ENGINE.setup(n, ENGINE.validate_options(n, {}), rng))
        leave_at = {rng.randrange(40, 400): rng.randrange(n) for _ in range(n - 1)}
        steps = 0
        while ENGINE.outcome(state) is None:
            leaving = leave_at.pop(steps, None)
            if leaving is not None and not state.out[leaving]:
                for event in ENGINE.forfeit(state, leaving):
                    state = ENGINE.apply(state, event)
                    seats = ENGINE.active_seats(state)
                    assert state.phase == OVER or not any(state.out[s] for s in seats)
                if ENGINE.outcome(state) is not None:
                    break
            (seat,) = ENGINE.active_seats(state)
            assert not state.out[seat]
            command = rng.choice(ENGINE.legal_commands(state, seat))
            for event in ENGINE.execute(state, seat, command, rng):
                state = ENGINE.apply(state, event)
            steps += 1
        assert state.phase == OVER


# --- two players: the published structure by default, the text's as an option ----------------


def test_prubeh_kola_two_players_text_option_one_action_each():
    # The text's round: "postupně ve směru hodinových ručiček od počátečního každý hráč provede
    # svůj tah" - one turn each, as with 3-4 players.
    assert start(2, first=1).order == [1, 0, 1]
    state = start(2, first=1, two_player_rules="text")
    assert state.order == [1, 0]
    state = rolled(state, ROLL)
    for seat in (1, 0):
        state, _ = do(state, seat, {"type": "draw_card", "row": 0 if seat == 1 else 5})
        if state.phase == AFTER:
            state, _ = do(state, seat, {"type": "end_turn"})
    assert state.day == 2 and state.first == 0 and state.order == [0, 1]


def test_tah_hrace_two_players_text_option_builds_after_the_action():
    # "poté hráč může provést akci: 4. postavit jednu budovu" - after the action, as with 3-4.
    state = rolled(start(2, two_player_rules="text"), ROLL)
    state.camels[0] = 2
    give(state, 0, "3_gold")
    refused(state, 0, {"type": "build", "building": "extra_camel"}, WRONG_PHASE)
    state, _ = do(state, 0, {"type": "take_row", "row": 5})
    state, events = do(state, 0, {"type": "build", "building": "extra_camel"})
    assert events[-1]["type"] == "BuildingBuilt" and events[-1]["main"] is False


def test_herni_material_two_players_text_option_has_four_caravan_spaces_per_section():
    # "každá sekce obsahuje 4 pole karavany, ve třech hráčích se používají pouze 3 pole"
    text = ENGINE.view(start(2, two_player_rules="text"), 0)["caravan"]
    published = ENGINE.view(start(2), 0)["caravan"]
    assert (text["per_section"], text["capacity"]) == (4, 12)
    assert (published["per_section"], published["capacity"]) == (3, 9)


def test_ad_2_yellow_dice_serve_the_first_players_first_action_only():
    # "počáteční hráč si počítá i žluté kostky": the published game takes them away after the
    # first player's first action, which matters with two players, who act again third.
    state = rolled(start(2), ROLL, [2])  # the bag row: two white 2s and a yellow 2
    state, events = do(state, 0, {"type": "take_row", "row": 0})
    assert events[0]["value"] == 3
    state = end(state, 0)
    state, _ = do(state, 1, {"type": "take_row", "row": 5})
    state = end(state, 1)
    state, events = do(state, 0, {"type": "take_row", "row": 1})
    assert events[0]["value"] == 2  # the yellow die no longer counts


# --- rules versions ---------------------------------------------------------------------------


def test_a_match_begun_under_rules_version_1_keeps_its_rules():
    # A stored version 1 match: its GameStarted names no version and has no two_player_rules
    # (missing: the published structure it was played with).
    doc = json.loads((CORPUS / "2p-seed0.json").read_text())
    started = doc["events"][0]
    assert doc["rules_version"] == 1 and "rules_version" not in started
    assert TWO_PLAYER_RULES not in started["options"] and len(started["order"]) == 3
    state = fold(ENGINE, [{k: v for k, v in e.items() if k != "actor"} for e in doc["events"]])
    assert state.rules_version == 1
    new = json.loads((CORPUS / "2p-seed0-v2.json").read_text())
    assert new["events"][0]["rules_version"] == 2
    assert new["events"][0]["options"][TWO_PLAYER_RULES] == "published"
    # A snapshot written before version 2 lacks the field: it loads as version 1.
    old = ENGINE.state_to_json(start(3))
    del old["rules_version"]
    assert ENGINE.state_from_json(old).rules_version == 1


# --- the rules page ---------------------------------------------------------------------------

CLAUSES = (
    "zahajeni",
    "prubeh_hry",
    "bodovani_trziste",
    "bodovani_karavany",
    "zaverecne_vyhodnoceni",
    "prubeh_kola",
    "tah_hrace",
    "ad_1",
    "ad_2",
    "ad_3",
    "ad_4",
    "prehled_karet",
    "herni_material",
    "leaving_the_game",
)


def test_every_interpretation_on_the_rules_page_names_a_test_carrying_its_clause():
    page = (HERE.parents[2] / "games" / "yspahan" / "README.md").read_text()
    section = page.split("### Interpretations", 1)[1].split("\n##", 1)[0]
    named = re.findall(r"`(test_\w+)`", section)
    assert len(named) >= 20
    sources = "".join(p.read_text() for p in HERE.glob("test_*.py"))
    for name in named:
        assert f"def {name}(" in sources, f"the rules page names {name}, which does not exist"
        assert any(clause in name for clause in CLAUSES), f"{name} names no clause"
