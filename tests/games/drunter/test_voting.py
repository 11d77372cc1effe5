"""Outhouse votes ("Jak se hlasuje o kadibudkách") and the basic game's end ("Konec hry")."""

from __future__ import annotations

import random

import pytest

from games.base import NOT_YOUR_TURN, IllegalCommand
from games.drunter import ENGINE
from games.drunter.commands import (
    BAD_SIDE,
    CARD_NOT_IN_HAND,
    DUPLICATE_CARD,
    EMPTY_VOTE,
    SHRUG_NOT_ALONE,
    UNKNOWN_CARD,
    WRONG_PHASE,
)
from games.drunter.state import FREE, to_json
from games.testing import canonical
from tests.games.drunter.scenario import act, builder, cell, hand, place, start, tile, types

# wall_2 from (0,14) up to (0,10); one more tile east lands on the outhouse at (1,10).
TO_OUTHOUSE = [tile(0, "wall_2", 3, "N", 0, 13), tile(0, "wall_2", 1, "N", 0, 10)]
ONTO_OUTHOUSE = place("wall_2", 1, "E")


def vote(*cards: str) -> dict:
    return {"type": "vote", "cards": list(cards)}


def at_vote(n: int = 4, placer: int = 0, **kw) -> object:
    tiles = [{**t, "seat": placer} for t in TO_OUTHOUSE]
    state = start(n=n, tiles=tiles, first=placer, **kw)
    state, events = act(state, placer, ONTO_OUTHOUSE)
    assert events[-1]["type"] == "TilePlaced" and events[-1]["vote"]
    return state


def test_covering_an_outhouse_starts_a_vote_from_the_placer_clockwise() -> None:
    state = at_vote(placer=2)
    assert state.voters == [2, 3, 0, 1]
    order = []
    for _ in range(4):
        (seat,) = ENGINE.active_seats(state)
        order.append(seat)
        state, _ = act(state, seat, vote("shrug"))
    assert order == [2, 3, 0, 1]


def test_the_texts_example_seven_no_against_five_yes_takes_the_tile_back() -> None:
    state = at_vote()
    state, _ = act(state, 0, vote("JAA", "JAAA"))
    state, _ = act(state, 1, vote("NEE"))
    state, _ = act(state, 2, vote("NEEE"))
    state, events = act(state, 3, vote("JEIN"))
    assert types(events) == ["VoteCast", "VotesRevealed"]
    assert ENGINE.active_seats(state) == frozenset({3})  # the wise man says what JEIN means
    state, events = act(state, 3, {"type": "declare_jein", "side": "no"})
    decided = events[1]
    assert (decided["yes"], decided["no"], decided["accepted"]) == (5, 7, False)
    # The tile goes back to its owner, the builder stays, and the next player is on turn.
    assert state.cells[cell(1, 10)] == FREE
    assert state.hands[0] == hand(
        wall1=3, wall2=4, wall3=3, river1=4, river2=4, river3=4, street1=4, street2=4, street3=4
    )
    assert builder(state, "wall_2") == [0, 10]
    assert state.turn == 1 and types(events)[-1] == "TurnStarted"


def test_a_tie_keeps_the_tile_on_the_outhouse() -> None:
    state = at_vote(n=2)
    state, _ = act(state, 0, vote("JA"))
    state, events = act(state, 1, vote("NE"))
    decided = next(e for e in events if e["type"] == "VoteDecided")
    assert (decided["yes"], decided["no"], decided["accepted"]) == (1, 1, True)
    assert state.cells[cell(1, 10)] != FREE
    assert builder(state, "wall_2") == [1, 10]


@pytest.mark.parametrize(
    ("cards", "votes"),
    [
        (("JAAA",), (3, 0)),
        (("JAA",), (2, 0)),
        (("JA",), (1, 0)),
        (("NEEE",), (0, 3)),
        (("NEE",), (0, 2)),
        (("NE",), (0, 1)),
        (("shrug",), (0, 0)),
    ],
)
def test_each_card_counts_its_printed_votes(cards, votes) -> None:
    state = at_vote(n=2)
    state, _ = act(state, 0, vote(*cards))
    state, events = act(state, 1, vote("shrug"))
    decided = next(e for e in events if e["type"] == "VoteDecided")
    assert (decided["yes"], decided["no"]) == votes


