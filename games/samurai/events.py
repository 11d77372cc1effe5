"""Event types (past tense, JSON dicts) and the fold: ``apply(state, event)``, deterministic, no
randomness, no validation. Their lines in the match log are ``narrate.py``'s."""

from __future__ import annotations

from bisect import insort
from typing import Any

from games.samurai.data import HAND_SIZE, KIND_INDEX, KINDS, board, full_tile_set, tile_types
from games.samurai.state import CHOOSE, FIGURES, OVER, PLAY, State

GAME_STARTED = "GameStarted"
TILE_CHOSEN = "TileChosen"  # secret: others see only that the seat chose
TILES_DRAWN = "TilesDrawn"  # secret: others see only how many
FIGURE_PLACED = "FigurePlaced"
TILE_PLACED = "TilePlaced"
TILE_EXCHANGE_PLAYED = "TileExchangePlayed"
FIGURES_SWAPPED = "FiguresSwapped"
FIGURE_CAPTURED = "FigureCaptured"
FIGURE_SET_ASIDE = "FigureSetAside"
TURN_ENDED = "TurnEnded"
TURN_SKIPPED = "TurnSkipped"
SEAT_FORFEITED = "SeatForfeited"
GAME_ENDED = "GameEnded"
EVENT_TYPES = (
    GAME_STARTED,
    TILE_CHOSEN,
    TILES_DRAWN,
    FIGURE_PLACED,
    TILE_PLACED,
    TILE_EXCHANGE_PLAYED,
    FIGURES_SWAPPED,
    FIGURE_CAPTURED,
    FIGURE_SET_ASIDE,
    TURN_ENDED,
    TURN_SKIPPED,
    SEAT_FORFEITED,
    GAME_ENDED,
)


# --- the fold ---------------------------------------------------------------------------------

TILES = tile_types()


def new_state(n: int, options: dict[str, Any], rules_version: int = 1) -> State:
    b = board(n)
    figures: dict[int, list[int]] = {s: [] for s in b.settlements}
    # Clause "Výchozí postavení": first one helmet, one Buddha and one rice field go to Edo.
    figures[b.edo] = [0, 1, 2]
    return State(
        n=n,
        options=dict(options),
        phase=CHOOSE,
        current=0,
        tiles={},
        figures=figures,
        to_place=[b.figures_per_kind - 1] * len(KINDS),
        hands=[[] for _ in range(n)],
        supplies=[list(full_tile_set()) for _ in range(n)],
        captured=[[0] * len(KINDS) for _ in range(n)],
        beside=[0] * len(KINDS),
        forfeited=[False] * n,
        placed=0,
        plain_used=False,
        pending=None,
        end_triggered=False,
        end_reason=None,
        turn=0,
        rules_version=rules_version,
        recent=[() for _ in range(n)],
        taken={},
    )


def next_seat(s: State, after: int) -> int:
    """The next seat clockwise that is still in the game (``after`` itself if it is the last)."""
    for step in range(1, s.n + 1):
        seat = (after + step) % s.n
        if not s.forfeited[seat]:
            return seat
    return after


def first_seat(s: State) -> int:
    # "Nejmladší hráč začíná": seat 0 is the youngest player.
    return next_seat(s, s.n - 1)


def end_condition(s: State) -> bool:
    """Clause "Konec hry": the last figure of a kind has left the board, or a fourth figure stands
    beside it."""
    if sum(s.beside) >= 4:
        return True
    on_board = [0, 0, 0]
    for kinds in s.figures.values():
        for k in kinds:
            on_board[k] += 1
    return min(on_board) == 0


def close_choice(s: State) -> None:
    """Clause "Výchozí postavení": once every player has 5 tiles behind the screen, the figures
    are set out. The last choice itself closes the phase, so no state waits with nobody to act."""
    if s.phase == CHOOSE and all(
        f or len(h) >= HAND_SIZE for h, f in zip(s.hands, s.forfeited, strict=True)
    ):
        s.phase = FIGURES
        s.current = first_seat(s)


def _touched(s: State, seat: int, *spaces: int) -> None:
    """Remembers the spaces of ``seat``'s turn; its first move of a turn forgets the last."""
    first = s.placed == 0 and s.pending is None
    s.recent[seat] = spaces if first else s.recent[seat] + spaces


