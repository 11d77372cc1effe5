"""The fixed geometry of the base-game island: 19 land hexes, 54 corners (nodes), 72 edges.

Part of the data layer (it only turns the data file's harbour slots and the hex grid into
constants): the state, the fold and the rules all read it.

Ids are small integers; every adjacency the rules need is precomputed once as tuples, so the hot
paths (legal moves, production, longest road) only index lists.

Hexes use axial (q, r), pointy-top, r growing southward (shared/games/NOTES.md). A hex centre is
placed at x = 2q + r, y = 3r (units of sqrt(3)/2 and 1/2); its six corners are at the offsets
below, which makes every corner an integer point shared exactly by the hexes that touch it.
"""

from __future__ import annotations

from games.catan.data import HARBOUR_SLOTS

_CORNER_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def _corners(q: int, r: int) -> list[tuple[int, int]]:
    x, y = 2 * q + r, 3 * r
    return [(x + dx, y + dy) for dx, dy in _CORNER_OFFSETS]


HEX_COORDS: tuple[tuple[int, int], ...] = tuple(
    (q, r) for r in range(-2, 3) for q in range(-2, 3) if max(abs(q), abs(r), abs(q + r)) <= 2
)
HEX_INDEX: dict[tuple[int, int], int] = {c: i for i, c in enumerate(HEX_COORDS)}
N_HEXES = len(HEX_COORDS)

_points = sorted({p for q, r in HEX_COORDS for p in _corners(q, r)}, key=lambda p: (p[1], p[0]))
NODE_POINTS: tuple[tuple[int, int], ...] = tuple(_points)
_NODE_INDEX = {p: i for i, p in enumerate(NODE_POINTS)}
N_NODES = len(NODE_POINTS)

HEX_NODES: tuple[tuple[int, ...], ...] = tuple(
    tuple(_NODE_INDEX[p] for p in _corners(q, r)) for q, r in HEX_COORDS
)

_edge_set: set[tuple[int, int]] = set()
for _nodes in HEX_NODES:
    for _k in range(6):
        a, b = _nodes[_k], _nodes[(_k + 1) % 6]
        _edge_set.add((min(a, b), max(a, b)))
EDGE_NODES: tuple[tuple[int, int], ...] = tuple(sorted(_edge_set))
N_EDGES = len(EDGE_NODES)
EDGE_INDEX: dict[tuple[int, int], int] = {e: i for i, e in enumerate(EDGE_NODES)}

NODE_HEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(h for h in range(N_HEXES) if n in HEX_NODES[h]) for n in range(N_NODES)
)
NODE_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(e for e, (a, b) in enumerate(EDGE_NODES) if n in (a, b)) for n in range(N_NODES)
)
NODE_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(EDGE_NODES[e][0] + EDGE_NODES[e][1] - n for e in NODE_EDGES[n]) for n in range(N_NODES)
)
# edge -> (node, the other edges at that node) for both ends: the road network walks on this.
EDGE_ENDS: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple((n, tuple(x for x in NODE_EDGES[n] if x != e)) for n in EDGE_NODES[e])
    for e in range(N_EDGES)
)

HEX_NEIGHBOUR_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
HEX_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        HEX_INDEX[(q + dq, r + dr)]
        for dq, dr in HEX_NEIGHBOUR_STEPS
        if (q + dq, r + dr) in HEX_INDEX
    )
    for q, r in HEX_COORDS
)


def _slot_nodes(land: tuple[int, int], sea: tuple[int, int]) -> tuple[int, int]:
    shared = sorted(set(_corners(*land)) & set(_corners(*sea)))
    assert len(shared) == 2, (land, sea)
    a, b = (_NODE_INDEX[p] for p in shared)
    return (a, b)


# Harbour slot -> (its two coastal nodes, the land hex whose coast it is on).
HARBOUR_SLOT_NODES: tuple[tuple[int, int], ...] = tuple(
    _slot_nodes(land, sea) for land, sea in HARBOUR_SLOTS
)
HARBOUR_SLOT_HEX: tuple[int, ...] = tuple(HEX_INDEX[land] for land, _ in HARBOUR_SLOTS)

assert N_HEXES == 19 and N_NODES == 54 and N_EDGES == 72


def harbour_node_ports(harbours: list[int]) -> list[int]:
    """Harbour kind at each corner (-1 none), from the harbour kind of each slot."""
    ports = [-1] * N_NODES
    for slot, (a, b) in enumerate(HARBOUR_SLOT_NODES):
        ports[a] = harbours[slot]
        ports[b] = harbours[slot]
    return ports
