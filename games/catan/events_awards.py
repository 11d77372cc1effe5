"""What the fold keeps up to date beside the plain fields: the road network (Longest Road, the
edges a road may still go to), Largest Army, points and the end of the game.

Part of the events layer: ``events.apply`` calls it after the events that change a network, an
army or the points. Longest Road is recomputed only for the players whose network changed: the
builder of a road, or the owners of roads through a node where someone just settled (a
settlement breaks a road).
"""

from __future__ import annotations

from games.catan.data import VICTORY_POINT
from games.catan.data_board import EDGE_NODES, NODE_EDGES
from games.catan.state import OVER, SETUP_ROAD, SETUP_SETTLEMENT, START_CHOICE, State

LONGEST_ROAD_MIN = 5  # standard rules: at least 5 connected roads
LARGEST_ARMY_MIN = 3  # standard rules: at least 3 knights
SPECIAL_CARD_POINTS = 2


def road_edges(s: State, seat: int) -> list[int]:
    """Empty edges connected to ``seat``'s network: through its own building, or through its own
    road at a corner without an opponent's building (standard rules: a building breaks a road)."""
    owner = s.edge_owner
    node_owner = s.node_owner
    seen: set[int] = set()
    out: list[int] = []
    e = -1
    for _ in range(owner.count(seat)):
        e = owner.index(seat, e + 1)  # the next own road (a scan in C, not in Python)
        for n in EDGE_NODES[e]:
            at = node_owner[n]
            if at != -1 and at != seat:
                continue
            for x in NODE_EDGES[n]:
                if owner[x] == -1 and x not in seen:
                    seen.add(x)
                    out.append(x)
    return out


# Corner -> ((road, corner at its other end), ...): the board's roads as walks see them.
NODE_LINKS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((e, EDGE_NODES[e][0] + EDGE_NODES[e][1] - n) for e in edges)
    for n, edges in enumerate(NODE_EDGES)
)


def longest_road_of(s: State, seat: int) -> int:
    """Longest trail of ``seat``'s roads; an opponent's building breaks it (standard rules).

    A corner with an opponent's building ends a trail and is not passed: it is a separate dead
    end for each road that reaches it. Most networks are then trees, where the longest trail is
    the longest path, found by two depth-first passes over the board (the farthest end from any
    corner, then the farthest end from that one). A network with a loop is left to
    ``longest_trail_by_walks``.
    """
    owner = s.edge_owner
    count = owner.count(seat)
    if count <= 1:
        return count
    node_owner = s.node_owner
    best = 0
    seen: set[int] = set()
    e = -1
    for _ in range(count):
        e = owner.index(seat, e + 1)  # the next own road (a scan in C, not in Python)
        root, other = EDGE_NODES[e]
        at = node_owner[root]
        if at != -1 and at != seat:  # a road has at most one building at its ends
            root = other
        if root in seen:
            continue
        # First pass: the farthest end from the root, and whether the component has a loop.
        first = _farthest(s, seat, root, -1, 0, seen)
        if first is None:
            return longest_trail_by_walks(s, seat)
        # Second pass from that end: a tree's longest path (no loop there, no check needed).
        start, back, dist = first[1]
        second = _farthest(s, seat, start, back, dist, None)
        assert second is not None
        if second[0] > best:
            best = second[0]
            if best == count:
                break
    return best


def _farthest(
    s: State, seat: int, start: int, back: int, dist: int, seen: set[int] | None
) -> tuple[int, tuple[int, int, int]] | None:
    """Depth-first over a tree of ``seat``'s roads from corner ``start`` (passable), reached
    ``dist`` roads ago by road ``back`` (not taken again): the farthest end's distance and where
    a walk from that end starts (corner, road not to take, roads already walked). With ``seen``,
    a loop gives None."""
    owner = s.edge_owner
    node_owner = s.node_owner
    far = dist
    end = (start, -1, 0)
    stack = [(start, back, dist)]
    if seen is not None:
        seen.add(start)
    while stack:
        node, back, dist = stack.pop()
        dist += 1
        for e, other in NODE_LINKS[node]:
            if owner[e] != seat or e == back:
                continue
            at = node_owner[other]
            if at != -1 and at != seat:  # an opponent's building: a dead end of its own per road
                if dist > far:
                    far, end = dist, (node, e, 1)
                continue
            if seen is not None:
                if other in seen:
                    return None
                seen.add(other)
            if dist > far:
                far, end = dist, (other, -1, 0)
            stack.append((other, e, dist))
    return far, end


