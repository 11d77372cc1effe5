"""Influence on a figure and the taking of surrounded figures (clause "Jak se přivlastňují
figury?")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.samurai import events as ev
from games.samurai.data import KINDS, tile_types
from games.samurai.state import State

TILES = tile_types()


def influence(s: State, settlement: int, kind: int) -> list[int]:
    """Each seat's summed influence on a figure of ``kind`` standing on ``settlement``: the
    strengths of the seat's adjacent tiles that affect that kind (figure tiles only their own
    kind; samurai, ship and ronin all three). A seat that left the game exerts none."""
    out = [0] * s.n
    tiles = s.tiles
    for space in s.board.influencers[settlement]:
        placed = tiles.get(space)
        if placed is not None:
            owner, name = placed
            tile = TILES[name]
            if kind in tile.affects and not s.forfeited[owner]:
                out[owner] += tile.strength
    return out


def figures_on_map(s: State) -> list[int]:
    """Per kind, the figures still standing on the map."""
    on_map = [0] * len(KINDS)
    for kinds in s.figures.values():
        for k in kinds:
            on_map[k] += 1
    return on_map


def game_ended(s: State, reason: str) -> dict[str, Any]:
    """``GameEnded``. For the end by the figures (clause "Konec hry": "Když z plánu zmizí
    poslední figura jednoho druhu ..." / "jestliže čtvrtá figura stojí vedle hracího plánu") it
    also records which happened, read from the map of ``s`` once the turn is played out:
    ``kinds_gone``, the kinds no longer on the map, and ``beside``, the figures beside it when
    four or more. Public (the map is on the table, the screens are lifted at the end) and
    ignored by the fold: the log line says it (``narrate``); an older event without them reads
    as the clause."""
    event: dict[str, Any] = {"type": ev.GAME_ENDED, "reason": reason}
    if reason == "figures":
        on_map = figures_on_map(s)
        gone = [KINDS[k] for k in range(len(KINDS)) if on_map[k] == 0]
        if gone:
            event["kinds_gone"] = gone
        beside = sum(s.beside)
        if beside >= 4:
            event["beside"] = beside
    return event


def is_surrounded(s: State, settlement: int) -> bool:
    """Every adjacent land space holds a tile; sea spaces need not be filled."""
    tiles = s.tiles
    return all(space in tiles for space in s.board.surround[settlement])


def capture_events(s: State, settlements: Iterable[int]) -> list[dict[str, Any]]:
    """Events taking every figure on the surrounded ``settlements``: to the single seat with the
    largest influence, or beside the board on a tie for largest (a figure nobody influences is
    such a tie, per the published FAQ)."""
    out: list[dict[str, Any]] = []
    screened = screened_captures(s)
    for settlement in sorted(set(settlements)):
        kinds = s.figures.get(settlement)
        if not kinds or not is_surrounded(s, settlement):
            continue
        for kind in kinds:
            inf = influence(s, settlement, kind)
            best = max(inf)
            leaders = [seat for seat, v in enumerate(inf) if v == best]
            if best > 0 and len(leaders) == 1:
                out.append(
                    {
                        "type": ev.FIGURE_CAPTURED,
                        "seat": leaders[0],
                        "hex": settlement,
                        "kind": KINDS[kind],
                        "influence": inf,
                        "screened": screened,
                    }
                )
            else:
                out.append(
                    {
                        "type": ev.FIGURE_SET_ASIDE,
                        "hex": settlement,
                        "kind": KINDS[kind],
                        "influence": inf,
                    }
                )
    return out


def screened_captures(s: State) -> bool:
    mode: str = s.options.get("captured_figures", "auto")
    if mode == "auto":
        # "Při hře ve 2 hráčích se figury často stavějí před zástěnu."
        return s.n > 2
    return mode == "screened"
