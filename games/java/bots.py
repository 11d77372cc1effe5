"""Bots: ``random`` (uniform over the legal commands), ``greedy`` (a hand-written evaluation of
the position, one action at a time over a pruned candidate set) and ``search`` (a determinised
Monte Carlo turn search: noisy greedy plans for the whole turn of 6-7 action points, each answered
by the opponents' greedy turns on a re-dealt copy, best average evaluation wins).

Java's raw move space (thousands of tile placements) drowns a plain tree search, so the search
plans whole turns; a plan is cached and replayed command by command while the state matches.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from games.base import Command
from games.java import land
from games.java.data import BOARD, COMPONENTS
from games.java.events import apply, pair_of
from games.java.geometry import (
    N_BOARD,
    figure_keys,
    settlements,
    shore,
    sole_best,
    water_body,
)
from games.java.legal import DutyGuard, LegalSet
from games.java.rules import (
    execute,
    festival_calls,
    festival_commands,
    figure_commands,
    legal_commands,
    matches_open,
    palace_commands,
    token_allowed,
)
from games.java.scoring import outcome
from games.java.state import EMPTY, WATER, JavaState, clone
from games.java.views import determinize

# --------------------------------------------------------------------------- evaluation


CITY_WEIGHT = 0.8  # a city's final-scoring prize is not yet safe
VILLAGE_WEIGHT = 0.35  # leading a village promises a palace
CARD_VALUE = 0.6
FIGURE_VALUE = 0.15
TOKEN_VALUE = 1.0


def values(s: JavaState) -> list[float]:
    """Each seat's score plus what its position promises."""
    v = [float(x) for x in s.scores]
    live = [not s.final_done[p] and not s.forfeited[p] for p in range(s.n)]
    _labels, groups, palaces = settlements(s)
    for cells, pal in zip(groups, palaces, strict=True):
        keys = {p: k for p, k in figure_keys(s, cells).items() if live[p]}
        if not keys:
            continue
        if pal >= 0:
            value = s.palace[pal]
            ranked = sorted(set(keys.values()), reverse=True)
            for p, k in keys.items():
                if k == ranked[0]:
                    v[p] += CITY_WEIGHT * value
                elif len(ranked) > 1 and k == ranked[1]:
                    v[p] += CITY_WEIGHT * value / 2
                if not s.festive[pal]:
                    v[p] += 0.1 * value
        else:
            leader = sole_best(keys)
            if leader >= 0:
                v[leader] += VILLAGE_WEIGHT * min(len(cells), 10)
    for p in range(s.n):
        if live[p]:
            cards = s.hands[p]
            v[p] += CARD_VALUE * sum(cards) + 0.3 * sum(
                n for k, n in enumerate(cards) if matches_open(s, k)
            )
    for c, who in enumerate(s.figure):
        if who >= 0 and live[who]:
            v[who] += FIGURE_VALUE + 0.05 * s.height[c]
    for lake in BOARD.lakes:
        if not s.lake_scored[lake]:
            body = water_body(s, lake)
            best = sole_best(figure_keys(s, shore(s, body)))
            if best >= 0 and live[best]:
                v[best] += 0.5 * len(body)
    return v


def evaluate(s: JavaState, seat: int) -> float:
    v = values(s)
    others = [v[p] for p in range(s.n) if p != seat and not s.forfeited[p]]
    return v[seat] - (max(others) if others else 0.0)


# --------------------------------------------------------------------------- candidates


def sample_placements(
    s: JavaState, seat: int, rng: random.Random, k: int
) -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
    """Up to ``k`` distinct legal land placements, drawn at random (affordable now)."""
    kinds = [kind for kind in land.ALL_KINDS if land.tile_available(s, seat, kind)]
    if not kinds:
        return []
    index = land.CityIndex(s)
    out: dict[tuple[int, ...], tuple[str, tuple[int, ...], tuple[int, ...]]] = {}
    for _ in range(k * 6):
        if len(out) >= k:
            break
        kind = kinds[0] if "three" in kinds and rng.random() < 0.6 else rng.choice(kinds)
        size = 3 if kind == "three" else 2 if kind == "two" else 1
        cells = rng.choice(land.SHAPES[size])
        cost = land.base_cost(s, cells)
        if isinstance(cost, str) or cost > s.ap:
            continue
        if kind == "rice":
            out[(0, *cells)] = (kind, cells, ())
            continue
        v = rng.choice(cells)
        rice = tuple(c for c in cells if c != v)
        if not index.joins_cities(v, rice):
            out[(size, v, *cells)] = (kind, rice, (v,))
    if not out:
        for kind, rice, village, _cost in land.iter_placements(s, seat, s.ap):
            out[(len(rice), *village, *rice)] = (kind, rice, village)
            if len(out) >= k:
                break
    return list(out.values())


