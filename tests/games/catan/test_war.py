"""Variant rule 6: war, with sub-rules 6.a-6.e."""

from __future__ import annotations

import random

from games.catan import ENGINE
from games.catan import commands as C
from games.catan.data import DEV_INDEX
from games.catan.legal import war_bonus
from games.catan.state import MAIN, ROLL, WAR_DEFEND, WAR_PAY, WAR_ROBBER, WAR_TAKE, State
from tests.games.catan.support import (
    FixedDice,
    give,
    knights,
    new_game,
    refused,
    run,
    run_with,
    skip_setup,
)


def _war_game(phase: str = MAIN) -> State:
    s = skip_setup(new_game(2, war=True), phase=phase)
    knights(s, 0, 2)
    return s


def _declare(s: State, attack: list[int], defence: list[int]) -> list[dict]:
    return run_with(s, 0, {"type": "declare_war", "defender": 1}, FixedDice(attack + defence))


def test_rule_6b_war_needs_two_laid_knights() -> None:
    s = skip_setup(new_game(2, war=True), phase=MAIN)
    knights(s, 0, 1)
    refused(s, 0, {"type": "declare_war", "defender": 1}, C.NO_WAR)


def test_rule_6b_a_knight_laid_this_turn_does_not_count() -> None:
    s = _war_game()
    s.knights_this_turn = 1
    refused(s, 0, {"type": "declare_war", "defender": 1}, C.NO_WAR)


def test_rule_6a_war_before_the_roll_and_once_per_turn() -> None:
    s = _war_game(ROLL)
    assert {"type": "declare_war", "defender": 1} in ENGINE.legal_commands(s, 0)
    _declare(s, [1, 1, 1, 1], [6, 6, 6, 6])
    run(s, 1, {"type": "war_move_robber", "hex": s.robber})
    assert s.phase == ROLL
    knights(s, 0, 2)
    refused(s, 0, {"type": "declare_war", "defender": 1}, C.NO_WAR)


def test_rule_6c_army_bonus_capped_at_three_and_minus_two_per_missing_knight() -> None:
    assert war_bonus(2, 0) == 2
    assert war_bonus(7, 1) == 3
    assert war_bonus(3, 3) == 0
    assert war_bonus(2, 4) == -4


def test_rule_6c_best_of_two_rolls_and_the_defender_wins_ties() -> None:
    s = _war_game()
    knights(s, 1, 2)  # equal armies: no bonus
    events = _declare(s, [3, 3, 1, 1], [2, 4, 1, 1])
    decided = next(e for e in events if e["type"] == "WarDecided")
    assert decided["attack"] == 6 and decided["defence"] == 6
    assert decided["winner"] == "defender"


def test_rule_6c_the_attacker_adds_the_army_difference() -> None:
    s = _war_game()
    give(s, 1, ore=1)
    events = _declare(s, [2, 2, 1, 1], [5, 0 + 1, 1, 1])  # 4 + 2 against 6
    decided = next(e for e in events if e["type"] == "WarDecided")
    assert decided["attack"] == 6 and decided["winner"] == "defender"
    s = _war_game()
    give(s, 1, ore=1)
    events = _declare(s, [2, 3, 1, 1], [5, 1, 1, 1])  # 5 + 2 against 6
    assert next(e for e in events if e["type"] == "WarDecided")["winner"] == "attacker"


def test_rule_6c_a_knight_from_hand_adds_three_and_bars_cards_next_turn() -> None:
    s = _war_game()
    give(s, 1, knight=2, ore=1)
    _declare(s, [6, 6, 1, 1], [4, 4, 1, 1])  # 12 + 2 against 8
    assert s.phase == WAR_DEFEND and ENGINE.active_seats(s) == {1}
    events = run(s, 1, {"type": "defend_war", "knight": True})
    assert events[0]["defence"] == 11 and events[0]["winner"] == "attacker"
    assert s.knights[1] == 1 and s.dev[1] == [0] * 5
    # 6.d: at most 7 cards (here 2), taken at once; the knight moved no robber
    assert s.phase == MAIN and s.res[0][4] == 1 and s.dev[0][DEV_INDEX["knight"]] == 1
    run(s, 0, {"type": "end_turn"})
    assert s.dev_ban
    give(s, 1, knight=1)
    refused(s, 1, {"type": "play_knight"}, C.DEV_BANNED)


