"""Rule queries shared by ``legal_commands``, ``execute`` and the fold: where a piece may go, what
a trade costs, who can be robbed. Pure functions of the state; nothing here changes it.
"""

from __future__ import annotations

from games.catan.board import (
    EDGE_ENDS,
    EDGE_NODES,
    HARBOUR_SLOT_HEX,
    HARBOUR_SLOT_NODES,
    HEX_NODES,
    N_NODES,
    NODE_EDGES,
    NODE_NEIGHBOURS,
)
from games.catan.data import (
    CARD_NAMES,
    COST_CITY,
    COST_DEV,
    COST_ROAD,
    COST_SETTLEMENT,
    DEV_INDEX,
    GENERIC_HARBOUR,
    KNIGHT,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    RES_INDEX,
    VICTORY_POINT,
)
from games.catan.state import MAIN, ROLL, State

HAND_LIMIT = 7  # standard rules: a 7 makes every hand of more than 7 cards lose half
BANK_RATIO = 4
GENERIC_RATIO = 3
SPECIAL_RATIO = 2
SETTLEMENTS_FOR_FIRST_CITY = 3  # variant rule 8


def can_pay(hand: list[int], cost: list[int]) -> bool:
    return (
        hand[0] >= cost[0]
        and hand[1] >= cost[1]
        and hand[2] >= cost[2]
        and hand[3] >= cost[3]
        and hand[4] >= cost[4]
    )


def road_edges(s: State, seat: int) -> list[int]:
    """Empty edges connected to ``seat``'s network: through its own building, or through its own
    road at a corner without an opponent's building (standard rules: a building breaks a road)."""
    owner = s.edge_owner
    node_owner = s.node_owner
    seen = [False] * len(owner)
    out: list[int] = []
    for e in range(len(owner)):
        if owner[e] != seat:
            continue
        for n in EDGE_NODES[e]:
            holder = node_owner[n]
            if holder != -1 and holder != seat:
                continue
            for x in NODE_EDGES[n]:
                if owner[x] == -1 and not seen[x]:
                    seen[x] = True
                    out.append(x)
    return out


def can_place_road(s: State, seat: int, edge: int) -> bool:
    if s.edge_owner[edge] != -1:
        return False
    for node, others in EDGE_ENDS[edge]:
        holder = s.node_owner[node]
        if holder == seat:
            return True
        if holder == -1 and any(s.edge_owner[x] == seat for x in others):
            return True
    return False


def free_spot(s: State, node: int) -> bool:
    """Distance rule: the corner and its three neighbours are empty."""
    owner = s.node_owner
    if owner[node] != -1:
        return False
    for n in NODE_NEIGHBOURS[node]:  # noqa: SIM110 - a plain loop is faster on this hot path
        if owner[n] != -1:
            return False
    return True


def setup_settlement_nodes(s: State) -> list[int]:
    return [n for n in range(N_NODES) if free_spot(s, n)]


def touches_own_road(s: State, seat: int, node: int) -> bool:
    return any(s.edge_owner[e] == seat for e in NODE_EDGES[node])


def settlement_nodes(s: State, seat: int) -> list[int]:
    out = []
    for e in range(len(s.edge_owner)):
        if s.edge_owner[e] != seat:
            continue
        for node, _ in EDGE_ENDS[e]:
            if node not in out and free_spot(s, node):
                out.append(node)
    return out


def can_build_settlement_now(s: State, seat: int) -> bool:
    return s.settlements[seat] < MAX_SETTLEMENTS and can_pay(s.res[seat], COST_SETTLEMENT)


def can_build_road_now(s: State, seat: int) -> bool:
    return s.roads[seat] < MAX_ROADS and can_pay(s.res[seat], COST_ROAD)


def city_allowed(s: State, seat: int) -> bool:
    """Pieces, cost and variant rule 8 (the first city needs three settlements)."""
    if s.cities[seat] >= MAX_CITIES or not can_pay(s.res[seat], COST_CITY):
        return False
    return not (
        s.options["city_needs_three_settlements"]
        and s.cities[seat] == 0
        and s.settlements[seat] < SETTLEMENTS_FOR_FIRST_CITY
    )


def city_nodes(s: State, seat: int) -> list[int]:
    return [n for n in range(N_NODES) if s.node_owner[n] == seat and s.node_level[n] == 1]


