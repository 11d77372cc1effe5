"""The command shapes players and bots send (served to clients by the API)."""

from __future__ import annotations

from games.base import CommandSpec, Field

_ROW = Field("row", "int", "tower row 0-5, bottom (camels) to top (gold)")
_CARD = Field("card", "str", "card id")

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "roll",
        "First player: pay 1 gold per yellow die (0-3) and roll the dice into the tower.",
        (Field("yellow", "int", "yellow dice bought, 0-3"),),
    ),
    CommandSpec(
        "play_card",
        "Play a card from your hand for its effect (any time of your own turn).",
        (
            _CARD,
            Field(
                "amount",
                "int",
                "swap: gold->camels (>0) or camels->gold (<0); gold_to_vp / camels_to_vp: how many",
                required=False,
            ),
            Field("shop", "int", "cube_to_souk: the shop for the cube", required=False),
        ),
    ),
    CommandSpec(
        "discard_for_bonus",
        "Discard a card for +1 on the row action you are about to take.",
        (_CARD,),
    ),
    CommandSpec(
        "move_supervisor",
        "Use a row to move the supervisor by its dice value (each step more or less costs 1 gold).",
        (_ROW, Field("to", "int", "path cell where the supervisor stops")),
    ),
    CommandSpec("take_row", "Use a row for its action: camels, gold or cubes.", (_ROW,)),
    CommandSpec(
        "draw_card",
        "Use a row to draw a card (without a row only when no row can be used).",
        (Field("row", "int", "tower row 0-5", required=False),),
    ),
    CommandSpec(
        "choose_inspection",
        "After moving the supervisor: which inspected shop goes to the caravan next.",
        (Field("shop", "int", "shop next to the supervisor"),),
    ),
    CommandSpec(
        "send_to_caravan",
        "Your inspected cube: send it to the caravan, or pay 1 camel to send one from supply.",
        (Field("source", "str", "'shop' or 'supply'"),),
    ),
    CommandSpec(
        "place_cube", "Put one cube of your row action on a shop.", (Field("shop", "int", "shop"),)
    ),
    CommandSpec(
        "build",
        "Build one building, optionally playing build_no_camels / build_no_gold.",
        (
            Field("building", "str", "building id"),
            Field("cards", "list", "cards played with the building", required=False),
        ),
    ),
    CommandSpec("end_turn", "End your turn."),
)

COMMAND_SPECS = {c.type: c for c in COMMANDS}
