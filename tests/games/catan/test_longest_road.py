"""Longest Road's fast search (two passes over a tree, walks over a network with a loop) against
an exhaustive search of every trail, on random networks with opponents' buildings."""

from __future__ import annotations

import random

from games.catan.data_board import EDGE_NODES, N_EDGES, N_NODES, NODE_EDGES
from games.catan.events_awards import longest_road_of, longest_trail_by_walks
from tests.games.catan.support import new_game


def trail_by_brute_force(edge_owner: list[int], node_owner: list[int], seat: int) -> int:
    """Every trail from every corner: a road is used once, an opponent's corner only ends one."""

    def walk(node: int, used: frozenset[int]) -> int:
        if used and node_owner[node] not in (-1, seat):
            return len(used)
        best = len(used)
        for e in NODE_EDGES[node]:
            if edge_owner[e] == seat and e not in used:
                a, b = EDGE_NODES[e]
                best = max(best, walk(b if a == node else a, used | {e}))
        return best

    return max((walk(n, frozenset()) for n in range(N_NODES)), default=0)


def random_network(rng: random.Random, roads: int) -> list[int]:
    """``roads`` roads of seat 0 grown from a few random seeds (trees, branches and loops)."""
    owner = [-1] * N_EDGES
    for _ in range(rng.randint(1, 3)):
        owner[rng.randrange(N_EDGES)] = 0
    while owner.count(0) < roads:
        e = rng.choice([e for e in range(N_EDGES) if owner[e] == 0])
        node = rng.choice(EDGE_NODES[e])
        free = [x for x in NODE_EDGES[node] if owner[x] == -1]
        if free:
            owner[rng.choice(free)] = 0
    return owner


def test_the_fast_search_finds_the_longest_trail_of_every_random_network() -> None:
    rng = random.Random(24)
    s = new_game(4)
    loops = 0
    for _ in range(400):
        s.edge_owner = random_network(rng, rng.randint(1, 15))
        s.node_owner = [-1] * N_NODES
        for node in rng.sample(range(N_NODES), rng.randint(0, 8)):
            s.node_owner[node] = rng.choice([0, 1, 2])  # own buildings pass, others' break
        expected = trail_by_brute_force(s.edge_owner, s.node_owner, 0)
        assert longest_road_of(s, 0) == expected
        assert longest_trail_by_walks(s, 0) == expected
        own = [e for e in range(N_EDGES) if s.edge_owner[e] == 0]
        loops += len(own) >= len({n for e in own for n in EDGE_NODES[e]})
    assert loops > 20  # networks with a loop were tried too (the walks' branch)
