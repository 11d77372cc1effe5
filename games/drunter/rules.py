"""The rules' entry point: ``execute`` (a command to its events), the automatic steps between
decisions (reveal, count, builders, goal commitment, next turn, end) and ``forfeit``. Geometry is
in placement.py, votes in voting.py, scores in scoring.py, the opening in setup.py.

``execute`` works on a clone: it appends each event and folds it at once with ``apply``, so the
follow-up steps read the state exactly as replay will.
"""

from __future__ import annotations

import random

from games.base import GAME_OVER, NOT_YOUR_TURN, Command, Event, IllegalCommand, rank_by
from games.base import check_command_shape as _check_shape
from games.drunter import words as W
from games.drunter.commands import (
    BAD_DIRECTION,
    BAD_LENGTH,
    BAD_SIDE,
    CARD_NOT_IN_HAND,
    COMMAND_SPECS,
    COVERS_TILE,
    DUPLICATE_CARD,
    EMPTY_VOTE,
    GOAL_NOT_HELD,
    NO_SUCH_TILE,
    OFF_BOARD,
    ROUTE_CLOSED,
    SHRUG_NOT_ALONE,
    UNKNOWN_CARD,
    UNKNOWN_ROUTE,
    WRONG_PHASE,
)
from games.drunter.data import BOARD, DIRECTIONS, cards_of, mask_of
from games.drunter.events import DIRECTION_INDEX, ROUTE_INDEX, apply
from games.drunter.legal import active_seats
from games.drunter.placement import (
    N_ROUTES,
    STEP,
    can_place,
    covers_outhouse,
    route_blocked,
    route_dead,
    start_cell,
)
from games.drunter.scoring import final_scores
from games.drunter.state import (
    DECLARE,
    FREE,
    GOALS,
    OVER,
    PLACE,
    SHRUG_BIT,
    VOTE,
    State,
    clone,
    tile_index,
)
from games.drunter.voting import tally, vote_seat


class Emitter:
    """Collects events and folds each into a private working copy."""

    def __init__(self, state: State) -> None:
        self.state = clone(state)
        self.events: list[Event] = []

    def __call__(self, event: Event) -> None:
        self.events.append(event)
        self.state = apply(self.state, event)


# --- execute -------------------------------------------------------------------------------


def execute(s: State, seat: int, command: Command, rng: random.Random | None = None) -> list[Event]:
    """The events of ``command`` (the contract's ``execute``). Nothing here is drawn at random:
    the tiles and cards are dealt in setup, so ``rng`` is accepted for the one signature of every
    engine and never read."""
    if s.phase == OVER:
        raise IllegalCommand(GAME_OVER, "The game is over.", "Hra skončila.")
    if seat not in active_seats(s):
        raise IllegalCommand(NOT_YOUR_TURN, "It is not your turn to act.", "Nejste na tahu.")
    _check_shape(COMMAND_SPECS, command)
    emit = Emitter(s)
    kind = command["type"]
    if kind == "place_tile":
        _place(s, seat, command, emit)
    elif kind == "vote":
        _vote(s, seat, command, emit)
    elif kind == "declare_jein":
        _declare(s, seat, command, emit)
    else:
        _choose_goal(s, seat, command, emit)
    return emit.events


