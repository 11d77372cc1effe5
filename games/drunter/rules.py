"""Placement geometry, scoring and vote counting: pure functions over a State.

Clauses cited as "place N" are the numbered rules of "Jak se staví hradby a silnice", "vote" the
paragraphs of "Jak se hlasuje o kadibudkách", "extended N" the numbered "Rozšířená pravidla".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from games.drunter.data import BOARD
from games.drunter.state import (
    FREE,
    JEIN_BIT,
    NO_BITS,
    TUNNEL_EW,
    TUNNEL_NS,
    YES_BITS,
    State,
    tile_index,
)

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

STEP = BOARD.step
BUILDING_AT = BOARD.building_at
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


def tile_cells(start: int, direction: int, length: int) -> list[int]:
    out = [start]
    for _ in range(length - 1):
        out.append(STEP[out[-1]][direction])
    return out


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
    route can never be extended; a free cell beyond an adjacent tunnel still counts as a way on
    (place 6), because the builder is removed only "when it has no possibility to extend"."""
    end = s.ends[route]
    if end < 0:
        return False
    return all(first_cell(s.cells, end, d) < 0 for d in range(4))


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


# --- scoring -------------------------------------------------------------------------------


def uncovered_buildings(s: State) -> list[tuple[int, int]]:
    """(type, value) of every building still visible."""
    return [(t, v) for t, v, c in BOARD.buildings if s.cells[c] == FREE]


def goal_score(card: int, visible: list[tuple[int, int]]) -> int:
    """Points of one goal card over the visible buildings ("Význam zvláštních karet")."""
    n_types = len(BOARD.building_types)
    if card < n_types:
        return sum(v for t, v in visible if t == card)
    special = BOARD.special_cards[card - n_types]
    if special == "all_3s":
        return sum(v for _t, v in visible if v == 3)
    if special == "all_4s":
        return sum(v for _t, v in visible if v == 4)
    if special == "lowest_of_each_type":
        # A type wiped out entirely counts zero ("platí samozřejmě za nulu").
        lowest: dict[int, int] = {}
        for t, v in visible:
            if t not in lowest or v < lowest[t]:
                lowest[t] = v
        return sum(lowest.values())
    if special == "one_point_each":
        return len(visible)
    raise ValueError(f"unknown special card {special}")


def vote_power(mask: int) -> int:
    """Votes left on a hand's cards (the basic tie-break, "Konec hry"); JEIN counts 2."""
    return sum(BOARD.vote_values[i] for i in range(len(BOARD.vote_cards)) if mask >> i & 1)


def tally(s: State) -> tuple[int, int]:
    """Yes and no votes of the revealed cards plus the declared jokers (vote, 4th paragraph)."""
    yes = no = 0
    for seat in s.voters:
        mask = s.cast[seat]
        if mask <= 0:
            continue
        for i in range(len(BOARD.vote_cards)):
            bit = 1 << i
            if not mask & bit:
                continue
            if bit & YES_BITS:
                yes += BOARD.vote_values[i]
            elif bit & NO_BITS:
                no += BOARD.vote_values[i]
            elif bit == JEIN_BIT:
                if s.declared[seat] == 1:
                    yes += BOARD.vote_values[i]
                elif s.declared[seat] == 0:
                    no += BOARD.vote_values[i]
    return yes, no


def cards_of(mask: int) -> list[str]:
    return [BOARD.vote_cards[i] for i in range(len(BOARD.vote_cards)) if mask >> i & 1]


def mask_of(cards: list[str]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << BOARD.vote_cards.index(c)
    return mask
