"""Rule decisions of issue 23: theft next to an opponent, each clarification of the variant as a
switch of its own, the named presets, and old matches keeping the rules they were created with.

Clauses are those of ``shared/rules/catan-2p-variant.cs.txt`` ("upřesnění" = the clarifications
after the numbered rules)."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalCommand
from games.catan import ENGINE
from games.catan import commands as C
from games.catan.data import DEV_INDEX, RES_INDEX
from games.catan.options import CLARIFICATIONS, PRESETS
from games.catan.state import DISCARD, MAIN, ROBBER, State
from tests.games.catan.support import (
    FixedDice,
    corner,
    give,
    hex_id,
    knights,
    new_game,
    put,
    refused,
    road,
    run,
    run_with,
    skip_setup,
)

WOOL4 = (1, -1)


def _robber_next_to(n: int = 2, **options: bool) -> State:
    s = skip_setup(new_game(n, **options))
    s.phase, s.rolled = ROBBER, True
    put(s, 1, corner(*WOOL4, 0))
    give(s, 1, ore=2)
    return s


def test_clarification_chce_okrast_a_player_may_move_next_to_an_opponent_and_not_steal() -> None:
    """ "...hráč zahraje rytíře a chce okrást protihráče": robbing is the player's wish, so the
    robber may go next to an opponent (to block the hex) without a theft."""
    s = _robber_next_to()
    legal = ENGINE.legal_commands(s, 0)
    assert {"type": "move_robber", "hex": hex_id(*WOOL4)} in legal
    assert {"type": "move_robber", "hex": hex_id(*WOOL4), "victim": 1} in legal
    events = run(s, 0, {"type": "move_robber", "hex": hex_id(*WOOL4)})
    assert [e["type"] for e in events] == ["RobberMoved"]
    assert s.res[1][RES_INDEX["ore"]] == 2 and s.robber == hex_id(*WOOL4) and s.phase == MAIN


def test_clarification_chce_okrast_the_theft_is_still_there_for_a_player_who_wants_it() -> None:
    s = _robber_next_to()
    events = run(s, 0, {"type": "move_robber", "hex": hex_id(*WOOL4), "victim": 1})
    assert events[-1]["type"] == "CardStolen" and s.res[0][RES_INDEX["ore"]] == 1


def test_base_game_the_theft_next_to_an_opponent_is_compulsory() -> None:
    """The published rules: the player "steals 1 random resource card" (no choice)."""
    s = _robber_next_to(3)
    assert {"type": "move_robber", "hex": hex_id(*WOOL4)} not in ENGINE.legal_commands(s, 0)
    refused(s, 0, {"type": "move_robber", "hex": hex_id(*WOOL4)}, C.VICTIM_REQUIRED)


def test_theft_optional_off_makes_the_theft_compulsory_with_two_players() -> None:
    s = _robber_next_to(2, theft_optional=False)
    refused(s, 0, {"type": "move_robber", "hex": hex_id(*WOOL4)}, C.VICTIM_REQUIRED)


def test_clarification_tied_awards_off_the_holder_keeps_a_tied_longest_road() -> None:
    s = skip_setup(new_game(2, tied_awards_to_bank=False), phase=MAIN)
    road(s, 0, *[corner(0, 1, k) for k in range(6)])
    road(s, 1, *[corner(-2, 2, k) for k in range(6)])
    assert s.road_len == [5, 5] and s.lr_holder == 0
    knights(s, 0, 3)
    knights(s, 1, 3)
    assert s.la_holder == 0


def test_clarification_seven_counts_development_cards_off_counts_resources_only() -> None:
    s = skip_setup(new_game(2, seven_counts_development_cards=False))
    give(s, 1, brick=6, knight=3)
    run_with(s, 0, {"type": "roll_dice"}, FixedDice([3, 4]))
    assert s.phase == ROBBER and s.discard_left[1] == 0
    s = skip_setup(new_game(2, seven_counts_development_cards=False))
    give(s, 1, brick=8, knight=1)
    run_with(s, 0, {"type": "roll_dice"}, FixedDice([3, 4]))
    assert s.phase == DISCARD and s.discard_left[1] == 4
    refused(s, 1, {"type": "discard", "card": "knight"}, C.BAD_CARD)


def test_clarification_steal_development_cards_off_a_hand_of_only_cards_is_safe() -> None:
    s = skip_setup(new_game(2, steal_development_cards=False))
    s.phase, s.rolled = ROBBER, True
    put(s, 1, corner(*WOOL4, 0))
    give(s, 1, knight=1)
    assert {"type": "move_robber", "hex": hex_id(*WOOL4)} in ENGINE.legal_commands(s, 0)
    refused(s, 0, {"type": "move_robber", "hex": hex_id(*WOOL4), "victim": 1}, C.BAD_VICTIM)
    give(s, 1, ore=1)
    events = run(s, 0, {"type": "move_robber", "hex": hex_id(*WOOL4), "victim": 1}, seed=3)
    assert events[-1]["card"] == "ore"


def test_clarification_robber_may_stay_off_the_robber_must_move() -> None:
    s = skip_setup(new_game(2, robber_may_stay=False))
    s.phase, s.rolled = ROBBER, True
    refused(s, 0, {"type": "move_robber", "hex": s.robber}, C.ROBBER_MUST_MOVE)


def test_clarification_road_building_before_the_roll_when_switched_off() -> None:
    s = skip_setup(new_game(2, no_road_building_before_roll=False))
    a, b = corner(0, 1, 0), corner(0, 1, 1)
    put(s, 0, a)
    road(s, 0, a, b)
    give(s, 0, road_building=1)
    run(s, 0, {"type": "play_road_building"})
    assert s.rb_left == 2


def test_every_clarification_is_on_by_default_with_two_players() -> None:
    opts = ENGINE.validate_options(2, {})
    assert all(opts[name] is True for name in CLARIFICATIONS)
    assert opts["preset"] == "none" and opts["trade_offers_per_turn"] == 3


def test_without_the_variant_the_clarifications_are_stored_off() -> None:
    """Three or four players without the variant play the published base rules."""
    opts = ENGINE.validate_options(4, {})
    assert all(opts[name] is False for name in CLARIFICATIONS)
    opts = ENGINE.validate_options(4, {"variant": True, "robber_may_stay": False})
    assert opts["tied_awards_to_bank"] and not opts["robber_may_stay"]


def test_preset_fast_is_rules_1_2_3() -> None:
    """ "Zrychlená verze ... se hraje podle bodů 1, 2 a 3"."""
    opts = ENGINE.validate_options(2, {"preset": "fast"})
    assert opts["victory_points"] == 12 and opts["three_settlements"]
    assert opts["choose_start_resources"] and not opts["city_needs_three_settlements"]
    s = new_game(2, preset="fast")
    assert s.target == 12 and len(s.setup_steps) == 6


def test_preset_original_is_the_authors_rules_1_3_8_and_other_rules_stay_free() -> None:
    """ "Naše původní varianta ... z pravidel 1, 3 a 8 ... Lze přidat i pravidlo 4"."""
    opts = ENGINE.validate_options(2, {"preset": "original", "remove_five_knights": True})
    assert opts["choose_start_resources"] and opts["city_needs_three_settlements"]
    assert not opts["three_settlements"] and opts["remove_five_knights"]


def test_a_preset_with_four_players_turns_the_variant_on() -> None:
    opts = ENGINE.validate_options(4, {"preset": "fast"})
    assert opts["variant"] and opts["victory_points"] == 12 and opts["tied_awards_to_bank"]


def test_a_preset_refuses_an_option_it_sets_otherwise_and_says_why() -> None:
    with pytest.raises(IllegalCommand) as err:
        ENGINE.validate_options(2, {"preset": "fast", "three_settlements": False})
    assert err.value.code == "invalid_options"
    assert "fast" in err.value.message and "three_settlements" in err.value.message
    # the same value is no conflict
    assert ENGINE.validate_options(2, {"preset": "fast", "three_settlements": True})["preset"]


def test_the_options_schema_shows_what_each_preset_sets() -> None:
    schema = next(o.schema() for o in ENGINE.options if o.name == "preset")
    assert schema["choices"] == ["none", "fast", "original"]
    assert schema["implies"]["fast"] == PRESETS["fast"]
    assert schema["implies"]["original"]["city_needs_three_settlements"] is True
    names = {o.name for o in ENGINE.options}
    assert all(key in names for sets in PRESETS.values() for key in sets)


def _version_1_game(n: int) -> State:
    """A match created under rules_version 1: its GameCreated options lack the newer keys."""
    opts = ENGINE.validate_options(n, {"beginner_board": True})
    for key in ("preset", *CLARIFICATIONS):
        del opts[key]
    events = ENGINE.setup(n, opts, random.Random(0))
    state = None
    for e in events:
        state = ENGINE.apply(state, e)
    assert state is not None
    return state


def test_a_match_of_rules_version_1_keeps_the_compulsory_theft_and_its_clarifications() -> None:
    s = _version_1_game(2)
    assert s.options["theft_optional"] is False
    assert all(s.options[k] for k in CLARIFICATIONS if k != "theft_optional")
    skip_setup(s)
    s.phase, s.rolled = ROBBER, True
    put(s, 1, corner(*WOOL4, 0))
    give(s, 1, ore=1)
    refused(s, 0, {"type": "move_robber", "hex": hex_id(*WOOL4)}, C.VICTIM_REQUIRED)
    s4 = _version_1_game(4)
    assert not any(s4.options[k] for k in CLARIFICATIONS)


def test_a_snapshot_of_rules_version_1_loads_with_its_rules() -> None:
    s = new_game(2)
    data = ENGINE.state_to_json(s)
    for key in ("preset", *CLARIFICATIONS):
        del data["options"][key]
    loaded = ENGINE.state_from_json(data)
    assert loaded.options["theft_optional"] is False and loaded.options["robber_may_stay"]


def test_point_card_variant_rule_1_still_counts_a_card_in_hand_with_clarifications_off() -> None:
    """Rule 1 stays with the variant whatever the clarification switches say."""
    s = skip_setup(new_game(2, **dict.fromkeys(CLARIFICATIONS, False)), phase=MAIN)
    s.cities[0], s.settlements[0] = 5, 1  # 11
    s.deck.remove(DEV_INDEX["victory_point"])
    s.deck.append(DEV_INDEX["victory_point"])
    give(s, 0, ore=1, wool=1, grain=1)
    run(s, 0, {"type": "buy_development_card"})
    assert s.winner == 0 and s.target == 12
