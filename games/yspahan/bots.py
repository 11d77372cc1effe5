"""Bots: random, greedy (one-ply lookahead on a hand-written evaluation) and search
(determinised Monte Carlo: candidate moves from the greedy evaluation, judged by playouts with a
cheap heuristic policy to the end of the round and scored by the same evaluation). The shared
ISMCTS (games/search.py) was too weak here: dozens of supervisor moves per turn spread its
playouts thin, so this engine-specific search compares a few strong candidates on common
random numbers instead.

No bot reads what its seat cannot know: greedy's lookahead runs on a determinised copy and the
search only ever plays on determinised copies.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from games.base import Command
from games.yspahan import data as D
from games.yspahan.events import apply, market_targets
from games.yspahan.legal import caravan_per_section, has_building
from games.yspahan.rules import execute, legal_commands
from games.yspahan.scoring import outcome
from games.yspahan.state import CARAVAN, OVER, State
from games.yspahan.views import determinize

TOTAL_DAYS = D.EPOCHS * D.DAYS_PER_EPOCH
TIME_SHARE = 0.85  # of the search budget: the scheduler of a busy machine adds to the last sweep


def _days_done(s: State) -> int:
    return (s.epoch - 1) * D.DAYS_PER_EPOCH + s.day - 1


def _future_caravan_scorings(s: State) -> float:
    return 1.0 if s.phase == OVER else 1.0 + 0.4 * (D.EPOCHS - s.epoch)


def position_value(s: State, seat: int) -> float:
    """Points now plus a rough worth of everything that turns into points later."""
    if s.phase == OVER:
        return float(s.vp[seat])
    left = 1.0 - _days_done(s) / TOTAL_DAYS
    v = float(s.vp[seat])
    v += (0.25 + 0.45 * left) * (s.money[seat] + s.camels[seat])
    v += (0.6 + 0.8 * left) * sum(s.hands[seat])
    keep = s.options["souk_clearing"] != "text"
    bonus = 2 if has_building(s, seat, D.B_POINTS) else 0
    for souk, shops in enumerate(D.SOUK_SHOPS):
        mine = sum(1 for sh in shops if s.owner[sh] == seat)
        if not mine:
            continue
        worth = D.SOUK_POINTS[souk] + bonus
        if mine == len(shops):
            v += 0.9 * worth
        else:
            v += (0.55 if keep else 0.2) * worth * mine / len(shops)
    per = caravan_per_section(s)
    count = 0
    last = -1
    for i, who in enumerate(s.caravan):
        if who == seat:
            count += 1
            last = i
    if count:
        v += 0.6 * count * (last // per + 1) * _future_caravan_scorings(s)
    v += sum(1 for b in range(D.N_BUILDINGS) if s.buildings[seat] >> b & 1) * 7.0 * left
    return v


def _play(s: State, seat: int, cmd: Command, rng: random.Random) -> State:
    for event in execute(s, seat, cmd, rng):
        s = apply(s, event)
    return s


def _actor(s: State) -> int:
    if s.phase == CARAVAN:
        return s.owner[s.inspecting]
    return s.order[s.turn]


def greedy_command(s: State, seat: int, rng: random.Random) -> Command:
    legal = legal_commands(s, seat)
    if len(legal) == 1:
        return legal[0]
    base = determinize(s, seat, rng)
    best: list[Command] = []
    best_v = -math.inf
    for cmd in legal:
        after = _play(base.clone(), seat, cmd, rng)
        v = position_value(after, seat)
        if v > best_v + 1e-9:
            best, best_v = [cmd], v
        elif v > best_v - 1e-9:
            best.append(cmd)
    return rng.choice(best)


def quick_score(s: State, seat: int, cmd: Command) -> float:
    """A cheap guess of a command's worth without simulating it (the playout policy)."""
    kind = cmd["type"]
    left = 1.0 - _days_done(s) / TOTAL_DAYS
    if kind == "roll":
        return 1.0 if cmd["yellow"] == 0 else 0.0
    if kind == "take_row":
        row = cmd["row"]
        dice = s.tower_white[row] + (
            s.tower_yellow[row] if seat == s.first and not s.yellow_gone else 0
        )
        if row in (D.ROW_CAMELS, D.ROW_GOLD):
            return (0.4 + 0.5 * left) * dice + 0.3
        if not market_targets(s, seat, row - 1):
            return -1.0
        return 1.2 * dice
    if kind == "build":
        return 5.0 + 3.0 * left - 0.5 * len(cmd.get("cards", []))
    if kind == "place_cube":
        souk = D.SHOP_SOUK[cmd["shop"]]
        shops = D.SOUK_SHOPS[souk]
        mine = sum(1 for sh in shops if s.owner[sh] == seat)
        return (mine + 1) / len(shops) * D.SOUK_POINTS[souk] / 4.0
    if kind == "draw_card":
        return 1.0
    if kind == "move_supervisor":
        return 0.2
    if kind == "send_to_caravan":
        return 0.5 if cmd["source"] == "shop" else 0.3
    if kind == "play_card":
        card = cmd["card"]
        if card in ("3_camels", "3_gold"):
            return 1.5
        if card in ("gold_to_vp", "camels_to_vp"):
            amount: int = cmd["amount"]
            return (1.0 - 1.5 * left) * amount
        return 0.1
    if kind == "discard_for_bonus":
        return -0.5
    return 0.0  # end_turn, choose_inspection


