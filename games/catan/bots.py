"""Bots: random, greedy (one ply over a hand-written evaluation), search (determinised Monte
Carlo with paired rollouts) and ismcts (the shared ISMCTS, kept for comparison).

The thinking bots work on determinised copies (``views.determinize``): opponents' hands and the
deck are re-dealt, so they never read a secret. They get the engine (``bot_command``'s first
argument) or the rules' functions as arguments and never import ``engine.py``.

The ``search`` bot: the shared ISMCTS spreads its few iterations over every legal move of a game
with heavy dice noise and loses to the greedy bot. This search is a one-level Monte Carlo tree:
the root's children are the greedy bot's best few moves; each round re-deals the hidden
information (``determinize``, never the true hands or deck), plays every candidate on the same
deal with the same dice (common random numbers, so differences come from the move, not the
luck), continues with the fast greedy playout policy until every player has had one more turn,
and scores the position with the hand-written evaluation. The candidate with the best mean wins;
with one candidate left after the greedy filter it answers at once.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from games.base import Engine
from games.catan.data import (
    COST_CITY,
    COST_DEV,
    COST_SETTLEMENT,
    KNIGHT,
    MAX_SETTLEMENTS,
    RES_INDEX,
    VICTORY_POINT,
)
from games.catan.data_board import EDGE_NODES, HEX_NODES, NODE_HEXES, NODE_NEIGHBOURS
from games.catan.events import apply
from games.catan.events_awards import public_points
from games.catan.legal import active_seats, can_pay, legal_commands, settlement_nodes
from games.catan.rules import execute
from games.catan.state import MAIN, OVER, State, clone_state
from games.catan.views import determinize
from games.search import search_command

Command = dict[str, Any]


PIPS = {0: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def _pips(s: State, node: int) -> int:
    return sum(PIPS[s.hex_num[h]] for h in NODE_HEXES[node])


def _spot_value(s: State, node: int) -> float:
    """A corner's worth: its pips, a little more for resources of several kinds."""
    kinds = {s.hex_res[h] for h in NODE_HEXES[node] if s.hex_res[h] >= 0}
    return _pips(s, node) + 0.5 * len(kinds)


def evaluate_seat(s: State, p: int) -> float:
    """Points first, then production (pips per building), then open building spots, then what
    the hand can buy; big hands lose value (a 7 halves them)."""
    if s.winner == p:
        return 1000.0
    value = 10.0 * (public_points(s, p) + s.dev[p][VICTORY_POINT])
    prod = 0
    variety = [0] * 5
    owner = s.node_owner
    for node in range(len(owner)):
        if owner[node] == p:
            level = s.node_level[node]
            for h in NODE_HEXES[node]:
                pip = PIPS[s.hex_num[h]] * level
                if h == s.robber:
                    pip //= 2
                prod += pip
                r = s.hex_res[h]
                if r >= 0:
                    variety[r] += pip
    value += 0.9 * prod + 0.8 * sum(1 for v in variety if v)
    hand = s.res[p]
    cards = sum(hand)
    value += 0.3 * min(cards, 7) - (0.5 * (cards - 7) if cards > 7 else 0.0)
    spots = settlement_nodes(s, p) if s.settlements[p] < MAX_SETTLEMENTS else []
    if spots:
        value += 2.5 + 0.1 * max(_pips(s, n) for n in spots)
    if can_pay(hand, COST_CITY) and s.settlements[p]:
        value += 2.0
    if can_pay(hand, COST_SETTLEMENT) and spots:
        value += 2.0
    if can_pay(hand, COST_DEV):
        value += 0.5
    value += 0.2 * s.road_len[p] + 1.5 * s.knights[p] + 1.3 * sum(s.dev[p])
    value += 0.5 * s.dev[p][KNIGHT]
    return value


def evaluate(s: State) -> list[float]:
    """Per-seat value in [0, 1] for cut-off rollouts: a soft share of the evaluations."""
    if s.winner >= 0:
        return [1.0 if p == s.winner else 0.0 for p in range(s.n)]
    raw = [-50.0 if s.forfeited[p] else evaluate_seat(s, p) for p in range(s.n)]
    top = max(raw)
    weights = [math.exp((v - top) / 10.0) for v in raw]
    total = sum(weights)
    return [w / total for w in weights]


# Commands the thinking bots never consider: composing offers is left to people (answers to
# offers are still weighed).
SKIP_TYPES = frozenset({"draft_offer", "withdraw_offer", "cancel_draft", "draft_add"})


def _robber_score(s: State, seat: int, m: Command) -> float:
    h = m["hex"]
    score = 0.0
    for node in HEX_NODES[h]:
        p = s.node_owner[node]
        if p == seat:
            score -= 3.0 * PIPS[s.hex_num[h]] * s.node_level[node]
        elif p != -1:
            score += PIPS[s.hex_num[h]] * s.node_level[node]
    victim = m.get("victim")
    if victim is not None:
        score += 0.5 * sum(s.res[victim]) + public_points(s, victim)
    return score


