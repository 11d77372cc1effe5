"""Event types (past tense, JSON dicts) and their one-line texts for the match log."""

from __future__ import annotations

from games.base import EventText

GAME_STARTED = "GameStarted"
TILE_CHOSEN = "TileChosen"  # secret: others see only that the seat chose
TILES_DRAWN = "TilesDrawn"  # secret: others see only how many
FIGURE_PLACED = "FigurePlaced"
TILE_PLACED = "TilePlaced"
TILE_EXCHANGE_PLAYED = "TileExchangePlayed"
FIGURES_SWAPPED = "FiguresSwapped"
FIGURE_CAPTURED = "FigureCaptured"
FIGURE_SET_ASIDE = "FigureSetAside"
TURN_ENDED = "TurnEnded"
TURN_SKIPPED = "TurnSkipped"
SEAT_FORFEITED = "SeatForfeited"
GAME_ENDED = "GameEnded"

EVENT_TEXTS: dict[str, EventText] = {
    GAME_STARTED: EventText(
        "A game of Samurai for {n_players} players began.",
        "Začala hra Samuraj pro {n_players} hráče.",
    ),
    TILE_CHOSEN: EventText(
        "Player {seat} chose a starting tile.",
        "Hráč {seat} si vybral počáteční kartu.",
    ),
    TILES_DRAWN: EventText(
        "Player {seat} drew {count} tile(s).",
        "Hráč {seat} si dobral {count} kart(y).",
    ),
    FIGURE_PLACED: EventText(
        "Player {seat} put a {kind} on space {hex}.",
        "Hráč {seat} postavil figurku {kind} na pole {hex}.",
    ),
    TILE_PLACED: EventText(
        "Player {seat} placed {tile} on space {hex}.",
        "Hráč {seat} položil kartu {tile} na pole {hex}.",
    ),
    TILE_EXCHANGE_PLAYED: EventText(
        "Player {seat} played the tile exchange on space {hex} and took back {taken_back}.",
        "Hráč {seat} položil výměnu karet na pole {hex} a vzal zpět kartu {taken_back}.",
    ),
    FIGURES_SWAPPED: EventText(
        "Player {seat} swapped the {first_kind} on {first_hex} with the {second_kind} on "
        "{second_hex}.",
        "Hráč {seat} vyměnil figurku {first_kind} z pole {first_hex} za figurku {second_kind} "
        "z pole {second_hex}.",
    ),
    FIGURE_CAPTURED: EventText(
        "Player {seat} won the {kind} from space {hex}.",
        "Hráč {seat} získal figurku {kind} z pole {hex}.",
    ),
    FIGURE_SET_ASIDE: EventText(
        "Nobody had the most influence: the {kind} from space {hex} goes beside the board.",
        "Nikdo neměl největší vliv: figurka {kind} z pole {hex} jde vedle plánu.",
    ),
    TURN_ENDED: EventText(
        "Player {seat} ended the turn; player {next} is next.",
        "Hráč {seat} ukončil tah; na řadě je hráč {next}.",
    ),
    TURN_SKIPPED: EventText(
        "Player {seat} cannot place any tile and is skipped.",
        "Hráč {seat} nemůže položit žádnou kartu a vynechává.",
    ),
    SEAT_FORFEITED: EventText(
        "Player {seat} left the game.",
        "Hráč {seat} opustil hru.",
    ),
    GAME_ENDED: EventText(
        "The game is over ({reason}).",
        "Hra skončila ({reason}).",
    ),
}
