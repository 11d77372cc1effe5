"""The rules' entry point: ``execute`` for every phase, ``forfeit``, and (from the topic modules)
``setup``, ``active_seats``, ``legal_commands`` and ``outcome``. Error codes tests import."""

from __future__ import annotations

import random
from typing import Any

from games.base import GAME_OVER, NOT_YOUR_TURN, IllegalCommand, check_command_shape
from games.samurai import commands as cmd
from games.samurai import events as ev
from games.samurai.capture import capture_events, game_ended
from games.samurai.data import (
    FIGURE_EXCHANGE,
    HAND_SIZE,
    KIND_INDEX,
    KINDS,
    TILE_EXCHANGE,
    tile_types,
)
from games.samurai.events import apply, next_seat
from games.samurai.legal import active_seats, free_land, has_move, legal_commands, swap_allowed
from games.samurai.scoring import outcome
from games.samurai.setup import setup
from games.samurai.state import CHOOSE, FIGURES, OVER, PLAY, State, clone
from games.samurai.words import KIND_WORDS, TILE_WORDS

__all__ = ["active_seats", "execute", "forfeit", "legal_commands", "outcome", "setup"]

TILES = tile_types()

WRONG_PHASE = "wrong_phase"
UNKNOWN_TILE = "unknown_tile"
TILE_NOT_AVAILABLE = "tile_not_available"
TILE_NOT_IN_HAND = "tile_not_in_hand"
UNKNOWN_KIND = "unknown_kind"
NO_FIGURE_LEFT = "no_figure_of_that_kind_left"
NOT_A_SETTLEMENT = "not_a_settlement"
CITIES_FIRST = "cities_first"
SETTLEMENT_FULL = "settlement_full"
SAME_KIND_IN_CITY = "same_kind_in_city"
NOT_ON_MAP = "not_on_map"
SHIP_ON_LAND = "ship_on_land"
LAND_TILE_ON_SEA = "land_tile_on_sea"
TILE_ON_SETTLEMENT = "tile_on_settlement"
SPACE_OCCUPIED = "space_occupied"
ONE_PLAIN_TILE = "one_plain_tile_per_turn"
EXCHANGE_NEEDS_OWN_TILE = "exchange_needs_own_plain_tile"
NO_FREE_LAND = "no_free_land"
MUST_PLACE_TAKEN_TILE = "must_place_taken_tile"
FIGURE_EXCHANGE_IS_A_SWAP = "figure_exchange_is_a_swap"
NO_SUCH_FIGURE = "no_such_figure"
SWAP_CHANGES_NOTHING = "swap_changes_nothing"  # rules version 1 only
ONE_FIGURE_NAMED_TWICE = "one_figure_named_twice"
NO_TILE_PLACED = "no_tile_placed"

PHASE_OF = {
    cmd.CHOOSE_TILE: CHOOSE,
    cmd.PLACE_FIGURE: FIGURES,
    cmd.PLACE_TILE: PLAY,
    cmd.SWAP_FIGURES: PLAY,
    cmd.END_TURN: PLAY,
}


PHASE_WORDS = {
    CHOOSE: ("everyone is choosing their starting tiles.", "všichni vybírají počáteční karty."),
    FIGURES: ("the figures are being set out.", "rozestavují se figurky."),
    PLAY: ("tiles are being placed.", "pokládají se karty."),
}


def _pending_first(pending: str) -> tuple[str, str, str]:
    """The refusal while the tile taken back by the tile exchange waits to be placed again."""
    t = TILE_WORDS[pending]
    return (
        MUST_PLACE_TAKEN_TILE,
        f"First place again the tile taken back by the tile exchange: {t.a[0]}.",
        f"Nejdřív znovu položte kartu vzatou zpět výměnou karet: {t.a[1]}.",
    )


# --- execute ----------------------------------------------------------------------------------


def _tile_name(command: dict[str, Any]) -> str:
    name: str = command["tile"]
    if name not in TILES:
        raise IllegalCommand(UNKNOWN_TILE, "There is no such tile.", "Taková karta neexistuje.")
    return name