def can_buy_dev(s: State, seat: int) -> bool:
    return bool(s.deck) and can_pay(s.res[seat], COST_DEV)


def harbour_ratios(s: State, seat: int) -> list[int]:
    """Best maritime ratio per resource: 4:1, 3:1 generic, 2:1 special. Variant rule 7: a harbour
    whose coast hex holds the robber cannot be used."""
    cached = s.ratio_cache[seat]
    if cached is not None:
        return cached
    ratios = [BANK_RATIO] * 5
    block = s.options["robber_blocks_harbour"]
    for slot, (a, b) in enumerate(HARBOUR_SLOT_NODES):
        if s.node_owner[a] != seat and s.node_owner[b] != seat:
            continue
        if block and s.robber == HARBOUR_SLOT_HEX[slot]:
            continue
        kind = s.harbours[slot]
        if kind == GENERIC_HARBOUR:
            for r in range(5):
                if ratios[r] > GENERIC_RATIO:
                    ratios[r] = GENERIC_RATIO
        else:
            ratios[kind] = SPECIAL_RATIO
    s.ratio_cache[seat] = ratios
    return ratios


def hand_size(s: State, seat: int) -> int:
    """Cards that count for the 7 and can be stolen: resources, plus (variant clarification)
    development cards in hand; laid-out point cards (rule 5) are not in the hand."""
    n = sum(s.res[seat])
    if s.variant:
        n += sum(s.dev[seat])
    return n


def hand_cards(s: State, seat: int, with_dev: bool) -> list[str]:
    """Card names present in ``seat``'s hand (each kind once)."""
    out = [name for i, name in enumerate(CARD_NAMES[:5]) if s.res[seat][i]]
    if with_dev:
        out += [name for i, name in enumerate(CARD_NAMES[5:]) if s.dev[seat][i]]
    return out


def card_count(s: State, seat: int, name: str) -> int:
    r = RES_INDEX.get(name)
    if r is not None:
        return s.res[seat][r]
    return s.dev[seat][DEV_INDEX[name]]


def robber_victims(s: State, seat: int, hex_id: int) -> list[int]:
    """Opponents with a building on ``hex_id`` and a card to lose."""
    out: list[int] = []
    node_owner = s.node_owner
    for node in HEX_NODES[hex_id]:
        p = node_owner[node]
        if p != -1 and p != seat and p not in out and not s.forfeited[p] and hand_size(s, p) > 0:
            out.append(p)
    if len(out) > 1:
        out.sort()
    return out


def resume_phase(s: State) -> str:
    return MAIN if s.rolled else ROLL


def playable(s: State, seat: int, kind: int) -> int:
    """Development cards of ``kind`` that were not gained this turn."""
    return s.dev[seat][kind] - s.dev_new[seat][kind]


def may_play_dev(s: State, seat: int) -> bool:
    """One development card per turn (standard), none after a war knight (rule 6.c)."""
    return not s.dev_played and not s.dev_ban and seat == s.current


def war_army(s: State, seat: int) -> int:
    """Rule 6.b: knights laid this turn before the war do not count for the attacker."""
    if seat == s.current:
        return s.knights[seat] - s.knights_this_turn
    return s.knights[seat]


WAR_MIN_KNIGHTS = 2
WAR_BONUS_CAP = 3
WAR_PENALTY_PER_KNIGHT = 2
WAR_KNIGHT_BONUS = 3
WAR_SPOILS = 7
WAR_REPARATIONS = 2


def war_bonus(attacker_army: int, defender_army: int) -> int:
    """Rule 6.c: the army difference, at most +3; -2 per knight the defender has more."""
    diff = attacker_army - defender_army
    if diff >= 0:
        return min(diff, WAR_BONUS_CAP)
    return WAR_PENALTY_PER_KNIGHT * diff


def war_targets(s: State, seat: int) -> list[int]:
    if not s.options["war"] or s.war_done or seat != s.current:
        return []
    if war_army(s, seat) < WAR_MIN_KNIGHTS:
        return []
    return [p for p in range(s.n) if p != seat and not s.forfeited[p]]


def dev_kind(name: str) -> int:
    return DEV_INDEX[name]


def knight_in_hand(s: State, seat: int) -> bool:
    return s.dev[seat][KNIGHT] > 0


def point_cards_in_hand(s: State, seat: int) -> int:
    return s.dev[seat][VICTORY_POINT]
