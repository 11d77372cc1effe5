"""Events: which of them can be undone, and the fold ``apply`` (their log lines: ``narrate.py``).

Every event is a plain JSON dict with a ``type``; random outcomes (dice, a drawn card, a stolen
card) are recorded in them, so ``apply`` is deterministic. The fold keeps the derived values up to
date with ``events_awards`` (road network, awards, points, the end of the game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.catan.data import (
    BANK_PER_RESOURCE,
    COST_CITY,
    COST_DEV,
    COST_ROAD,
    COST_SETTLEMENT,
    DEV_INDEX,
    HAND_LIMIT,
    KNIGHT,
    MAX_ROADS,
    MONOPOLY,
    RES_INDEX,
    ROAD_BUILDING,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
)
from games.catan.data_board import N_EDGES, N_NODES, harbour_node_ports
from games.catan.events_awards import (
    check_end,
    finish,
    refresh_largest_army,
    refresh_longest_road,
    road_edges,
    road_owners_at,
)
from games.catan.state import (
    DISCARD,
    MAIN,
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
    complete_options,
    derive,
)
from games.catan.state import (
    ROAD_BUILDING as PHASE_ROAD_BUILDING,
)

Event = dict[str, Any]


_UNDOABLE = frozenset(
    {
        "SettlementBuilt",
        "RoadBuilt",
        "CityBuilt",
        "BankTraded",
        "DraftStarted",
        "DraftExtended",
        "DraftCancelled",
        "RoadBuildingPlayed",
        "YearOfPlentyPlayed",
        "PointCardLaid",
    }
)


def is_undo_barrier(event: Event) -> bool:
    """Builds, bank trades, drafts and the simple cards can be taken back; anything that drew a
    card or dice, revealed something, involved another player or ended the turn cannot."""
    if event["type"] == "SettlementBuilt" and event.get("free"):
        return False
    return event["type"] not in _UNDOABLE


def seven_hand_size(s: State, seat: int) -> int:
    """Cards that count for the 7: resources, plus development cards in hand with the variant's
    clarification "Při hodu 7 se počítají všechny karty v ruce včetně akčních karet"; laid-out
    point cards (rule 5) are not in the hand."""
    n = sum(s.res[seat])
    if s.options["seven_counts_development_cards"]:
        n += sum(s.dev[seat])
    return n


def resume_phase(s: State) -> str:
    return MAIN if s.rolled else ROLL


def _pay(s: State, seat: int, cost: list[int]) -> None:
    hand = s.res[seat]
    bank = s.bank
    for r in range(5):
        c = cost[r]
        if c:
            hand[r] -= c
            bank[r] += c


def take_card(s: State, seat: int, name: str) -> tuple[bool, int]:
    """Remove one card from a hand; returns (is development card, index)."""
    r = RES_INDEX.get(name)
    if r is not None:
        s.res[seat][r] -= 1
        return False, r
    k = DEV_INDEX[name]
    s.dev[seat][k] -= 1
    # A card that leaves the hand is the newest one first, so older cards stay playable.
    if s.dev_new[seat][k] > 0:
        s.dev_new[seat][k] -= 1
    return True, k


def give_card(s: State, seat: int, name: str) -> None:
    """Add one card to a hand. A development card gained is not playable this turn (variant
    clarification: stolen cards as bought ones)."""
    r = RES_INDEX.get(name)
    if r is not None:
        s.res[seat][r] += 1
        return
    k = DEV_INDEX[name]
    s.dev[seat][k] += 1
    s.dev_new[seat][k] += 1


def _game_created(_s: State | None, e: Event) -> State:
    n = e["n_players"]
    s = State.__new__(State)
    s.n = n
    s.options = complete_options(e["options"])  # old matches: the rules they were created with
    s.target = e["target"]
    s.variant = e["variant"]
    s.hex_res = list(e["hexes"])
    s.hex_num = list(e["numbers"])
    s.harbours = list(e["harbours"])
    s.node_port = harbour_node_ports(s.harbours)
    derive(s)
    s.robber = e["robber"]
    s.node_owner = [-1] * N_NODES
    s.node_level = [0] * N_NODES
    s.edge_owner = [-1] * N_EDGES
    s.res = [[0] * 5 for _ in range(n)]
    s.bank = [BANK_PER_RESOURCE] * 5
    s.deck = list(e["deck"])
    s.dev = [[0] * 5 for _ in range(n)]
    s.dev_new = [[0] * 5 for _ in range(n)]
    s.laid_vp = [0] * n
    s.knights = [0] * n
    s.knights_this_turn = 0
    s.settlements = [0] * n
    s.cities = [0] * n
    s.roads = [0] * n
    s.road_len = [0] * n
    s.lr_holder = -1
    s.la_holder = -1
    s.first = e["first"]
    s.current = e["first"]
    s.turn = 0
    s.phase = SETUP_SETTLEMENT
    s.setup_steps = list(e["setup_steps"])
    s.setup_index = 0
    s.setup_node = -1
    s.setup_nodes = [[] for _ in range(n)]
    s.start_pending = []
    s.rolled = False
    s.dice = None
    s.dev_played = False
    s.war_done = False
    s.dev_ban_next = [False] * n
    s.dev_ban = False
    s.discard_left = [0] * n
    s.rb_left = 0
    s.offer = None
    s.counters = [None] * n
    s.drafts = [None] * n
    s.offers_made = 0
    s.offer_seq = 0
    s.war = None
    s.forfeited = [False] * n
    s.winner = -1
    s.final_points = None
    s.current = s.setup_steps[0]
    return s


def _begin_play(s: State) -> None:
    s.phase = ROLL
    s.turn = 1
    s.current = s.first
    if s.forfeited[s.current]:
        s.current = next_seat(s, s.current)


def _advance_setup(s: State) -> None:
    s.setup_index += 1
    while s.setup_index < len(s.setup_steps) and s.forfeited[s.setup_steps[s.setup_index]]:
        s.setup_index += 1
    if s.setup_index < len(s.setup_steps):
        s.current = s.setup_steps[s.setup_index]
        s.phase = SETUP_SETTLEMENT
        return
    s.setup_node = -1
    if s.options["choose_start_resources"]:
        s.start_pending = [p for p in range(s.n) if not s.forfeited[p]]
        s.phase = START_CHOICE
    else:
        _begin_play(s)


def _settlement_built(s: State, e: Event) -> None:
    seat, node = e["seat"], e["node"]
    if not e["free"]:
        _pay(s, seat, COST_SETTLEMENT)
    s.node_owner[node] = seat
    s.node_level[node] = 1
    s.settlements[seat] += 1
    if s.node_port[node] != -1:
        s.ratio_cache[seat] = None
    broken = road_owners_at(s, node, seat)
    if broken:
        refresh_longest_road(s, broken)
    if s.phase == SETUP_SETTLEMENT:
        s.setup_node = node
        s.setup_nodes[seat].append(node)
        s.phase = SETUP_ROAD


def _road_built(s: State, e: Event) -> None:
    seat, edge = e["seat"], e["edge"]
    if not e["free"]:
        _pay(s, seat, COST_ROAD)
    s.edge_owner[edge] = seat
    s.roads[seat] += 1
    refresh_longest_road(s, (seat,))
    if s.phase == SETUP_ROAD:
        _advance_setup(s)
    elif s.phase == PHASE_ROAD_BUILDING:
        s.rb_left -= 1
        if s.rb_left <= 0 or s.roads[seat] >= MAX_ROADS or not road_edges(s, seat):
            s.rb_left = 0
            s.phase = resume_phase(s)


def _starting_resources(s: State, e: Event) -> None:
    seat = e["seat"]
    for r, g in enumerate(e["gains"]):
        s.res[seat][r] += g
        s.bank[r] -= g
    if s.phase == START_CHOICE:
        s.start_pending.remove(seat)
        if not s.start_pending:
            _begin_play(s)


def _city_built(s: State, e: Event) -> None:
    seat, node = e["seat"], e["node"]
    _pay(s, seat, COST_CITY)
    s.node_level[node] = 2
    s.settlements[seat] -= 1
    s.cities[seat] += 1


def _dev_bought(s: State, e: Event) -> None:
    seat = e["seat"]
    _pay(s, seat, COST_DEV)
    k = s.deck.pop()
    s.dev[seat][k] += 1
    s.dev_new[seat][k] += 1


def _dice_rolled(s: State, e: Event) -> None:
    s.rolled = True
    s.dice = list(e["dice"])  # a new list: the event stays the caller's
    gains = e["gains"]
    if gains is None:  # a seven
        pending = False
        for p in range(s.n):
            size = seven_hand_size(s, p)
            if size > HAND_LIMIT and not s.forfeited[p]:
                s.discard_left[p] = size // 2
                pending = True
        s.phase = DISCARD if pending else ROBBER
        return
    bank = s.bank
    for p, g in enumerate(gains):
        if g is None:
            continue
        hand = s.res[p]
        for r in range(5):
            if g[r]:
                hand[r] += g[r]
                bank[r] -= g[r]
    s.phase = MAIN


def _card_discarded(s: State, e: Event) -> None:
    seat = e["seat"]
    is_dev, k = take_card(s, seat, e["card"])
    if is_dev:
        s.deck.insert(0, k)  # clarification (7 counts dev cards): face down under the deck
    else:
        s.bank[k] += 1
    s.discard_left[seat] -= 1
    if not any(s.discard_left):
        s.phase = ROBBER


def _robber_moved(s: State, e: Event) -> None:
    s.robber = e["hex"]
    if s.options["robber_blocks_harbour"]:
        s.ratio_cache = [None] * s.n
    if s.phase == ROBBER:
        s.phase = resume_phase(s)
    elif s.phase == WAR_ROBBER:
        s.phase = WAR_TAKE


def _card_stolen(s: State, e: Event) -> None:
    take_card(s, e["victim"], e["card"])
    give_card(s, e["seat"], e["card"])


def _play_card(s: State, seat: int, kind: int) -> None:
    s.dev[seat][kind] -= 1
    s.dev_played = True


def _knight_played(s: State, e: Event) -> None:
    seat = e["seat"]
    _play_card(s, seat, KNIGHT)
    s.knights[seat] += 1
    s.knights_this_turn += 1
    refresh_largest_army(s)
    s.phase = ROBBER


def _road_building_played(s: State, e: Event) -> None:
    seat = e["seat"]
    _play_card(s, seat, ROAD_BUILDING)
    s.rb_left = min(2, MAX_ROADS - s.roads[seat])
    s.phase = PHASE_ROAD_BUILDING


def _year_of_plenty_played(s: State, e: Event) -> None:
    seat = e["seat"]
    _play_card(s, seat, YEAR_OF_PLENTY)
    for name in e["resources"]:
        r = RES_INDEX[name]
        s.res[seat][r] += 1
        s.bank[r] -= 1


def _monopoly_played(s: State, e: Event) -> None:
    seat = e["seat"]
    _play_card(s, seat, MONOPOLY)
    r = RES_INDEX[e["resource"]]
    for p, amount in enumerate(e["taken"]):
        s.res[p][r] -= amount
        s.res[seat][r] += amount


def _point_card_laid(s: State, e: Event) -> None:
    seat = e["seat"]
    s.dev[seat][VICTORY_POINT] -= 1
    s.laid_vp[seat] += 1


def _bank_traded(s: State, e: Event) -> None:
    seat = e["seat"]
    give, get = RES_INDEX[e["give"]], RES_INDEX[e["get"]]
    ratio = e["ratio"]
    s.res[seat][give] -= ratio
    s.bank[give] += ratio
    s.res[seat][get] += 1
    s.bank[get] -= 1


def _draft_started(s: State, e: Event) -> None:
    seat = e["seat"]
    s.drafts[seat] = [[0] * 5, [0] * 5]
    if seat == s.current:
        s.offers_made += 1


def _draft_added(s: State, e: Event) -> None:
    draft = s.drafts[e["seat"]]
    assert draft is not None
    draft[0 if e["side"] == "give" else 1][RES_INDEX[e["resource"]]] += 1


def _draft_cancelled(s: State, e: Event) -> None:
    s.drafts[e["seat"]] = None


def _close_offer(s: State) -> None:
    s.offer = None
    s.counters = [None] * s.n
    for p in range(s.n):
        if p != s.current:
            s.drafts[p] = None


def _offer_made(s: State, e: Event) -> None:
    _close_offer(s)
    s.drafts[e["seat"]] = None
    s.offer_seq += 1
    s.offer = {
        "id": e["id"],
        "give": list(e["give"]),
        "get": list(e["get"]),
        "answers": [None] * s.n,
    }


def _offer_answered(s: State, e: Event) -> None:
    assert s.offer is not None
    s.offer["answers"][e["seat"]] = "accepted" if e["accept"] else "declined"


def _counter_offered(s: State, e: Event) -> None:
    seat = e["seat"]
    assert s.offer is not None
    s.offer["answers"][seat] = "countered"
    s.counters[seat] = [list(e["give"]), list(e["get"])]
    s.drafts[seat] = None


def _trade_made(s: State, e: Event) -> None:
    """``give`` leaves ``seat`` for ``partner``; ``get`` comes back."""
    a, b = e["seat"], e["partner"]
    for r in range(5):
        s.res[a][r] += e["get"][r] - e["give"][r]
        s.res[b][r] += e["give"][r] - e["get"][r]
    _close_offer(s)


def _offer_withdrawn(s: State, _e: Event) -> None:
    _close_offer(s)


def next_seat(s: State, seat: int) -> int:
    """The seat after ``seat`` in turn order, skipping those who left the game."""
    nxt = (seat + 1) % s.n
    while s.forfeited[nxt] and nxt != seat:
        nxt = (nxt + 1) % s.n
    return nxt


def _turn_ended(s: State, _e: Event) -> None:
    _end_turn(s)


def _end_turn(s: State) -> None:
    if s.offer is not None or s.offers_made:
        s.offer = None
        s.counters = [None] * s.n
        s.drafts = [None] * s.n
        s.offers_made = 0
    s.rolled = False
    s.dev_played = False
    s.war_done = False
    s.war = None
    s.knights_this_turn = 0
    s.rb_left = 0
    for hand in s.dev_new:
        if any(hand):
            hand[:] = [0] * 5
    s.current = next_seat(s, s.current)
    s.turn += 1
    s.dev_ban = s.dev_ban_next[s.current]
    s.dev_ban_next[s.current] = False
    s.phase = ROLL


def _war_declared(s: State, e: Event) -> None:
    s.war_done = True
    s.war = {
        "attacker": e["seat"],
        "defender": e["defender"],
        "attack": max(sum(r) for r in e["attack_rolls"]) + e["bonus"],
        "defence": max(sum(r) for r in e["defence_rolls"]),
        "picked": [],
        "taken": 0,
    }
    s.phase = WAR_DEFEND


def _war_decided(s: State, e: Event) -> None:
    war = s.war
    assert war is not None
    defender = war["defender"]
    if e["knight"]:
        # Rule 6.c/6.d: the knight counts as played (laid out), and its owner may play no
        # development card in their next turn.
        s.dev[defender][KNIGHT] -= 1
        if s.dev_new[defender][KNIGHT] > s.dev[defender][KNIGHT]:
            s.dev_new[defender][KNIGHT] = s.dev[defender][KNIGHT]
        s.knights[defender] += 1
        s.dev_ban_next[defender] = True
        refresh_largest_army(s)
    war["defence"] = e["defence"]
    war["winner"] = e["winner"]
    s.phase = WAR_PAY if e["winner"] == "attacker" else WAR_ROBBER


def _war_card_chosen(s: State, e: Event) -> None:
    assert s.war is not None
    s.war["picked"].append(e["card"])


def _war_spoils_taken(s: State, e: Event) -> None:
    for name in e["cards"]:
        take_card(s, e["victim"], name)
        give_card(s, e["seat"], name)
    _end_war(s)


def _knight_returned(s: State, e: Event) -> None:
    # Rule 6.e: the failed attacker's knight goes to the bottom of the deck.
    s.knights[e["seat"]] -= 1
    s.deck.insert(0, KNIGHT)
    refresh_largest_army(s)


def _knight_captured(s: State, e: Event) -> None:
    # Rule 6.e: an attacker who cannot pay both cards loses a second knight to the defender.
    s.knights[e["victim"]] -= 1
    s.knights[e["seat"]] += 1
    refresh_largest_army(s)


def _war_card_taken(s: State, e: Event) -> None:
    take_card(s, e["victim"], e["card"])
    give_card(s, e["seat"], e["card"])
    assert s.war is not None
    s.war["taken"] += 1


def _war_ended(s: State, _e: Event) -> None:
    _end_war(s)


def _end_war(s: State) -> None:
    s.war = None
    s.phase = resume_phase(s)


def _seat_forfeited(s: State, e: Event) -> None:
    """The seat leaves: its cards go back (resources to the bank, development cards under the
    deck), its pieces stay on the board as obstacles, its special cards are re-awarded."""
    seat = e["seat"]
    s.forfeited[seat] = True
    for r in range(5):
        s.bank[r] += s.res[seat][r]
    s.res[seat] = [0] * 5
    for k in range(5):
        s.deck[0:0] = [k] * s.dev[seat][k]
    s.dev[seat] = [0] * 5
    s.dev_new[seat] = [0] * 5
    s.discard_left[seat] = 0
    s.drafts[seat] = None
    s.counters[seat] = None
    if seat in s.start_pending:
        s.start_pending.remove(seat)
    refresh_longest_road(s, ())
    refresh_largest_army(s)
    live = [p for p in range(s.n) if not s.forfeited[p]]
    if len(live) <= 1:
        finish(s, live[0] if live else 0)
        return
    if s.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
        if s.setup_steps[s.setup_index] == seat:
            _advance_setup(s)
    elif s.phase == START_CHOICE:
        if not s.start_pending:
            _begin_play(s)
    elif seat == s.current:
        _end_turn(s)
    elif s.war is not None and s.war["defender"] == seat:
        _end_war(s)
    elif s.phase == DISCARD and not any(s.discard_left):
        s.phase = ROBBER


HANDLERS: dict[str, Callable[[Any, Event], Any]] = {
    "SettlementBuilt": _settlement_built,
    "RoadBuilt": _road_built,
    "StartingResourcesTaken": _starting_resources,
    "CityBuilt": _city_built,
    "DevelopmentCardBought": _dev_bought,
    "DiceRolled": _dice_rolled,
    "CardDiscarded": _card_discarded,
    "RobberMoved": _robber_moved,
    "CardStolen": _card_stolen,
    "KnightPlayed": _knight_played,
    "RoadBuildingPlayed": _road_building_played,
    "YearOfPlentyPlayed": _year_of_plenty_played,
    "MonopolyPlayed": _monopoly_played,
    "PointCardLaid": _point_card_laid,
    "BankTraded": _bank_traded,
    "DraftStarted": _draft_started,
    "DraftExtended": _draft_added,
    "DraftCancelled": _draft_cancelled,
    "OfferMade": _offer_made,
    "OfferAnswered": _offer_answered,
    "CounterOffered": _counter_offered,
    "TradeMade": _trade_made,
    "OfferWithdrawn": _offer_withdrawn,
    "TurnEnded": _turn_ended,
    "WarDeclared": _war_declared,
    "WarDecided": _war_decided,
    "WarCardChosen": _war_card_chosen,
    "WarSpoilsTaken": _war_spoils_taken,
    "KnightReturned": _knight_returned,
    "KnightCaptured": _knight_captured,
    "WarCardTaken": _war_card_taken,
    "WarEnded": _war_ended,
    "SeatForfeited": _seat_forfeited,
}


# Events after which nobody's points can have changed: the end check is skipped (speed).
_NO_SCORE_CHANGE = frozenset(
    {
        "DiceRolled",
        "CardDiscarded",
        "RobberMoved",
        "BankTraded",
        "DraftStarted",
        "DraftExtended",
        "DraftCancelled",
        "OfferMade",
        "OfferAnswered",
        "CounterOffered",
        "OfferWithdrawn",
        "RoadBuildingPlayed",
        "YearOfPlentyPlayed",
        "MonopolyPlayed",
        "WarDeclared",
        "WarCardChosen",
    }
)


def apply(state: State | None, event: Event) -> State:
    """Fold one event into the state (``None`` before ``GameCreated``); mutates and returns it."""
    etype = event["type"]
    if etype == "GameCreated":
        return _game_created(state, event)
    assert state is not None
    HANDLERS[etype](state, event)
    if etype not in _NO_SCORE_CHANGE:
        check_end(state, etype == "TurnEnded")
    return state
