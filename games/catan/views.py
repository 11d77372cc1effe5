"""What a seat may see and know: ``view`` (a seat, a spectator), ``admin_view``, ``redact`` (an
event as a seat sees it) and ``determinize`` (the bots' fair re-deal of what a seat cannot see)."""

from __future__ import annotations

import random
from typing import Any

from games.catan.data import DEV_CARDS, RESOURCES
from games.catan.data_board import EDGE_NODES, HARBOUR_SLOT_NODES, HEX_COORDS, HEX_NODES
from games.catan.events_awards import public_points, total_points
from games.catan.legal import active_seats, harbour_ratios
from games.catan.state import WAR_TAKE, State, clone_state, state_to_json

Event = dict[str, Any]
_DEV = frozenset(DEV_CARDS)


def shown_in_war(s: State, p: int, viewer: int | None) -> bool:
    """Rule 6.e: the failed attacker shows the hand to the defender, who picks two cards (the
    one time the variant's text makes a player show the hand)."""
    return (
        s.phase == WAR_TAKE
        and s.war is not None
        and s.war["attacker"] == p
        and viewer == s.war["defender"]
    )


def _counts(names: tuple[str, ...], values: list[int]) -> dict[str, int]:
    return {name: values[i] for i, name in enumerate(names)}


def _player(s: State, p: int, viewer: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seat": p,
        "resource_count": sum(s.res[p]),
        "development_count": sum(s.dev[p]),
        "knights": s.knights[p],
        "laid_point_cards": s.laid_vp[p],
        "settlements": s.settlements[p],
        "cities": s.cities[p],
        "roads": s.roads[p],
        "longest_road": s.road_len[p],
        "points": public_points(s, p),
        "forfeited": s.forfeited[p],
        "discard_left": s.discard_left[p],
    }
    own = viewer == p
    if own or shown_in_war(s, p, viewer):
        out["resources"] = _counts(RESOURCES, s.res[p])
        out["development_cards"] = _counts(DEV_CARDS, s.dev[p])
    if own:
        out["new_development_cards"] = _counts(DEV_CARDS, s.dev_new[p])
        out["points_with_hidden"] = total_points(s, p)
        # the maritime ratio per resource (4, 3 or 2): what the board's bank trade asks for
        out["trade_ratios"] = _counts(RESOURCES, harbour_ratios(s, p))
        draft = s.drafts[p]
        if draft is not None:
            out["draft"] = {"give": draft[0][:], "get": draft[1][:]}
    counter = s.counters[p]
    if counter is not None:
        out["counter_offer"] = {"give": counter[0][:], "get": counter[1][:]}
    return out


def view(s: State, seat: int | None) -> dict[str, Any]:
    war: dict[str, Any] | None = None
    if s.war is not None:
        war = {k: v for k, v in s.war.items() if k != "picked"}
        war["picked_count"] = len(s.war["picked"])
        if seat == s.war["defender"]:
            war["picked"] = list(s.war["picked"])
    return {
        "board": {
            "hexes": [
                {
                    "id": h,
                    "q": q,
                    "r": r,
                    "resource": _res_name(s.hex_res[h]),
                    "number": s.hex_num[h],
                    "nodes": list(HEX_NODES[h]),
                }
                for h, (q, r) in enumerate(HEX_COORDS)
            ],
            "harbours": [
                {"nodes": list(nodes), "kind": _harbour_name(s.harbours[i])}
                for i, nodes in enumerate(HARBOUR_SLOT_NODES)
            ],
            "edges": [list(e) for e in EDGE_NODES],
            "robber": s.robber,
            "buildings": [
                {"node": n, "seat": s.node_owner[n], "city": s.node_level[n] == 2}
                for n in range(len(s.node_owner))
                if s.node_owner[n] != -1
            ],
            "roads": [
                {"edge": e, "seat": s.edge_owner[e]}
                for e in range(len(s.edge_owner))
                if s.edge_owner[e] != -1
            ],
        },
        "players": [_player(s, p, seat) for p in range(s.n)],
        "bank": _counts(RESOURCES, s.bank),
        "deck_count": len(s.deck),
        "longest_road_holder": None if s.lr_holder < 0 else s.lr_holder,
        "largest_army_holder": None if s.la_holder < 0 else s.la_holder,
        "current": s.current,
        "turn": s.turn,
        "phase": s.phase,
        "active_seats": sorted(active_seats(s)),
        "rolled": s.rolled,
        "last_roll": None if s.dice is None else s.dice[:],  # the two dice of the last roll
        "offer": None
        if s.offer is None
        else {
            "id": s.offer["id"],
            "give": s.offer["give"][:],
            "get": s.offer["get"][:],
            "answers": s.offer["answers"][:],
        },
        # opened drafts are private until sent: only the player on turn sees the count
        "offers_made": s.offers_made if seat == s.current else None,
        "war": war,
        "target": s.target,
        "variant": s.variant,
        "options": dict(s.options),
        "winner": None if s.winner < 0 else s.winner,
        "final_points": s.final_points,
    }


def admin_view(s: State) -> dict[str, Any]:
    return {"state": state_to_json(s), "public": view(s, None)}


def _res_name(r: int) -> str:
    return "desert" if r < 0 else RESOURCES[r]


def _harbour_name(kind: int) -> str:
    return "3:1" if kind >= 5 else f"2:1 {RESOURCES[kind]}"


def redact(event: Event, seat: int | None) -> Event | None:
    """Hide what ``seat`` could not see at the table: the deck order, a bought card, a stolen
    card, a discarded development card, private drafts and the defender's picks in war."""
    etype = event["type"]
    if etype == "GameCreated":
        shown = dict(event)
        shown["deck"] = len(event["deck"])
        return shown
    if etype == "DevelopmentCardBought":
        return event if seat == event["seat"] else {**event, "card": None}
    if etype in ("CardStolen", "WarCardTaken"):
        if seat in (event["seat"], event["victim"]):
            return event
        return {**event, "card": None}
    if etype == "WarSpoilsTaken":
        if seat in (event["seat"], event["victim"]):
            return event
        return {**event, "cards": len(event["cards"])}
    if etype == "CardDiscarded":
        if seat == event["seat"] or event["card"] not in _DEV:
            return event
        return {**event, "card": "development"}
    if etype in ("WarCardChosen", "DraftStarted", "DraftExtended", "DraftCancelled"):
        return event if seat == event["seat"] else None
    return event


def determinize(s: State, seat: int, rng: random.Random) -> State:
    """Re-deal what ``seat`` cannot see: the other hands (sizes kept), the deck order, the
    drafts and war picks of others."""
    d = clone_state(s)
    # A hand shown in war is known: it stays as it is (only which of its development cards
    # were bought this turn is re-dealt below).
    others = [p for p in range(d.n) if p != seat and not shown_in_war(s, p, seat)]
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
    for p in range(d.n):
        if p != seat and p not in others:
            kept = sorted(k for k in range(5) for _ in range(d.dev[p][k]))
            rng.shuffle(kept)
            new = [0] * 5
            for k in kept[: sum(d.dev_new[p])]:
                new[k] += 1
            d.dev_new[p] = new
    for p in others:
        d.drafts[p] = None
    if d.war is not None and d.war["defender"] != seat:
        d.war["picked"] = []
    return d
