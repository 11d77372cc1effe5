"""What is legal: the rule queries shared by ``legal_commands``, ``rules.execute`` and the bots
(where a piece may go, what a trade costs, who can be robbed, what war allows), and
``active_seats`` / ``legal_commands``, exactly the commands ``execute`` accepts. Pure functions
of the state; nothing here changes it.
"""

from __future__ import annotations

from typing import Any

from games.catan.data import (
    CARD_NAMES,
    COST_CITY,
    COST_DEV,
    COST_ROAD,
    COST_SETTLEMENT,
    DEV_CARDS,
    DEV_INDEX,
    GENERIC_HARBOUR,
    KNIGHT,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    MONOPOLY,
    RES_INDEX,
    RESOURCES,
    ROAD_BUILDING,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
)
from games.catan.data_board import (
    EDGE_ENDS,
    EDGE_NODES,
    HARBOUR_SLOT_HEX,
    HARBOUR_SLOT_NODES,
    HEX_NODES,
    N_HEXES,
    N_NODES,
    NODE_EDGES,
    NODE_HEXES,
    NODE_NEIGHBOURS,
)
from games.catan.events_awards import road_edges
from games.catan.state import (
    DISCARD,
    MAIN,
    OVER,
    ROBBER,
    ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    START_CHOICE,
    WAR_DEFEND,
    WAR_PAY,
    WAR_ROBBER,
    WAR_TAKE,
    State,
)
from games.catan.state import (
    ROAD_BUILDING as PHASE_ROAD_BUILDING,
)

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
    """Corners at the player's roads where the distance rule allows a settlement."""
    node_owner = s.node_owner
    out: list[int] = []
    seen: set[int] = set()
    owner = s.edge_owner
    e = -1
    for _ in range(owner.count(seat)):
        e = owner.index(seat, e + 1)  # the next own road (a scan in C, not in Python)
        for node in EDGE_NODES[e]:
            if node in seen:
                continue
            seen.add(node)
            if node_owner[node] == -1 and all(node_owner[n] == -1 for n in NODE_NEIGHBOURS[node]):
                out.append(node)  # free_spot, spelled out
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


def stealable(s: State, seat: int) -> int:
    """Cards the robber can take: resources, plus development cards in hand with the variant's
    clarification "Ukradnout zlodějem lze jakoukoliv kartu vč. všech druhů akčních karet"."""
    n = sum(s.res[seat])
    if s.options["steal_development_cards"]:
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
        if p != -1 and p != seat and p not in out and not s.forfeited[p] and stealable(s, p) > 0:
            out.append(p)
    if len(out) > 1:
        out.sort()
    return out


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


# -- listing ---------------------------------------------------------------------------------------

Command = dict[str, Any]


_ALONE: tuple[frozenset[int], ...] = tuple(frozenset((p,)) for p in range(8))


def active_seats(s: State) -> frozenset[int]:
    phase = s.phase
    if phase == OVER:
        return frozenset()
    if phase == MAIN:
        offer = s.offer
        if offer is None:
            return _ALONE[s.current]
        seats = [s.current]
        answers = offer["answers"]
        for p in range(s.n):
            if p != s.current and not s.forfeited[p] and answers[p] is None:
                seats.append(p)
        return frozenset(seats)
    if phase == DISCARD:
        return frozenset(p for p in range(s.n) if s.discard_left[p] > 0)
    if phase == START_CHOICE:
        return frozenset(s.start_pending)
    if s.war is not None and phase in (WAR_DEFEND, WAR_PAY, WAR_ROBBER, WAR_TAKE):
        defender: int = s.war["defender"]
        return _ALONE[defender]
    return _ALONE[s.current]


def offer_cap_left(s: State) -> bool:
    cap: int = s.options["trade_offers_per_turn"]
    return s.offers_made < cap


def draft_limits(s: State, seat: int) -> tuple[list[int], int]:
    """What a draft may hold: give at most the seat's own cards; ask for at most as many cards as
    the richest possible partner holds (hand sizes are public)."""
    if seat == s.current:
        most = max(
            (sum(s.res[p]) for p in range(s.n) if p != seat and not s.forfeited[p]), default=0
        )
    else:
        most = sum(s.res[s.current])
    return s.res[seat], most


def _draft_commands(s: State, seat: int, draft: list[list[int]]) -> list[Command]:
    give, get = draft
    hand, most = draft_limits(s, seat)
    out: list[Command] = []
    for r in range(5):
        if give[r] < hand[r] and not get[r]:
            out.append({"type": "draft_add", "side": "give", "resource": RESOURCES[r]})
    if sum(get) < most:
        for r in range(5):
            if not give[r]:
                out.append({"type": "draft_add", "side": "get", "resource": RESOURCES[r]})
    if any(give) and any(get):
        out.append({"type": "send_offer"})
    out.append({"type": "cancel_draft"})
    return out


