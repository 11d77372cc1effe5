"""The game state: flat lists indexed by hex, node, edge and seat ids (see data_board.py), and
the options of a match as the rules read them.

Kept as one slotted class of small lists so that a clone is a handful of list copies and the
JSON dump is the fields themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.catan.data_board import HEX_NODES

# The variant's clarifications, each an option (options.py); on by default with the variant.
CLARIFICATIONS = (
    "tied_awards_to_bank",
    "seven_counts_development_cards",
    "steal_development_cards",
    "robber_may_stay",
    "theft_optional",
    "no_road_building_before_roll",
)
# Clarifications new in rules_version 2 (before it, a robber next to an opponent always stole).
_LEGACY_OFF = frozenset({"theft_optional"})


def complete_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` of a match with every current key. A match keeps the options it was created
    with (``GameCreated`` carries them); a key missing there predates the option and keeps the
    behaviour of that time: rules_version 1 tied every clarification to ``variant`` and had a
    compulsory theft."""
    out = dict(options)
    out.setdefault("preset", "none")
    variant = bool(out.get("variant", False))
    for key in CLARIFICATIONS:
        if key not in out:
            out[key] = False if key in _LEGACY_OFF else variant
    return out


# Phases (strings keep the JSON readable; they are compared by identity-cheap equality).
SETUP_SETTLEMENT = "setup_settlement"
SETUP_ROAD = "setup_road"
START_CHOICE = "start_choice"  # variant rule 3: each player picks the settlement that pays
ROLL = "roll"  # the current player has not rolled yet
DISCARD = "discard"  # a 7: players over the limit discard, one card per command
ROBBER = "robber"
MAIN = "main"
ROAD_BUILDING = "road_building"
WAR_DEFEND = "war_defend"  # variant rule 6: defender decides on a knight from hand
WAR_PAY = "war_pay"  # defender picks the 7 cards the attacker takes
WAR_ROBBER = "war_robber"  # defender moves the robber after a failed attack
WAR_TAKE = "war_take"  # defender picks 2 cards from the attacker
OVER = "over"

WAR_PHASES = frozenset({WAR_DEFEND, WAR_PAY, WAR_ROBBER, WAR_TAKE})

# Field order of the JSON dump; also the slots.
FIELDS = (
    "n",
    "options",
    "target",
    "variant",
    "hex_res",
    "hex_num",
    "harbours",
    "node_port",
    "robber",
    "node_owner",
    "node_level",
    "edge_owner",
    "res",
    "bank",
    "deck",
    "dev",
    "dev_new",
    "laid_vp",
    "knights",
    "knights_this_turn",
    "settlements",
    "cities",
    "roads",
    "road_len",
    "lr_holder",
    "la_holder",
    "first",
    "current",
    "turn",
    "phase",
    "setup_steps",
    "setup_index",
    "setup_node",
    "setup_nodes",
    "start_pending",
    "rolled",
    "dice",
    "dev_played",
    "war_done",
    "dev_ban_next",
    "dev_ban",
    "discard_left",
    "rb_left",
    "offer",
    "counters",
    "drafts",
    "offers_made",
    "offer_seq",
    "war",
    "forfeited",
    "winner",
    "final_points",
)


class State:
    # ``by_number`` is derived from the board (not dumped): number -> [(hex, resource, nodes)].
    # ``ratio_cache`` holds each seat's maritime ratios until a harbour settlement or (rule 7) a
    # robber move changes them.
    __slots__ = (*FIELDS, "by_number", "ratio_cache")

    by_number: dict[int, list[tuple[int, int, tuple[int, ...]]]]
    ratio_cache: list[list[int] | None]

    n: int
    options: dict[str, Any]
    target: int
    variant: bool
    hex_res: list[int]  # resource index per hex, -1 desert
    hex_num: list[int]  # number token per hex, 0 desert
    harbours: list[int]  # harbour kind per slot (data.GENERIC_HARBOUR or a resource)
    node_port: list[int]  # harbour kind at a node, -1 none
    robber: int
    node_owner: list[int]  # -1 empty
    node_level: list[int]  # 0 empty, 1 settlement, 2 city
    edge_owner: list[int]
    res: list[list[int]]  # per seat, 5 resource counts
    bank: list[int]
    deck: list[int]  # development deck, top is the end of the list
    dev: list[list[int]]  # per seat, development cards in hand by kind
    dev_new: list[list[int]]  # of which gained this turn (not playable yet)
    laid_vp: list[int]  # variant rule 5: point cards laid out
    knights: list[int]  # knights played (the army)
    knights_this_turn: int  # knights the current player played this turn (rule 6.b)
    settlements: list[int]
    cities: list[int]
    roads: list[int]
    road_len: list[int]
    lr_holder: int
    la_holder: int
    first: int
    current: int
    turn: int
    phase: str
    setup_steps: list[int]
    setup_index: int
    setup_node: int
    setup_nodes: list[list[int]]
    start_pending: list[int]
    rolled: bool
    dice: list[int] | None  # the last roll of the game (shown until the next one)
    dev_played: bool
    war_done: bool
    dev_ban_next: list[bool]  # rule 6.c: the defender who used a knight skips cards next turn
    dev_ban: bool  # the current player may not play development cards this turn
    discard_left: list[int]
    rb_left: int
    offer: dict[str, Any] | None  # the current player's open offer
    counters: list[list[list[int]] | None]  # per seat: [give, get] counter-offer to the player
    drafts: list[list[list[int]] | None]  # per seat: [give, get] offer being composed
    offers_made: int
    offer_seq: int
    war: dict[str, Any] | None
    forfeited: list[bool]
    winner: int
    final_points: list[int] | None