def _road_score(s: State, seat: int, edge: int) -> float:
    """Roads that open the best free corner first."""
    best = 0.0
    for node in EDGE_NODES[edge]:
        if s.node_owner[node] == -1 and all(s.node_owner[x] == -1 for x in NODE_NEIGHBOURS[node]):
            best = max(best, _spot_value(s, node) + 5.0)
        for x in NODE_NEIGHBOURS[node]:
            if s.node_owner[x] == -1 and all(s.node_owner[y] == -1 for y in NODE_NEIGHBOURS[x]):
                best = max(best, _spot_value(s, x))
    return best


def _discard_pick(s: State, seat: int, moves: list[Command]) -> Command:
    hand = s.res[seat]

    def keep_value(m: Command) -> float:
        name = m["card"]
        if name in RES_INDEX:
            return -hand[RES_INDEX[name]]
        return 5.0  # keep development cards

    return min(moves, key=keep_value)


def _trade_for_build(s: State, seat: int, moves: list[Command]) -> Command | None:
    """A bank trade that completes a city, a settlement or a development card."""
    hand = s.res[seat]
    spots = bool(settlement_nodes(s, seat)) if s.settlements[seat] < MAX_SETTLEMENTS else False
    targets = [COST_CITY] if s.settlements[seat] else []
    if spots:
        targets.append(COST_SETTLEMENT)
    targets.append(COST_DEV)
    for cost in targets:
        short = [r for r in range(5) if hand[r] < cost[r]]
        if len(short) != 1 or cost[short[0]] - hand[short[0]] != 1:
            continue
        for m in moves:
            if m["type"] != "trade_bank" or RES_INDEX[m["get"]] != short[0]:
                continue
            g = RES_INDEX[m["give"]]
            ratio = 4 if hand[g] >= 4 else (3 if hand[g] >= 3 else 2)
            if hand[g] - ratio >= cost[g]:
                return m
    return None


def rollout_policy(s: State, seat: int, moves: list[Command], rng: random.Random) -> Command:
    """Cheap greedy playout: city, settlement on the best corner, card, road to a good corner,
    a bank trade that completes one of those; robber on the richest opponent hex."""
    by_type: dict[str, list[Command]] = {}
    for m in moves:
        by_type.setdefault(m["type"], []).append(m)
    if "roll_dice" in by_type:
        knight = by_type.get("play_knight")
        if knight and s.robber >= 0 and any(s.node_owner[n] == seat for n in HEX_NODES[s.robber]):
            return knight[0]
        return by_type["roll_dice"][0]
    for kind in ("build_city", "build_settlement"):
        if kind in by_type:
            return max(by_type[kind], key=lambda m: _spot_value(s, m["node"]) + rng.random())
    if "lay_point_card" in by_type:
        return by_type["lay_point_card"][0]
    if "buy_development_card" in by_type:
        return by_type["buy_development_card"][0]
    for kind in ("play_knight", "play_year_of_plenty", "play_monopoly", "play_road_building"):
        if kind in by_type:
            return by_type[kind][rng.randrange(len(by_type[kind]))]
    if "build_road" in by_type:
        roads = by_type["build_road"]
        if s.phase != MAIN or not settlement_nodes(s, seat):
            return max(roads, key=lambda m: _road_score(s, seat, m["edge"]) + rng.random())
    if "trade_bank" in by_type:
        trade = _trade_for_build(s, seat, by_type["trade_bank"])
        if trade is not None:
            return trade
    if "move_robber" in by_type:
        return max(by_type["move_robber"], key=lambda m: _robber_score(s, seat, m) + rng.random())
    if "discard" in by_type:
        return _discard_pick(s, seat, by_type["discard"])
    if "end_turn" in by_type:
        return by_type["end_turn"][0]
    if "answer_offer" in by_type:
        return {"type": "answer_offer", "accept": False}
    if "send_offer" in by_type:
        return by_type["send_offer"][0]
    if "cancel_draft" in by_type:
        return by_type["cancel_draft"][0]
    plain = [m for m in moves if m["type"] not in SKIP_TYPES] or moves
    return plain[rng.randrange(len(plain))]


OFFER_CHANCE = 0.15  # chance that the random bot considers composing an offer at a decision
MORE_CARDS = 0.25  # chance that the random bot puts one more card into an offer before sending


