"""What each seat may see: views of the state, redacted events, and ``determinize`` (the bots'
fair re-deal of what a seat cannot know)."""

from __future__ import annotations

import random
from typing import Any

from games.base import Event
from games.java import events as ev
from games.java.data import BOARD, COMPONENTS
from games.java.events import pair_of
from games.java.geometry import N_BOARD, reach_of
from games.java.state import PALACE_VALUES, TOP_NAMES, JavaState, clone, state_to_json
from games.java.turn import active_seats

NAMES = COMPONENTS.card_names
EDGE_NAMES = {0: None, 1: "lowland", 2: "mountain"}


def _hand(counts: list[int]) -> dict[str, int]:
    return {NAMES[k]: n for k, n in enumerate(counts) if n}


def _cells(s: JavaState) -> list[dict[str, Any]]:
    out = []
    for c, (q, r) in enumerate(BOARD.coords):
        cell: dict[str, Any] = {
            "q": q,
            "r": r,
            "inside": c < N_BOARD,
            "edge": EDGE_NAMES[BOARD.edge_cost[c]],
            "height": s.height[c],
            "top": TOP_NAMES[s.top[c]],
            "tile": s.tile[c],
            "figure": s.figure[c] if s.figure[c] >= 0 else None,
        }
        if s.palace[c]:
            cell["palace"] = {"value": s.palace[c], "festive": s.festive[c]}
        out.append(cell)
    return out


def _walks(s: JavaState, seat: int | None) -> dict[str, Any] | None:
    """What the seat to act pays to walk, so that a board shows a move's cost without rules of
    its own: ``area`` per cell (-1: no figure of this seat may stand or pass there), and per
    start the cost of reaching each area (null: not with the points left); ``exit`` is the
    cheapest way off the island. Only for the seat whose turn it is (the board is public)."""
    if seat is None or s.over or s.festival is not None or seat not in active_seats(s):
        return None
    reach = reach_of(s, seat)
    n_areas = len(reach.cells)

    def costs(dist: dict[int, int]) -> list[int | None]:
        return [dist.get(a) for a in range(n_areas)]

    figures = []
    for c, who in enumerate(s.figure):
        if who == seat:
            way = reach.from_cell(c, s.ap)
            figures.append(
                {"cell": pair_of(c), "costs": costs(way.dist), "exit": reach.exit_cost(way, s.ap)}
            )
    return {
        "area": [a if a >= 0 else -1 for a in reach.area],
        "enter": costs(reach.from_edge(s.ap).dist),
        "figures": figures,
    }


def view(s: JavaState, seat: int | None) -> dict[str, Any]:
    players = []
    for p in range(s.n):
        sup = s.supply[p]
        info: dict[str, Any] = {
            "seat": p,
            "score": s.scores[p],
            "figures_in_supply": sup[0],
            "figures_on_board": sum(1 for f in s.figure if f == p),
            "tokens": sup[1],
            "two_tiles": sup[2],
            "rice_tiles": sup[3],
            "village_tiles": sup[4],
            "cards": sum(s.hands[p]),
            "known_cards": _hand(s.known[p]),
            "final_scored": s.final_done[p],
            "forfeited": s.forfeited[p],
        }
        if p == seat:
            info["hand"] = _hand(s.hands[p])
        players.append(info)
    f = s.festival
    festival = None
    if f is not None:
        festival = {
            "cell": pair_of(f.cell),
            "organiser": f.organiser,
            "bidders": f.bidders,
            "passed": f.passed,
            "bids": {str(p): [NAMES[k] for k in b] for p, b in zip(f.bidders, f.bids, strict=True)},
            "current": f.bidders[f.current],
            "laid_now": f.laid_now,
        }
    return {
        "players": players,
        "cells": _cells(s),
        "turn": s.turn,
        "phase": "over" if s.over else "festival" if f is not None else "turn",
        "action_points": s.ap,
        "token_used": s.token_used,
        "land_laid": s.land_laid,
        "cards_taken": s.cards_taken,
        "palaces_changed": [pair_of(c) for c in s.changed],
        "open_card": NAMES[s.open_card] if s.open_card >= 0 else None,
        "deck": len(s.deck),
        "discard": [NAMES[k] for k in s.discard],
        "three_tiles_left": s.three_left,
        "water_tiles_left": s.water_left,
        "palaces_left": {str(v): s.palaces_left[i] for i, v in enumerate(PALACE_VALUES)},
        "festival": festival,
        "final_round": s.trigger >= 0,
        "triggered_by": s.trigger if s.trigger >= 0 else None,
        "options": dict(s.options),
        "card_symbols": {n: sorted(COMPONENTS.card_symbols[k]) for k, n in enumerate(NAMES)},
        "over": s.over,
        "walks": _walks(s, seat),
    }


def admin_view(s: JavaState) -> dict[str, Any]:
    out = view(s, None)
    out["hands"] = [_hand(h) for h in s.hands]
    out["deck_order"] = [NAMES[k] for k in s.deck]
    out["state"] = state_to_json(s)
    return out


def redact(event: Event, seat: int | None) -> Event | None:
    kind = event["type"]
    if kind == ev.GAME_SET_UP:
        shown = dict(event)
        shown["hands"] = [h if p == seat else [] for p, h in enumerate(event["hands"])]
        shown["hand_sizes"] = [len(h) for h in event["hands"]]
        shown["deck"] = []
        shown["deck_size"] = len(event["deck"])
        return shown
    if kind == ev.CARD_TAKEN and event["source"] == "deck" and event["seat"] != seat:
        return {k: v for k, v in event.items() if k != "card"}
    if kind == ev.DECK_RESHUFFLED:
        return {"type": kind, "count": event["count"]}
    return event


def determinize(s: JavaState, seat: int, rng: random.Random) -> JavaState:
    """Re-deal what ``seat`` cannot know: the deck order and the others' hidden cards (cards a
    player took face up stay known in that hand until bid)."""
    out = clone(s)
    pool = list(out.deck)
    for p in range(out.n):
        if p == seat:
            continue
        for k, count in enumerate(out.hands[p]):
            pool.extend([k] * (count - out.known[p][k]))
    # Sorted first: the shuffle of a list in the true deck's order would make the re-deal (for
    # one seed) depend on that order, which the seat cannot know.
    pool.sort()
    rng.shuffle(pool)
    for p in range(out.n):
        if p == seat:
            continue
        hidden = sum(out.hands[p]) - sum(out.known[p])
        hand = out.known[p][:]
        for _ in range(hidden):
            hand[pool.pop()] += 1
        out.hands[p] = hand
    out.deck = pool
    return out