def clone_state(s: State) -> State:
    c = State.__new__(State)
    c.n = s.n
    c.options = s.options  # never mutated after setup
    c.target = s.target
    c.variant = s.variant
    c.hex_res = s.hex_res  # fixed after setup
    c.hex_num = s.hex_num
    c.by_number = s.by_number
    c.ratio_cache = s.ratio_cache[:]
    c.harbours = s.harbours
    c.node_port = s.node_port
    c.robber = s.robber
    c.node_owner = s.node_owner[:]
    c.node_level = s.node_level[:]
    c.edge_owner = s.edge_owner[:]
    c.res = [h[:] for h in s.res]
    c.bank = s.bank[:]
    c.deck = s.deck[:]
    c.dev = [h[:] for h in s.dev]
    c.dev_new = [h[:] for h in s.dev_new]
    c.laid_vp = s.laid_vp[:]
    c.knights = s.knights[:]
    c.knights_this_turn = s.knights_this_turn
    c.settlements = s.settlements[:]
    c.cities = s.cities[:]
    c.roads = s.roads[:]
    c.road_len = s.road_len[:]
    c.lr_holder = s.lr_holder
    c.la_holder = s.la_holder
    c.first = s.first
    c.current = s.current
    c.turn = s.turn
    c.phase = s.phase
    c.setup_steps = s.setup_steps
    c.setup_index = s.setup_index
    c.setup_node = s.setup_node
    c.setup_nodes = [x[:] for x in s.setup_nodes]
    c.start_pending = s.start_pending[:]
    c.rolled = s.rolled
    c.dice = s.dice
    c.dev_played = s.dev_played
    c.war_done = s.war_done
    c.dev_ban_next = s.dev_ban_next[:]
    c.dev_ban = s.dev_ban
    c.discard_left = s.discard_left[:]
    c.rb_left = s.rb_left
    c.offer = _copy_offer(s.offer)
    c.counters = [None if x is None else [x[0][:], x[1][:]] for x in s.counters]
    c.drafts = [None if x is None else [x[0][:], x[1][:]] for x in s.drafts]
    c.offers_made = s.offers_made
    c.offer_seq = s.offer_seq
    c.war = None if s.war is None else _deep(s.war)
    c.forfeited = s.forfeited[:]
    c.winner = s.winner
    c.final_points = None if s.final_points is None else s.final_points[:]
    return c


def _copy_offer(offer: dict[str, Any] | None) -> dict[str, Any] | None:
    if offer is None:
        return None
    return {
        "id": offer["id"],
        "give": offer["give"][:],
        "get": offer["get"][:],
        "answers": offer["answers"][:],
    }


def _deep(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value


def state_to_json(s: State) -> dict[str, Any]:
    return {name: _deep(getattr(s, name)) for name in FIELDS}


def state_from_json(data: dict[str, Any]) -> State:
    s = State.__new__(State)
    for name in FIELDS:
        setattr(s, name, _deep(data.get(name)))  # "dice" is missing from older snapshots
    s.options = complete_options(s.options)  # an older match's snapshot: the rules it began with
    derive(s)
    return s


def derive(s: State) -> None:
    """Fill the derived board tables after the board is known."""
    table: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {t: [] for t in range(2, 13)}
    for h, num in enumerate(s.hex_num):
        if num:
            table[num].append((h, s.hex_res[h], HEX_NODES[h]))
    s.by_number = table
    s.ratio_cache = [None] * s.n
