"""Who may act (``active_seats``) and everything they may do now (``legal_commands``), with the
board queries both the rules and the bots use."""

from __future__ import annotations

from typing import Any

from games.samurai import commands as cmd
from games.samurai.data import FIGURE_EXCHANGE, HAND_SIZE, KINDS, TILE_EXCHANGE, tile_types
from games.samurai.state import CHOOSE, FIGURES, OVER, State

TILES = tile_types()


def active_seats(s: State) -> frozenset[int]:
    if s.phase == CHOOSE:
        return frozenset(
            seat
            for seat in range(s.n)
            if not s.forfeited[seat] and len(s.hands[seat]) < HAND_SIZE and s.supplies[seat]
        )
    if s.phase == OVER or s.forfeited[s.current]:
        return frozenset()
    return frozenset((s.current,))


# --- setup: figures ---------------------------------------------------------------------------


def figure_targets(s: State, kind: int) -> list[int]:
    """Settlements where a figure of ``kind`` may go now (clause "Výchozí postavení"): first the
    cities, two figures of different kinds each, until all are full; then one per village."""
    b = s.board
    open_cities = [c for c in b.cities if len(s.figures[c]) < 2]
    if open_cities:
        return [c for c in open_cities if kind not in s.figures[c]]
    return [v for v in b.villages if not s.figures[v]]


# --- play: tiles ------------------------------------------------------------------------------


def free_land(s: State) -> list[int]:
    tiles = s.tiles
    return [h for h in s.board.land_order if h not in tiles]


def free_sea(s: State) -> list[int]:
    tiles = s.tiles
    return [h for h in s.board.sea_order if h not in tiles]


def own_plain_tiles(s: State, seat: int) -> list[int]:
    """Spaces holding one of ``seat``'s tiles without kanji: targets of the tile exchange."""
    return [
        h
        for h, (owner, name) in sorted(s.tiles.items())
        if owner == seat and not TILES[name].kanji and name != TILE_EXCHANGE
    ]


def figure_list(s: State) -> list[tuple[int, int]]:
    return [(h, k) for h in s.board.settlements for k in s.figures[h]]


def swap_allowed(s: State, h1: int, k1: int, h2: int, k2: int) -> bool:
    """Whether the figure exchange may swap the figure ``k1`` on ``h1`` with ``k2`` on ``h2``
    (both standing there): "S kartou výměna figur může hráč na plánu vzájemně prohodit dvě
    libovolné figury" - any two figures, so also two of one kind or two of one settlement, which
    changes nothing on the map but spends the tile (rules version 2; version 1 refused those as
    no-ops). Afterwards a city still holds no two figures of a kind ("To platí i později, když
    se použije karta výměna figur")."""
    if h1 == h2 and k1 == k2:
        return False  # one figure named twice: a settlement holds at most one of each kind
    if h1 == h2 or k1 == k2:
        return s.rules_version >= 2
    return k2 not in s.figures[h1] and k1 not in s.figures[h2]


def swaps(s: State) -> list[tuple[int, int, int, int]]:
    figs = figure_list(s)
    out = []
    for i, (h1, k1) in enumerate(figs):
        for h2, k2 in figs[i + 1 :]:
            if swap_allowed(s, h1, k1, h2, k2):
                out.append((h1, k1, h2, k2))
    return out


def _any_swap(s: State) -> bool:
    figs = figure_list(s)
    for i, (h1, k1) in enumerate(figs):
        for h2, k2 in figs[i + 1 :]:
            if swap_allowed(s, h1, k1, h2, k2):
                return True
    return False


def has_move(s: State, seat: int, hand: list[str]) -> bool:
    """Whether ``seat`` could place at least one tile from ``hand`` at the start of a turn."""
    if not hand:
        return False
    land = sea = None
    for name in set(hand):
        if name == FIGURE_EXCHANGE:
            if _any_swap(s):
                return True
        elif TILES[name].sea:
            sea = free_sea(s) if sea is None else sea
            if sea:
                return True
        else:
            land = free_land(s) if land is None else land
            if land and (name != TILE_EXCHANGE or own_plain_tiles(s, seat)):
                return True
    return False


def legal_commands(s: State, seat: int) -> list[dict[str, Any]]:
    if seat not in active_seats(s):
        return []
    if s.phase == CHOOSE:
        return [{"type": cmd.CHOOSE_TILE, "tile": t} for t in sorted(set(s.supplies[seat]))]
    if s.phase == FIGURES:
        out = []
        for k, left in enumerate(s.to_place):
            if left:
                out += [
                    {"type": cmd.PLACE_FIGURE, "kind": KINDS[k], "hex": h}
                    for h in figure_targets(s, k)
                ]
        return out
    land = free_land(s)
    if s.pending is not None:
        return [{"type": cmd.PLACE_TILE, "tile": s.pending, "hex": h} for h in land]
    out = []
    sea: list[int] | None = None
    for name in sorted(set(s.hands[seat])):
        tile = TILES[name]
        if name == FIGURE_EXCHANGE:
            out += [
                {
                    "type": cmd.SWAP_FIGURES,
                    "first_hex": h1,
                    "first_kind": KINDS[k1],
                    "second_hex": h2,
                    "second_kind": KINDS[k2],
                }
                for h1, k1, h2, k2 in swaps(s)
            ]
            continue
        if not tile.kanji and s.plain_used:
            continue
        if tile.sea:
            sea = free_sea(s) if sea is None else sea
            targets = sea
        elif name == TILE_EXCHANGE:
            targets = own_plain_tiles(s, seat) if land else []
        else:
            targets = land
        out += [{"type": cmd.PLACE_TILE, "tile": name, "hex": h} for h in targets]
    if s.placed:
        out.append({"type": cmd.END_TURN})
    return out
