"""The match options, the command shapes (served to clients and bots) and the parsing of their
cells. Cells are ``[q, r]`` axial pairs."""

from __future__ import annotations

from typing import Any

from games.base import CommandSpec, Field, IllegalCommand, Malformed, Option
from games.java.data import BOARD

NOT_A_SPACE = "not_a_space"

OPTIONS = (
    Option(
        name="token_timing",
        kind="choice",
        default="start_of_turn",
        description="When an action token may be used: only at the start of the turn, before "
        "its first action (the official rule, the default) or at any moment of the turn (the "
        "text author's proposal).",
        choices=("start_of_turn", "any_time"),
    ),
    Option(
        name="whole_moves",
        kind="bool",
        default=False,
        description="A figure moves once between two changes of the board (each move goes "
        "straight to its destination by the cheapest way): shorter turns, nothing lost. The "
        "text has no such limit, so it is off by default.",
    ),
)


_CELL = "a space as [q, r]"

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("use_token", "Spend an action token for a 7th action point this turn."),
    CommandSpec(
        "lay_land",
        "Lay a land tile (1 AP, +1 per space overhanging the grid on the ground).",
        (
            Field("tile", "str", "three, two, rice or village"),
            Field("rice", "list", "the tile's rice spaces, each [q, r]"),
            Field("village", "list", "the tile's village space(s), each [q, r]"),
        ),
    ),
    CommandSpec(
        "lay_water",
        "Lay a water tile on an inner ground space (1 AP).",
        (Field("cell", "list", _CELL),),
    ),
    CommandSpec(
        "enter_figure",
        "Bring a figure onto the island over an edge tile and walk it to a space (cheapest way).",
        (Field("to", "list", _CELL),),
    ),
    CommandSpec(
        "move_figure",
        "Move a figure by the cheapest way (1 AP per change between rice and village).",
        (Field("from", "list", _CELL), Field("to", "list", _CELL)),
    ),
    CommandSpec(
        "remove_figure",
        "Walk a figure to the edge and take it off the island (lowland 1 AP, mountains 2 AP).",
        (Field("from", "list", _CELL),),
    ),
    CommandSpec(
        "build_palace",
        "Build a palace in a village where your figure stands highest (1 AP).",
        (Field("cell", "list", _CELL), Field("value", "int", "2, 4, 6, 8 or 10")),
    ),
    CommandSpec(
        "enlarge_palace",
        "Lay a higher palace tile on a palace of a city where you stand highest (1 AP).",
        (Field("cell", "list", _CELL), Field("value", "int", "4, 6, 8 or 10")),
    ),
    CommandSpec(
        "take_card",
        "Take a festival card (1 AP, at most two per turn).",
        (Field("source", "str", "open or deck"),),
    ),
    CommandSpec(
        "hold_festival",
        "Hold a festival in a city's white palace where you have a figure (ends your turn).",
        (Field("cell", "list", "the palace space, [q, r]"),),
    ),
    CommandSpec("end_turn", "End your turn."),
    CommandSpec(
        "bid_card",
        "Festival auction: lay one festival card showing a symbol of the open card.",
        (Field("card", "str", "the card's name, e.g. symbol_A+symbol_B"),),
    ),
    CommandSpec("finish_bid", "Festival auction: stop laying cards for this round."),
    CommandSpec("pass_bid", "Festival auction: pass for good."),
)

SPECS = {c.type: c for c in COMMANDS}


def parse_cell(value: Any, field: str) -> int:
    if not isinstance(value, list) or len(value) != 2:
        raise Malformed(
            "A space is given by a pair of whole numbers.", "Pole se zadává dvojicí celých čísel."
        )
    q, r = value
    whole = isinstance(q, int) and isinstance(r, int)
    if not whole or isinstance(q, bool) or isinstance(r, bool):
        raise Malformed(
            "A space is given by a pair of whole numbers.", "Pole se zadává dvojicí celých čísel."
        )
    cell = BOARD.index.get((q, r))
    if cell is None:
        raise IllegalCommand(
            NOT_A_SPACE,
            "That is not a space of the island or next to its edge.",
            "To není pole ostrova ani pole u jeho okraje.",
        )
    return cell


def parse_cells(value: list[Any], field: str) -> list[int]:
    return [parse_cell(v, field) for v in value]