def test_jokers_are_declared_in_turn_order_from_the_placer_and_count_two() -> None:
    state = at_vote(placer=2)
    state, _ = act(state, 2, vote("shrug"))
    state, _ = act(state, 3, vote("JEIN"))
    state, _ = act(state, 0, vote("JEIN", "NE"))
    state, _ = act(state, 1, vote("JA"))
    assert ENGINE.active_seats(state) == frozenset({3})
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, {"type": "declare_jein", "side": "yes"}, random.Random(0))
    assert err.value.code == NOT_YOUR_TURN
    state, _ = act(state, 3, {"type": "declare_jein", "side": "yes"})
    state, events = act(state, 0, {"type": "declare_jein", "side": "no"})
    decided = next(e for e in events if e["type"] == "VoteDecided")
    assert (decided["yes"], decided["no"], decided["accepted"]) == (3, 3, True)


def test_played_cards_leave_the_game_but_the_shrug_goes_back() -> None:
    state = at_vote(n=2)
    state, _ = act(state, 0, vote("JAAA", "JEIN"))
    assert ENGINE.view(state, None)["vote_cards_count"] == [6, 8]
    state, _ = act(state, 1, vote("shrug"))
    state, _ = act(state, 0, {"type": "declare_jein", "side": "yes"})
    view0, view1 = ENGINE.view(state, 0), ENGINE.view(state, 1)
    assert (
        "JAAA" not in view0["secrets"]["vote_cards"]
        and "JEIN" not in view0["secrets"]["vote_cards"]
    )
    assert "shrug" in view1["secrets"]["vote_cards"] and view0["vote_cards_count"] == [6, 8]


def test_a_saved_outhouse_may_be_tried_again_with_a_new_vote() -> None:
    state = at_vote(n=2)
    state, _ = act(state, 0, vote("shrug"))
    state, _ = act(state, 1, vote("NE"))
    assert state.turn == 1  # no replacement move for the placer
    state, _ = act(state, 1, place("street", 1, "E"))
    assert ONTO_OUTHOUSE in ENGINE.legal_commands(state, 0)
    state, events = act(state, 0, ONTO_OUTHOUSE)
    assert events[0]["vote"] and ENGINE.active_seats(state) == frozenset({0})


def test_votes_stay_secret_until_all_are_revealed() -> None:
    state = at_vote(n=3)
    events = ENGINE.execute(state, 0, vote("NEEE", "NE"), random.Random(0))
    cast = events[0]
    assert ENGINE.redact(cast, 0) == cast
    for seat in (1, 2, None):
        assert ENGINE.redact(cast, seat) == {"type": "VoteCast", "seat": 0, "count": 2}
    for e in events:
        state = ENGINE.apply(state, e)
    assert ENGINE.view(state, 1)["vote"]["cast"] == {"0": 2}
    assert ENGINE.view(state, 0)["vote"]["cast"] == {"0": ["NEEE", "NE"]}
    assert "NEEE" not in canonical(ENGINE.view(state, None)["vote"])
    state, _ = act(state, 1, vote("shrug"))
    state, events = act(state, 2, vote("JA"))
    revealed = events[-3] if events[-3]["type"] == "VotesRevealed" else events[1]
    assert revealed["type"] == "VotesRevealed"
    assert ENGINE.redact(revealed, 1)["cards"]["0"] == ["NEEE", "NE"]


@pytest.mark.parametrize(
    ("command", "code"),
    [
        (vote(), EMPTY_VOTE),
        (vote("NEIN"), UNKNOWN_CARD),
        (vote("JA", "JA"), DUPLICATE_CARD),
        (vote("shrug", "JA"), SHRUG_NOT_ALONE),
        (place("street", 1, "E"), WRONG_PHASE),
        ({"type": "declare_jein", "side": "yes"}, WRONG_PHASE),
    ],
)
def test_illegal_votes_are_refused_and_change_nothing(command, code) -> None:
    state = at_vote(n=2)
    before = canonical(to_json(state))
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, command, random.Random(0))
    assert err.value.code == code
    assert canonical(to_json(state)) == before


