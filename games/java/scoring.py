"""Scoring and the flow between turns: lakes, festivals, the end of a turn and of the game."""

from __future__ import annotations

import random
from typing import Any

from games.base import Outcome, rank_by
from games.java import events as ev
from games.java.data import COMPONENTS
from games.java.events import pair_of
from games.java.geometry import (
    NEIGHBOURS,
    enclosed_lakes,
    figure_keys,
    region,
    shore,
    sole_best,
)
from games.java.state import PALACE, WATER, JavaState
from games.java.turn import Emitter

LAKE_POINTS = 3  # "dostane ... za každý dílek nádrže 3 body"


# --------------------------------------------------------------------------- scoring helpers


def lake_events(emit: Emitter, seat: int, around: list[int], water: bool = False) -> None:
    """A lake enclosed by land on every side scores 3 per water space for the player with the
    highest figure on its shore, ties by further figures, nobody if undecidable. ``around``:
    the spaces just covered by land, or (``water``) the space a water tile was laid on."""
    top = emit.base.top
    if not water and not any(top[n] == WATER for c in around for n in NEIGHBOURS[c]):
        return  # no lake touches the new land (land never covers water)
    s = emit.sim
    for body in enclosed_lakes(s, around):
        winner = sole_best(figure_keys(s, shore(s, body)))
        emit(
            {
                "type": ev.LAKE_SCORED,
                "seat": winner if winner >= 0 else None,
                "by": seat,
                "cells": [pair_of(c) for c in body],
                "size": len(body),
                "points": LAKE_POINTS * len(body) if winner >= 0 else 0,
            }
        )


def final_points(s: JavaState, seat: int) -> tuple[int, list[dict[str, Any]]]:
    """Final scoring of one player: per city the palace value for standing highest, half for the
    second player (players, not figures, rank; ties by further figures; undecidable ties all
    get the prize)."""
    total = 0
    details = []
    for pal, cells in _cities(s):
        keys = {p: k for p, k in figure_keys(s, cells).items() if not s.forfeited[p]}
        mine = keys.get(seat)
        if mine is None:
            continue
        best = max(keys.values())
        value = s.palace[pal]
        if mine == best:
            place, pts = 1, value
        else:
            second = max(k for k in keys.values() if k < best)
            place, pts = (2, value // 2) if mine == second else (0, 0)
        if pts:
            total += pts
            details.append({"cell": pair_of(pal), "value": value, "place": place, "points": pts})
    return total, details


def _cities(s: JavaState) -> list[tuple[int, list[int]]]:
    out = []
    for c in range(len(s.top)):
        if s.top[c] == PALACE:
            out.append((c, region(s, c)))
    return out


def finish_turn(emit: Emitter, seat: int, rng: random.Random | None) -> None:
    """End ``seat``'s turn: final scoring in the last round, the next player, the end."""
    s = emit.sim
    # A turn without land: with the duty kept, only when no tile could be laid in it.
    stalled = not s.land_laid and s.trigger < 0 and not s.forfeited[seat]
    alive = [p for p in range(s.n) if not s.forfeited[p]]
    if stalled and s.stalls + 1 >= len(alive):
        if s.rules < 2:
            # Rules version 1 (matches set up before it changed): everybody scores at once.
            emit({"type": ev.TURN_ENDED, "seat": seat, "next": None, "stalled": True})
            for p in alive:
                if not emit.sim.final_done[p]:
                    _emit_final(emit, p)
            _emit_end(emit)
            return
        # Nobody could lay land for a whole round, so the last three-space tile can never come.
        # The text's end then follows as if this player had laid it ("Hráč, který položí na plán
        # poslední díl o třech polích ... provede ihned po svém tahu závěrečné bodování. Po něm
        # ještě provedou svůj poslední tah popořadě ostatní hráči").
        emit({"type": ev.ISLAND_COMPLETED, "seat": seat})
        s = emit.sim
    if s.trigger >= 0 and not s.final_done[seat] and not s.forfeited[seat]:
        # "provede ihned po svém tahu závěrečné bodování"
        _emit_final(emit, seat)
    nxt = None
    for step in range(1, s.n + 1):
        p = (seat + step) % s.n
        if s.forfeited[p] or (s.trigger >= 0 and s.final_done[p]):
            continue
        nxt = p
        break
    emit({"type": ev.TURN_ENDED, "seat": seat, "next": nxt, "stalled": stalled})
    if nxt is None:
        _emit_end(emit)


def _emit_final(emit: Emitter, seat: int) -> None:
    pts, cities = final_points(emit.sim, seat)
    emit({"type": ev.FINAL_SCORED, "seat": seat, "points": pts, "cities": cities})


def _emit_end(emit: Emitter) -> None:
    emit({"type": ev.GAME_ENDED, "scores": emit.sim.scores[:]})


def keep_cards_flowing(emit: Emitter, rng: random.Random) -> None:
    """ "Jakmile se dobírací balíček spotřebuje, odkládací balíček se zamíchá"; an empty open
    place is refilled from the deck."""
    s = emit.sim
    if not s.deck and s.discard:
        order = [COMPONENTS.card_names[k] for k in s.discard]
        rng.shuffle(order)
        emit({"type": ev.DECK_RESHUFFLED, "order": order, "count": len(order)})
    s = emit.sim
    if s.open_card < 0 and s.deck:
        emit({"type": ev.OPEN_CARD_REVEALED, "card": COMPONENTS.card_names[s.deck[-1]]})


def matches_open(s: JavaState, kind: int) -> int:
    """Symbols of card ``kind`` shown on the open card (0: the card may not be bid)."""
    if s.open_card < 0:
        return 0
    return len(COMPONENTS.card_symbols[kind] & COMPONENTS.card_symbols[s.open_card])


def resolve_festival(emit: Emitter, rng: random.Random | None) -> None:
    """Most matching symbols wins half the palace value; ties share by the rule-card table."""
    s = emit.sim
    f = s.festival
    assert f is not None
    counts = [sum(matches_open(s, k) for k in bid) for bid in f.bids]
    eligible = [i for i, p in enumerate(f.bidders) if not s.forfeited[p]]
    best = max((counts[i] for i in eligible), default=0)
    winners = [f.bidders[i] for i in eligible if counts[i] == best and best > 0]
    value = s.palace[f.cell]
    points = [0] * s.n
    for p in winners:
        points[p] = value // 2 if len(winners) == 1 else COMPONENTS.festival_share[value]
    emit(
        {
            "type": ev.FESTIVAL_RESOLVED,
            "seat": f.organiser,
            "cell": pair_of(f.cell),
            "value": value,
            "bidders": f.bidders[:],
            "symbols": counts,
            "winners": winners,
            "points": points,
        }
    )
    if rng is not None:
        keep_cards_flowing(emit, rng)
    finish_turn(emit, f.organiser, rng)


def outcome(s: JavaState) -> Outcome | None:
    """Most points wins; equal scores share the rank ("Vítězem je hráč, který má nejvíce
    bodů"). A player who left ranks below all others."""
    if not s.over:
        return None
    keys = [(0 if s.forfeited[p] else 1, s.scores[p]) for p in range(s.n)]
    return Outcome(
        ranks=rank_by(keys),
        scores=[float(x) for x in s.scores],
        tiebreak=None,
        details={"forfeited": [p for p in range(s.n) if s.forfeited[p]]},
    )