def random_command(s: State, seat: int, rng: random.Random) -> Command:
    """A uniformly random legal command, except that trade offers are made the way a person
    makes them, not as a random walk over single cards (which made random two-player games run
    6,600-11,800 commands): an offer or counter-offer is considered now and then (at most one
    offer of its own per turn), and once started it is a small random trade, a card or two each
    way, sent at once."""
    moves = legal_commands(s, seat)
    if s.phase == MAIN and s.options["trade_offers_per_turn"]:  # no offers at all with 0
        draft = s.drafts[seat]
        if draft is not None:
            return _random_draft_step(draft, moves, rng)
        if (seat == s.current and s.offers_made) or rng.random() >= OFFER_CHANCE:
            moves = [m for m in moves if m["type"] != "draft_offer"] or moves
    return moves[int(rng.random() * len(moves))]  # uniform; cheaper than randrange


def _random_draft_step(draft: list[list[int]], moves: list[Command], rng: random.Random) -> Command:
    give, get = draft
    sides = [m for m in moves if m["type"] == "draft_add"]
    if not any(give):
        sides = [m for m in sides if m["side"] == "give"]
    elif not any(get):
        sides = [m for m in sides if m["side"] == "get"]
    elif rng.random() >= MORE_CARDS or sum(give) + sum(get) >= 4:
        sides = []
    if sides:
        return sides[rng.randrange(len(sides))]
    for m in moves:
        if m["type"] == "send_offer":
            return m
    return {"type": "cancel_draft"}


def play(s: State, seat: int, move: Command, rng: random.Random) -> State:
    for e in execute(s, seat, move, rng):
        s = apply(s, e)
    return s


def margin(after: State, seat: int) -> float:
    mine = evaluate_seat(after, seat)
    theirs = max(
        (evaluate_seat(after, p) for p in range(after.n) if p != seat and not after.forfeited[p]),
        default=0.0,
    )
    return mine - 0.5 * theirs


def greedy_command(s: State, seat: int, rng: random.Random) -> Command:
    """One ply: each candidate is played on a determinised copy and the position evaluated."""
    moves = legal_commands(s, seat)
    if len(moves) == 1:
        return moves[0]
    candidates = [m for m in moves if m["type"] not in SKIP_TYPES]
    if not candidates:
        return rollout_policy(s, seat, moves, rng)
    if any(m["type"] == "roll_dice" for m in candidates):
        return rollout_policy(s, seat, candidates, rng)
    det = determinize(s, seat, rng)
    best_value = float("-inf")
    best: Command = candidates[0]
    for m in candidates:
        samples = 3 if m["type"] in ("buy_development_card", "move_robber", "play_knight") else 1
        value = 0.0
        for _ in range(samples):
            value += margin(play(clone_state(det), seat, m, rng), seat)
        value = value / samples + rng.random() * 1e-6
        if m["type"] == "end_turn":
            value += 0.05  # keep cards rather than churn them at the bank
        if value > best_value:
            best_value, best = value, m
    return best


