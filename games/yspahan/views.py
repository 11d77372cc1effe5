"""What each seat may see and know. Hidden: every hand (others see its size) and the deck order.
``determinize`` is the bots' fair view of what a seat cannot see."""

from __future__ import annotations

import random
from typing import Any

from games.base import Event
from games.yspahan import data as D
from games.yspahan.legal import (
    caravan_per_section,
    has_building,
    move_cost,
    row_dice,
    usable_rows,
)
from games.yspahan.rules import active_seats
from games.yspahan.scoring import caravan_points
from games.yspahan.state import ACTION, State, state_to_json


def _hand(counts: list[int]) -> dict[str, int]:
    return {D.CARD_IDS[c]: k for c, k in enumerate(counts) if k}


def _path(s: State) -> list[dict[str, Any]]:
    """The streets as a board draws them: each cell, the shops next to it (inspected when the
    supervisor stops there) and its walk in steps from the supervisor."""
    return [
        {"cell": c, "shops": list(D.CELL_SHOPS[c]), "steps": D.DISTANCE[s.supervisor][c]}
        for c in D.CELLS
    ]


def _yours(s: State, seat: int | None) -> dict[str, Any] | None:
    """What the rules make of the dice for ``seat``: the dice each row counts for it (the first
    player also counts yellow ones) and, while it picks its action, the gold each supervisor stop
    would cost per usable row (building 3 makes up to 3 steps of adjustment free)."""
    if seat is None or not 0 <= seat < s.n:
        return None
    costs: dict[str, dict[str, int]] = {}
    if s.phase == ACTION and s.bonus == 0 and seat in active_seats(s):
        for r in usable_rows(s, seat):
            costs[str(r)] = {str(c): move_cost(s, seat, r, c) for c in D.CELLS if c != s.supervisor}
    return {
        "dice": [row_dice(s, seat, r) for r in range(D.N_ROWS)],
        "free_steps": 3 if has_building(s, seat, D.B_MOVE) else 0,
        "move_costs": costs,
    }


def view(s: State, seat: int | None) -> dict[str, Any]:
    per = caravan_per_section(s)
    return {
        "n_players": s.n,
        "options": dict(s.options),
        "epoch": s.epoch,
        "day": s.day,
        "round": (s.epoch - 1) * D.DAYS_PER_EPOCH + s.day,
        "first": s.first,
        "order": s.order[:],
        "turn": s.turn,
        "phase": s.phase,
        "active": sorted(active_seats(s)),
        "players": [
            {
                "seat": p,
                "vp": s.vp[p],
                "gold": s.money[p],
                "camels": s.camels[p],
                "cards": sum(s.hands[p]),
                "buildings": [
                    D.BUILDING_IDS[b] for b in range(D.N_BUILDINGS) if s.buildings[p] >> b & 1
                ],
                "out": s.out[p],
            }
            for p in range(s.n)
        ],
        "hand": _hand(s.hands[seat]) if seat is not None else None,
        "deck_size": len(s.deck),
        "discard": [D.CARD_IDS[c] for c in s.discard],
        "shops": [
            {
                "shop": i,
                "name": D.SHOP_NAMES[i],
                "souk": D.SOUK_IDS[D.SHOP_SOUK[i]],
                "owner": s.owner[i],
            }
            for i in range(D.N_SHOPS)
        ],
        "souks": [
            {
                "souk": D.SOUK_IDS[k],
                "quarter": D.QUARTERS[D.SOUK_QUARTER[k]],
                "points": D.SOUK_POINTS[k],
                "shops": list(D.SOUK_SHOPS[k]),
            }
            for k in range(D.N_SOUKS)
        ],
        "supervisor": s.supervisor,
        "path": _path(s),
        "yours": _yours(s, seat),
        "caravan": {
            "cubes": s.caravan[:],
            "per_section": per,
            "capacity": per * D.CARAVAN_SECTIONS,
            "would_score": caravan_points(s),
        },
        "tower": [
            {
                "row": r,
                "name": D.ROW_NAMES[r],
                "value": s.tower_value[r],
                "white": s.tower_white[r],
                "yellow": 0 if s.yellow_gone else s.tower_yellow[r],
                "used": s.used[r],
            }
            for r in range(D.N_ROWS)
        ],
        "bonus": s.bonus,
        "to_place": s.to_place,
        "inspect": s.inspect[:],
        "inspecting": s.inspecting,
        "built_this_turn": s.built,
    }


def admin_view(s: State) -> dict[str, Any]:
    out = state_to_json(s)
    out["hands_by_name"] = [_hand(h) for h in s.hands]
    out["deck_by_name"] = [D.CARD_IDS[c] for c in s.deck]
    return out


def redact(event: Event, seat: int | None) -> Event:
    kind = event["type"]
    if kind == "CardDrawn" and event["seat"] != seat and event["card"] is not None:
        shown = dict(event)
        del shown["card"]
        return shown
    if kind == "DeckShuffled":
        # Nobody may know the order of the deck.
        return {"type": kind, "count": event["count"]}
    return event


def determinize(s: State, seat: int, rng: random.Random) -> State:
    """Re-deal the deck and the other hands: ``seat`` knows its own hand, the played cards and
    how many cards everybody holds, nothing else."""
    c = s.clone()
    pool = list(c.deck)
    for p in range(c.n):
        if p != seat:
            for card, k in enumerate(c.hands[p]):
                pool.extend([card] * k)
    pool.sort()  # the same information set gives the same re-deal, whatever the true cards
    rng.shuffle(pool)
    for p in range(c.n):
        if p != seat:
            size = sum(c.hands[p])
            hand = [0] * D.N_CARD_TYPES
            for card in pool[:size]:
                hand[card] += 1
            del pool[:size]
            c.hands[p] = hand
    c.deck = pool
    return c