def land_command(kind: str, rice: tuple[int, ...], village: tuple[int, ...]) -> Command:
    return {
        "type": "lay_land",
        "tile": kind,
        "rice": [pair_of(c) for c in rice],
        "village": [pair_of(c) for c in village],
    }


def candidates(s: JavaState, seat: int, rng: random.Random, breadth: int = 24) -> list[Command]:
    """A pruned, legal subset of the commands worth weighing (every kind of action kept)."""
    if s.festival is not None:
        return festival_commands(s, seat)
    guard = DutyGuard(s, seat)
    out: list[Command] = []
    if token_allowed(s, seat) and (s.ap <= 1 or not s.acted):
        out.append({"type": "use_token"})
    out.extend(land_command(*p) for p in sample_placements(s, seat, rng, breadth))
    # A lazy LegalSet: rng.sample builds only the commands it draws.
    figs: Sequence[Command] = figure_commands(s, seat, guard, once=True)
    if len(figs) > breadth:
        figs = rng.sample(figs, breadth)
    out.extend(figs)
    if s.ap >= 1:
        out.extend(palace_commands(s, seat, guard))
        if s.cards_taken < COMPONENTS.cards_per_turn and guard.keeps(1):
            if s.open_card >= 0:
                out.append({"type": "take_card", "source": "open"})
            if s.deck:
                out.append({"type": "take_card", "source": "deck"})
        if s.water_left > 0:
            ground = [
                c
                for c in range(N_BOARD)
                if not BOARD.water_forbidden[c] and s.height[c] == 0 and s.top[c] == EMPTY
            ]
            near = [c for c in ground if any(s.top[n] == WATER for n in BOARD.neighbours[c])]
            for c in rng.sample(near, min(2, len(near))):
                if guard.keeps(1, blocked=c):
                    out.append({"type": "lay_water", "cell": pair_of(c)})
    if not guard.bound:
        out.extend(festival_calls(s, seat))
        out.append({"type": "end_turn"})
    return out


# --------------------------------------------------------------------------- playing


def play(s: JavaState, seat: int, command: Command, rng: random.Random) -> JavaState:
    """A new state with ``command`` played (``s`` is left alone)."""
    out = clone(s)
    for event in execute(s, seat, command, rng):
        out = apply(out, event)
    return out


def active(s: JavaState) -> int:
    if s.festival is not None:
        return s.festival.bidders[s.festival.current]
    return s.turn


def bid_policy(s: JavaState, seat: int) -> Command:
    """Outbid the best public bid when the hand allows it, else pass."""
    f = s.festival
    assert f is not None
    totals = {p: sum(matches_open(s, k) for k in b) for p, b in zip(f.bidders, f.bids, strict=True)}
    mine = totals[seat]
    rival = max((t for p, t in totals.items() if p != seat), default=0)
    hand = sorted(
        (k for k, n in enumerate(s.hands[seat]) for _ in range(n) if matches_open(s, k)),
        key=lambda k: -matches_open(s, k),
    )
    reach = mine + sum(matches_open(s, k) for k in hand)
    must_open = not f.opened and seat == f.organiser
    if hand and (must_open or (mine <= rival < reach)):
        return {"type": "bid_card", "card": COMPONENTS.card_names[hand[0]]}
    return {"type": "finish_bid"} if f.laid_now else {"type": "pass_bid"}


def finish_festival(s: JavaState, rng: random.Random) -> JavaState:
    while s.festival is not None and not s.over:
        seat = active(s)
        s = play(s, seat, bid_policy(s, seat), rng)
    return s


def greedy_command(
    s: JavaState, seat: int, rng: random.Random, noise: float = 0.0, breadth: int = 24
) -> Command:
    """The candidate whose result evaluates best for ``seat`` (festivals played out)."""
    if s.festival is not None:
        return bid_policy(s, seat)
    best, best_value = None, -1e18
    for command in candidates(s, seat, rng, breadth):
        after = finish_festival(play(s, seat, command, rng), rng)
        value = evaluate(after, seat)
        if command["type"] == "end_turn":
            value += 0.01  # prefer stopping to a pointless action
        elif command["type"] == "use_token":
            # A seventh point is worth about an action; by default it exists only before the
            # turn's first action, so take it then (three per game, worthless when left over).
            value += TOKEN_VALUE
        if noise:
            value += rng.gauss(0.0, noise)
        if value > best_value:
            best, best_value = command, value
    assert best is not None
    return best


