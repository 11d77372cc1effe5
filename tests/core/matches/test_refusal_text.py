"""A game's refusal of a command reaches the player in both languages (issue 39): the API's
error body carries ``text: {en, cs}``, the engine's Czech sentence or the generic Czech one of
the code's family, never English in ``cs``."""

from __future__ import annotations

import pytest

from core.matches.commands import GENERIC_TEXT, RULES_CS, engine_error
from games.base import MALFORMED, NOT_YOUR_TURN, IllegalCommand, Malformed
from tests.core.matches.test_games_through_the_pipeline import samurai_between_two_users

pytestmark = pytest.mark.django_db


def test_a_rule_refusal_in_a_real_game_carries_both_languages() -> None:
    match_id, clients = samurai_between_two_users()
    # The game opens with everyone choosing tiles: placing one now breaks the rules.
    body = {"command": {"type": "end_turn"}, "command_id": "r1"}
    res = clients[0].post(f"/api/matches/{match_id}/commands", body, format="json")
    assert res.status_code == 422, res.json()
    error = res.json()
    assert error["code"] == "wrong_phase"
    assert set(error["text"]) == {"en", "cs"}
    assert error["text"]["en"] == error["message"]
    assert error["text"]["cs"].strip() and error["text"]["cs"] != error["text"]["en"]


def test_an_engine_without_czech_gets_the_generic_czech_of_its_code() -> None:
    rule = engine_error(IllegalCommand("ship_on_land", "Ships sail on sea spaces."))
    assert rule.status_code == 422
    assert rule.body()["text"] == {"en": "Ships sail on sea spaces.", "cs": RULES_CS}
    turn = engine_error(IllegalCommand(NOT_YOUR_TURN, "It is not your turn."))
    assert (turn.status_code, turn.body()["text"]["cs"]) == (409, "Nejste na tahu.")
    own_bad = engine_error(Malformed("A space is two numbers.", "Pole jsou dvě čísla."))
    assert own_bad.body()["text"] == {"en": "A space is two numbers.", "cs": "Pole jsou dvě čísla."}
    # The platform's shape check names fields for API clients; the player reads plain words.
    bad = engine_error(Malformed("Command place_tile has unknown field(s): colour."))
    assert bad.status_code == 400 and "place_tile" in bad.body()["message"]
    assert bad.body()["text"] == dict(zip(("en", "cs"), GENERIC_TEXT[MALFORMED], strict=True))
    own = engine_error(IllegalCommand("ship_on_land", "Ships sail.", "Lodě jen na moře."))
    assert own.body()["text"] == {"en": "Ships sail.", "cs": "Lodě jen na moře."}
    assert own.body()["message"] == "Ships sail."
