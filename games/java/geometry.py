"""Board queries shared by the rules, the views and the bots: villages and cities, who stands
highest, walking costs, lakes and land-tile support."""

from __future__ import annotations

from collections.abc import Iterator

from games.java.data import BOARD
from games.java.state import EMPTY, PALACE, RICE, VILLAGE, WATER, JavaState

NEIGHBOURS = BOARD.neighbours
N_BOARD = BOARD.n_board
N_CELLS = len(BOARD.coords)
EDGE_COST = BOARD.edge_cost
EDGE_CELLS = tuple(c for c in range(N_CELLS) if EDGE_COST[c] > 0)


def cells_of(figure: list[int], seat: int) -> list[int]:
    """The spaces where ``seat``'s figures stand, in order (found by ``list.index``, not by a
    Python loop over all spaces: the listing asks for them on every command)."""
    out = []
    i = -1
    for _ in range(figure.count(seat)):
        i = figure.index(seat, i + 1)
        out.append(i)
    return out


def region(s: JavaState, start: int, top: list[int] | None = None) -> list[int]:
    """The village (or city) containing ``start``: connected village and palace spaces."""
    tops = s.top if top is None else top
    seen = {start}
    stack = [start]
    while stack:
        c = stack.pop()
        for n in NEIGHBOURS[c]:
            if n not in seen and (tops[n] == VILLAGE or tops[n] == PALACE):
                seen.add(n)
                stack.append(n)
    return list(seen)


def settlements(s: JavaState) -> tuple[list[int], list[list[int]], list[int]]:
    """Label every village/palace space: (label per cell or -1, cells per label, palace cell
    per label or -1). Labels follow the cells' order of their first space."""
    labels = [-1] * N_CELLS
    groups: list[list[int]] = []
    palaces: list[int] = []
    top = s.top
    for c in range(N_CELLS):
        t = top[c]
        if (t != VILLAGE and t != PALACE) or labels[c] >= 0:
            continue
        lab = len(groups)
        labels[c] = lab
        cells = [c]
        pal = c if t == PALACE else -1
        stack = [c]
        while stack:
            x = stack.pop()
            for n in NEIGHBOURS[x]:
                if labels[n] < 0:
                    tn = top[n]
                    if tn in (VILLAGE, PALACE):
                        labels[n] = lab
                        cells.append(n)
                        stack.append(n)
                        if tn == PALACE:
                            pal = n
        groups.append(cells)
        palaces.append(pal)
    return labels, groups, palaces


def cities(s: JavaState) -> list[tuple[int, list[int]]]:
    """(palace cell, city cells) for every city on the island."""
    out = []
    seen: set[int] = set()
    for c in range(N_CELLS):
        if s.palace[c] and s.top[c] == PALACE and c not in seen:
            cells = region(s, c)
            seen.update(cells)
            out.append((c, cells))
    return out


def figure_keys(s: JavaState, cells: list[int]) -> dict[int, tuple[int, ...]]:
    """Per seat with a figure on ``cells``: its figures' levels, highest first. Comparing these
    tuples is the text's "nejvýše postavená figurka ... rozhodnou další figurky"."""
    levels: dict[int, list[int]] = {}
    fig, height = s.figure, s.height
    for c in cells:
        who = fig[c]
        if who >= 0:
            levels.setdefault(who, []).append(height[c])
    return {seat: tuple(sorted(v, reverse=True)) for seat, v in levels.items()}


def sole_best(keys: dict[int, tuple[int, ...]]) -> int:
    """The seat whose key is strictly highest, or -1 when nobody or a tie."""
    best, tied = -1, False
    best_key: tuple[int, ...] = ()
    for seat, key in keys.items():
        if key > best_key:
            best, best_key, tied = seat, key, False
        elif key == best_key:
            tied = True
    return -1 if tied else best


def walk_costs(
    s: JavaState, seat: int, starts: list[tuple[int, int]], limit: int
) -> dict[int, int]:
    """Cheapest action-point cost to reach each landscape space from ``starts`` (cell, cost),
    up to ``limit``: free along one colour, 1 per change between rice and village; never over
    water, palaces or another player's figure (own figures may be passed). The order of the
    result (the order spaces are reached) is the order of the listed moves."""
    return dict(walk(s, seat, starts, limit))


