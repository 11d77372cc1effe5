"""``active_seats`` and ``legal_commands``: exactly the commands ``execute`` accepts."""

from __future__ import annotations

from typing import Any

from games.catan.board import HEX_NODES, N_HEXES, NODE_EDGES
from games.catan.data import (
    CARD_NAMES,
    COST_CITY,
    COST_DEV,
    COST_ROAD,
    COST_SETTLEMENT,
    DEV_CARDS,
    KNIGHT,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    MONOPOLY,
    RESOURCES,
    ROAD_BUILDING,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
)
from games.catan.rules import (
    can_pay,
    city_allowed,
    city_nodes,
    hand_size,
    harbour_ratios,
    may_play_dev,
    playable,
    road_edges,
    settlement_nodes,
    setup_settlement_nodes,
    war_targets,
)
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

Command = dict[str, Any]


_ALONE = tuple(frozenset((p,)) for p in range(8))


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
        return _ALONE[s.war["defender"]]
    return _ALONE[s.current]


def offer_cap_left(s: State) -> bool:
    return s.offers_made < s.options["trade_offers_per_turn"]


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
    if playable(s, seat, KNIGHT) > 0:
        out.append({"type": "play_knight"})
    if (
        playable(s, seat, ROAD_BUILDING) > 0
        and not (before_roll and s.variant)
        and s.roads[seat] < MAX_ROADS
        and road_edges(s, seat)
    ):
        out.append({"type": "play_road_building"})
    if playable(s, seat, YEAR_OF_PLENTY) > 0:
        bank = s.bank
        for a in range(5):
            for b in range(5):
                if bank[a] > (1 if a == b else 0) and bank[b] > 0:
                    out.append(
                        {"type": "play_year_of_plenty", "resources": [RESOURCES[a], RESOURCES[b]]}
                    )
    if playable(s, seat, MONOPOLY) > 0:
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
        bank = s.bank
        for g in range(5):
            if hand[g] >= ratios[g]:
                for r in range(5):
                    if r != g and bank[r] > 0:
                        out.append(
                            {"type": "trade_bank", "give": RESOURCES[g], "get": RESOURCES[r]}
                        )
    if offer_cap_left(s) and any(hand):
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
    out: list[Command] = []
    robbable = [p != seat and not s.forfeited[p] and hand_size(s, p) > 0 for p in range(s.n)]
    node_owner = s.node_owner
    for h in range(N_HEXES):
        if h == s.robber:
            continue
        victims: list[int] = []
        for node in HEX_NODES[h]:
            p = node_owner[node]
            if p != -1 and robbable[p] and p not in victims:
                victims.append(p)
        if victims:
            victims.sort()
            out.extend({"type": "move_robber", "hex": h, "victim": v} for v in victims)
        else:
            out.append({"type": "move_robber", "hex": h})
    if s.variant:
        # Variant clarification: a player who does not want to move the robber leaves it and
        # steals nothing.
        out.append({"type": "move_robber", "hex": s.robber})
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
    if not is_active(s, seat):
        return []
    phase = s.phase
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
        return _hand_card_commands(s, seat, "discard", s.variant)
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
