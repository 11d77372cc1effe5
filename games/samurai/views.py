"""What each seat may see: ``view``, ``admin_view`` and ``redact`` are the only doors out."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.samurai import events as ev
from games.samurai.capture import screened_captures
from games.samurai.data import KINDS, all_hexes, board, sources
from games.samurai.rules import active_seats
from games.samurai.scoring import outcome
from games.samurai.state import OVER, State, to_json


@cache
def map_view(n: int) -> list[dict[str, Any]]:
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
        }
        for i in b.hex_ids
    ]


def _captured(s: State, owner: int, viewer: int | None) -> dict[str, Any]:
    total = sum(s.captured[owner])
    # Behind the screen only the number of won figures shows; screens are lifted at the end
    # ("Po konci hry všichni hráči odkryjí své zástěny").
    if viewer == owner or s.phase == OVER or not screened_captures(s):
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
        "figures": [
            {"hex": h, "kinds": [KINDS[k] for k in kinds]} for h, kinds in sorted(s.figures.items())
        ],
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
    return {"state": to_json(s), "sources": list(sources())}


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


BARRIERS = {
    ev.GAME_STARTED,
    ev.TILE_CHOSEN,
    ev.TILES_DRAWN,
    ev.FIGURE_PLACED,
    ev.FIGURE_CAPTURED,
    ev.FIGURE_SET_ASIDE,
    ev.TURN_ENDED,
    ev.TURN_SKIPPED,
    ev.SEAT_FORFEITED,
    ev.GAME_ENDED,
}


def is_undo_barrier(event: dict[str, Any]) -> bool:
    """Tiles placed, exchanged or swapped in the running turn may be taken back; a starting
    choice is final (the last one starts the setup of figures), as are draws, captures and turn
    ends."""
    return event["type"] in BARRIERS