def walk(
    s: JavaState, seat: int, starts: list[tuple[int, int]], limit: int
) -> Iterator[tuple[int, int]]:
    """``walk_costs`` one space at a time, in order (a caller may stop early)."""
    return iter(walk_order(reach_of(s, seat).area, s.top, starts, limit))


def walk_order(
    area: list[int], top: list[int], starts: list[tuple[int, int]], limit: int
) -> list[tuple[int, int]]:
    """The spaces a walk from ``starts`` reaches, with their costs, in the order they are
    reached: cost by cost, each space in the order it was found. ``area`` (>= 0: a space the
    seat's figures may cross) comes from the seat's ``Reach``."""
    return list(walk_steps(area, top, starts, limit))


def walk_steps(
    area: list[int], top: list[int], starts: list[tuple[int, int]], limit: int
) -> Iterator[tuple[int, int]]:
    """``walk_order`` one space at a time (a caller may stop early)."""
    seen = [False] * len(area)
    buckets: list[list[int]] = [[] for _ in range(limit + 2)]
    for c, d in starts:
        if 0 <= d <= limit:
            buckets[d].append(c)
    for d in range(limit + 1):
        bucket = buckets[d]
        same = bucket.append
        other = buckets[d + 1].append
        for c in bucket:  # grows while it is read
            if seen[c]:
                continue
            seen[c] = True
            yield c, d
            tc = top[c]
            for n in NEIGHBOURS[c]:
                if area[n] < 0 or seen[n]:
                    continue
                if top[n] == tc:
                    same(n)
                elif d < limit:
                    other(n)


class Order:
    """A walk's spaces in walking order, found only as far as someone asked and kept: drawing
    one move walks until its target, a later draw or the full listing goes on from there."""

    __slots__ = ("found", "rest")

    def __init__(self, rest: Iterator[tuple[int, int]]) -> None:
        self.found: list[tuple[int, int]] = []
        self.rest: Iterator[tuple[int, int]] | None = rest

    def __iter__(self) -> Iterator[tuple[int, int]]:
        found = self.found
        i = 0
        while True:
            if i < len(found):
                yield found[i]
                i += 1
                continue
            if self.rest is None:
                return
            step = next(self.rest, None)
            if step is None:
                self.rest = None
                return
            found.append(step)