def longest_trail_by_walks(s: State, seat: int) -> int:
    """Longest trail of ``seat``'s roads; an opponent's building breaks it (standard rules).

    Walks start only at corners where a trail can usefully begin: a corner with other than two
    of the player's roads, or one holding an opponent's building (an optimal trail starting at an
    open two-road corner either extends backwards or is a closed loop that can be entered
    anywhere). A component that is a plain loop has no such corner: its length is its road count.
    A trail over every road ends the search (nothing is longer).
    """
    adj: dict[int, list[tuple[int, int]]] = {}  # corner -> (road bit, other corner) of own roads
    count = 0
    for e, holder in enumerate(s.edge_owner):
        if holder == seat:
            count += 1
            a, b = EDGE_NODES[e]
            bit = 1 << e
            if a in adj:
                adj[a].append((bit, b))
            else:
                adj[a] = [(bit, b)]
            if b in adj:
                adj[b].append((bit, a))
            else:
                adj[b] = [(bit, a)]
    if count <= 1:
        return count
    node_owner = s.node_owner
    passable = {n: node_owner[n] == -1 or node_owner[n] == seat for n in adj}

    def walk(node: int, used: int, length: int) -> int:
        top = length
        if not passable[node]:
            return top
        for bit, other in adj[node]:
            if not used & bit:
                got = walk(other, used | bit, length + 1)
                if got > top:
                    top = got
        return top

    best = 0
    reached = 0  # roads in components that have a start corner
    for n, roads in adj.items():
        if len(roads) == 2 and passable[n]:
            continue
        for bit, other in roads:
            got = walk(other, bit, 1)
            if got > best:
                best = got
        if best == count:
            return best
        if not reached & roads[0][0]:  # the corner's component, once per component
            reached |= _component(adj, n)
    for n, roads in adj.items():
        if not reached & roads[0][0]:  # a plain loop
            loop = _component(adj, n)
            reached |= loop
            best = max(best, bin(loop).count("1"))
    return best


def _component(adj: dict[int, list[tuple[int, int]]], start: int) -> int:
    """Bitmask of the roads connected to corner ``start`` (``adj``: one player's roads)."""
    mask = 0
    stack = [start]
    seen = {start}
    while stack:
        for bit, other in adj[stack.pop()]:
            mask |= bit
            if other not in seen:
                seen.add(other)
                stack.append(other)
    return mask


def award_holder(s: State, values: list[int], holder: int, minimum: int) -> int:
    """Who holds a special card after ``values`` changed.

    Standard rules: the holder keeps it on a tie; it moves only to a strictly greater value; when
    the holder falls behind and the leaders tie (or nobody reaches the minimum) it is set aside.
    Variant clarification "V případě, že hráči mají stejně dlouhou cestu nebo stejně velikou
    armádu, putuje karta ... do banku" (option ``tied_awards_to_bank``): whenever players tie for
    the top value the card goes to the bank.
    """
    live = [p for p in range(s.n) if not s.forfeited[p]]
    top = max((values[p] for p in live), default=0)
    if top < minimum:
        return -1
    leaders = [p for p in live if values[p] == top]
    if s.options["tied_awards_to_bank"]:
        return leaders[0] if len(leaders) == 1 else -1
    if holder != -1 and not s.forfeited[holder] and values[holder] == top:
        return holder
    return leaders[0] if len(leaders) == 1 else -1


def refresh_longest_road(s: State, seats: list[int] | tuple[int, ...]) -> None:
    for p in seats:
        s.road_len[p] = longest_road_of(s, p)
    s.lr_holder = award_holder(s, s.road_len, s.lr_holder, LONGEST_ROAD_MIN)


def refresh_largest_army(s: State) -> None:
    s.la_holder = award_holder(s, s.knights, s.la_holder, LARGEST_ARMY_MIN)


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


def check_end(s: State, turn_passed: bool = False) -> None:
    """End the game when someone has won (called after every event that can change points, and
    after the turn passes: the player now on turn may hold enough).

    Standard rules: only the player on turn wins, counting hidden point cards (revealed then).
    Variant rule 1: the game ends the moment a player reaches the target; a point card counts once
    played, and the player on turn may play (reveal) point cards to end the game, even one gained
    this turn (clarification); others count only their public points. ``turn_passed``: nobody's
    points changed since the last check, so only the player now on turn is looked at.
    """
    if s.phase in _NO_WIN_PHASES:
        return
    cur = s.current
    forfeited = s.forfeited
    if forfeited.count(False) == 1:
        finish(s, forfeited.index(False))
        return
    target = s.target
    # total_points, spelled out: this runs after most events.
    points = s.settlements[cur] + 2 * s.cities[cur] + s.laid_vp[cur] + s.dev[cur][VICTORY_POINT]
    if s.lr_holder == cur:
        points += SPECIAL_CARD_POINTS
    if s.la_holder == cur:
        points += SPECIAL_CARD_POINTS
    if points >= target and not forfeited[cur]:
        finish(s, cur)
        return
    if s.variant and not turn_passed:
        # public_points, spelled out.
        settlements, cities, laid = s.settlements, s.cities, s.laid_vp
        lr, la = s.lr_holder, s.la_holder
        for p in range(s.n):
            points = settlements[p] + 2 * cities[p] + laid[p]
            if p == lr:
                points += SPECIAL_CARD_POINTS
            if p == la:
                points += SPECIAL_CARD_POINTS
            if points >= target and not forfeited[p]:
                finish(s, p)
                return


def finish(s: State, winner: int) -> None:
    """The game is over: ``winner`` wins, the final points are fixed."""
    s.winner = winner
    s.phase = OVER
    points = [total_points(s, p) for p in range(s.n)]
    if s.variant:
        # Clarification to rule 1: the loser's point cards in hand count, capped at target - 1.
        points = [v if p == winner else min(v, s.target - 1) for p, v in enumerate(points)]
    s.final_points = points