def _kind(value: str) -> int:
    if value not in KIND_INDEX:
        raise IllegalCommand(
            UNKNOWN_KIND,
            "A figure is a helmet, a Buddha or a rice field.",
            "Figurka je přilba, Buddha nebo rýžové pole.",
        )
    return KIND_INDEX[value]


def execute(s: State, seat: int, command: Any, rng: random.Random) -> list[dict[str, Any]]:
    if s.phase == OVER:
        raise IllegalCommand(GAME_OVER, "The game is over.", "Hra skončila.")
    if seat not in active_seats(s):
        raise IllegalCommand(NOT_YOUR_TURN, "It is not your turn.", "Nejste na tahu.")
    spec = check_command_shape(cmd.COMMAND_SPECS, command)
    if PHASE_OF[spec.type] != s.phase:
        en, cs = PHASE_WORDS[s.phase]
        raise IllegalCommand(WRONG_PHASE, f"Not now: {en}", f"Teď ne: {cs}")
    if spec.type == cmd.CHOOSE_TILE:
        return _choose_tile(s, seat, _tile_name(command))
    if spec.type == cmd.PLACE_FIGURE:
        return _place_figure(s, seat, _kind(command["kind"]), command["hex"])
    if spec.type == cmd.PLACE_TILE:
        return _place_tile(s, seat, _tile_name(command), command["hex"])
    if spec.type == cmd.SWAP_FIGURES:
        return _swap(s, seat, command)
    return _end_turn(s, seat, rng)


def _choose_tile(s: State, seat: int, name: str) -> list[dict[str, Any]]:
    if name not in s.supplies[seat]:
        raise IllegalCommand(
            TILE_NOT_AVAILABLE,
            "You have no more tiles of that kind left to choose from.",
            "Karty tohoto druhu už nemáte z čeho vybrat.",
        )
    return [{"type": ev.TILE_CHOSEN, "seat": seat, "tile": name}]


def _place_figure(s: State, seat: int, kind: int, space: int) -> list[dict[str, Any]]:
    b = s.board
    if not s.to_place[kind]:
        k = KIND_WORDS[KINDS[kind]]
        raise IllegalCommand(
            NO_FIGURE_LEFT,
            f"No {k.en} is left to set out.",
            f"K rozestavění už nezbývá {k.cs_none} {k.cs}.",
        )
    if space not in b.settlement_type or space == b.edo:
        raise IllegalCommand(
            NOT_A_SETTLEMENT,
            "Figures are set out on the cities and then on the villages.",
            "Figurky se rozestavují do měst a potom do vesnic.",
        )
    if space in b.cities:
        if len(s.figures[space]) >= 2:
            raise IllegalCommand(
                SETTLEMENT_FULL, "A city holds two figures.", "Ve městě smějí stát jen dvě figurky."
            )
        if kind in s.figures[space]:
            raise IllegalCommand(
                SAME_KIND_IN_CITY,
                "A city may not hold two figures of the same kind.",
                "Ve městě nesmějí stát dvě figurky stejného druhu.",
            )
    else:
        if any(len(s.figures[c]) < 2 for c in b.cities):
            raise IllegalCommand(
                CITIES_FIRST,
                "Every city must hold its two figures before the villages get theirs.",
                "Nejdřív musí mít každé město své dvě figurky, teprve potom vesnice.",
            )
        if s.figures[space]:
            raise IllegalCommand(
                SETTLEMENT_FULL,
                "A village holds one figure.",
                "Ve vesnici smí stát jen jedna figurka.",
            )
    return [{"type": ev.FIGURE_PLACED, "seat": seat, "kind": KINDS[kind], "hex": space}]