def _place(s: State, seat: int, command: Command, emit: Emitter) -> None:
    if s.phase != PLACE:
        raise IllegalCommand(
            WRONG_PHASE,
            "Tiles are placed only on your turn, not during a vote.",
            "Placky se pokládají jen ve vašem tahu, ne během hlasování.",
        )
    route = ROUTE_INDEX.get(command["route"], -1)
    if route < 0:
        raise IllegalCommand(UNKNOWN_ROUTE, "There is no such route.", "Taková trasa neexistuje.")
    length = command["length"]
    if length not in (1, 2, 3):
        raise IllegalCommand(
            BAD_LENGTH, "Tiles are 1, 2 or 3 cells long.", "Placky jsou dlouhé 1, 2 nebo 3 pole."
        )
    d = DIRECTION_INDEX.get(command["direction"], -1)
    if d < 0:
        raise IllegalCommand(
            BAD_DIRECTION,
            "The direction must be N, E, S or W.",
            "Směr je sever, východ, jih nebo západ.",
        )
    end = s.ends[route]
    if end < 0:
        raise IllegalCommand(
            ROUTE_CLOSED,
            "This route is closed in: its builder has left the board.",
            "Tato trasa je uzavřená: její stavitel opustil desku.",
        )
    kind = BOARD.route_kind[route]
    if not s.hands[seat][tile_index(kind, length)]:
        raise IllegalCommand(
            NO_SUCH_TILE,
            f"You have no {W.KINDS[BOARD.tile_kinds[kind]][0]} {W.TILE_NAMES[length][0]}; "
            "a tile must be of the same kind as the route.",
            f"Nemáte {_TILE_CS_ACC[length]} pro {_KIND_CS_ACC[BOARD.tile_kinds[kind]]}: "
            "placka musí být stejného druhu jako trasa.",
        )
    start = start_cell(s.cells, end, d)
    if start.cell < 0:
        _refuse_geometry(start.error)
    cells = [start.cell]
    for _ in range(length - 1):
        nxt = STEP[cells[-1]][d]
        if nxt < 0:
            _refuse_geometry(OFF_BOARD)
        if s.cells[nxt] != FREE:
            _refuse_geometry(COVERS_TILE)
        cells.append(nxt)
    vote = not s.extended and covers_outhouse(cells)
    voters = [(seat + i) % s.n for i in range(s.n) if not s.forfeited[(seat + i) % s.n]]
    emit(
        {
            "type": "TilePlaced",
            "seat": seat,
            "route": BOARD.route_ids[route],
            "length": length,
            "direction": DIRECTIONS[d],
            "cells": [BOARD.xy(c) for c in cells],
            "vote": vote,
            "voters": voters if vote else [],
        }
    )
    if not vote:
        _finish_turn(emit)


# Czech accusatives for "Nemáte trojkovou placku s tunelem pro řeku".
_TILE_CS_ACC = {
    1: "jednotkovou placku",
    2: "dvojkovou placku",
    3: "trojkovou placku s tunelem",
}
_KIND_CS_ACC = {"street": "ulici", "wall": "hradby", "river": "řeku"}


def _refuse_geometry(error: str) -> None:
    if error == OFF_BOARD:
        raise IllegalCommand(
            OFF_BOARD,
            "A tile must lie fully inside the grid of the board.",
            "Placka musí celá ležet uvnitř mřížky desky.",
        )
    raise IllegalCommand(
        COVERS_TILE,
        "A tile may not cover another tile, not even partly.",
        "Placka nesmí zakrýt jinou placku, ani částečně.",
    )


def _vote(s: State, seat: int, command: Command, emit: Emitter) -> None:
    if s.phase != VOTE:
        raise IllegalCommand(
            WRONG_PHASE,
            "Voting cards are played only in an outhouse vote.",
            "Hlasovací karty se hrají jen při hlasování o kadibudce.",
        )
    cards = command["cards"]
    if not cards:
        raise IllegalCommand(
            EMPTY_VOTE, "Play at least one voting card.", "Zahrajte alespoň jednu hlasovací kartu."
        )
    for c in cards:
        if c not in BOARD.vote_cards:
            raise IllegalCommand(
                UNKNOWN_CARD, "There is no such voting card.", "Taková hlasovací karta neexistuje."
            )
    if len(set(cards)) != len(cards):
        raise IllegalCommand(
            DUPLICATE_CARD,
            "Each voting card can be played only once.",
            "Každou hlasovací kartu lze zahrát jen jednou.",
        )
    mask = mask_of(cards)
    if mask & ~s.votes[seat]:
        raise IllegalCommand(
            CARD_NOT_IN_HAND,
            "You no longer hold that card: played cards leave the game.",
            "Tuto kartu už nemáte: zahrané karty ze hry odcházejí.",
        )
    if mask & SHRUG_BIT and mask != SHRUG_BIT and not s.shrug_with_others:
        # "Komu je to jedno, použije kartu s občanem, jenž ... jen krčí rameny": the shrug is the
        # vote of one who does not care, so it is not played beside a yes or a no.
        raise IllegalCommand(
            SHRUG_NOT_ALONE,
            "The shrugging citizen means I do not care and is played alone.",
            "Krčení rameny znamená „je mi to jedno“ a hraje se samo.",
        )
    ordered = [c for c in BOARD.vote_cards if c in cards]
    emit({"type": "VoteCast", "seat": seat, "cards": ordered})
    _after_vote_step(emit)


def _declare(s: State, seat: int, command: Command, emit: Emitter) -> None:
    if s.phase != DECLARE:
        raise IllegalCommand(
            WRONG_PHASE,
            "A JEIN is declared only after the votes are revealed.",
            "JEIN se ohlašuje až po odkrytí hlasů.",
        )
    side = command["side"]
    if side not in ("yes", "no"):
        raise IllegalCommand(
            BAD_SIDE, "A JEIN counts either as yes or as no.", "JEIN se počítá buď pro, nebo proti."
        )
    emit({"type": "JeinDeclared", "seat": seat, "side": side})
    _after_vote_step(emit)