def policy_command(s: State, seat: int, legal: list[Command], rng: random.Random) -> Command:
    best = legal[0]
    best_v = -math.inf
    for cmd in legal:
        v = quick_score(s, seat, cmd) + rng.random() * 0.8
        if v > best_v:
            best, best_v = cmd, v
    return best


def _margin(s: State, seat: int) -> float:
    vals = [position_value(s, p) for p in range(s.n)]
    return vals[seat] - max(vals[q] for q in range(s.n) if q != seat and not s.out[q])


def search_command(
    s: State,
    seat: int,
    rng: random.Random,
    budget_s: float,
    *,
    candidates: int = 5,
    max_commands: int = 80,
    max_sweeps: int | None = None,
    stats: dict[str, Any] | None = None,
) -> Command:
    """Determinised Monte Carlo over the greedy evaluation's best few moves.

    Each sweep re-deals the hidden cards once and plays every candidate from that same deal with
    the same random numbers (common random numbers: the candidates are compared on equal luck),
    then lets the cheap policy play everybody to the end of the round, where dice and the next
    roll make further playing mostly noise, and scores the margin of ``position_value`` over the
    best opponent. The candidate with the best mean margin wins."""
    legal = legal_commands(s, seat)
    if len(legal) == 1:
        return legal[0]
    deadline = time.perf_counter() + budget_s * TIME_SHARE
    base = determinize(s, seat, rng)
    seed = rng.random()
    scored = []
    for cmd in legal:
        after = _play(base.clone(), seat, cmd, random.Random(seed))
        scored.append((position_value(after, seat), cmd))
    order = sorted(range(len(scored)), key=lambda k: -scored[k][0])
    cands = [scored[k][1] for k in order[:candidates]]
    if len(cands) == 1:
        return cands[0]
    totals = [0.0] * len(cands)
    sweeps = 0
    sweeping = time.perf_counter()
    # A sweep is not started unless one of average length still ends before the deadline.
    while sweeps == 0 or (
        time.perf_counter() + (time.perf_counter() - sweeping) / sweeps < deadline
        and (max_sweeps is None or sweeps < max_sweeps)
    ):
        sweeps += 1
        seed = rng.random()
        det = determinize(s, seat, random.Random(seed))
        for i, cmd in enumerate(cands):
            play_rng = random.Random(seed)
            st = _play(det.clone(), seat, cmd, play_rng)
            epoch, day = s.epoch, s.day
            depth = 0
            while st.phase != OVER and (st.epoch, st.day) == (epoch, day) and depth < max_commands:
                actor = _actor(st)
                moves = legal_commands(st, actor)
                st = _play(st, actor, policy_command(st, actor, moves, play_rng), play_rng)
                depth += 1
            totals[i] += _margin(st, seat)
    if stats is not None:
        stats["iterations"] = sweeps * len(cands)
    return cands[max(range(len(cands)), key=lambda k: (totals[k], -k))]


def bot_command(s: State, seat: int, level: str, rng: random.Random, budget_s: float) -> Command:
    if level == "random":
        return rng.choice(legal_commands(s, seat))
    if level == "greedy":
        return greedy_command(s, seat, rng)
    if level == "search":
        return search_command(s, seat, rng, budget_s)
    raise ValueError(f"unknown bot level {level!r}")


# --- analysis hooks (games/analysis.py) --------------------------------------------------------

WIN_TEMPERATURE = 6.0  # points of position_value that make a seat e times likelier to win


def analysis_move(
    engine: Any,
    s: State,
    seat: int,
    rng: random.Random,
    budget_s: float,
    max_iterations: int | None,
) -> Command:
    """The search level's move; ``max_iterations`` (candidate playouts) replaces the clock."""
    if max_iterations is None:
        return search_command(s, seat, rng, budget_s)
    sweeps = max(1, max_iterations // 5)
    return search_command(s, seat, rng, float("inf"), max_sweeps=sweeps)


def win_chances(s: State, rng: random.Random) -> list[float]:
    """Per-seat win shares of a determinised copy (changed here): the playout policy plays to
    the end of the day (as the search does), then a softmax of ``position_value``."""
    epoch, day = s.epoch, s.day
    depth = 0
    while s.phase != OVER and (s.epoch, s.day) == (epoch, day) and depth < 80:
        actor = _actor(s)
        s = _play(s, actor, policy_command(s, actor, legal_commands(s, actor), rng), rng)
        depth += 1
    result = outcome(s)
    if result is not None:
        winners = [p for p, r in enumerate(result["ranks"]) if r == 1]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(s.n)]
    live = [p for p in range(s.n) if not s.out[p]]
    values = {p: position_value(s, p) for p in live}
    top = max(values.values())
    weights = {p: math.exp((v - top) / WIN_TEMPERATURE) for p, v in values.items()}
    total = sum(weights.values())
    return [weights.get(p, 0.0) / total for p in range(s.n)]