class Reach:
    """Where ``seat``'s figures can walk, area by area: an area is a connected stretch of one
    colour (rice or village) that the seat may cross for free (no other player's figure on it);
    stepping into a neighbouring area changes colour and costs 1. Every space of an area is as
    far from a start as the area itself, so ``walk_costs`` distances come from a small graph of
    areas. Never changed once built (``reach_of`` keeps one per state and shares it with
    clones); the seat's own figures do not shape the areas, so their moves keep it valid."""

    __slots__ = (
        "area",
        "blocked",
        "cells",
        "exit",
        "figure",
        "links",
        "orders",
        "paths",
        "seat",
        "top",
    )

    def __init__(self, s: JavaState, seat: int, blocked: list[int]) -> None:
        top, fig = s.top, s.figure
        area = [-1] * N_CELLS
        for c in blocked:
            area[c] = -2  # another player's figure: not crossed
        cells: list[list[int]] = []
        borders: list[list[int]] = []
        exits: list[int] = []
        for c in range(N_CELLS):
            t = top[c]
            if area[c] != -1 or (t != RICE and t != VILLAGE):
                continue
            other = VILLAGE if t == RICE else RICE
            a = len(cells)
            area[c] = a
            mine = [c]
            border: list[int] = []
            stack = [c]
            best = 0
            while stack:
                x = stack.pop()
                e = EDGE_COST[x]
                if e and (not best or e < best):
                    best = e
                for n in NEIGHBOURS[x]:
                    tn = top[n]
                    if tn == t:
                        if area[n] == -1:
                            area[n] = a
                            mine.append(n)
                            stack.append(n)
                    elif tn == other:
                        border.append(n)
            cells.append(mine)
            borders.append(border)
            exits.append(best)
        for c in blocked:
            area[c] = -1
        self.seat = seat
        self.top = top[:]
        self.figure = fig[:]
        self.blocked = blocked
        self.area = area
        self.cells = cells
        # Areas of the other colour next to each area (a space of another player's figure is in
        # no area: it cannot be crossed).
        self.links = [{area[n] for n in border if area[n] >= 0} for border in borders]
        self.exit = exits  # cheapest edge to leave over (0: none)
        self.paths: dict[tuple[int, int], Walk] = {}  # walks already found
        self.orders: dict[tuple[int, int], Order] = {}  # see ``order``

    def distances(self, starts: list[tuple[int, int]], limit: int) -> dict[int, int]:
        """Cheapest cost (up to ``limit``) to reach each area from ``starts`` (cell, cost)."""
        buckets: list[list[int]] = [[] for _ in range(limit + 1)]
        area = self.area
        for c, d in starts:
            if 0 <= d <= limit:
                buckets[d].append(area[c])
        dist: dict[int, int] = {}
        links = self.links
        for d in range(limit + 1):
            for a in buckets[d]:
                if a in dist:
                    continue
                dist[a] = d
                if d < limit:
                    nxt = buckets[d + 1]
                    for b in links[a]:
                        if b not in dist:
                            nxt.append(b)
        return dist

    def from_cell(self, cell: int, limit: int) -> Walk:
        """The walk from ``cell`` (the same for every start in one area)."""
        key = (self.area[cell], limit)
        found = self.paths.get(key)
        if found is None:
            found = self.paths[key] = Walk(self, self.distances([(cell, 0)], limit))
        return found

    def from_edge(self, limit: int) -> Walk:
        """The walk of a figure coming onto the island (over an edge tile)."""
        key = (-1, limit)
        found = self.paths.get(key)
        if found is None:
            area = self.area
            starts = [(c, EDGE_COST[c]) for c in EDGE_CELLS if area[c] >= 0]
            found = self.paths[key] = Walk(self, self.distances(starts, limit))
        return found

    def order(self, start: int, limit: int) -> Order:
        """``walk_order`` from the space ``start`` (-1: onto the island over an edge tile),
        kept: own figures may be passed, so it holds for every copy (``copy_reach``)."""
        key = (start, limit)
        found = self.orders.get(key)
        if found is None:
            area = self.area
            if start < 0:
                starts = [(c, EDGE_COST[c]) for c in EDGE_CELLS if area[c] >= 0]
            else:
                starts = [(start, 0)]
            found = self.orders[key] = Order(walk_steps(area, self.top, starts, limit))
        return found

    def cost_to(self, walk: Walk, cell: int) -> int | None:
        a = self.area[cell]
        return walk.dist.get(a) if a >= 0 else None

    def exit_cost(self, walk: Walk, limit: int) -> int | None:
        """Cheapest cost to leave the island after ``walk`` (None: not within ``limit``)."""
        best = walk.exit
        return best if best is not None and best <= limit else None


class Walk:
    """Where a walk gets (cost per area), how many spaces those areas hold (figures on them
    included) and the cheapest way off the island from there."""

    __slots__ = ("dist", "exit", "spaces")

    def __init__(self, reach: Reach, dist: dict[int, int]) -> None:
        cells, exits = reach.cells, reach.exit
        self.dist = dist
        self.spaces = sum(len(cells[a]) for a in dist)
        self.exit = min((d + exits[a] for a, d in dist.items() if exits[a]), default=None)