def _check_free_space(s: State, name: str, space: int) -> None:
    b = s.board
    if space not in b.land and space not in b.sea and space not in b.settlement_type:
        raise IllegalCommand(
            NOT_ON_MAP,
            "That space is not on the map of this game.",
            "Toto pole na mapě této hry není.",
        )
    if TILES[name].sea:
        if space not in b.sea:
            raise IllegalCommand(
                SHIP_ON_LAND,
                "Ships may only be placed on sea spaces.",
                "Lodě smíte pokládat jen na moře.",
            )
    elif space in b.sea:
        raise IllegalCommand(
            LAND_TILE_ON_SEA,
            "Only ships may be placed on sea spaces.",
            "Na moře smíte pokládat jen lodě.",
        )
    elif space in b.settlement_type:
        raise IllegalCommand(
            TILE_ON_SETTLEMENT,
            "Tiles may not be placed on villages or cities, even emptied ones.",
            "Na vesnice a města karty pokládat nesmíte, ani na vyprázdněné.",
        )
    if space in s.tiles:
        raise IllegalCommand(
            SPACE_OCCUPIED, "That space already holds a tile.", "Na tomto poli už karta leží."
        )


def _place_tile(s: State, seat: int, name: str, space: int) -> list[dict[str, Any]]:
    if s.pending is not None:
        if name != s.pending:
            raise IllegalCommand(
                *_pending_first(s.pending),
            )
        _check_free_space(s, name, space)
        event = {"type": ev.TILE_PLACED, "seat": seat, "tile": name, "hex": space}
        return [event, *_captures_after(s, event)]
    if name not in s.hands[seat]:
        raise IllegalCommand(
            TILE_NOT_IN_HAND,
            "That tile is not behind your screen.",
            "Tuto kartu za zástěnou nemáte.",
        )
    if name == FIGURE_EXCHANGE:
        raise IllegalCommand(
            FIGURE_EXCHANGE_IS_A_SWAP,
            "The figure exchange is not placed on the map: it swaps two figures.",
            "Výměna figur se na mapu nepokládá: prohazuje dvě figurky.",
        )
    if not TILES[name].kanji and s.plain_used:
        raise IllegalCommand(
            ONE_PLAIN_TILE,
            "Only one tile without the kanji sign may be placed per turn.",
            "Za tah smíte položit jen jednu kartu bez znaku kandži.",
        )
    if name == TILE_EXCHANGE:
        placed = s.tiles.get(space)
        if placed is None or placed[0] != seat or TILES[placed[1]].kanji or placed[1] == name:
            raise IllegalCommand(
                EXCHANGE_NEEDS_OWN_TILE,
                "The tile exchange goes on one of your own tiles without the kanji sign.",
                "Výměna karet se pokládá na jednu z vašich karet bez znaku kandži.",
            )
        if not free_land(s):
            raise IllegalCommand(
                NO_FREE_LAND,
                "No free land space is left for the taken tile.",
                "Pro vzatou kartu už nezbylo žádné volné pole na pevnině.",
            )
        return [
            {
                "type": ev.TILE_EXCHANGE_PLAYED,
                "seat": seat,
                "hex": space,
                "taken_back": placed[1],
            }
        ]
    _check_free_space(s, name, space)
    event = {"type": ev.TILE_PLACED, "seat": seat, "tile": name, "hex": space}
    return [event, *_captures_after(s, event)]


def _captures_after(s: State, placed: dict[str, Any]) -> list[dict[str, Any]]:
    """Option per_tile (published FAQ): figures fall as soon as a tile completes a surrounding."""
    if s.options.get(cmd.CAPTURE_TIMING) != cmd.PER_TILE:
        return []
    after = clone(s)
    apply(after, placed)
    return capture_events(after, s.board.near_settlements[placed["hex"]])