def test_rule_6d_the_defender_chooses_seven_of_more_cards() -> None:
    s = _war_game()
    give(s, 1, brick=3, ore=4, wool=2)
    _declare(s, [6, 6, 1, 1], [1, 1, 1, 1])
    assert s.phase == WAR_PAY and ENGINE.active_seats(s) == {1}
    for name in ["brick"] * 3 + ["wool"] * 2 + ["ore"] * 2:
        run(s, 1, {"type": "war_give", "card": name})
    assert s.res[0] == [3, 0, 2, 0, 2] and s.res[1] == [0, 0, 0, 0, 2]
    assert s.phase == MAIN and s.war is None


def test_rule_6d_refuses_a_card_the_defender_lacks() -> None:
    s = _war_game()
    give(s, 1, brick=8)
    _declare(s, [6, 6, 1, 1], [1, 1, 1, 1])
    refused(s, 1, {"type": "war_give", "card": "ore"}, C.NO_SUCH_CARD)


def test_rule_6e_failed_attack_returns_a_knight_robber_moves_and_two_cards_taken() -> None:
    s = _war_game()
    knights(s, 0, 1)  # three knights
    give(s, 0, ore=2, grain=1, monopoly=1)
    _declare(s, [1, 1, 1, 1], [6, 6, 6, 6])
    assert s.knights[0] == 2 and s.deck[0] == DEV_INDEX["knight"]
    assert s.phase == WAR_ROBBER and ENGINE.active_seats(s) == {1}
    run(s, 1, {"type": "war_move_robber", "hex": 3})
    assert s.robber == 3 and s.phase == WAR_TAKE
    # the attacker shows the hand to the defender
    assert ENGINE.view(s, 1)["players"][0]["development_cards"]["monopoly"] == 1
    refused(s, 1, {"type": "war_take", "card": "wool"}, C.NO_SUCH_CARD)
    run(s, 1, {"type": "war_take", "card": "monopoly"})
    run(s, 1, {"type": "war_take", "card": "ore"})
    assert s.res[0] == [0, 0, 0, 1, 1] and s.dev[1][DEV_INDEX["monopoly"]] == 1
    assert s.phase == MAIN


def test_rule_6e_an_attacker_who_cannot_pay_loses_a_second_knight() -> None:
    s = _war_game()
    give(s, 0, wool=1)
    _declare(s, [1, 1, 1, 1], [6, 6, 6, 6])
    run(s, 1, {"type": "war_move_robber", "hex": 5})
    assert s.knights == [0, 1]
    assert s.res[1][2] == 1 and sum(s.res[0]) == 0
    assert s.phase == MAIN


def test_war_is_refused_without_rule_6() -> None:
    s = skip_setup(new_game(2), phase=MAIN)
    knights(s, 0, 3)
    refused(s, 0, {"type": "declare_war", "defender": 1}, C.NO_WAR)


def test_rule_6e_the_shown_hand_stays_what_it_is_when_the_defender_imagines_the_rest() -> None:
    """The defender's bots re-deal what the defender cannot see; the hand shown in war is not
    among it, so every card they may take is one the attacker holds (it was re-dealt, and the
    greedy bot asked for a Victory Point card the attacker did not have)."""
    s = _war_game()
    knights(s, 0, 1)
    give(s, 0, ore=2, grain=1, monopoly=1)
    _declare(s, [1, 1, 1, 1], [6, 6, 6, 6])
    run(s, 1, {"type": "war_move_robber", "hex": 3})
    assert s.phase == WAR_TAKE
    for seed in range(20):
        d = ENGINE.determinize(s, 1, random.Random(seed))
        assert d.res[0] == s.res[0] and d.dev[0] == s.dev[0]
        for command in ENGINE.legal_commands(d, 1):
            run(ENGINE.clone(s), 1, command)  # legal in the real game too
        choice = ENGINE.bot_command(s, 1, "greedy", random.Random(seed), 0.05)
        run(ENGINE.clone(s), 1, choice)
