"""What each seat may see and know: ``view``, ``admin_view`` and ``redact`` are the only doors
out; ``determinize`` is the bots' fair view of what a seat cannot see."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from games.samurai import events as ev
from games.samurai.capture import influence, screened_captures
from games.samurai.data import KINDS, all_hexes, board, sources, tile_types
from games.samurai.rules import active_seats, outcome
from games.samurai.state import OVER, State, clone, state_to_json


@cache
def map_view(n: int) -> list[dict[str, Any]]:
    """The static map of ``n`` players. Besides each space's place and terrain, the board's
    neighbourhoods, so a client can show what a placement touches without rules of its own:
    ``near`` lists the settlements a tile on this space influences, ``surround`` the land spaces
    that must all hold a tile before the figures on this settlement are taken."""
    hexes = all_hexes()
    b = board(n)
    return [
        {
            "id": i,
            "q": hexes[i]["q"],
            "r": hexes[i]["r"],
            "terrain": hexes[i]["terrain"],
            "settlement": hexes[i].get("settlement"),
            "part": hexes[i]["part"],
            "near": list(b.near_settlements.get(i, ())),
            "surround": list(b.surround.get(i, ())),
        }
        for i in b.hex_ids
    ]


@cache
def tile_catalogue() -> dict[str, dict[str, Any]]:
    """What each tile name means (public, the same for every player): its strength, the kinds
    of figures it influences, whether it bears the kanji, whether it goes on sea."""
    return {
        name: {
            "strength": t.strength,
            "affects": [KINDS[k] for k in t.affects],
            "kanji": t.kanji,
            "sea": t.sea,
        }
        for name, t in sorted(tile_types().items())
    }


def _figures(s: State) -> list[dict[str, Any]]:
    """The figures on the map, each kind with every seat's summed influence on it now (from
    the tiles in plain sight, so the same for every viewer)."""
    out = []
    for h, kinds in sorted(s.figures.items()):
        out.append(
            {
                "hex": h,
                "kinds": [KINDS[k] for k in kinds],
                "influence": {KINDS[k]: influence(s, h, k) for k in kinds},
            }
        )
    return out


def _kinds_shown(s: State, owner: int, viewer: int | None) -> bool:
    # Behind the screen only the number of won figures shows; screens are lifted at the end
    # ("Po konci hry všichni hráči odkryjí své zástěny").
    return viewer == owner or s.phase == OVER or not screened_captures(s)


def _taken(s: State, viewer: int | None) -> list[dict[str, Any]]:
    """The figures taken from each settlement, in order, and by whom (``seat`` None: beside the
    board). A screened capture's kind is the winner's secret until the end, as in the log."""
    return [
        {
            "hex": h,
            "kind": KINDS[k] if seat < 0 or _kinds_shown(s, seat, viewer) else None,
            "seat": seat if seat >= 0 else None,
        }
        for h, taken in sorted(s.taken.items())
        for k, seat in taken
    ]


def _captured(s: State, owner: int, viewer: int | None) -> dict[str, Any]:
    total = sum(s.captured[owner])
    if _kinds_shown(s, owner, viewer):
        return {"count": total, "kinds": {KINDS[k]: s.captured[owner][k] for k in range(3)}}
    return {"count": total, "kinds": None}


def view(s: State, seat: int | None) -> dict[str, Any]:
    players = []
    for p in range(s.n):
        info: dict[str, Any] = {
            "seat": p,
            "hand_count": len(s.hands[p]),
            "supply_count": len(s.supplies[p]),
            "captured": _captured(s, p, seat),
            "forfeited": s.forfeited[p],
            # The spaces of the seat's latest turn (tiles placed, figures swapped): in plain sight.
            "last_turn": list(s.recent[p]),
        }
        if p == seat:
            info["hand"] = list(s.hands[p])
            info["supply"] = list(s.supplies[p])  # the player knows which tiles are in it
        players.append(info)
    result = outcome(s)
    return {
        "phase": s.phase,
        "turn": s.turn,
        "current": s.current,
        "active_seats": sorted(active_seats(s)),
        "options": dict(s.options),
        "map": map_view(s.n),
        "tiles": [{"hex": h, "seat": o, "tile": t} for h, (o, t) in sorted(s.tiles.items())],
        "figures": _figures(s),
        "taken": _taken(s, seat),
        "tile_types": tile_catalogue(),
        "figures_to_place": {KINDS[k]: s.to_place[k] for k in range(3)},
        "beside_board": {KINDS[k]: s.beside[k] for k in range(3)},
        "players": players,
        "this_turn": {
            "tiles_placed": s.placed,
            "plain_tile_used": s.plain_used,
            "tile_to_place_again": s.pending,
        },
        "end_triggered": s.end_triggered,
        "outcome": dict(result) if result is not None else None,
        "you": seat,
    }


def admin_view(s: State) -> dict[str, Any]:
    return {"state": state_to_json(s), "sources": list(sources())}


def redact(event: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    t = event["type"]
    owner = event.get("seat")
    if owner == seat:
        return event
    if t == ev.TILE_CHOSEN:
        return {"type": t, "seat": owner}
    if t == ev.TILES_DRAWN:
        return {"type": t, "seat": owner, "count": event["count"]}
    if t == ev.FIGURE_CAPTURED and event.get("screened"):
        # The figure leaves the map in plain sight, but which kind went behind whose screen
        # is not kept in the log for the others (the table has no such memory aid).
        return {**event, "kind": "?"}
    return event


def determinize(s: State, seat: int, rng: random.Random) -> State:
    """Re-deal every other seat's unseen tiles (hand + supply) keeping the counts; the seat's
    own hand and supply are known to it."""
    out = clone(s)
    for other in range(s.n):
        if other == seat:
            continue
        # Sorted first: shuffling the true hand-then-supply order would make the re-deal (for
        # one seed) depend on which tiles are in the hand, which the seat cannot know.
        pool = sorted(out.hands[other] + out.supplies[other])
        rng.shuffle(pool)
        k = len(out.hands[other])
        out.hands[other] = sorted(pool[:k])
        out.supplies[other] = sorted(pool[k:])
    return out
