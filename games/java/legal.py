"""Listing every legal command (the front end offers only these; the bots prune them)."""

from __future__ import annotations

from games.base import Command
from games.java import land
from games.java.data import BOARD, COMPONENTS
from games.java.events import pair_of
from games.java.geometry import (
    entry_starts,
    figure_keys,
    region,
    settlements,
    sole_best,
    walk_costs,
)
from games.java.scoring import matches_open
from games.java.state import EMPTY, FIGURES, PALACE, PALACE_VALUES, VILLAGE, JavaState
from games.java.turn import Turn, active_seats, token_allowed

# --------------------------------------------------------------------------- legal commands


def legal_commands(s: JavaState, seat: int) -> list[Command]:
    if s.over or seat not in active_seats(s):
        return []
    if s.festival is not None:
        return festival_commands(s, seat)
    out: list[Command] = []
    turn = Turn(s, seat)
    spend = turn.spendable()
    if token_allowed(s, seat):
        out.append({"type": "use_token"})
    for kind, rice, village, _cost in land.iter_placements(s, seat, s.ap):
        out.append(
            {
                "type": "lay_land",
                "tile": kind,
                "rice": [pair_of(c) for c in rice],
                "village": [pair_of(c) for c in village],
            }
        )
    if spend >= 1 and s.water_left > 0:
        for c in range(BOARD.n_board):
            if not BOARD.water_forbidden[c] and s.height[c] == 0 and s.top[c] == EMPTY:
                out.append({"type": "lay_water", "cell": pair_of(c)})
    out.extend(figure_commands(s, seat, spend))
    if spend >= 1:
        out.extend(palace_commands(s, seat))
        if s.cards_taken < COMPONENTS.cards_per_turn:
            if s.open_card >= 0:
                out.append({"type": "take_card", "source": "open"})
            if s.deck:
                out.append({"type": "take_card", "source": "deck"})
    may_end = turn.may_end()
    if may_end:
        out.extend(festival_calls(s, seat))
        out.append({"type": "end_turn"})
    return out


def figure_commands(s: JavaState, seat: int, spend: int) -> list[Command]:
    out: list[Command] = []
    fig = s.figure
    if s.supply[seat][FIGURES] > 0 and spend >= 1:
        for c, _d in walk_costs(s, seat, entry_starts(s, seat), spend).items():
            if fig[c] < 0:
                out.append({"type": "enter_figure", "to": pair_of(c)})
    for c in range(len(fig)):
        if fig[c] != seat or c in s.moved:
            continue
        dist = walk_costs(s, seat, [(c, 0)], spend)
        frm = pair_of(c)
        for t in dist:
            if fig[t] < 0:
                out.append({"type": "move_figure", "from": frm, "to": pair_of(t)})
        if spend >= 1:
            best = None
            for t, d in dist.items():
                e = BOARD.edge_cost[t]
                if e and d + e <= spend:
                    best = True
                    break
            if best:
                out.append({"type": "remove_figure", "from": frm})
    return out


def palace_commands(s: JavaState, seat: int) -> list[Command]:
    out: list[Command] = []
    _labels, groups, palaces = settlements(s)
    for cells, pal in zip(groups, palaces, strict=True):
        if sole_best(figure_keys(s, cells)) != seat:
            continue
        size = len(cells)
        if pal >= 0:
            if pal in s.changed:
                continue
            for i, v in enumerate(PALACE_VALUES):
                if s.palace[pal] < v <= size and s.palaces_left[i] > 0:
                    out.append({"type": "enlarge_palace", "cell": pair_of(pal), "value": v})
        else:
            values = [v for i, v in enumerate(PALACE_VALUES) if v <= size and s.palaces_left[i]]
            for c in sorted(cells):
                if s.figure[c] < 0 and s.top[c] == VILLAGE:
                    for v in values:
                        out.append({"type": "build_palace", "cell": pair_of(c), "value": v})
    return out


def festival_calls(s: JavaState, seat: int) -> list[Command]:
    if not any(n and matches_open(s, k) for k, n in enumerate(s.hands[seat])):
        return []
    out: list[Command] = []
    for c in range(len(s.top)):
        if (
            s.top[c] == PALACE
            and not s.festive[c]
            and any(s.figure[x] == seat for x in region(s, c))
        ):
            out.append({"type": "hold_festival", "cell": pair_of(c)})
    return out


def festival_commands(s: JavaState, seat: int) -> list[Command]:
    f = s.festival
    assert f is not None
    out: list[Command] = [
        {"type": "bid_card", "card": COMPONENTS.card_names[k]}
        for k, n in enumerate(s.hands[seat])
        if n and matches_open(s, k)
    ]
    if f.laid_now > 0:
        out.append({"type": "finish_bid"})
    elif f.opened or seat != f.organiser:
        out.append({"type": "pass_bid"})
    return out
