"""Match options and the shapes of the commands a player (or bot) may send."""

from __future__ import annotations

from games.base import CommandSpec, Field, Option

# Options (README.md "Options").
RANDOM_START = "random_starting_tiles"
CAPTURE_TIMING = "capture_timing"
CAPTURED_FIGURES = "captured_figures"

END_OF_PLACEMENT = "after_placing"  # clause "Tah vypadá takto" read literally: step 2 after step 1
PER_TILE = "per_tile"  # clause "Jak se přivlastňují figury?" with the FAQ: at once when surrounded
AUTO, OPEN, SCREENED = "auto", "open", "screened"

OPTIONS: tuple[Option, ...] = (
    Option(
        RANDOM_START,
        "bool",
        False,
        "Deal each player 5 random starting tiles instead of a secret choice (the text's "
        "suggestion for a first game).",
    ),
    Option(
        CAPTURE_TIMING,
        "choice",
        PER_TILE,
        "When surrounded figures are taken: as soon as a tile completes a surrounding (the "
        "publisher's FAQ, default) or after all tiles of the turn are placed (the text's two "
        "steps read in order). Matches begun before rules version 2 stored after_placing.",
        choices=(PER_TILE, END_OF_PLACEMENT),
    ),
    Option(
        CAPTURED_FIGURES,
        "choice",
        AUTO,
        "Won figures behind the screen (others see only how many) or in the open; auto = open "
        "with 2 players, screened with 3-4, as the text says.",
        choices=(AUTO, OPEN, SCREENED),
    ),
)

CHOOSE_TILE = "choose_tile"
PLACE_FIGURE = "place_figure"
PLACE_TILE = "place_tile"
SWAP_FIGURES = "swap_figures"
END_TURN = "end_turn"

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        CHOOSE_TILE,
        "Setup: secretly take one more of your 20 tiles behind your screen (5 in all).",
        (Field("tile", "str", "tile name, e.g. samurai2, ship1, tile_exchange"),),
    ),
    CommandSpec(
        PLACE_FIGURE,
        "Setup: put a figure on a city (until all cities are full), then on a village.",
        (
            Field("kind", "str", "helmet, buddha or rice_field"),
            Field("hex", "int", "id of the settlement space"),
        ),
    ),
    CommandSpec(
        PLACE_TILE,
        "Place a tile from behind your screen: ships on free sea, others on free land; the tile "
        "exchange goes on one of your own tiles without kanji, which you then place again.",
        (Field("tile", "str", "tile name"), Field("hex", "int", "id of the space")),
    ),
    CommandSpec(
        SWAP_FIGURES,
        "Play the figure exchange: swap any two figures anywhere on the map (a city still never "
        "holds two of one kind).",
        (
            Field("first_hex", "int", "settlement of the first figure"),
            Field("first_kind", "str", "kind of the first figure"),
            Field("second_hex", "int", "settlement of the second figure"),
            Field("second_kind", "str", "kind of the second figure"),
        ),
    ),
    CommandSpec(END_TURN, "Finish placing tiles: figures are taken, then you draw back to 5."),
)
COMMAND_SPECS = {c.type: c for c in COMMANDS}
