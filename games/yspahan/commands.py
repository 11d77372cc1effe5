"""Match options and the command shapes players and bots send (served to clients by the API)."""

from __future__ import annotations

from games.base import CommandSpec, Field, Option

OPTION_TEXT = "text"
OPTION_PUBLISHED = "published"
TWO_PLAYER_RULES = "two_player_rules"

OPTIONS: tuple[Option, ...] = (
    Option(
        "building_points",
        "choice",
        "text",
        "Points for the 1st-6th building: 'text' 0/5/5/5/5/10 (Czech rules), "
        "'published' 0/0/5/5/5/10 (published game).",
        choices=("text", "published"),
    ),
    Option(
        "caravan_entry_points",
        "choice",
        "text",
        "Points for a cube entering caravan section 1/2/3: 'text' 1/2/3 (Czech rules), "
        "'published' 2/1/0 (published game as boardspace has it).",
        choices=("text", "published"),
    ),
    Option(
        "souk_clearing",
        "choice",
        "text",
        "'text': at the end of every round the cubes of unfinished souks go back (Czech rules); "
        "'published': souks keep their cubes until the end of the epoch (published game).",
        choices=("text", "published"),
    ),
    Option(
        TWO_PLAYER_RULES,
        "choice",
        OPTION_PUBLISHED,
        "Two players only. 'published' (default): the publisher's 2-player rules - the first "
        "player takes the 1st and 3rd action of each round, building replaces the dice action, "
        "3 caravan spaces per section. 'text': the Czech text's structure as for 3-4 players - "
        "one action each, a building after it, 4 caravan spaces per section.",
        choices=(OPTION_PUBLISHED, OPTION_TEXT),
    ),
)

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
        "Play a card from your hand for its effect (any time of your own turn, also while placing "
        "cubes or during an inspection).",
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
