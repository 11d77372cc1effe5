"""Board queries shared by the rules, the views and the bots: villages and cities, who stands
highest, walking costs, lakes and land-tile support."""

from __future__ import annotations

from games.java.data import BOARD
from games.java.state import EMPTY, PALACE, RICE, VILLAGE, WATER, JavaState

NEIGHBOURS = BOARD.neighbours
N_BOARD = BOARD.n_board
N_CELLS = len(BOARD.coords)
EDGE_COST = BOARD.edge_cost
EDGE_CELLS = tuple(c for c in range(N_CELLS) if EDGE_COST[c] > 0)


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
    per label or -1)."""
    labels = [-1] * N_CELLS
    groups: list[list[int]] = []
    palaces: list[int] = []
    top = s.top
    for c in range(N_CELLS):
        if labels[c] >= 0 or (top[c] != VILLAGE and top[c] != PALACE):
            continue
        cells = region(s, c)
        lab = len(groups)
        pal = -1
        for x in cells:
            labels[x] = lab
            if top[x] == PALACE:
                pal = x
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
    best, best_key, tied = -1, (), False
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
    water, palaces or another player's figure (own figures may be passed)."""
    top, fig = s.top, s.figure
    dist: dict[int, int] = {}
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    for c, d in starts:
        if 0 <= d <= limit:
            buckets[d].append(c)
    for d in range(limit + 1):
        bucket = buckets[d]
        i = 0
        while i < len(bucket):
            c = bucket[i]
            i += 1
            if c in dist:
                continue
            dist[c] = d
            tc = top[c]
            for n in NEIGHBOURS[c]:
                if n in dist:
                    continue
                tn = top[n]
                if tn != RICE and tn != VILLAGE:
                    continue
                who = fig[n]
                if who >= 0 and who != seat:
                    continue
                nd = d if tn == tc else d + 1
                if nd <= limit:
                    buckets[nd].append(n)
    return dist


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