def _swap(s: State, seat: int, command: dict[str, Any]) -> list[dict[str, Any]]:
    if FIGURE_EXCHANGE not in s.hands[seat]:
        raise IllegalCommand(
            TILE_NOT_IN_HAND,
            "The figure exchange is not behind your screen.",
            "Výměnu figur za zástěnou nemáte.",
        )
    if s.pending is not None:
        raise IllegalCommand(
            *_pending_first(s.pending),
        )
    k1, k2 = _kind(command["first_kind"]), _kind(command["second_kind"])
    h1, h2 = command["first_hex"], command["second_hex"]
    for h, k in ((h1, k1), (h2, k2)):
        if k not in s.figures.get(h, ()):
            w = KIND_WORDS[KINDS[k]]
            raise IllegalCommand(
                NO_SUCH_FIGURE,
                f"The figure exchange swaps figures on the map: there is no {w.en} there.",
                f"Výměna figur prohazuje figurky na mapě: {w.cs_none} {w.cs} tam nestojí.",
            )
    if h1 == h2 and k1 == k2:
        raise IllegalCommand(
            ONE_FIGURE_NAMED_TWICE,
            "The figure exchange swaps two figures, not one with itself.",
            "Výměna figur prohazuje dvě figurky, ne jednu samu se sebou.",
        )
    if (h1 == h2 or k1 == k2) and s.rules_version < 2:
        # Rules version 1 (matches begun before it changed) refused swaps that change nothing.
        raise IllegalCommand(
            SWAP_CHANGES_NOTHING,
            "The figure exchange swaps two figures of different kinds in different places.",
            "Výměna figur prohazuje dvě figurky různého druhu na různých místech.",
        )
    if not swap_allowed(s, h1, k1, h2, k2):
        raise IllegalCommand(
            SAME_KIND_IN_CITY,
            "After the swap a city would hold two figures of the same kind.",
            "Po výměně by ve městě stály dvě figurky stejného druhu.",
        )
    return [
        {
            "type": ev.FIGURES_SWAPPED,
            "seat": seat,
            "first_hex": h1,
            "first_kind": KINDS[k1],
            "second_hex": h2,
            "second_kind": KINDS[k2],
        }
    ]


def _end_turn(s: State, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    if s.pending is not None:
        raise IllegalCommand(
            *_pending_first(s.pending),
        )
    if not s.placed:
        raise IllegalCommand(
            NO_TILE_PLACED,
            "You must place at least one tile in your turn.",
            "V tahu musíte položit alespoň jednu kartu.",
        )
    return finish_turn(s, seat, rng, draw=True)


def finish_turn(s: State, seat: int, rng: random.Random, *, draw: bool) -> list[dict[str, Any]]:
    """Steps 2 and 3 of "Tah vypadá takto" (take surrounded figures, draw back to 5), then the
    end check of "Konec hry" and the next seat clockwise that can place a tile."""
    after = clone(s)
    events: list[dict[str, Any]] = []

    def emit(event: dict[str, Any]) -> None:
        apply(after, event)
        events.append(event)

    if s.options.get(cmd.CAPTURE_TIMING) != cmd.PER_TILE:
        for event in capture_events(after, s.board.settlements):
            emit(event)
    players_left = s.n - sum(after.forfeited)
    if after.end_triggered or players_left <= 1:
        emit(game_ended(after, "forfeit" if players_left <= 1 else "figures"))
        return events
    if draw:
        missing = HAND_SIZE - len(after.hands[seat])
        supply = after.supplies[seat]
        if missing > 0 and supply:
            drawn = sorted(rng.sample(supply, min(missing, len(supply))))
            emit({"type": ev.TILES_DRAWN, "seat": seat, "tiles": drawn, "count": len(drawn)})
    skipped = []
    candidate = seat
    for _ in range(s.n):
        candidate = next_seat(after, candidate)
        if has_move(after, candidate, after.hands[candidate]):
            break
        skipped.append(candidate)
    else:
        # Nobody can place a tile any more: the text is silent; the game ends here.
        emit(game_ended(after, "no_moves"))
        return events
    emit({"type": ev.TURN_ENDED, "seat": seat, "next": candidate})
    for other in skipped:
        emit({"type": ev.TURN_SKIPPED, "seat": other})
    return events


def forfeit(s: State, seat: int) -> list[dict[str, Any]]:
    if s.phase == OVER or s.forfeited[seat]:
        return []
    after = clone(s)
    events: list[dict[str, Any]] = []

    def emit(event: dict[str, Any]) -> None:
        apply(after, event)
        events.append(event)

    emit({"type": ev.SEAT_FORFEITED, "seat": seat})
    players_left = s.n - sum(after.forfeited)
    if players_left <= 1:
        emit(game_ended(after, "forfeit"))
        return events
    if s.phase == FIGURES and s.current == seat:
        emit({"type": ev.TURN_ENDED, "seat": seat, "next": next_seat(after, seat)})
    elif s.phase == PLAY and s.current == seat:
        for event in finish_turn(after, seat, random.Random(0), draw=False):
            emit(event)
    return events
