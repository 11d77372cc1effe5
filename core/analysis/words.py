"""A move in the players' words: the first thing the engine would narrate of it.

A command has no words of its own; its events do (``engine.narrate``). The move is executed on
the seat's own determinization (never the true hidden state), so its later random events (a
draw) are made up: only the first narrated event, the move itself ("You place the 3 tile…"),
is said, and ringed on the board as the ghost of the move.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any

from core.matches.presenters import event_words
from games.base import Command, Engine

log = logging.getLogger(__name__)

# When the engine says nothing of the move (no narration, or it failed).
_SOME_MOVE = {"en": "another move", "cs": "jiný tah"}


@dataclass(frozen=True)
class MoveWords:
    you: dict[str, str]  # read by the seat that would play it: "You place…"
    other: dict[str, str]  # read by anyone else: "alice places…"
    ghost: dict[str, Any] | None  # the move's first event, redacted for the seat


def move_words(
    engine: Engine,
    state: Any,
    seat: int,
    command: Command | None,
    names: tuple[str, ...],
    rng: random.Random,
) -> MoveWords:
    if command is None:
        return MoveWords(_SOME_MOVE, _SOME_MOVE, None)
    try:
        events = engine.execute(engine.determinize(state, seat, rng), seat, command, rng)
    except Exception:  # an engine's bug must not lose the analysis: plain words instead
        log.exception("executing the preferred move failed for %s", engine.slug)
        events = []
    for event in events:
        shown = engine.redact(event, seat)
        if shown is None:
            continue
        you = event_words(engine, shown, seat, names)
        if you.get("en"):
            other = event_words(engine, shown, None, names)
            return MoveWords(you, other, {"type": shown["type"], "actor": seat, "data": shown})
    return MoveWords(_SOME_MOVE, _SOME_MOVE, None)