def test_a_played_card_cannot_be_played_again() -> None:
    state = at_vote(n=2)
    state, _ = act(state, 0, vote("JAAA"))
    state, _ = act(state, 1, vote("NEEE", "NE"))
    state, _ = act(state, 1, place("street", 1, "E"))
    state, _ = act(state, 0, ONTO_OUTHOUSE)
    before = canonical(to_json(state))
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, vote("JAAA"), random.Random(0))
    assert err.value.code == CARD_NOT_IN_HAND
    assert canonical(to_json(state)) == before
    assert vote("JAAA") not in ENGINE.legal_commands(state, 0)


def test_a_joker_is_only_yes_or_no() -> None:
    state = at_vote(n=2)
    state, _ = act(state, 0, vote("JEIN"))
    state, _ = act(state, 1, vote("shrug"))
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, 0, {"type": "declare_jein", "side": "maybe"}, random.Random(0))
    assert err.value.code == BAD_SIDE


def test_the_score_is_the_printed_values_of_ones_uncovered_buildings() -> None:
    state = start(
        hands=[hand(street2=1, street3=1), hand()],
        buildings=["inn", "school"],
        tiles=[tile(0, "street", 3, "S", 0, 1)],
    )
    state, _ = act(state, 0, place("street", 2, "E"))  # covers the inn worth 1 at (2,3)
    outcome = ENGINE.outcome(state)
    assert outcome["scores"] == [14.0, 15.0] and outcome["ranks"] == [2, 1]
    assert outcome["details"]["buildings"] == ["inn", "school"]


def test_equal_scores_are_broken_by_the_votes_left_in_hand() -> None:
    state = start(
        hands=[hand(wall1=2, wall3=1), hand()],
        buildings=["town_hall", "school"],
        tiles=[{**t, "seat": 0} for t in TO_OUTHOUSE[:1]] + [tile(0, "wall_2", 1, "N", 0, 10)],
    )
    state, _ = act(state, 0, ONTO_OUTHOUSE)
    state, _ = act(state, 0, vote("JA"))
    state, _ = act(state, 1, vote("shrug"))
    outcome = ENGINE.outcome(state)
    assert outcome["scores"] == [15.0, 15.0]
    assert outcome["details"]["votes_left"] == [13, 14]
    assert outcome["ranks"] == [2, 1] and outcome["tiebreak"] == "votes_left"


def test_vote_the_shrug_komu_je_to_jedno_is_played_alone_by_default() -> None:
    """ "Komu je to jedno, použije kartu s občanem, jenž neříká nic a jen krčí rameny": the shrug
    is the whole vote of one who does not care, never beside a yes or a no."""
    state = at_vote(n=2)
    listed = [c["cards"] for c in ENGINE.legal_commands(state, 0)]
    assert ["shrug"] in listed
    assert all(cards == ["shrug"] or "shrug" not in cards for cards in listed)
    assert len(listed) == 1 + 127  # the shrug alone, or any non-empty set of the other seven


def test_vote_the_shrug_beside_other_cards_with_the_option_adds_no_vote() -> None:
    state = at_vote(n=2, shrug_with_others=True)
    listed = [c["cards"] for c in ENGINE.legal_commands(state, 0)]
    assert ["JA", "shrug"] in [sorted(c) for c in listed] and len(listed) == 255
    state, _ = act(state, 0, vote("JA", "shrug"))
    assert ENGINE.view(state, 1)["vote"]["cast"] == {"0": 2}  # two cards face down
    state, events = act(state, 1, vote("NE"))
    decided = next(e for e in events if e["type"] == "VoteDecided")
    assert (decided["yes"], decided["no"]) == (1, 1)
    assert "shrug" in ENGINE.view(state, 0)["secrets"]["vote_cards"]  # it goes back


def test_a_match_of_rules_version_1_plays_the_shrug_alone() -> None:
    """Older matches have no ``shrug_with_others`` in their options: the rule they began with."""
    state = at_vote(n=2)
    assert state.shrug_with_others is False
    data = to_json(state)
    del data["shrug_with_others"], data["tunnel_keeps_builder"]
    assert ENGINE.state_from_json(data).shrug_with_others is False
