"""Placement geometry ("Jak se staví hradby a silnice", cited "place N"): where a tile attached at
a route's end begins (past tunnels, place 6), every placement a seat may make (place 1-3), a
builder with no way on (place 5) and a blocked route (extended 5). Pure functions of a State."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from games.drunter.commands import COVERS_TILE, OFF_BOARD
from games.drunter.data import BOARD
from games.drunter.state import FREE, TUNNEL_EW, TUNNEL_NS, State, tile_index

STEP = BOARD.step
OUTHOUSE = BOARD.outhouse
N_ROUTES = len(BOARD.route_ids)
ROUTE_BASE = tuple(tile_index(k, 1) for k in BOARD.route_kind)


def crossable(direction: int) -> int:
    """The tunnel code a route moving in ``direction`` may pass under (place 6): a tunnel is
    crossed at right angles to the tile that carries it."""
    return TUNNEL_EW if direction % 2 == 0 else TUNNEL_NS


class Start(NamedTuple):
    cell: int  # first cell of the new tile, -1 if none
    error: str  # why not, when cell == -1


def start_cell(cells: list[int], end: int, direction: int) -> Start:
    """Where a tile attached at ``end`` towards ``direction`` begins.

    Normally the neighbouring cell (place 2, 4); if that is a tunnel crossed at right angles, the
    first cell beyond one or more adjacent tunnels, provided it is free (place 6)."""
    c = STEP[end][direction]
    if c < 0:
        return Start(-1, OFF_BOARD)
    code = cells[c]
    if code == FREE:
        return Start(c, "")
    cross = crossable(direction)
    if code != cross:
        return Start(-1, COVERS_TILE)
    while code == cross:
        c = STEP[c][direction]
        if c < 0:
            return Start(-1, OFF_BOARD)
        code = cells[c]
    return Start(c, "") if code == FREE else Start(-1, COVERS_TILE)


def first_cell(cells: list[int], end: int, direction: int) -> int:
    """``start_cell(...).cell`` without the reason: the hot path of bots and move listing."""
    c = STEP[end][direction]
    if c < 0:
        return -1
    code = cells[c]
    if code == FREE:
        return c
    cross = TUNNEL_EW if direction % 2 == 0 else TUNNEL_NS
    while code == cross:
        c = STEP[c][direction]
        if c < 0:
            return -1
        code = cells[c]
    return c if code == FREE else -1


def free_run(cells: list[int], start: int, direction: int, limit: int = 3) -> int:
    """How many free cells lie in a straight line from ``start`` (itself free), up to ``limit``."""
    run = 1
    c = start
    while run < limit:
        c = STEP[c][direction]
        if c < 0 or cells[c] != FREE:
            break
        run += 1
    return run


def openings(s: State, route: int) -> list[tuple[int, int, int]]:
    """(direction, start cell, free run) for every side of a route's end a tile could go to."""
    end = s.ends[route]
    if end < 0:
        return []
    cells = s.cells
    out = []
    for d in range(4):
        start = first_cell(cells, end, d)
        if start >= 0:
            out.append((d, start, free_run(cells, start, d)))
    return out


def placements(s: State, seat: int) -> list[tuple[int, int, int]]:
    """Every (route, length, direction) ``seat`` may place now (place 1-3)."""
    return list(_placements(s, seat))


def can_place(s: State, seat: int) -> bool:
    """Whether ``seat`` has any tile that fits (stops at the first one found)."""
    return next(_placements(s, seat), None) is not None


def _placements(s: State, seat: int) -> Iterator[tuple[int, int, int]]:
    hand = s.hands[seat]
    cells = s.cells
    for r in range(N_ROUTES):
        end = s.ends[r]
        if end < 0:
            continue
        base = ROUTE_BASE[r]
        h1, h2, h3 = hand[base], hand[base + 1], hand[base + 2]
        if not (h1 or h2 or h3):
            continue
        for d in range(4):
            start = first_cell(cells, end, d)
            if start < 0:
                continue
            if h1:
                yield (r, 1, d)
            if h2 or h3:
                c = STEP[start][d]
                if c >= 0 and cells[c] == FREE:
                    if h2:
                        yield (r, 2, d)
                    if h3:
                        c = STEP[c][d]
                        if c >= 0 and cells[c] == FREE:
                            yield (r, 3, d)


def route_dead(s: State, route: int) -> bool:
    """Place 5: the end is closed in (tiles, corners or the edge on its other three sides) so the
    route can never be extended. By default a free cell beyond an adjacent tunnel still counts as
    a way on (place 6), because the builder is removed only "protože už nemá žádnou možnost, kam
    tuto cestu prodloužit"; with ``tunnel_keeps_builder`` off, rule 5 is read to the letter (a
    tunnel is a tile: three covered sides remove the builder)."""
    end = s.ends[route]
    if end < 0:
        return False
    cells = s.cells
    if not s.tunnel_keeps_builder:
        return all(c < 0 or cells[c] != FREE for c in STEP[end])
    return all(first_cell(cells, end, d) < 0 for d in range(4))


def route_blocked(s: State, route: int) -> bool:
    """Extended 5: nowhere to attach, or nobody still in the game holds a tile that fits."""
    if s.ends[route] < 0:
        return True
    base = ROUTE_BASE[route]
    runs = [run for _d, _start, run in openings(s, route)]
    if not runs:
        return True
    best = max(runs)
    for seat in range(s.n):
        if s.forfeited[seat]:
            continue
        hand = s.hands[seat]
        if any(hand[base + k] for k in range(best)):
            return False
    return True


def covers_outhouse(cells: list[int]) -> bool:
    return any(OUTHOUSE[c] for c in cells)
