"""The extended rules ("Rozšířená pravidla") and the special cards ("Význam zvláštních karet")."""

from __future__ import annotations

import random

import pytest

from games.base import NOT_YOUR_TURN, IllegalCommand, InvalidOptions
from games.drunter import ENGINE
from games.drunter.commands import GOAL_NOT_HELD
from games.drunter.data import BOARD
from games.drunter.placement import route_blocked
from games.drunter.scoring import goal_score
from games.drunter.state import to_json
from games.testing import canonical, fold
from tests.games.drunter.scenario import act, hand, place, start, tile, types

TYPES = {t: i for i, t in enumerate(BOARD.building_types)}
CARDS = {c: i for i, c in enumerate(BOARD.goal_cards)}


def test_options_default_to_the_basic_game_with_the_texts_random_deal() -> None:
    assert ENGINE.validate_options(3, {}) == {
        "extended": False,
        "goal_deal": "random",
        "shrug_with_others": False,
        "tunnel_keeps_builder": True,
    }
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(3, {"goal_deal": "fair"})


def test_extended_rule_3_outhouses_are_covered_without_a_vote() -> None:
    tiles = [tile(0, "wall_2", 3, "N", 0, 13), tile(0, "wall_2", 1, "N", 0, 10)]
    state = start(extended=True, tiles=tiles)
    state, events = act(state, 0, place("wall_2", 1, "E"))  # onto the outhouse at (1,10)
    assert not events[0]["vote"] and types(events) == ["TilePlaced", "TurnStarted"]
    assert ENGINE.view(state, 0)["secrets"]["vote_cards"] == []


def test_extended_rule_4_translators_note_balanced_deal_gives_one_building_one_special() -> None:
    """ "Při zkušební hře se mi zdálo vyváženější, pokud každý hráč dostane právě jednu zvláštní
    kartu ... a právě jednu s budovou" (the translator's note): the option ``balanced``."""
    for seed in range(20):
        opts = ENGINE.validate_options(4, {"extended": True, "goal_deal": "balanced"})
        events = ENGINE.setup(4, opts, random.Random(seed))
        pairs = [e["cards"] for e in events if e["type"] == "GoalsDealt"]
        assert len(pairs) == 4
        for a, b in pairs:
            assert a in BOARD.building_types and b in BOARD.special_cards
        assert len({c for p in pairs for c in p}) == 8


def test_extended_rule_4_by_default_each_player_gets_two_of_the_ten_cards_at_random() -> None:
    """ "Na začátku se 10 karet budov zamíchá a každý hráč dostane skrytě 2 karty": the text's
    deal is the default, so a player may get two buildings or two special cards."""
    mixes = set()
    for seed in range(40):
        opts = ENGINE.validate_options(2, {"extended": True})
        assert opts["goal_deal"] == "random"
        events = ENGINE.setup(2, opts, random.Random(seed))
        for e in events:
            if e["type"] == "GoalsDealt":
                mixes.add(sum(c in BOARD.special_cards for c in e["cards"]))
    assert mixes == {0, 1, 2}


def visible_all() -> list[tuple[int, int]]:
    return [(t, v) for t, v, _ in BOARD.buildings]


def test_special_card_all_3s_counts_every_visible_building_worth_3() -> None:
    assert goal_score(CARDS["all_3s"], visible_all()) == 18
    assert goal_score(CARDS["all_3s"], [(0, 3), (1, 3), (2, 4)]) == 6


def test_special_card_all_4s_counts_every_visible_building_worth_4() -> None:
    assert goal_score(CARDS["all_4s"], visible_all()) == 24
    assert goal_score(CARDS["all_4s"], [(0, 4), (1, 3)]) == 4


def test_special_card_lowest_counts_each_types_cheapest_survivor_and_zero_if_wiped_out() -> None:
    assert goal_score(CARDS["lowest_of_each_type"], visible_all()) == 6
    visible = [(0, 5), (0, 3), (1, 4)]  # town hall 3, school 4, the other four types gone
    assert goal_score(CARDS["lowest_of_each_type"], visible) == 7