def play_turn(
    s: JavaState,
    seat: int,
    rng: random.Random,
    noise: float = 0.0,
    breadth: int = 24,
    deadline: float | None = None,
) -> tuple[JavaState, list[Command]]:
    """Play ``seat``'s whole turn greedily (with optional noise); returns the commands. With a
    ``deadline`` (``clock()`` time), planning stops once it has passed: the plan is then the
    turn's first steps, of which a search bot plays only the first now."""
    plan: list[Command] = []
    turn_no = s.turn_no
    while not s.over and s.turn_no == turn_no and active(s) == seat:
        if plan and deadline is not None and clock() >= deadline:
            break
        command = greedy_command(s, seat, rng, noise, breadth)
        plan.append(command)
        s = finish_festival(play(s, seat, command, rng), rng)
    return s, plan


# --------------------------------------------------------------------------- search


_PLANS: dict[tuple[Any, ...], Command] = {}
SEARCH_NOISE = 0.4  # evaluation noise that makes the plans differ
SEARCH_BREADTH = 48  # land placements and figure moves weighed per step
TIME_SHARE = 0.8  # of the budget: a plan is long and a busy machine's scheduler adds to it
clock = time.perf_counter  # the search's clock (tests replace it)


def _key(s: JavaState, seat: int) -> tuple[Any, ...]:
    return (
        seat,
        s.turn_no,
        s.ap,
        s.cards_taken,
        s.token_used,
        s.open_card,
        len(s.deck),
        tuple(s.height),
        tuple(s.top),
        tuple(s.figure),
        tuple(s.palace),
        tuple(s.hands[seat]),
        tuple(s.moved),
    )


def search_command(
    s: JavaState,
    seat: int,
    rng: random.Random,
    budget_s: float,
    stats: dict[str, Any] | None = None,
    *,
    max_iterations: int | None = None,
    remember: bool = True,
) -> Command:
    """The search level's move. ``max_iterations`` (plans) replaces the clock, and without
    ``remember`` the plan cache is neither read nor written: a repeatable search for
    ``games/analysis.py``, whose answer does not depend on earlier calls."""
    if s.festival is not None:
        return bid_policy(s, seat)
    if remember:
        cached = _PLANS.pop(_key(s, seat), None)
        if cached is not None and cached in legal_commands(s, seat):
            return cached
    if max_iterations is not None:
        budget_s = float("inf")
    started = clock()
    deadline = started + budget_s * TIME_SHARE
    plans: list[tuple[float, list[Command]]] = []
    iterations = 0
    while True:
        world = determinize(s, seat, rng)
        noise = 0.0 if iterations == 0 else SEARCH_NOISE
        # A whole turn is up to seven greedy steps and the opponent's answer as many again:
        # the first plan alone overran small budgets (4.1 s at 0.05 s under load), so planning
        # stops at the deadline, keeping the steps found so far.
        after, plan = play_turn(world, seat, rng, noise, SEARCH_BREADTH, deadline)
        total = 0.0
        # The opponents answer with their greedy turns before the plan is judged.
        for _ in range(min(s.n - 1, 1)):
            if after.over or clock() >= deadline:
                break
            other = active(after)
            if other == seat:
                break
            after, _ = play_turn(after, other, rng, deadline=deadline)
        total += evaluate(after, seat)
        plans.append((total, plan))
        iterations += 1
        # No plan is started unless one of average length still ends before the deadline.
        if max_iterations is not None:
            if iterations >= max_iterations:
                break
            continue
        now = clock()
        if now + (now - started) / iterations >= deadline:
            break
    if stats is not None:
        stats["iterations"] = iterations
    _best_value, best_plan = max(plans, key=lambda x: x[0])
    if remember:
        _remember(s, seat, best_plan, rng)
    return best_plan[0]


def _remember(s: JavaState, seat: int, plan: list[Command], rng: random.Random) -> None:
    """Cache the rest of the plan keyed by the states it should lead to (a random draw that
    differs from the determinised one simply misses the cache and triggers a new search)."""
    if len(_PLANS) > 10_000:
        _PLANS.clear()
    state = s
    for i, command in enumerate(plan):
        try:
            state = play(state, seat, command, rng)
        except Exception:
            return
        if i + 1 < len(plan) and state.festival is None and active(state) == seat:
            _PLANS[_key(state, seat)] = plan[i + 1]
        else:
            return


def uniform_command(s: JavaState, seat: int, rng: random.Random) -> Command:
    """A command drawn uniformly from all legal ones (the same draw as ``rng.choice`` on
    ``legal_commands``), without listing them all."""
    return rng.choice(LegalSet(s, seat))