def _choose_goal(s: State, seat: int, command: Command, emit: Emitter) -> None:
    if s.phase != GOALS:
        raise IllegalCommand(
            WRONG_PHASE,
            "Goals are committed only once the first route is blocked.",
            "Cíle se volí, až když je první trasa zablokovaná.",
        )
    card = command["card"]
    if card not in BOARD.goal_cards or BOARD.goal_cards.index(card) not in s.goals[seat]:
        raise IllegalCommand(
            GOAL_NOT_HELD,
            "You can only commit one of your own two goal cards.",
            "Zvolit můžete jen jednu ze svých dvou cílových karet.",
        )
    emit({"type": "GoalChosen", "seat": seat, "card": card})
    if not active_seats(emit.state):
        _next_turn(emit)


# --- automatic steps -----------------------------------------------------------------------


def _after_vote_step(emit: Emitter) -> None:
    """Reveal once the last card is down, count once the last JEIN is declared."""
    s = emit.state
    if s.phase == VOTE and vote_seat(s) < 0:
        emit(
            {
                "type": "VotesRevealed",
                "cards": {str(v): cards_of(s.cast[v]) for v in s.voters},
            }
        )
        s = emit.state
    if s.phase == DECLARE and not s.declare_order:
        yes, no = tally(s)
        # The outhouse is saved only if the no votes are more than the yes votes (vote, 5th).
        # ``placer``, whose tile lies on the outhouse, is for the log line alone (narrate reads
        # no state): the fold takes it from ``pending`` and ignores the field.
        placer = s.pending[0]
        emit({"type": "VoteDecided", "yes": yes, "no": no, "accepted": yes >= no, "placer": placer})
        _finish_turn(emit)


def _finish_turn(emit: Emitter) -> None:
    s = emit.state
    for r in range(N_ROUTES):
        if route_dead(s, r):
            emit({"type": "BuilderRemoved", "route": BOARD.route_ids[r]})
    s = emit.state
    if s.extended and not s.goals_started:
        for r in range(N_ROUTES):
            if route_blocked(s, r):
                emit({"type": "GoalChoiceStarted", "route": BOARD.route_ids[r]})
                if active_seats(emit.state):
                    return
                break
    _next_turn(emit)


def _next_turn(emit: Emitter) -> None:
    """The next player clockwise who can place; players without a fitting tile are skipped
    (Průběh hry, 3rd point); when nobody can place, the game ends (Konec hry)."""
    s = emit.state
    alive = [seat for seat in range(s.n) if not s.forfeited[seat]]
    if len(alive) <= 1:
        _end(emit)
        return
    order = [(s.turn + i) % s.n for i in range(1, s.n + 1)]
    able = [seat for seat in order if not s.forfeited[seat] and can_place(s, seat)]
    if not able:
        _end(emit)
        return
    for seat in order:
        if seat == able[0]:
            break
        if not s.forfeited[seat]:
            emit({"type": "PlayerSkipped", "seat": seat})
    emit({"type": "TurnStarted", "seat": able[0]})


def _end(emit: Emitter) -> None:
    s = emit.state
    scores, second, details = final_scores(s)
    keys = [
        (0, 0, 0) if s.forfeited[seat] else (1, scores[seat], second[seat]) for seat in range(s.n)
    ]
    ranks = rank_by(keys)
    by_score = rank_by([k[:2] for k in keys])
    tiebreak = None
    if by_score != ranks:
        tiebreak = "other_goal_card" if s.extended else "votes_left"
    emit(
        {
            "type": "GameEnded",
            "scores": scores,
            "ranks": ranks,
            "tiebreak": tiebreak,
            "forfeited": s.forfeited[:],
            **details,
        }
    )


def forfeit(s: State, seat: int) -> list[Event]:
    if s.phase == OVER or s.forfeited[seat]:
        return []
    emit = Emitter(s)
    was_turn = s.phase == PLACE and s.turn == seat
    emit({"type": "PlayerForfeited", "seat": seat})
    st = emit.state
    if sum(not f for f in st.forfeited) <= 1:
        _end(emit)
    elif st.phase in (VOTE, DECLARE):
        _after_vote_step(emit)
    elif st.phase == GOALS:
        if not active_seats(st):
            _next_turn(emit)
    elif was_turn:
        _next_turn(emit)
    return emit.events
