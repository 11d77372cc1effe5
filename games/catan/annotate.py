"""What the match log needs to know beside an event's own fields, recorded in the event when
``execute`` makes it: the terrain and number of the hexes a piece or the robber stands by, the
harbour at a corner, a change of holder of Longest Road or Largest Army, and whose turn comes
next when a turn ends.

A log line is written from one event alone (``narrate(event, reader)``: no state), and the map is
drawn at random for every match, so "the pasture 9" can only come from the event. These fields
are public (the map, the harbours and the special cards are on the table) and the fold ignores
them: replay and the state are unchanged, and an event stored before them is narrated with the
place's position on the island instead (``words.py``).

The award changes repeat what the fold computes (``events_awards``) on the state before the event,
with the same functions, so the log says "takes Longest Road" exactly when the fold moves it.
"""

from __future__ import annotations

from typing import Any

from games.catan.data import RESOURCES
from games.catan.data_board import EDGE_NODES, NODE_HEXES
from games.catan.events import next_seat
from games.catan.events_awards import (
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    award_holder,
    longest_road_of,
    road_owners_at,
)
from games.catan.state import State

Event = dict[str, Any]

# Edge -> the land hexes on either side of it (one on the coast), in hex order.
EDGE_HEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(h for h in NODE_HEXES[a] if h in NODE_HEXES[b]) for a, b in EDGE_NODES
)


def terrain(s: State, h: int) -> list[Any]:
    """``[resource or "desert", number]`` of hex ``h`` (number 0 on the desert)."""
    r = s.hex_res[h]
    return ["desert" if r < 0 else RESOURCES[r], s.hex_num[h]]


def harbour_kind(kind: int) -> str:
    """A harbour as the view names it: "3:1" or "2:1 wool"."""
    return "3:1" if kind >= len(RESOURCES) else f"2:1 {RESOURCES[kind]}"


def at_node(s: State, event: Event, node: int) -> Event:
    """``event`` with the hexes around ``node`` (in ``NODE_HEXES`` order) and its harbour."""
    event["land"] = [terrain(s, h) for h in NODE_HEXES[node]]
    port = s.node_port[node]
    if port != -1:
        event["harbour"] = harbour_kind(port)
    return event


def at_edge(s: State, event: Event, edge: int) -> Event:
    """``event`` with the hexes on either side of ``edge`` (in ``EDGE_HEXES`` order)."""
    event["land"] = [terrain(s, h) for h in EDGE_HEXES[edge]]
    return event


def at_hex(s: State, event: Event, h: int) -> Event:
    """``event`` with hex ``h``'s terrain, and whether the robber stays there."""
    event["land"] = [terrain(s, h)]
    if h == s.robber:
        event["stays"] = True
    return event


def turn_passed(s: State, event: Event) -> Event:
    """``TurnEnded`` with ``next``, the seat whose turn it becomes, as the fold passes it (turn
    order, skipping those who left). Public: the turn order is on the table."""
    event["next"] = next_seat(s, s.current)
    return event


def _top(s: State, values: list[int]) -> int:
    """The best value among the players still in the game."""
    return max((values[p] for p in range(s.n) if not s.forfeited[p]), default=0)


def _change(before: int, after: int, value: int) -> dict[str, Any]:
    return {
        "from": None if before < 0 else before,
        "to": None if after < 0 else after,
        "value": value,
    }


def road_built(s: State, event: Event, seat: int, edge: int) -> Event:
    """A road on ``edge``: Longest Road as the fold will award it (``refresh_longest_road`` for
    the builder)."""
    owner = s.edge_owner
    owner[edge] = seat  # looked at for the length only, and put back at once
    try:
        length = longest_road_of(s, seat)
    finally:
        owner[edge] = -1
    if length <= s.road_len[seat]:
        return event  # the builder's longest road did not grow: nobody's award changes
    values = s.road_len[:]
    values[seat] = length
    return _longest_road(s, event, values)


def settlement_built(s: State, event: Event, seat: int, node: int) -> Event:
    """A settlement on ``node`` breaks the roads of others through it (standard rules)."""
    broken = road_owners_at(s, node, seat)
    if not broken:
        return event
    s.node_owner[node] = seat  # looked at for the lengths only, and put back at once
    try:
        values = s.road_len[:]
        for p in broken:
            values[p] = longest_road_of(s, p)
    finally:
        s.node_owner[node] = -1
    return _longest_road(s, event, values)


def _longest_road(s: State, event: Event, values: list[int]) -> Event:
    after = award_holder(s, values, s.lr_holder, LONGEST_ROAD_MIN)
    if after != s.lr_holder:
        event["longest_road"] = _change(s.lr_holder, after, _top(s, values))
    return event


def army_changed(
    s: State, events: list[Event], changes: list[tuple[Event, dict[int, int]]]
) -> list[Event]:
    """Largest Army after each event of ``changes`` (event, {seat: knights added}), in order,
    as the fold's ``refresh_largest_army`` will award it."""
    values = s.knights[:]
    holder = s.la_holder
    for event, delta in changes:
        for p, d in delta.items():
            values[p] += d
        after = award_holder(s, values, holder, LARGEST_ARMY_MIN)
        if after != holder:
            event["largest_army"] = _change(holder, after, _top(s, values))
            holder = after
    return events


def seat_left(s: State, event: Event, seat: int) -> Event:
    """A forfeit re-awards the special cards among the players left (``_seat_forfeited``)."""
    s.forfeited[seat] = True  # looked at for the awards only, and put back at once
    try:
        lr = award_holder(s, s.road_len, s.lr_holder, LONGEST_ROAD_MIN)
        la = award_holder(s, s.knights, s.la_holder, LARGEST_ARMY_MIN)
        if lr != s.lr_holder:
            event["longest_road"] = _change(s.lr_holder, lr, _top(s, s.road_len))
        if la != s.la_holder:
            event["largest_army"] = _change(s.la_holder, la, _top(s, s.knights))
    finally:
        s.forfeited[seat] = False
    return event
