"""A match's stream as the engine played it: the input of ``games.analysis.analyse``."""

from __future__ import annotations

from typing import Any

from core.eventstore import store
from core.matches.platform_events import PLATFORM_EVENTS, undone_seqs
from games.analysis import StreamEvent
from games.base import Engine


def engine_stream(match_id: int) -> list[StreamEvent]:
    """Every engine event of the match in order: the platform's own events (undo, clock,
    hints, staff) and the events an undo took back left out, as ``state.load_state`` folds."""
    rows = store.read(match_id)
    undone = undone_seqs(rows)
    return [
        StreamEvent(seq=e.seq, actor=e.actor, command_id=e.command_id, event=e.as_engine_event())
        for e in rows
        if e.type not in PLATFORM_EVENTS and e.seq not in undone
    ]


def states_before(engine: Engine, stream: list[StreamEvent], seqs: list[int]) -> dict[int, Any]:
    """The state after every event up to each of ``seqs`` (a decision point's ``seq_before``),
    in one fold of the stream."""
    wanted = sorted(set(seqs))
    out: dict[int, Any] = {}
    state: Any = None
    i = 0
    for seq in wanted:
        while i < len(stream) and stream[i].seq <= seq:
            state = engine.apply(state, stream[i].event)
            i += 1
        out[seq] = engine.clone(state)
    return out