def bot_command(
    s: JavaState, seat: int, level: str, rng: random.Random, budget_s: float
) -> Command:
    if level == "random":
        legal = LegalSet(s, seat, once=True)
        if not legal:
            raise ValueError(f"seat {seat} has no legal command")
        return rng.choice(legal)
    if level == "greedy":
        return greedy_command(s, seat, rng)
    if level == "search":
        return search_command(s, seat, rng, budget_s)
    raise ValueError(f"unknown bot level {level!r}")


# --------------------------------------------------------------------------- fast random play


def random_command(s: JavaState, seat: int, rng: random.Random) -> Command:
    """A random legal command without listing them all: pick a kind of action, then one of its
    commands (property tests and benchmarks play thousands of games with it)."""
    if s.festival is not None:
        return rng.choice(festival_commands(s, seat))
    guard = DutyGuard(s, seat)
    may_end = not guard.bound
    roll = rng.random()
    if guard.bound and roll < 0.5:
        roll = 0.0
    if roll < 0.3:
        found = sample_placements(s, seat, rng, 1)
        if found:
            return land_command(*found[0])
    elif roll < 0.55:
        figs = figure_commands(s, seat, guard, once=True)
        if figs:
            return rng.choice(figs)
    elif roll < 0.65:
        if s.ap >= 1 and s.cards_taken < COMPONENTS.cards_per_turn and guard.keeps(1):
            options = []
            if s.open_card >= 0:
                options.append({"type": "take_card", "source": "open"})
            if s.deck:
                options.append({"type": "take_card", "source": "deck"})
            if options:
                return rng.choice(options)
    elif roll < 0.75:
        if s.ap >= 1:
            palaces = palace_commands(s, seat, guard)
            if palaces:
                return rng.choice(palaces)
    elif roll < 0.8:
        if s.ap >= 1 and s.water_left > 0:
            ground = [
                c
                for c in range(N_BOARD)
                if not BOARD.water_forbidden[c]
                and s.height[c] == 0
                and s.top[c] == EMPTY
                and guard.keeps(1, blocked=c)
            ]
            if ground:
                return {"type": "lay_water", "cell": pair_of(rng.choice(ground))}
    elif roll < 0.83:
        if token_allowed(s, seat):
            return {"type": "use_token"}
    elif may_end:
        calls = festival_calls(s, seat)
        if calls and rng.random() < 0.5:
            return rng.choice(calls)
        return {"type": "end_turn"}
    if may_end:
        return {"type": "end_turn"}
    found = sample_placements(s, seat, rng, 1)
    if found:
        return land_command(*found[0])
    return rng.choice(legal_commands(s, seat))


# --------------------------------------------------------------------------- analysis hooks

# The chances: a short playout (the rest of this turn and the next seat's, by the greedy policy
# over a narrow candidate set: about 12 ms where a full-breadth turn costs ten times more), then a
# logistic of the ``values`` lead whose temperature grows with the game left, since an early lead
# says less than a late one. Fitted on greedy-against-greedy games (bench/README.md, Analysis).
PLAYOUT_TURNS = 2
PLAYOUT_BREADTH = 4
WIN_TEMPERATURE = 5.0  # points of ``values`` lead that make a seat e times likelier to win, late
WIN_TEMPERATURE_EARLY = 10.0  # added in full while every three-space tile is still to come


def analysis_move(
    engine: Any,
    s: JavaState,
    seat: int,
    rng: random.Random,
    budget_s: float,
    max_iterations: int | None,
) -> Command:
    """The search level's move for ``games/analysis.py`` (no plan cache: see search_command)."""
    return search_command(s, seat, rng, budget_s, max_iterations=max_iterations, remember=False)


def win_chances(s: JavaState, rng: random.Random) -> list[float]:
    """Per-seat win shares of a determinised copy: ``PLAYOUT_TURNS`` turns played out by the
    narrow greedy policy, then a softmax of ``values`` (the exact result once the game is over)."""
    for _ in range(PLAYOUT_TURNS):
        s = finish_festival(s, rng)
        if s.over:
            break
        s, _plan = play_turn(s, active(s), rng, breadth=PLAYOUT_BREADTH)
    result = outcome(s)
    if result is not None:
        winners = [p for p, r in enumerate(result["ranks"]) if r == 1]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(s.n)]
    v = values(s)
    live = [p for p in range(s.n) if not s.forfeited[p]]
    top = max(v[p] for p in live)
    left = s.three_left / COMPONENTS.three_hex
    temperature = WIN_TEMPERATURE + WIN_TEMPERATURE_EARLY * left
    weights = {p: math.exp((v[p] - top) / temperature) for p in live}
    total = sum(weights.values())
    return [weights.get(p, 0.0) / total for p in range(s.n)]