def trade_partners(s: State) -> list[int]:
    """Seats the current player can complete a trade with right now."""
    out: list[int] = []
    me = s.res[s.current]
    offer = s.offer
    for p in range(s.n):
        if p == s.current or s.forfeited[p]:
            continue
        if (
            offer is not None
            and offer["answers"][p] == "accepted"
            and can_pay(me, offer["give"])
            and can_pay(s.res[p], offer["get"])
        ):
            out.append(p)
            continue
        counter = s.counters[p]
        if counter is not None and can_pay(s.res[p], counter[0]) and can_pay(me, counter[1]):
            out.append(p)
    return out


def _dev_plays(s: State, seat: int, before_roll: bool) -> list[Command]:
    if not any(s.dev[seat]) or not may_play_dev(s, seat):
        return []
    out: list[Command] = []
    dev, new = s.dev[seat], s.dev_new[seat]  # playable(): not gained this turn
    if dev[KNIGHT] > new[KNIGHT]:
        out.append({"type": "play_knight"})
    if (
        dev[ROAD_BUILDING] > new[ROAD_BUILDING]
        and not (before_roll and s.options["no_road_building_before_roll"])
        and s.roads[seat] < MAX_ROADS
        and road_edges(s, seat)
    ):
        out.append({"type": "play_road_building"})
    if dev[YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY]:
        bank = s.bank
        for a in range(5):
            for b in range(5):
                if bank[a] > (1 if a == b else 0) and bank[b] > 0:
                    out.append(
                        {"type": "play_year_of_plenty", "resources": [RESOURCES[a], RESOURCES[b]]}
                    )
    if dev[MONOPOLY] > new[MONOPOLY]:
        out.extend({"type": "play_monopoly", "resource": name} for name in RESOURCES)
    return out


def _turn_extras(s: State, seat: int) -> list[Command]:
    opts = s.options
    if not opts["lay_out_point_cards"] and not opts["war"]:
        return []
    out: list[Command] = []
    if s.options["lay_out_point_cards"] and playable(s, seat, VICTORY_POINT) > 0:
        out.append({"type": "lay_point_card"})
    out.extend({"type": "declare_war", "defender": p} for p in war_targets(s, seat))
    return out


# The main-phase listing spells the building costs out for speed; they must match the data.
assert COST_ROAD == [1, 1, 0, 0, 0] and COST_SETTLEMENT == [1, 1, 1, 1, 0]
assert COST_CITY == [0, 0, 0, 2, 3] and COST_DEV == [0, 0, 1, 1, 1]


def _main_commands(s: State, seat: int) -> list[Command]:
    out: list[Command] = [{"type": "end_turn"}]
    hand = s.res[seat]
    brick, lumber, wool, grain, ore = hand
    if brick and lumber:
        if s.roads[seat] < MAX_ROADS:
            out.extend({"type": "build_road", "edge": e} for e in road_edges(s, seat))
        if wool and grain and s.settlements[seat] < MAX_SETTLEMENTS:
            out.extend({"type": "build_settlement", "node": n} for n in settlement_nodes(s, seat))
    if ore >= 3 and grain >= 2 and city_allowed(s, seat):
        out.extend({"type": "build_city", "node": n} for n in city_nodes(s, seat))
    if ore and wool and grain and s.deck:
        out.append({"type": "buy_development_card"})
    if max(hand) >= 2:  # no harbour trades for less than two cards
        ratios = harbour_ratios(s, seat)
        stocked: list[int] | None = None  # resources the bank has, listed when first needed
        for g in range(5):
            if hand[g] >= ratios[g]:
                if stocked is None:
                    bank = s.bank
                    stocked = [r for r in range(5) if bank[r] > 0]
                give = RESOURCES[g]
                for r in stocked:
                    if r != g:
                        out.append({"type": "trade_bank", "give": give, "get": RESOURCES[r]})
    if s.offers_made < s.options["trade_offers_per_turn"] and any(hand):  # offer_cap_left
        out.append({"type": "draft_offer"})
    if s.offer is not None:  # counter-offers exist only while an offer is open
        out.append({"type": "withdraw_offer"})
        out.extend({"type": "trade_with", "seat": p} for p in trade_partners(s))
    if any(s.dev[seat]):
        out += _dev_plays(s, seat, False)
    if s.options["war"] or s.options["lay_out_point_cards"]:
        out += _turn_extras(s, seat)
    return out


