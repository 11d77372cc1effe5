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
