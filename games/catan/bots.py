"""Bots: random, greedy (one-ply over a hand-written evaluation) and search (ISMCTS).

Both thinking bots work on determinised copies (``determinize``): opponents' hands and the deck
are re-dealt, so they never read a secret.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from games.catan.awards import public_points
from games.catan.board import NODE_HEXES
from games.catan.data import (
    COST_CITY,
    COST_DEV,
    COST_SETTLEMENT,
    KNIGHT,
    VICTORY_POINT,
)
from games.catan.execute import execute
from games.catan.fold import apply_event
from games.catan.legal import legal_commands
from games.catan.rules import can_pay
from games.catan.state import State, clone_state
from games.search import search_command

if TYPE_CHECKING:
    from games.catan.engine import CatanEngine

Command = dict[str, Any]

PIPS = {0: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def determinize(s: State, seat: int, rng: random.Random) -> State:
    """Re-deal what ``seat`` cannot see: the other hands (sizes kept), the deck order, the
    drafts and war picks of others."""
    d = clone_state(s)
    others = [p for p in range(d.n) if p != seat]
    pool: list[int] = []
    for p in others:
        for r in range(5):
            pool += [r] * d.res[p][r]
    pool.sort()  # only the totals are known: the re-deal must not depend on who held what
    rng.shuffle(pool)
    at = 0
    for p in others:
        size = sum(d.res[p])
        hand = [0] * 5
        for r in pool[at : at + size]:
            hand[r] += 1
        d.res[p] = hand
        at += size
    cards = list(d.deck)
    for p in others:
        for k in range(5):
            cards += [k] * d.dev[p][k]
    cards.sort()
    rng.shuffle(cards)
    at = 0
    for p in others:
        size = sum(d.dev[p])
        new_total = sum(d.dev_new[p])
        hand = [0] * 5
        new = [0] * 5
        for i, k in enumerate(cards[at : at + size]):
            hand[k] += 1
            if i < new_total:
                new[k] += 1
        d.dev[p] = hand
        d.dev_new[p] = new
        at += size
    d.deck = cards[at:]
    for p in others:
        d.drafts[p] = None
    if d.war is not None and d.war["defender"] != seat:
        d.war["picked"] = []
    return d


def _pips(s: State, node: int) -> int:
    return sum(PIPS[s.hex_num[h]] for h in NODE_HEXES[node])


def evaluate_seat(s: State, p: int) -> float:
    """Points first, then production (pips per building), then what the hand can buy."""
    if s.winner == p:
        return 1000.0
    value = 10.0 * (public_points(s, p) + s.dev[p][VICTORY_POINT])
    prod = 0
    variety = [0] * 5
    for node in range(len(s.node_owner)):
        if s.node_owner[node] == p:
            for h in NODE_HEXES[node]:
                pip = PIPS[s.hex_num[h]] * s.node_level[node]
                if h == s.robber:
                    pip //= 2
                prod += pip
                r = s.hex_res[h]
                if r >= 0:
                    variety[r] += pip
    value += 0.9 * prod + 0.6 * sum(1 for v in variety if v)
    hand = s.res[p]
    cards = sum(hand)
    value += 0.25 * min(cards, 7) - (0.4 * (cards - 7) if cards > 7 else 0.0)
    if can_pay(hand, COST_CITY):
        value += 2.0
    if can_pay(hand, COST_SETTLEMENT):
        value += 1.5
    if can_pay(hand, COST_DEV):
        value += 0.5
    value += 0.3 * s.road_len[p] + 1.5 * s.knights[p] + 1.2 * sum(s.dev[p])
    value += 0.8 * s.dev[p][KNIGHT]
    return value


def evaluate(s: State) -> list[float]:
    """Per-seat value in [0, 1] for cut-off rollouts: a soft share of the evaluations."""
    if s.winner >= 0:
        return [1.0 if p == s.winner else 0.0 for p in range(s.n)]
    raw = [0.0 if s.forfeited[p] else evaluate_seat(s, p) for p in range(s.n)]
    top = max(raw)
    weights = [2.718 ** ((v - top) / 8.0) for v in raw]
    total = sum(weights)
    return [w / total for w in weights]


_SKIP_TYPES = frozenset({"draft_offer", "withdraw_offer", "declare_war"})
_PRIORITY = {
    "build_city": 6,
    "build_settlement": 5,
    "buy_development_card": 3,
    "play_knight": 2,
    "play_road_building": 2,
    "play_year_of_plenty": 2,
    "play_monopoly": 2,
    "lay_point_card": 4,
    "build_road": 1,
    "trade_with": 1,
}


def rollout_policy(s: State, seat: int, moves: list[Command], rng: random.Random) -> Command:
    """Cheap playout policy: build the best thing affordable, otherwise end or roll."""
    best = -1
    pick: list[Command] = []
    for m in moves:
        prio = _PRIORITY.get(m["type"], 0)
        if prio > best:
            best, pick = prio, [m]
        elif prio == best:
            pick.append(m)
    if best == 0:
        for m in moves:
            if m["type"] in ("roll_dice", "end_turn"):
                return m
        plain = [m for m in moves if m["type"] not in _SKIP_TYPES]
        if plain:
            return plain[rng.randrange(len(plain))]
    if best == 5:  # settle on the richest corner
        return max(pick, key=lambda m: _pips(s, m["node"]) + rng.random())
    if best == 6:
        return max(pick, key=lambda m: _pips(s, m["node"]) + rng.random())
    return pick[rng.randrange(len(pick))]


def _play(s: State, seat: int, move: Command, rng: random.Random) -> State:
    for e in execute(s, seat, move, rng):
        s = apply_event(s, e)
    return s


def greedy_command(s: State, seat: int, rng: random.Random) -> Command:
    moves = legal_commands(s, seat)
    if len(moves) == 1:
        return moves[0]
    det = determinize(s, seat, rng)
    best_value = float("-inf")
    best: Command = moves[0]
    for m in moves:
        if m["type"] in _SKIP_TYPES or (m["type"] == "draft_offer" and seat == s.current):
            continue
        if m["type"] in ("roll_dice",):
            return m
        value = 0.0
        samples = 2 if m["type"] in ("buy_development_card", "move_robber", "play_knight") else 1
        for _ in range(samples):
            after = _play(clone_state(det), seat, m, rng)
            mine = evaluate_seat(after, seat)
            theirs = max(
                (evaluate_seat(after, p) for p in range(s.n) if p != seat and not s.forfeited[p]),
                default=0.0,
            )
            value += mine - 0.5 * theirs
        value /= samples
        if m["type"] == "end_turn":
            value -= 0.01
        value += rng.random() * 1e-6
        if value > best_value:
            best_value, best = value, m
    return best


def bot_command(
    engine: CatanEngine,
    s: State,
    seat: int,
    level: str,
    rng: random.Random,
    budget_s: float,
) -> Command:
    if level == "random":
        moves = legal_commands(s, seat)
        return moves[rng.randrange(len(moves))]
    if level == "greedy":
        return greedy_command(s, seat, rng)
    if level == "search":
        return search_command(
            engine,
            s,
            seat,
            s.n,
            rng,
            budget_s=budget_s,
            rollout_policy=rollout_policy,
            evaluate=evaluate,
            rollout_depth=40,
        )
    raise ValueError(f"unknown bot level {level!r}")