def _responder_commands(s: State, seat: int) -> list[Command]:
    offer = s.offer
    if offer is None or offer["answers"][seat] is not None:
        return []
    draft = s.drafts[seat]
    if draft is not None:
        return _draft_commands(s, seat, draft)
    out: list[Command] = [{"type": "answer_offer", "accept": False}]
    if can_pay(s.res[seat], offer["get"]):
        out.append({"type": "answer_offer", "accept": True})
    if any(s.res[seat]):
        out.append({"type": "draft_offer"})
    return out


def _hand_card_commands(s: State, seat: int, ctype: str, with_dev: bool) -> list[Command]:
    out = [{"type": ctype, "card": RESOURCES[r]} for r in range(5) if s.res[seat][r]]
    if with_dev:
        out.extend({"type": ctype, "card": DEV_CARDS[k]} for k in range(5) if s.dev[seat][k])
    return out


def robber_commands(s: State, seat: int) -> list[Command]:
    """Every hex but the robber's, with each robbable player there (by seat), and without a
    victim where nobody can be robbed or the theft may be declined; then staying, if allowed."""
    out: list[Command] = []
    robbable = [p != seat and not s.forfeited[p] and stealable(s, p) > 0 for p in range(s.n)]
    decline = s.options["theft_optional"]
    victims_at = [0] * N_HEXES  # per hex, a bitmask of the robbable seats with a building there
    if any(robbable):
        for node, p in enumerate(s.node_owner):
            if p != -1 and robbable[p]:
                for h in NODE_HEXES[node]:
                    victims_at[h] |= 1 << p
    robber = s.robber
    n = s.n
    for h in range(N_HEXES):
        if h == robber:
            continue
        victims = victims_at[h]
        if victims:
            for v in range(n):
                if victims >> v & 1:
                    out.append({"type": "move_robber", "hex": h, "victim": v})
            if decline:
                out.append({"type": "move_robber", "hex": h})
        else:
            out.append({"type": "move_robber", "hex": h})
    if s.options["robber_may_stay"]:
        # Variant clarification: a player who does not want to move the robber leaves it and
        # steals nothing.
        out.append({"type": "move_robber", "hex": robber})
    return out


def war_pay_cards(s: State, seat: int) -> list[str]:
    assert s.war is not None
    picked = s.war["picked"]
    out = []
    for name in CARD_NAMES:
        k = CARD_NAMES.index(name)
        have = s.res[seat][k] if k < 5 else s.dev[seat][k - 5]
        if have > picked.count(name):
            out.append(name)
    return out


def is_active(s: State, seat: int) -> bool:
    phase = s.phase
    if seat == s.current and phase in (MAIN, ROLL):
        return True
    return seat in active_seats(s)


def legal_commands(s: State, seat: int) -> list[Command]:
    phase = s.phase
    if not (seat == s.current and phase in (MAIN, ROLL)) and seat not in active_seats(s):
        return []  # is_active, spelled out: this runs before every command
    if phase == MAIN:
        if seat != s.current:
            return _responder_commands(s, seat)
        draft = s.drafts[seat]
        if draft is not None:
            return _draft_commands(s, seat, draft)
        return _main_commands(s, seat)
    if phase == ROLL:
        out = [{"type": "roll_dice"}]
        if any(s.dev[seat]):
            out += _dev_plays(s, seat, True)
        if s.options["war"] or s.options["lay_out_point_cards"]:
            out += _turn_extras(s, seat)
        return out
    if phase == SETUP_SETTLEMENT:
        return [{"type": "build_settlement", "node": n} for n in setup_settlement_nodes(s)]
    if phase == SETUP_ROAD:
        return [
            {"type": "build_road", "edge": e}
            for e in NODE_EDGES[s.setup_node]
            if s.edge_owner[e] == -1
        ]
    if phase == DISCARD:
        return _hand_card_commands(s, seat, "discard", s.options["seven_counts_development_cards"])
    if phase == ROBBER:
        return robber_commands(s, seat)
    if phase == PHASE_ROAD_BUILDING:
        return [{"type": "build_road", "edge": e} for e in road_edges(s, seat)]
    if phase == START_CHOICE:
        return [{"type": "choose_start_resources", "node": n} for n in s.setup_nodes[seat]]
    if phase == WAR_DEFEND:
        return [{"type": "defend_war", "knight": True}, {"type": "defend_war", "knight": False}]
    if phase == WAR_PAY:
        return [{"type": "war_give", "card": c} for c in war_pay_cards(s, seat)]
    if phase == WAR_ROBBER:
        return [{"type": "war_move_robber", "hex": h} for h in range(N_HEXES)]
    if phase == WAR_TAKE:
        assert s.war is not None
        return _hand_card_commands(s, s.war["attacker"], "war_take", True)
    return []