def reach_of(s: JavaState, seat: int) -> Reach:
    """The walking areas of ``seat`` on this board. Kept with the state and checked against the
    board before use: the seat's own moves leave them as they are; a tile, a palace, another
    player's figure or another seat redraws only the areas around the spaces that changed."""
    r: Reach | None = s.reach
    fig = s.figure
    if r is not None and r.seat == seat and r.top == s.top:
        if r.figure == fig:
            return r
        # Only the seat's own figures moved when every other player's figure still stands
        # where it stood and there are no more of them (counted without a Python loop).
        blocked = r.blocked
        if N_CELLS - fig.count(-1) - fig.count(seat) == len(blocked):
            held = [fig[c] for c in blocked]
            if -1 not in held and seat not in held:
                r = s.reach = copy_reach(r, fig)
                return r
    blocked = sorted(c for p in set(fig) if p >= 0 and p != seat for c in cells_of(fig, p))
    if r is None:
        r = Reach(s, seat, blocked)
    elif r.top == s.top and r.blocked == blocked:
        r = copy_reach(r, fig)
        r.seat = seat
    else:
        changed = set(blocked).symmetric_difference(r.blocked)
        if r.top != s.top:
            changed.update(diff(r.top, s.top))
        if len(changed) <= 24:
            r = _redrawn(r, s, seat, blocked, changed)
        else:
            r = Reach(s, seat, blocked)
    s.reach = r
    return r


def _redrawn(r: Reach, s: JavaState, seat: int, blocked: list[int], changed: set[int]) -> Reach:
    """``r`` brought up to the board of ``s``: the areas holding or touching a changed space
    are drawn again (a same-colour neighbour of such an area is in it, so nothing outside needs
    looking at); the others keep their numbers, and their links to the redrawn ones are fixed."""
    top = s.top
    area = r.area[:]
    cells = r.cells[:]
    links = r.links[:]
    exits = r.exit[:]
    stale: set[int] = set()
    for x in changed:
        a = area[x]
        if a >= 0:
            stale.add(a)
        for n in NEIGHBOURS[x]:
            if area[n] >= 0:
                stale.add(area[n])
    is_blocked = set(blocked)
    redo = {c for a in stale for c in cells[a]}
    redo.update(changed)
    # Only spaces a figure may cross now: rice or village, no other player's figure.
    redo = {c for c in redo if (top[c] == RICE or top[c] == VILLAGE) and c not in is_blocked}
    for c in redo:
        area[c] = -1
    for x in changed:
        area[x] = -1
    free_ids = sorted(stale)
    new_ids: list[int] = []
    for c in sorted(redo):
        if area[c] != -1:
            continue
        a = free_ids.pop() if free_ids else len(cells)
        if a == len(cells):
            cells.append([])
            links.append(set())
            exits.append(0)
        new_ids.append(a)
        t = top[c]
        area[c] = a
        mine = [c]
        for x in mine:  # grows while it is read
            for n in NEIGHBOURS[x]:
                if area[n] == -1 and n in redo and top[n] == t:
                    area[n] = a
                    mine.append(n)
        cells[a] = mine
    for a in free_ids:  # numbers no longer in use
        cells[a] = []
        links[a] = set()
        exits[a] = 0
    fresh = set(new_ids)
    outside: dict[int, set[int]] = {}
    for a in new_ids:
        near: set[int] = set()
        best = 0
        for x in cells[a]:
            e = EDGE_COST[x]
            if e and (not best or e < best):
                best = e
            for n in NEIGHBOURS[x]:
                b = area[n]
                if b >= 0 and b != a:
                    near.add(b)
                    if b not in fresh:
                        outside.setdefault(b, set()).add(a)
        links[a] = near
        exits[a] = best
    for b in range(len(links)):
        if b not in fresh and (b in outside or not links[b].isdisjoint(stale)):
            links[b] = (links[b] - stale) | outside.get(b, set())
    out = Reach.__new__(Reach)
    out.seat = seat
    out.top = top[:]
    out.figure = s.figure[:]
    out.blocked = blocked
    out.area = area
    out.cells = cells
    out.links = links
    out.exit = exits
    out.paths = {}
    out.orders = {}
    return out


def copy_reach(r: Reach, figure: list[int]) -> Reach:
    out = Reach.__new__(Reach)
    out.area, out.blocked, out.cells, out.exit = r.area, r.blocked, r.cells, r.exit
    out.links, out.paths, out.seat, out.top = r.links, r.paths, r.seat, r.top
    out.orders = r.orders
    out.figure = figure[:]
    return out


