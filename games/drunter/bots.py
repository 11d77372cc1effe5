"""Bots: random, greedy (hand-written evaluation) and search (ISMCTS over determinisations).

Both thinking bots guess the opponents' secret cards only from public play: a player who covers
buildings of a type is unlikely to own that type (``views.goal_weights``). They never read
another seat's secrets; ``views.determinize`` re-deals everything the seat cannot know, weighted
by those beliefs. They get the engine as an argument and never import ``engine.py``.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from games.base import Command, Engine
from games.drunter.bots_model import random_posteriors
from games.drunter.bots_playout import play_out, playout_after, win_shares
from games.drunter.data import BOARD, cards_of, tile_cells
from games.drunter.events import apply
from games.drunter.legal import active_seats, legal_commands
from games.drunter.placement import placements, start_cell
from games.drunter.rules import execute
from games.drunter.scoring import goal_score, uncovered_buildings
from games.drunter.state import (
    DECLARE,
    FREE,
    GOALS,
    JEIN_BIT,
    NO_BITS,
    OVER,
    PLACE,
    SHRUG_BIT,
    VOTE,
    YES_BITS,
    State,
)
from games.drunter.views import covered_by, determinize, goal_weights
from games.drunter.voting import vote_masks

CANDIDATES = 12  # greedy's best placements the search chooses between (widened to, WIDEN below)
EXPLORATION = 0.4  # UCB1's constant over playout values in [0, 1]
WIDEN = 8  # simulations per further candidate admitted
TIME_SHARE = 0.9  # of the budget spent before answering
N_TYPES = len(BOARD.building_types)
N_GOALS = len(BOARD.goal_cards)
BUILDING_AT = BOARD.building_at


# --- evaluation ----------------------------------------------------------------------------


def my_value(s: State, seat: int, visible: list[tuple[int, int]]) -> float:
    if not s.extended:
        return goal_score(s.building[seat], visible)
    a, b = (goal_score(g, visible) for g in s.goals[seat])
    pick = s.goal_choice[seat]
    if pick >= 0:
        return (a, b)[pick] + 0.05 * (b, a)[pick]
    return max(a, b) + 0.3 * min(a, b)


def opponent_value(s: State, me: int, visible: list[tuple[int, int]], covered: Any) -> float:
    """Expected score of the opponents under the public-play beliefs."""
    total = 0.0
    for p in range(s.n):
        if p == me or s.forfeited[p]:
            continue
        w = goal_weights(s, p, covered)
        if not s.extended:
            cands = [t for t in range(N_TYPES) if t != s.building[me]]
        else:
            cands = [g for g in range(N_GOALS) if g not in s.goals[me]]
        norm = sum(w[g] for g in cands)
        total += sum(w[g] * goal_score(g, visible) for g in cands) / norm
    return total


def _visible_after(s: State, cells: list[int]) -> list[tuple[int, int]]:
    hidden = {BUILDING_AT[c] for c in cells if BUILDING_AT[c] >= 0}
    return [
        (t, v)
        for i, (t, v, c) in enumerate(BOARD.buildings)
        if s.cells[c] == FREE and i not in hidden
    ]


def _danger(s: State, seat: int, end: int) -> float:
    """Own printed value near a route end: a later tile from there may cover it."""
    if s.extended:
        return 0.0
    ex, ey = end % BOARD.width, end // BOARD.width
    risk = 0.0
    for t, v, c in BOARD.buildings:
        if t != s.building[seat] or s.cells[c] != FREE:
            continue
        dist = abs(c % BOARD.width - ex) + abs(c // BOARD.width - ey)
        if dist <= 3:
            risk += v / (1 + dist)
    return risk


def placement_scores(s: State, seat: int) -> list[tuple[float, tuple[int, int, int]]]:
    covered = covered_by(s)
    visible = uncovered_buildings(s)
    base_me = my_value(s, seat, visible)
    base_opp = opponent_value(s, seat, visible, covered)
    out = []
    for r, length, d in placements(s, seat):
        start = start_cell(s.cells, s.ends[r], d).cell
        cells = tile_cells(start, d, length)
        after = _visible_after(s, cells)
        gain = (my_value(s, seat, after) - base_me) - (
            opponent_value(s, seat, after, covered) - base_opp
        ) / max(1, s.n - 1)
        gain -= 0.3 * _danger(s, seat, cells[-1])
        if not s.extended and any(BOARD.outhouse[c] for c in cells):
            gain -= 0.5  # a vote costs cards and may fail
        out.append((gain, (r, length, d)))
    return out


def _vote_stake(s: State, seat: int) -> float:
    """How much the tile under vote staying is worth to ``seat``."""
    _, _, length, d, start = s.placed[-1]
    cells = tile_cells(start, d, length)
    visible_now = [(t, v) for t, v, c in BOARD.buildings if s.cells[c] == FREE or c in cells]
    after = _visible_after(s, cells)
    covered = covered_by(s)
    mine = my_value(s, seat, after) - my_value(s, seat, visible_now)
    theirs = opponent_value(s, seat, after, covered) - opponent_value(s, seat, visible_now, covered)
    return mine - theirs / max(1, s.n - 1) + (0.5 if s.pending[0] == seat else 0.0)


def _strongest(hand: int, side_bits: int) -> int:
    for i in range(len(BOARD.vote_cards)):  # cards are listed strongest first per side
        bit = 1 << i
        if hand & bit & side_bits:
            return bit
    return 0


def greedy_vote(s: State, seat: int) -> int:
    stake = _vote_stake(s, seat)
    hand = s.votes[seat]
    if stake < -0.5:
        card = _strongest(hand, NO_BITS) or hand & JEIN_BIT
        if stake < -4 and card:
            card |= hand & JEIN_BIT  # worth a joker too
        return card or SHRUG_BIT
    if stake > 0.5:
        return _strongest(hand, YES_BITS) or hand & JEIN_BIT or SHRUG_BIT
    return SHRUG_BIT if hand & SHRUG_BIT else vote_masks(hand)[0]


def greedy_command(s: State, seat: int, rng: random.Random) -> Command:
    if s.phase == PLACE:
        scored = placement_scores(s, seat)
        best = max(g for g, _ in scored)
        r, length, d = rng.choice([m for g, m in scored if g >= best - 1e-9])
        return {
            "type": "place_tile",
            "route": BOARD.route_ids[r],
            "length": length,
            "direction": "NESW"[d],
        }
    if s.phase == VOTE:
        return {"type": "vote", "cards": cards_of(greedy_vote(s, seat))}
    if s.phase == DECLARE:
        return {"type": "declare_jein", "side": "yes" if _vote_stake(s, seat) >= 0 else "no"}
    if s.phase == GOALS:
        visible = uncovered_buildings(s)
        pair = s.goals[seat]
        best_goal = max(pair, key=lambda g: goal_score(g, visible))
        return {"type": "choose_goal", "card": BOARD.goal_cards[best_goal]}
    return rng.choice(legal_commands(s, seat))


# --- search --------------------------------------------------------------------------------


def search_move(
    engine: Engine,
    s: State,
    seat: int,
    rng: random.Random,
    budget_s: float,
    stats: dict[str, Any] | None = None,
    max_iterations: int | None = None,
) -> Command:
    """Monte Carlo over greedy's best few placements: UCB1 picks a candidate, the secret cards
    are re-dealt from public play (``views.determinize``: never the true hands), the candidate is
    placed and one heuristic playout (``bots_playout.playout_after``) values the end. With 30-60
    placements a turn, a tree over all of them learns nothing in a fraction of a second; greedy's
    order ranks them well, and the playouts judge what greedy cannot see (where the route ends
    leave the next players, which of the close candidates the others will punish)."""
    # The ranking counts against the budget; a playout is short, a busy machine's scheduler not.
    deadline = time.perf_counter() + budget_s * TIME_SHARE
    scored = sorted(placement_scores(s, seat), key=lambda gm: -gm[0])
    candidates = [m for _, m in scored[:CANDIDATES]]
    visits = [0] * len(candidates)
    totals = [0.0] * len(candidates)
    # Each simulation draws which opponents place at random from their placements so far.
    p_random = random_posteriors(s, seat) if len(candidates) > 1 else []
    iterations = 0
    while len(candidates) > 1 and (iterations < 2 or time.perf_counter() < deadline):
        if max_iterations is not None and iterations >= max_iterations:
            break
        # Progressive widening down greedy's order: a short budget chooses between its best
        # two, each WIDEN simulations admit the next (a fresh candidate is tried first).
        width = min(len(candidates), 2 + iterations // WIDEN)
        if visits[width - 1] == 0:
            i = width - 1 if visits[0] else 0
        else:
            log_n = math.log(iterations)
            i = max(
                range(width),
                key=lambda k: totals[k] / visits[k] + EXPLORATION * math.sqrt(log_n / visits[k]),
            )
        aimless = [p for p, q in enumerate(p_random) if q and rng.random() < q]
        world = determinize(s, seat, rng, aimless)
        totals[i] += playout_after(world, seat, candidates[i], rng, aimless)[seat]
        visits[i] += 1
        iterations += 1
    if stats is not None:
        stats["iterations"] = iterations
        stats["p_random"] = p_random
    # The most visited; on equal visits greedy's order decides (max keeps the first).
    best = max(range(len(candidates)), key=lambda k: visits[k])
    r, length, d = candidates[best]
    return {
        "type": "place_tile",
        "route": BOARD.route_ids[r],
        "length": length,
        "direction": "NESW"[d],
    }


def bot_command(
    engine: Engine, s: State, seat: int, level: str, rng: random.Random, budget_s: float
) -> Command:
    legal = engine.legal_commands(s, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal command")
    if level == "random":
        return rng.choice(legal)
    if level == "greedy" or s.phase != "place":
        # Votes, jokers and goal commitments follow the hand-written evaluation.
        return greedy_command(s, seat, rng)
    if level == "search":
        return search_move(engine, s, seat, rng, budget_s)
    raise ValueError(f"unknown bot level {level!r}")


# --- analysis hooks (games/analysis.py) ----------------------------------------------------


def analysis_move(
    engine: Engine,
    s: State,
    seat: int,
    rng: random.Random,
    budget_s: float,
    max_iterations: int | None,
) -> Command:
    """The search level's move (greedy's outside placements, as ``bot_command``);
    ``max_iterations`` replaces the clock."""
    if s.phase != PLACE:
        return greedy_command(s, seat, rng)
    if max_iterations is not None:
        budget_s = float("inf")
    return search_move(engine, s, seat, rng, budget_s, max_iterations=max_iterations)


def win_chances(s: State, rng: random.Random) -> list[float]:
    """Per-seat win shares of a determinised copy (changed here): votes, jokers and goals by
    greedy, then the search's playout to the end of the game."""
    steps = 0
    while s.phase not in (PLACE, OVER) and steps < 100:
        seats = active_seats(s)
        if not seats:
            break
        actor = min(seats)
        for event in execute(s, actor, greedy_command(s, actor, rng), rng):
            s = apply(s, event)
        steps += 1
    if s.phase == PLACE:
        play_out(s, s.turn, rng)
    return win_shares(s)
