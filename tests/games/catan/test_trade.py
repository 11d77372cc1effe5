"""Domestic trade: offers composed card by card, answers, counter-offers, completion, and offers
that wait asynchronously until the player on turn ends it."""

from __future__ import annotations

import random

from games.base import NOT_YOUR_TURN
from games.catan import ENGINE
from games.catan import commands as C
from games.catan.state import MAIN, State
from games.testing import fold
from tests.games.catan.support import give, legal_types, new_game, refused, run, skip_setup

DRAFTING = frozenset({"draft_offer", "draft_add", "send_offer", "cancel_draft"})


def _offer(s: State, seat: int, give_cards: list[str], get_cards: list[str]) -> None:
    run(s, seat, {"type": "draft_offer"})
    for name in give_cards:
        run(s, seat, {"type": "draft_add", "side": "give", "resource": name})
    for name in get_cards:
        run(s, seat, {"type": "draft_add", "side": "get", "resource": name})
    run(s, seat, {"type": "send_offer"})


def _game(n: int = 3) -> State:
    s = skip_setup(new_game(n), phase=MAIN)
    give(s, 0, ore=2, wool=1)
    give(s, 1, brick=2)
    if n > 2:
        give(s, 2, lumber=1)
    return s


def test_an_offer_waits_for_answers_while_the_player_goes_on() -> None:
    s = _game()
    _offer(s, 0, ["ore", "ore"], ["brick"])
    assert s.offer is not None and s.offer["give"] == [0, 0, 0, 0, 2]
    assert ENGINE.active_seats(s) == {0, 1, 2}
    # the player on turn can keep playing while the answers come in
    assert "end_turn" in legal_types(s, 0) and "trade_bank" not in legal_types(s, 0)
    run(s, 2, {"type": "answer_offer", "accept": False})
    assert ENGINE.active_seats(s) == {0, 1}
    run(s, 1, {"type": "answer_offer", "accept": True})
    refused(s, 0, {"type": "trade_with", "seat": 2}, C.NO_PARTNER)
    run(s, 0, {"type": "trade_with", "seat": 1})
    assert s.res[0] == [1, 0, 1, 0, 0] and s.res[1] == [1, 0, 0, 0, 2]
    assert s.offer is None


def test_accepting_needs_the_cards_asked_for() -> None:
    s = _game()
    _offer(s, 0, ["ore"], ["brick"])
    refused(s, 2, {"type": "answer_offer", "accept": True}, C.CANNOT_AFFORD)


def test_a_counter_offer_is_completed_on_its_terms() -> None:
    s = _game()
    _offer(s, 0, ["ore"], ["brick"])
    run(s, 1, {"type": "draft_offer"})
    run(s, 1, {"type": "draft_add", "side": "give", "resource": "brick"})
    run(s, 1, {"type": "draft_add", "side": "get", "resource": "ore"})
    run(s, 1, {"type": "draft_add", "side": "get", "resource": "wool"})
    run(s, 1, {"type": "send_offer"})
    assert s.counters[1] == [[1, 0, 0, 0, 0], [0, 0, 1, 0, 1]]
    assert ENGINE.view(s, 2)["players"][1]["counter_offer"]["give"] == [1, 0, 0, 0, 0]
    run(s, 0, {"type": "trade_with", "seat": 1})
    assert s.res[0] == [1, 0, 0, 0, 1] and s.res[1] == [1, 0, 1, 0, 1]


def test_offers_lapse_when_the_turn_ends() -> None:
    s = _game()
    _offer(s, 0, ["ore"], ["brick"])
    run(s, 0, {"type": "end_turn"})
    assert s.offer is None and ENGINE.active_seats(s) == {1}
    refused(s, 2, {"type": "answer_offer", "accept": False}, NOT_YOUR_TURN)


def test_a_new_offer_replaces_the_open_one_and_withdrawal() -> None:
    s = _game()
    _offer(s, 0, ["ore"], ["brick"])
    first = s.offer["id"] if s.offer else None
    _offer(s, 0, ["wool"], ["lumber"])
    assert s.offer is not None and s.offer["id"] != first and s.offer["answers"] == [None] * 3
    run(s, 0, {"type": "withdraw_offer"})
    assert s.offer is None and ENGINE.active_seats(s) == {0}
    refused(s, 0, {"type": "withdraw_offer"}, C.NO_OFFER)


def test_offers_per_turn_are_capped() -> None:
    s = skip_setup(new_game(3, trade_offers_per_turn=1), phase=MAIN)
    give(s, 0, ore=2)
    give(s, 1, brick=2)
    run(s, 0, {"type": "draft_offer"})
    run(s, 0, {"type": "cancel_draft"})
    refused(s, 0, {"type": "draft_offer"}, C.OFFER_LIMIT)


def test_a_draft_blocks_other_actions_and_is_private() -> None:
    s = _game()
    run(s, 0, {"type": "draft_offer"})
    events = run(s, 0, {"type": "draft_add", "side": "give", "resource": "ore"})
    assert ENGINE.redact(events[0], 1) is None
    assert "draft" not in ENGINE.view(s, 1)["players"][0]
    refused(s, 0, {"type": "end_turn"}, C.DRAFT_OPEN)
    refused(s, 0, {"type": "draft_add", "side": "get", "resource": "ore"}, C.SAME_RESOURCE)
    refused(s, 0, {"type": "draft_add", "side": "give", "resource": "brick"}, C.TOO_MANY)
    refused(s, 0, {"type": "draft_add", "side": "both", "resource": "brick"}, C.BAD_SIDE)
    refused(s, 1, {"type": "draft_add", "side": "give", "resource": "brick"}, NOT_YOUR_TURN)


def test_asking_is_limited_to_what_a_partner_could_hold() -> None:
    s = skip_setup(new_game(2), phase=MAIN)
    give(s, 0, ore=1)
    give(s, 1, brick=1)
    run(s, 0, {"type": "draft_offer"})
    run(s, 0, {"type": "draft_add", "side": "get", "resource": "brick"})
    refused(s, 0, {"type": "draft_add", "side": "get", "resource": "wool"}, C.TOO_MANY)


def test_a_responder_answers_once() -> None:
    s = _game()
    _offer(s, 0, ["ore"], ["brick"])
    run(s, 1, {"type": "answer_offer", "accept": False})
    refused(s, 1, {"type": "answer_offer", "accept": True}, NOT_YOUR_TURN)


def test_the_random_bot_makes_small_offers_and_two_player_games_stay_short() -> None:
    """Issue 23: a random walk over single cards made random two-player games run 6,600-11,800
    commands, mostly offer drafting. The random bot now sends a small offer now and then."""
    longest = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = fold(ENGINE, ENGINE.setup(2, ENGINE.validate_options(2, {}), rng))
        commands = drafting = offers = 0
        while ENGINE.outcome(state) is None:
            seat = min(ENGINE.active_seats(state))
            command = ENGINE.bot_command(state, seat, "random", rng, 0.01)
            drafting += command["type"] in DRAFTING
            for event in ENGINE.execute(state, seat, command, rng):
                if event["type"] in ("OfferMade", "CounterOffered"):
                    offers += 1
                    assert 2 <= sum(event["give"]) + sum(event["get"]) <= 4
                state = ENGINE.apply(state, event)
            commands += 1
        assert offers > 0
        assert drafting < 0.15 * commands
        longest = max(longest, commands)
    assert longest < 6000  # random play to 12 points is long by itself