def prune(s: State, seat: int, moves: list[Command]) -> list[Command]:
    """The moves the search considers: no offer drafting, the best few robber spots, corners
    and roads by a cheap score."""
    keep = [m for m in moves if m["type"] not in SKIP_TYPES]
    if not keep:
        return moves[:1]
    groups: dict[str, list[Command]] = {}
    for m in keep:
        groups.setdefault(m["type"], []).append(m)
    out: list[Command] = []
    for kind, group in groups.items():
        if kind == "move_robber" and len(group) > 4:
            group = sorted(group, key=lambda m: -_robber_score(s, seat, m))[:4]
        elif kind == "build_settlement" and len(group) > 5:
            group = sorted(group, key=lambda m: -_spot_value(s, m["node"]))[:5]
        elif kind == "build_road" and len(group) > 3:
            group = sorted(group, key=lambda m: -_road_score(s, seat, m["edge"]))[:3]
        elif kind == "trade_bank" and len(group) > 3:
            useful = _trade_for_build(s, seat, group)
            group = [useful] if useful is not None else group[:0]
        elif kind == "play_year_of_plenty" and len(group) > 5:
            group = group[:: max(1, len(group) // 5)]
        out += group
    return out or moves[:1]


class PrunedEngine:
    """The engine as the search sees it: the same rules, a pruned move list."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        return prune(state, seat, legal_commands(state, seat))


def bot_command(
    engine: Engine,
    s: State,
    seat: int,
    level: str,
    rng: random.Random,
    budget_s: float,
) -> Command:
    if level == "random":
        return random_command(s, seat, rng)
    if level == "greedy":
        return greedy_command(s, seat, rng)
    if level == "search":
        return search_move(s, seat, rng, budget_s)
    if level == "ismcts":
        moves = legal_commands(s, seat)
        if len(prune(s, seat, moves)) == 1:
            return prune(s, seat, moves)[0]
        return search_command(
            PrunedEngine(engine),
            s,
            seat,
            s.n,
            rng,
            budget_s=budget_s,
            rollout_policy=rollout_policy,
            evaluate=evaluate,
            rollout_depth=60,
        )
    raise ValueError(f"unknown bot level {level!r}")


# -- the search bot --------------------------------------------------------------------------------

CANDIDATES = 4  # root children kept from the greedy ranking
GREEDY_WINDOW = 6.0  # candidates scoring this far below the greedy best are not searched
MAX_ROLLOUT_STEPS = 300
PRUNE_ABOVE = 60  # only very long move lists are cut by the cheap ordering before ranking
PRIOR_ROUNDS = 3.0  # rounds' worth of weight given to greedy's ranking of the candidates
TIME_SHARE = 0.8  # stop starting rounds early so a move never overruns its budget


def _rollout(s: State, seat: int, rng: random.Random) -> State:
    """Play the fast policy until each player has had one more turn (or the game ends)."""
    stop = s.turn + s.n
    steps = 0
    while s.phase != OVER and s.turn < stop and steps < MAX_ROLLOUT_STEPS:
        seats = active_seats(s)
        actor = seat if seat in seats else min(seats)
        moves = legal_commands(s, actor)
        s = play(s, actor, rollout_policy(s, actor, moves, rng), rng)
        steps += 1
    return s


def _value(s: State, seat: int) -> float:
    if s.phase == OVER:
        return 1000.0 if s.winner == seat else -1000.0
    mine = evaluate_seat(s, seat)
    theirs = max(
        (evaluate_seat(s, p) for p in range(s.n) if p != seat and not s.forfeited[p]),
        default=0.0,
    )
    return mine - theirs


def search_move(
    s: State,
    seat: int,
    rng: random.Random,
    budget_s: float,
    stats: dict[str, Any] | None = None,
    max_rounds: int | None = None,
) -> Command:
    """The search level's move. ``max_rounds`` replaces the clock (a repeatable search for
    ``games/analysis.py``)."""
    start = time.perf_counter()
    deadline = start + budget_s * TIME_SHARE
    moves = legal_commands(s, seat)
    if len(moves) == 1:
        return moves[0]
    candidates = [m for m in moves if m["type"] not in SKIP_TYPES] or moves
    if len(candidates) > PRUNE_ABOVE:
        candidates = prune(s, seat, candidates)  # e.g. 54 set-up corners: keep the best few
    if len(candidates) == 1:
        return candidates[0]
    # Rank by the greedy one-ply margin on one determinisation.
    det = determinize(s, seat, rng)
    scored = [
        (margin(play(clone_state(det), seat, m, random.Random(1)), seat), i, m)
        for i, m in enumerate(candidates)
    ]
    scored.sort(key=lambda t: (-t[0], t[1]))
    best_greedy = scored[0][0]
    kept = [
        (value, m) for value, _, m in scored[:CANDIDATES] if value >= best_greedy - GREEDY_WINDOW
    ]
    keep = [m for _, m in kept]
    if len(keep) == 1:
        return keep[0]
    # Greedy's one-ply judgement as a prior worth PRIOR_ROUNDS rounds: with the dice's noise a
    # round or two (a short budget, a busy machine) cannot overturn it, many rounds can.
    totals = [PRIOR_ROUNDS * (value - best_greedy) for value, _ in kept]
    rounds = 0
    round_time = 0.0
    while (
        rounds < max_rounds
        if max_rounds is not None
        else rounds < 1 or time.perf_counter() + round_time < deadline
    ):
        began = time.perf_counter()
        deal = determinize(s, seat, rng)
        seed = rng.getrandbits(32)
        for i, move in enumerate(keep):
            r = random.Random(seed)
            after = _rollout(play(clone_state(deal), seat, move, r), seat, r)
            totals[i] += _value(after, seat)
        rounds += 1
        round_time = max(round_time, time.perf_counter() - began)
    if stats is not None:
        stats["iterations"] = rounds * len(keep)
    best = max(range(len(keep)), key=lambda i: totals[i])
    return keep[best]


# -- analysis hooks (games/analysis.py) ------------------------------------------------------------


def analysis_move(
    engine: Engine,
    s: State,
    seat: int,
    rng: random.Random,
    budget_s: float,
    max_iterations: int | None,
) -> Command:
    """The search level's move; ``max_iterations`` (rollouts) replaces the clock."""
    rounds = None if max_iterations is None else max(1, max_iterations // CANDIDATES)
    return search_move(s, seat, rng, budget_s, max_rounds=rounds)


def win_chances(s: State, rng: random.Random) -> list[float]:
    """Per-seat win shares of a determinised copy (changed here): the fast policy plays one more
    turn of each player (as the search does), then ``evaluate``'s soft shares."""
    return evaluate(_rollout(s, min(active_seats(s)) if active_seats(s) else 0, rng))