def test_special_card_one_point_each_counts_every_visible_building() -> None:
    assert goal_score(CARDS["one_point_each"], visible_all()) == 30
    assert goal_score(CARDS["one_point_each"], [(0, 5), (3, 1)]) == 2


def test_a_building_card_counts_its_types_printed_values() -> None:
    assert goal_score(TYPES["church"], visible_all()) == 15


def blocked_game() -> object:
    # Nobody holds wall or river tiles: those routes are blocked as soon as play begins.
    goals = [["town_hall", "all_3s"], ["school", "all_4s"]]
    return start(extended=True, hands=[hand(street1=1), hand()], goals=goals)


def test_extended_rule_5_a_route_is_blocked_when_nobody_holds_a_tile_that_fits() -> None:
    state = blocked_game()
    assert route_blocked(state, BOARD.route_ids.index("river"))
    assert not route_blocked(state, BOARD.route_ids.index("street"))


def test_extended_rule_5_the_first_blocked_route_makes_everyone_commit_a_goal_at_once() -> None:
    state, events = act(blocked_game(), 0, place("street", 1, "E"))
    assert types(events)[-1] == "GoalChoiceStarted"
    assert ENGINE.active_seats(state) == frozenset({0, 1})  # simultaneous
    assert {c["card"] for c in ENGINE.legal_commands(state, 1)} == {"school", "all_4s"}
    state, events = act(state, 1, {"type": "choose_goal", "card": "school"})
    chosen = events[0]
    assert ENGINE.redact(chosen, 0) == {"type": "GoalChosen", "seat": 1}
    assert ENGINE.redact(chosen, None) == {"type": "GoalChosen", "seat": 1}
    assert ENGINE.view(state, 0)["goals_committed"] == [False, True]
    assert "school" not in canonical(ENGINE.view(state, 0)["secrets"])
    # Once laid on top, the order may not change.
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 1, {"type": "choose_goal", "card": "all_4s"}, random.Random(0))
    assert err.value.code == NOT_YOUR_TURN


def test_extended_rule_6_equal_scores_are_broken_by_the_other_goal_card() -> None:
    state, _ = act(blocked_game(), 0, place("street", 1, "E"))
    state, _ = act(state, 0, {"type": "choose_goal", "card": "town_hall"})
    state, events = act(state, 1, {"type": "choose_goal", "card": "school"})
    assert types(events)[-1] == "GameEnded"
    outcome = ENGINE.outcome(state)
    assert outcome["scores"] == [15.0, 15.0]
    assert outcome["details"]["other_goal_scores"] == [18, 24]
    assert outcome["ranks"] == [2, 1] and outcome["tiebreak"] == "other_goal_card"
    assert outcome["details"]["chosen"] == ["town_hall", "school"]


def test_only_ones_own_goal_card_can_be_committed() -> None:
    state, _ = act(blocked_game(), 0, place("street", 1, "E"))
    before = canonical(to_json(state))
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, {"type": "choose_goal", "card": "school"}, random.Random(0))
    assert err.value.code == GOAL_NOT_HELD
    assert canonical(to_json(state)) == before


def test_goal_choice_happens_once_even_when_more_routes_block_later() -> None:
    opts = ENGINE.validate_options(2, {"extended": True})
    rng = random.Random(3)
    state = fold(ENGINE, ENGINE.setup(2, opts, rng))
    started = 0
    while ENGINE.outcome(state) is None:
        seat = min(ENGINE.active_seats(state))
        for e in ENGINE.execute(state, seat, rng.choice(ENGINE.legal_commands(state, seat)), rng):
            started += e["type"] == "GoalChoiceStarted"
            state = ENGINE.apply(state, e)
    assert started == 1
    assert all(c >= 0 for c in state.goal_choice)