def diff(before: list[int], after: list[int]) -> list[int]:
    """The indices where two equally long lists differ (compared a slice at a time)."""
    if before == after:
        return []
    out: list[int] = []
    n = len(after)
    for k in range(0, n, 32):
        if before[k : k + 32] != after[k : k + 32]:
            out.extend(i for i in range(k, min(k + 32, n)) if before[i] != after[i])
    return out


def _touches(before: list[int], after: list[int], kinds: tuple[int, ...]) -> bool:
    """Did any space change from or to one of ``kinds`` between the two lists of tops?"""
    return any(before[i] in kinds or after[i] in kinds for i in diff(before, after))


def towns(s: JavaState) -> tuple[list[int], list[list[int]], list[int]]:
    """``settlements`` of this board, kept with the state until a tile changes it (shared with
    clones; nobody changes the lists)."""
    return _towns(s).labelled


def between_cities(s: JavaState) -> list[int]:
    """The spaces next to two or more cities: only a village laid there can join two."""
    known = _towns(s)
    if known.between is None:
        _labels, groups, palaces = known.labelled
        seen: dict[int, int] = {}
        out = []
        for cells, pal in zip(groups, palaces, strict=True):
            if pal < 0:
                continue
            inside = set(cells)
            for n in {n for c in cells for n in NEIGHBOURS[c]} - inside:
                if seen.setdefault(n, pal) != pal and seen[n] != -2:
                    out.append(n)
                    seen[n] = -2
        known.between = sorted(out)
    return known.between


class _Towns:
    __slots__ = ("between", "labelled", "top")

    def __init__(self, top: list[int], labelled: tuple[list[int], list[list[int]], list[int]]):
        self.top = top
        self.labelled = labelled
        self.between: list[int] | None = None


def _towns(s: JavaState) -> _Towns:
    known: _Towns | None = s.towns
    if known is not None:
        if known.top == s.top:
            return known
        if not _touches(known.top, s.top, (VILLAGE, PALACE)):  # water laid, say
            again = _Towns(s.top[:], known.labelled)
            again.between = known.between
            s.towns = again
            return again
    known = s.towns = _Towns(s.top[:], settlements(s))
    return known


def entry_starts(s: JavaState, seat: int) -> list[tuple[int, int]]:
    """Landscape spaces on (or over) the grid's edge where a figure may come on, with the cost."""
    top, fig = s.top, s.figure
    out = []
    for c in EDGE_CELLS:
        if (top[c] == RICE or top[c] == VILLAGE) and fig[c] in (-1, seat):
            out.append((c, EDGE_COST[c]))
    return out


def exit_cost(s: JavaState, seat: int, cell: int, limit: int) -> int | None:
    """Cheapest cost to walk from ``cell`` to an edge space and leave the island."""
    dist = walk_costs(s, seat, [(cell, 0)], limit)
    best = None
    for c, d in dist.items():
        e = EDGE_COST[c]
        if e and d + e <= limit and (best is None or d + e < best):
            best = d + e
    return best


def water_body(s: JavaState, start: int) -> list[int]:
    seen = {start}
    stack = [start]
    while stack:
        c = stack.pop()
        for n in NEIGHBOURS[c]:
            if n not in seen and s.top[n] == WATER:
                seen.add(n)
                stack.append(n)
    return sorted(seen)


def enclosed_lakes(s: JavaState, around: list[int]) -> list[list[int]]:
    """Unscored lakes touching ``around`` that land now surrounds on every side."""
    out = []
    seen: set[int] = set()
    for c in around:
        for n in (c, *NEIGHBOURS[c]):
            if s.top[n] != WATER or s.lake_scored[n] or n in seen:
                continue
            body = water_body(s, n)
            seen.update(body)
            shore = {x for b in body for x in NEIGHBOURS[b] if s.top[x] != WATER}
            if all(s.height[x] > 0 for x in shore):
                out.append(body)
    return out


def shore(s: JavaState, body: list[int]) -> list[int]:
    inside = set(body)
    return sorted({x for b in body for x in NEIGHBOURS[b] if x not in inside})


def is_ground(s: JavaState, c: int) -> bool:
    return s.height[c] == 0 and s.top[c] == EMPTY
