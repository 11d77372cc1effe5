"""Command shapes served to clients and bots, their fast shape check, and the refusal codes tests
import."""

from __future__ import annotations

from typing import Any

from games.base import CommandSpec, Field

_NODE = Field("node", "int", "corner id (0-53)")
_EDGE = Field("edge", "int", "edge id (0-71)")
_HEX = Field("hex", "int", "land hex id (0-18)")
_CARD = Field("card", "str", "a resource or development card name")
_RES = Field("resource", "str", "brick, lumber, wool, grain or ore")

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("build_settlement", "Place a settlement (free during the set-up).", (_NODE,)),
    CommandSpec("build_road", "Place a road (free during the set-up and Road Building).", (_EDGE,)),
    CommandSpec("build_city", "Upgrade one of your settlements to a city.", (_NODE,)),
    CommandSpec("buy_development_card", "Buy the top development card."),
    CommandSpec(
        "choose_start_resources",
        "Variant rule 3: the settlement whose hexes pay your starting resources.",
        (_NODE,),
    ),
    CommandSpec("roll_dice", "Roll the two dice."),
    CommandSpec("discard", "Discard one card after a 7 (repeat until half is gone).", (_CARD,)),
    CommandSpec(
        "move_robber",
        "Move the robber; name the victim when someone there can be robbed.",
        (_HEX, Field("victim", "int", "seat to steal from", required=False)),
    ),
    CommandSpec("play_knight", "Play a knight: move the robber and steal."),
    CommandSpec("play_road_building", "Play Road Building: place two free roads."),
    CommandSpec(
        "play_year_of_plenty",
        "Play Year of Plenty: take two resources from the bank.",
        (Field("resources", "list", "two resource names"),),
    ),
    CommandSpec("play_monopoly", "Play Monopoly: take every card of one resource.", (_RES,)),
    CommandSpec("lay_point_card", "Variant rule 5: lay a point card out for good."),
    CommandSpec(
        "trade_bank",
        "Maritime trade: give 4 (or 3, or 2 at a harbour) of one resource for one other.",
        (Field("give", "str", "resource given"), Field("get", "str", "resource received")),
    ),
    CommandSpec("draft_offer", "Start composing a trade offer (or a counter-offer)."),
    CommandSpec(
        "draft_add",
        "Add one card to the offer being composed.",
        (Field("side", "str", "give or get"), _RES),
    ),
    CommandSpec("cancel_draft", "Drop the offer being composed."),
    CommandSpec("send_offer", "Send the composed offer (to all) or counter-offer (to the player)."),
    CommandSpec(
        "answer_offer",
        "Accept or decline the open offer of the player on turn.",
        (Field("accept", "bool", "true to accept"),),
    ),
    CommandSpec(
        "trade_with",
        "Complete the trade with a player who accepted your offer or made a counter-offer.",
        (Field("seat", "int", "the trading partner"),),
    ),
    CommandSpec("withdraw_offer", "Withdraw your open offer and any counter-offers."),
    CommandSpec("end_turn", "End your turn (open offers lapse)."),
    CommandSpec(
        "declare_war",
        "Variant rule 6: attack another player.",
        (Field("defender", "int", "seat attacked"),),
    ),
    CommandSpec(
        "defend_war",
        "Rule 6.c: defend with a knight from your hand (+3) or without.",
        (Field("knight", "bool", "use a knight from hand"),),
    ),
    CommandSpec("war_give", "Rule 6.d: choose one of the 7 cards the attacker takes.", (_CARD,)),
    CommandSpec("war_move_robber", "Rule 6.e: move the robber anywhere (or keep it).", (_HEX,)),
    CommandSpec("war_take", "Rule 6.e: choose a card from the failed attacker's hand.", (_CARD,)),
)
COMMAND_SPECS: dict[str, CommandSpec] = {c.type: c for c in COMMANDS}

# Refusal codes.
WRONG_PHASE = "wrong_phase"
NOT_ROLLED = "not_rolled"
ALREADY_ROLLED = "already_rolled"
BAD_NODE = "bad_node"
BAD_EDGE = "bad_edge"
BAD_HEX = "bad_hex"
BAD_CARD = "bad_card"
BAD_SEAT = "bad_seat"
OCCUPIED = "occupied"
DISTANCE_RULE = "distance_rule"
NOT_CONNECTED = "not_connected"
NOT_YOUR_SETTLEMENT = "not_your_settlement"
NO_PIECES = "no_pieces"
CANNOT_AFFORD = "cannot_afford"
FIRST_CITY_TOO_EARLY = "first_city_too_early"
DECK_EMPTY = "deck_empty"
NO_SUCH_CARD = "no_such_card"
CARD_TOO_NEW = "card_too_new"
ONE_CARD_PER_TURN = "one_card_per_turn"
DEV_BANNED = "dev_banned"
ROAD_BUILDING_BEFORE_ROLL = "road_building_before_roll"
NO_ROAD_SPOT = "no_road_spot"
BANK_SHORT = "bank_short"
SAME_RESOURCE = "same_resource"
ROBBER_MUST_MOVE = "robber_must_move"
BAD_VICTIM = "bad_victim"
VICTIM_REQUIRED = "victim_required"
NOT_LAID_OUT_OPTION = "point_cards_not_laid_out"
NOT_A_START_SETTLEMENT = "not_a_start_settlement"
OFFER_LIMIT = "offer_limit"
NO_OFFER = "no_offer"
DRAFT_OPEN = "draft_open"
NO_DRAFT = "no_draft"
EMPTY_OFFER = "empty_offer"
BAD_SIDE = "bad_side"
TOO_MANY = "too_many_cards"
NO_PARTNER = "no_partner"
NO_WAR = "war_not_allowed"


_PY_KIND = {"int": int, "str": str, "bool": bool, "list": list, "dict": dict}
# type -> (required fields, all fields, field -> Python type): a fast check that accepts exactly
# what the shared check_command_shape accepts (ints are never bools: exact type match).
_SHAPES = {
    t: (
        frozenset(f.name for f in spec.fields if f.required),
        frozenset(f.name for f in spec.fields) | {"type"},
        {f.name: _PY_KIND[f.kind] for f in spec.fields},
    )
    for t, spec in COMMAND_SPECS.items()
}
# type -> (size of the command with every field, ((field, Python type), ...)): the common case
# of a command that gives every field, as every listed legal command does.
_FULL = {
    t: (len(spec.fields) + 1, tuple((f.name, _PY_KIND[f.kind]) for f in spec.fields))
    for t, spec in COMMAND_SPECS.items()
}


def well_formed(command: Any) -> bool:
    """The fast shape check of ``execute``; ``check_command_shape`` gives the reason when false."""
    if type(command) is not dict:
        return False
    ctype = command.get("type")
    if type(ctype) is not str:
        return False
    full = _FULL.get(ctype)
    if full is None:
        return False
    size, fields = full
    if len(command) == size:  # "type" and every field (so no other key), each of its type
        for name, kind in fields:  # noqa: SIM110 - a plain loop is faster on this hot path
            if type(command.get(name)) is not kind:
                return False
        return True
    required, allowed, kinds = _SHAPES[ctype]
    for name, value in command.items():
        if name == "type":
            continue
        expected = kinds.get(name)
        if expected is None or type(value) is not expected:
            return False
    return all(name in command for name in required) and command.keys() <= allowed
