"""Command shapes, match options, and the refusal codes tests import."""

from __future__ import annotations

from games.base import CommandSpec, Field, Option
from games.drunter.data import BOARD

OPTIONS = (
    Option(
        name="extended",
        kind="bool",
        default=False,
        description=(
            "Extended rules (Rozšířená pravidla): two secret goal cards each, no voting on "
            "outhouses, one goal committed when the first route is blocked."
        ),
    ),
    Option(
        name="goal_deal",
        kind="choice",
        default="random",
        choices=("random", "balanced"),
        description=(
            "Extended rules only: 'random' deals two of the ten cards at random (extended rule "
            "4), 'balanced' deals each player one building and one special card (the "
            "translator's suggestion)."
        ),
    ),
    Option(
        name="shrug_with_others",
        kind="bool",
        default=False,
        description=(
            "Outhouse votes: the shrugging citizen may be played beside other cards (a card that "
            "adds no vote but hides how many were cast); by default it is played alone, as the "
            "vote of one who does not care."
        ),
    ),
    Option(
        name="tunnel_keeps_builder",
        kind="bool",
        default=True,
        description=(
            "Rules 5-6: a builder closed in on three sides keeps its place while a tunnel beside "
            "it leads to a free cell (it can still extend the route); off: rule 5 read to the "
            "letter, it is removed and the way under the tunnel is lost."
        ),
    ),
)

COMMANDS = (
    CommandSpec(
        type="place_tile",
        description="Attach one of your tiles at the end of a route marked by its builder.",
        fields=(
            Field("route", "str", "route id: " + ", ".join(BOARD.route_ids)),
            Field("length", "int", "tile length 1, 2 or 3"),
            Field("direction", "str", "side of the builder's cell the tile goes to: N, E, S, W"),
        ),
    ),
    CommandSpec(
        type="vote",
        description="Play one or more citizen cards face down in an outhouse vote.",
        fields=(Field("cards", "list", "card names: " + ", ".join(BOARD.vote_cards)),),
    ),
    CommandSpec(
        type="declare_jein",
        description="Declare your revealed JEIN card a yes or a no vote.",
        fields=(Field("side", "str", "yes or no"),),
    ),
    CommandSpec(
        type="choose_goal",
        description="Extended rules: secretly commit one of your two goal cards as the real one.",
        fields=(Field("card", "str", "one of your two goal cards"),),
    ),
)
COMMAND_SPECS = {c.type: c for c in COMMANDS}

# IllegalCommand codes (tests import them).
WRONG_PHASE = "wrong_phase"
UNKNOWN_ROUTE = "unknown_route"
ROUTE_CLOSED = "route_closed"
BAD_LENGTH = "bad_length"
BAD_DIRECTION = "bad_direction"
NO_SUCH_TILE = "tile_not_held"
OFF_BOARD = "off_board"
COVERS_TILE = "covers_tile"
EMPTY_VOTE = "empty_vote"
UNKNOWN_CARD = "unknown_card"
DUPLICATE_CARD = "duplicate_card"
CARD_NOT_IN_HAND = "card_not_in_hand"
SHRUG_NOT_ALONE = "shrug_not_alone"
BAD_SIDE = "bad_side"
GOAL_NOT_HELD = "goal_not_held"
