"""Points, Longest Road, Largest Army and the end of the game.

Longest Road is recomputed only for the players whose network changed: the builder of a road, or
the owners of roads through a node where someone just settled (a settlement breaks a road).
"""

from __future__ import annotations

from games.catan.board import EDGE_NODES, NODE_EDGES
from games.catan.data import VICTORY_POINT
from games.catan.state import OVER, SETUP_ROAD, SETUP_SETTLEMENT, START_CHOICE, State

LONGEST_ROAD_MIN = 5  # standard rules: at least 5 connected roads
LARGEST_ARMY_MIN = 3  # standard rules: at least 3 knights
SPECIAL_CARD_POINTS = 2


def longest_road_of(s: State, seat: int) -> int:
    """Longest trail of ``seat``'s roads; an opponent's building breaks it (standard rules).

    Walks start only at corners where a trail can usefully begin: a corner with other than two
    of the player's roads, or one holding an opponent's building (an optimal trail starting at an
    open two-road corner either extends backwards or is a closed loop that can be entered
    anywhere). A component that is a plain loop has no such corner: its length is its road count.
    """
    owner = s.edge_owner
    own = [e for e in range(len(owner)) if owner[e] == seat]
    if not own:
        return 0
    node_owner = s.node_owner
    degree: dict[int, int] = {}
    for e in own:
        a, b = EDGE_NODES[e]
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1

    def walk(node: int, used: int, length: int) -> int:
        top = length
        if node_owner[node] not in (-1, seat):
            return top
        for e in NODE_EDGES[node]:
            bit = 1 << e
            if owner[e] == seat and not used & bit:
                a, b = EDGE_NODES[e]
                got = walk(b if a == node else a, used | bit, length + 1)
                if got > top:
                    top = got
        return top

    best = 0
    reached = 0  # edges in components that have a start corner
    for n, d in degree.items():
        if d == 2 and node_owner[n] in (-1, seat):
            continue
        for e in NODE_EDGES[n]:
            if owner[e] != seat:
                continue
            a, b = EDGE_NODES[e]
            got = walk(b if a == n else a, 1 << e, 1)
            if got > best:
                best = got
        reached |= _component(owner, seat, n)
    for e in own:
        if not reached >> e & 1:  # a plain loop
            loop = _component(owner, seat, EDGE_NODES[e][0])
            reached |= loop
            best = max(best, bin(loop).count("1"))
    return best


def _component(owner: list[int], seat: int, start: int) -> int:
    """Bitmask of the player's roads connected to corner ``start``."""
    mask = 0
    stack = [start]
    seen = {start}
    while stack:
        node = stack.pop()
        for e in NODE_EDGES[node]:
            if owner[e] == seat:
                mask |= 1 << e
                a, b = EDGE_NODES[e]
                other = b if a == node else a
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
    return mask


def _award(s: State, values: list[int], holder: int, minimum: int) -> int:
    """Who holds a special card after ``values`` changed.

    Standard rules: the holder keeps it on a tie; it moves only to a strictly greater value; when
    the holder falls behind and the leaders tie (or nobody reaches the minimum) it is set aside.
    Variant clarification: whenever players tie for the top value the card goes to the bank.
    """
    live = [p for p in range(s.n) if not s.forfeited[p]]
    top = max((values[p] for p in live), default=0)
    if top < minimum:
        return -1
    leaders = [p for p in live if values[p] == top]
    if s.variant:
        return leaders[0] if len(leaders) == 1 else -1
    if holder != -1 and not s.forfeited[holder] and values[holder] == top:
        return holder
    return leaders[0] if len(leaders) == 1 else -1


def refresh_longest_road(s: State, seats: list[int] | tuple[int, ...]) -> None:
    for p in seats:
        s.road_len[p] = longest_road_of(s, p)
    s.lr_holder = _award(s, s.road_len, s.lr_holder, LONGEST_ROAD_MIN)


def refresh_largest_army(s: State) -> None:
    s.la_holder = _award(s, s.knights, s.la_holder, LARGEST_ARMY_MIN)


def road_owners_at(s: State, node: int, but: int) -> list[int]:
    seen: list[int] = []
    for e in NODE_EDGES[node]:
        o = s.edge_owner[e]
        if o != -1 and o != but and o not in seen:
            seen.append(o)
    return seen


def public_points(s: State, seat: int) -> int:
    """Points everybody can see: buildings, special cards, laid-out point cards (rule 5)."""
    pts = s.settlements[seat] + 2 * s.cities[seat] + s.laid_vp[seat]
    if s.lr_holder == seat:
        pts += SPECIAL_CARD_POINTS
    if s.la_holder == seat:
        pts += SPECIAL_CARD_POINTS
    return pts


def total_points(s: State, seat: int) -> int:
    """Public points plus the point cards still in hand."""
    return public_points(s, seat) + s.dev[seat][VICTORY_POINT]


_NO_WIN_PHASES = frozenset({SETUP_SETTLEMENT, SETUP_ROAD, START_CHOICE, OVER})


def check_end(s: State) -> None:
    """End the game when someone has won (called after every applied event).

    Standard rules: only the player on turn wins, counting hidden point cards (revealed then).
    Variant rule 1: the game ends the moment a player reaches the target; a point card counts once
    played, and the player on turn may play (reveal) point cards to end the game, even one gained
    this turn (clarification); others count only their public points.
    """
    if s.phase in _NO_WIN_PHASES:
        return
    cur = s.current
    if s.forfeited.count(False) == 1:
        _finish(s, s.forfeited.index(False))
        return
    if not s.forfeited[cur] and total_points(s, cur) >= s.target:
        _finish(s, cur)
        return
    if s.variant:
        for p in range(s.n):
            if not s.forfeited[p] and public_points(s, p) >= s.target:
                _finish(s, p)
                return


def _finish(s: State, winner: int) -> None:
    s.winner = winner
    s.phase = OVER
    points = [total_points(s, p) for p in range(s.n)]
    if s.variant:
        # Clarification to rule 1: the loser's point cards in hand count, capped at target - 1.
        points = [v if p == winner else min(v, s.target - 1) for p, v in enumerate(points)]
    s.final_points = points
