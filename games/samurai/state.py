"""The state of one match: compact lists and dicts, a fast clone and a JSON round trip."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.samurai.data import Board, board

CHOOSE = "choose_tiles"  # every player secretly picks 5 of 20 tiles (simultaneous)
FIGURES = "place_figures"  # players in turn set the figures on cities, then villages
PLAY = "play"
OVER = "over"


@dataclass(slots=True)
class State:
    n: int
    options: dict[str, Any]
    phase: str
    current: int  # the seat on turn (figure placement and play)
    tiles: dict[int, tuple[int, str]]  # space -> (owner seat, tile name)
    figures: dict[int, list[int]]  # settlement -> kind indices standing there (sorted)
    to_place: list[int]  # figures per kind still to be set on the map during setup
    hands: list[list[str]]  # behind each screen, sorted
    supplies: list[list[str]]  # each face-down supply as a sorted multiset (order is drawn later)
    captured: list[list[int]]  # per seat, figures won per kind
    beside: list[int]  # per kind, figures set beside the board (tie for most influence)
    forfeited: list[bool]
    placed: int  # tiles played in the current turn
    plain_used: bool  # the one tile without kanji of this turn is spent
    pending: str | None  # tile taken back by the tile exchange, to be placed again at once
    end_triggered: bool
    end_reason: str | None
    turn: int
    rules_version: int  # the engine's rules version when the match began (GameStarted)
    # What the map shows of the past, for the board (public: it happened in plain sight):
    # per seat, the spaces its latest turn put a tile on or swapped a figure at ...
    recent: list[tuple[int, ...]]
    # ... and per settlement, the figures taken from it in order: (kind, seat; -1 beside the board).
    taken: dict[int, tuple[tuple[int, int], ...]]

    @property
    def board(self) -> Board:
        return board(self.n)


def clone(s: State) -> State:
    return State(
        n=s.n,
        options=s.options,  # never mutated after setup
        phase=s.phase,
        current=s.current,
        tiles=dict(s.tiles),
        figures={k: list(v) for k, v in s.figures.items()},
        to_place=list(s.to_place),
        hands=[list(h) for h in s.hands],
        supplies=[list(h) for h in s.supplies],
        captured=[list(c) for c in s.captured],
        beside=list(s.beside),
        forfeited=list(s.forfeited),
        placed=s.placed,
        plain_used=s.plain_used,
        pending=s.pending,
        end_triggered=s.end_triggered,
        end_reason=s.end_reason,
        turn=s.turn,
        rules_version=s.rules_version,
        recent=list(s.recent),  # tuples: replaced, never changed in place
        taken=dict(s.taken),
    )


def state_to_json(s: State) -> dict[str, Any]:
    return {
        "n": s.n,
        "options": dict(s.options),
        "phase": s.phase,
        "current": s.current,
        "tiles": [[h, o, t] for h, (o, t) in sorted(s.tiles.items())],
        "figures": [[h, list(k)] for h, k in sorted(s.figures.items())],
        "to_place": list(s.to_place),
        "hands": [list(h) for h in s.hands],
        "supplies": [list(h) for h in s.supplies],
        "captured": [list(c) for c in s.captured],
        "beside": list(s.beside),
        "forfeited": list(s.forfeited),
        "placed": s.placed,
        "plain_used": s.plain_used,
        "pending": s.pending,
        "end_triggered": s.end_triggered,
        "end_reason": s.end_reason,
        "turn": s.turn,
        "rules_version": s.rules_version,
        "recent": [list(r) for r in s.recent],
        "taken": [[h, [list(x) for x in t]] for h, t in sorted(s.taken.items())],
    }


def state_from_json(d: dict[str, Any]) -> State:
    return State(
        n=d["n"],
        options=dict(d["options"]),
        phase=d["phase"],
        current=d["current"],
        tiles={h: (o, t) for h, o, t in d["tiles"]},
        figures={h: list(k) for h, k in d["figures"]},
        to_place=list(d["to_place"]),
        hands=[list(h) for h in d["hands"]],
        supplies=[list(h) for h in d["supplies"]],
        captured=[list(c) for c in d["captured"]],
        beside=list(d["beside"]),
        forfeited=list(d["forfeited"]),
        placed=d["placed"],
        plain_used=d["plain_used"],
        pending=d["pending"],
        end_triggered=d["end_triggered"],
        end_reason=d["end_reason"],
        turn=d["turn"],
        rules_version=d.get("rules_version", 1),  # snapshots taken before version 2 lack it
        # Snapshots taken before the board's history was kept start it empty.
        recent=[tuple(r) for r in d.get("recent", [[] for _ in range(d["n"])])],
        taken={h: tuple((k, o) for k, o in t) for h, t in d.get("taken", [])},
    )