def apply(s: State | None, e: dict[str, Any]) -> State:
    t = e["type"]
    if t == GAME_STARTED:
        # A match keeps the rules it began with: the opening event names its rules version
        # (matches begun before version 2 carry none: version 1).
        return new_state(e["n_players"], e["options"], e.get("rules_version", 1))
    assert s is not None, "the first event must be GameStarted"
    if t == TILE_PLACED:
        seat, tile = e["seat"], e["tile"]
        _touched(s, seat, e["hex"])
        if s.pending is not None:
            s.pending = None  # the tile taken back by the exchange is down again
        else:
            s.hands[seat].remove(tile)
            s.placed += 1
            if not TILES[tile].kanji:
                s.plain_used = True
        s.tiles[e["hex"]] = (seat, tile)
    elif t in (TILES_DRAWN, TILE_CHOSEN):
        seat = e["seat"]
        drawn = e["tiles"] if t == TILES_DRAWN else [e["tile"]]
        for tile in drawn:
            s.supplies[seat].remove(tile)
            insort(s.hands[seat], tile)
        close_choice(s)
    elif t == FIGURE_PLACED:
        kind = KIND_INDEX[e["kind"]]
        insort(s.figures[e["hex"]], kind)
        s.to_place[kind] -= 1
        if sum(s.to_place) == 0:
            s.phase = PLAY
            s.current = first_seat(s)
            s.turn = 1
        else:
            s.current = next_seat(s, e["seat"])
    elif t == TILE_EXCHANGE_PLAYED:
        seat = e["seat"]
        _touched(s, seat, e["hex"])
        s.hands[seat].remove("tile_exchange")
        s.pending = s.tiles[e["hex"]][1]
        s.tiles[e["hex"]] = (seat, "tile_exchange")
        s.placed += 1
        s.plain_used = True
    elif t == FIGURES_SWAPPED:
        _touched(s, e["seat"], e["first_hex"], e["second_hex"])
        s.hands[e["seat"]].remove("figure_exchange")
        s.placed += 1
        a, b = s.figures[e["first_hex"]], s.figures[e["second_hex"]]
        ka, kb = KIND_INDEX[e["first_kind"]], KIND_INDEX[e["second_kind"]]
        a.remove(ka)
        b.remove(kb)
        insort(a, kb)
        insort(b, ka)
    elif t == FIGURE_CAPTURED:
        kind = KIND_INDEX[e["kind"]]
        s.figures[e["hex"]].remove(kind)
        s.captured[e["seat"]][kind] += 1
        s.taken[e["hex"]] = (*s.taken.get(e["hex"], ()), (kind, e["seat"]))
        s.end_triggered = s.end_triggered or end_condition(s)
    elif t == FIGURE_SET_ASIDE:
        kind = KIND_INDEX[e["kind"]]
        s.figures[e["hex"]].remove(kind)
        s.beside[kind] += 1
        s.taken[e["hex"]] = (*s.taken.get(e["hex"], ()), (kind, -1))
        s.end_triggered = s.end_triggered or end_condition(s)
    elif t == TURN_ENDED:
        s.current = e["next"]
        s.placed = 0
        s.plain_used = False
        s.pending = None
        s.turn += 1
    elif t == TURN_SKIPPED:
        pass
    elif t == SEAT_FORFEITED:
        s.forfeited[e["seat"]] = True
        close_choice(s)
    elif t == GAME_ENDED:
        s.phase = OVER
        s.end_reason = e["reason"]
    else:
        raise ValueError(f"unknown event type {t!r}")
    return s


BARRIERS = {
    GAME_STARTED,
    TILE_CHOSEN,
    TILES_DRAWN,
    FIGURE_PLACED,
    FIGURE_CAPTURED,
    FIGURE_SET_ASIDE,
    TURN_ENDED,
    TURN_SKIPPED,
    SEAT_FORFEITED,
    GAME_ENDED,
}


def is_undo_barrier(event: dict[str, Any]) -> bool:
    """Tiles placed, exchanged or swapped in the running turn may be taken back; a starting
    choice is final (the last one starts the setup of figures), as are draws, captures and turn
    ends."""
    return event["type"] in BARRIERS
