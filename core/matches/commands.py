"""What every command goes through, whichever writer records its plan (``orm_writer`` under the
match's lock, ``hotpath`` in one statement on PostgreSQL): the engine of its game, the checks
before the engine decides, the clock's changes when the turn changes (``plan.decide`` asks), the
answer and a retry's replay of it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.utils import timezone

from core.accounts.models import User
from core.api.errors import ApiError
from core.eventstore.models import CommandRecord, Event
from core.jsonbytes import compact_json
from core.matches.models import Match, Seat
from core.matches.names import seat_names
from core.matches.presenters import event_for_viewer
from core.matches.scheduling import run_at, task_named
from core.matches.state import load_state
from core.matches.timecontrol import TimeControl, charged_reserve, deadlines, turn_budget
from games.base import GAME_OVER, MALFORMED, NOT_YOUR_TURN, Engine, IllegalCommand
from games.registry import GAME_MODULES, get_engine

STATUS_OF_ENGINE_CODE = {MALFORMED: 400, NOT_YOUR_TURN: 409, GAME_OVER: 409}

# A refusal whose engine gives no Czech sentence: the platform's codes are said in the player's
# words in both languages (the PWA's ERROR_WORDS say the same; ``message`` keeps the detail for
# API clients, e.g. the command shape's field names), a game's own rule code in its English
# sentence and the rules' generic Czech one. Never English in ``cs``.
GENERIC_TEXT = {
    MALFORMED: (
        "That move is not one this game knows. Reload the match.",
        "Takový tah tato hra nezná. Načtěte partii znovu.",
    ),
    NOT_YOUR_TURN: ("It is not your turn.", "Nejste na tahu."),
    GAME_OVER: ("The game is over.", "Hra skončila."),
    "invalid_options": (
        "The game does not take these options or this number of players.",
        "Hra tyto volby nebo tento počet hráčů nepřijímá.",
    ),
}
RULES_CS = "Tento tah teď pravidla nedovolují."


def engine_for(game: str) -> Engine:
    """The engine of ``game``; 404 ``unknown_game`` for a game the server does not have."""
    if game not in GAME_MODULES:
        known = ", ".join(GAME_MODULES) or "none yet"
        raise ApiError(404, "unknown_game", f"There is no game {game!r}. Games: {known}.")
    return get_engine(game)


def seat_of(seats: list[Seat], user: User) -> Seat | None:
    """``user``'s seat among ``seats`` (a person's, not a bot's), or None."""
    return next((s for s in seats if s.user_id == user.pk and s.kind == Seat.Kind.HUMAN), None)


def engine_error(err: IllegalCommand) -> ApiError:
    """The API's refusal of a command the engine refused: its code and sentence, and a status
    for the code (400 malformed, 409 not your turn or game over, else 422). ``text`` holds the
    sentence in each language the app speaks: the engine's two, or (an engine without Czech)
    the platform's words for its codes, else the engine's English and the generic Czech."""
    if err.cs is not None:
        en, cs = err.message, err.cs
    else:
        en, cs = GENERIC_TEXT.get(err.code, (err.message, RULES_CS))
    return ApiError(
        STATUS_OF_ENGINE_CODE.get(err.code, 422),
        err.code,
        err.message,
        text={"en": en, "cs": cs},
    )


def check_command_id(command_id: Any) -> str:
    """``command_id`` if it is a string of 1 to 64 characters; 400 otherwise."""
    if not isinstance(command_id, str) or not 1 <= len(command_id) <= 64:
        raise ApiError(
            400, "malformed_command", "command_id must be a string of 1 to 64 characters."
        )
    return command_id


def command_digest(kind: str, body: Any) -> str:
    """What a ``command_id`` was used for: the kind of request (``command``, ``undo``,
    ``resign``) and what it asked (the command, the undo's scope), in canonical JSON. Kept in
    its record, so that a retry is told the first result only when it asks the same thing: a
    ``command_id`` reused for another move is refused (409 ``command_id_reused``), never
    answered with a result the client would take for its own move's."""
    text = json.dumps(
        [kind, body], sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str
    )
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def check_expected_version(expected_version: Any) -> None:
    """400 unless ``expected_version`` is None or a whole number (not a bool)."""
    if expected_version is not None and (
        isinstance(expected_version, bool) or not isinstance(expected_version, int)
    ):
        raise ApiError(400, "malformed_command", "expected_version must be a whole number.")


def acting_seat(seats: list[Seat], user: User | None, seat_index: int | None) -> Seat:
    """The seat a command acts for: the user's (a player), or ``seat_index`` (bots, system)."""
    if user is not None:
        seat = seat_of(seats, user)
        if seat is None:
            raise ApiError(403, "not_a_player", "You have no seat in this match.")
        if seat.status == Seat.Status.ZOMBIE:
            raise ApiError(
                409,
                "seat_taken_over",
                "You ran out of time; a bot plays your seat for the rest of the match.",
            )
        return seat
    found = next((s for s in seats if s.index == seat_index), None)
    if found is None:
        raise ApiError(404, "seat_not_found", f"There is no seat {seat_index}.")
    return found


def check_runnable(match: Match, expected_version: int | None) -> None:
    """A new command needs an active match at the version the client expects (if it says)."""
    if match.status != Match.Status.ACTIVE:
        raise ApiError(409, "match_not_active", f"The match is {match.status}, not active.")
    if expected_version is not None and expected_version != match.version:
        raise ApiError(
            409,
            "stale_version",
            f"The match is at version {match.version}, not {expected_version}; "
            "reload and try again.",
            current_version=match.version,
        )


def stale_version_error(current: int) -> ApiError:
    """409 ``stale_version``: the match moved on to ``current`` before the command was written."""
    return ApiError(
        409,
        "stale_version",
        f"The match moved on to version {current}; reload and try again.",
        current_version=current,
    )


def command_response(
    engine: Engine,
    match: Match,
    state: Any,
    seat: int,
    rows: list[Event],
    *,
    status: str,
    seats: list[Seat] | None = None,
) -> dict[str, Any]:
    """What a command answers: the new version, its events and the seat's view, and the seat's
    legal commands now, so that one move is one request (no GET match + GET legal after it)."""
    active = engine.active_seats(state)
    names = seat_names(match, seats)
    return {
        "version": match.version,
        "status": status,
        "seat": seat,
        "events": [
            event_for_viewer(
                engine,
                seq=r.seq,
                type=r.type,
                payload=r.payload,
                actor=r.actor,
                created_at=r.created_at,
                viewer=seat,
                names=names,
            )
            for r in rows
        ],
        "view": engine.view(state, seat),
        "active_seats": sorted(active),
        "legal_commands": (
            engine.legal_commands(state, seat)
            if status == Match.Status.ACTIVE and seat in active
            else []
        ),
    }


class Answer(dict[str, Any]):
    """A command's answer, with its JSON (``encoded``) rendered when it is made: the view may
    share lists with the state, which goes back to the cache at commit, and the next command
    (a bot's reply runs right after commit) folds into it, possibly before this answer is
    sent. The REST view sends ``encoded`` as it is; ``fresh()`` is a copy to build on."""

    def __init__(self, content: dict[str, Any]) -> None:
        super().__init__(content)
        self.encoded = compact_json(content)

    def fresh(self) -> dict[str, Any]:
        return dict(json.loads(self.encoded))


def replayed_response(match: Match, record: CommandRecord, seat: Seat, digest: str) -> Answer:
    """A retried command's first answer, rebuilt from the stream as it was at the record's
    version (the record keeps only the version, status and digest: the answer follows from
    them). A ``command_id`` reused by another seat, or for another command (``digest``; records
    written before digests were kept have none), is refused."""
    if record.seat != seat.index:
        raise ApiError(409, "command_id_reused", "That command_id was used by another seat.")
    if record.response.get("digest", digest) != digest:
        raise ApiError(
            409,
            "command_id_reused",
            "That command_id was used for another command; give each command its own.",
        )
    engine = engine_for(match.game)
    rows = list(
        Event.objects.of("match", match.pk)
        .filter(command_id=record.command_id, actor=record.seat, seq__lte=record.version)
        .order_by("seq")
    )
    state = load_state(match, version=record.version)
    assert record.seat is not None  # every recorded command has a seat
    response = command_response(
        engine, match, state, record.seat, rows, status=record.response["status"]
    )
    return Answer({**response, "version": record.version, "replayed": True})


def record_response(match: Match, digest: str) -> dict[str, Any]:
    """What a command's record keeps (both paths write it): its version, the status then, and
    what it was used for."""
    return {"version": match.version, "status": match.status, "digest": digest}


def clock_changes(
    match: Match, seats: list[Seat], *, before: frozenset[int], active: frozenset[int], now: Any
) -> tuple[dict[str, Any], dict[int, float | None], bool]:
    """The clock's changes when the turn goes from ``before`` to ``active``, made in memory and
    returned for the plan (``plan.decide``) that a writer writes: the match's columns, the
    reserve of seats by primary key, and whether a deadline was set."""
    tc = TimeControl.from_json(match.time_control)
    if tc.kind == "none":
        return {}, {}, False
    now = now or timezone.now()
    ended, started = before - active, active - before
    reserves: dict[int, float | None] = {}
    if tc.kind == "reserve" and ended and match.turn_started_at is not None:
        elapsed = (now - match.turn_started_at).total_seconds()
        for seat in seats:
            if seat.index in ended and seat.kind == Seat.Kind.HUMAN:
                seat.reserve_seconds = charged_reserve(tc, seat.reserve_seconds, elapsed)
                reserves[seat.pk] = seat.reserve_seconds
    if not started and active:
        return {}, reserves, False  # the same turn goes on (or a simultaneous turn's seats)
    waiting = [
        s
        for s in seats
        if s.index in active and s.kind == Seat.Kind.HUMAN and s.status == Seat.Status.PLAYING
    ]
    budget = turn_budget(tc, [s.reserve_seconds for s in waiting]) if waiting else None
    match.turn_started_at = now
    match.clock_version = match.version
    if budget is None:
        match.deadline = match.remind_at = None
    else:
        match.deadline, match.remind_at = deadlines(now, budget)
    match_set = {
        "turn_started_at": match.turn_started_at,
        "clock_version": match.clock_version,
        "deadline": match.deadline,
        "remind_at": match.remind_at,
    }
    return match_set, reserves, match.deadline is not None


def schedule_clock_checks(match: Match) -> None:
    """On Celery, a check at the reminder time and one at the deadline, each only when it is
    near enough to schedule (``scheduling.run_at``). The periodic sweep enforces the rest,
    covers a lost task, and is all there is in the embedded default."""
    enforce_deadline = task_named("core.matches.tasks.enforce_deadline")
    for when in (match.remind_at, match.deadline):
        if when is not None:
            run_at(enforce_deadline, when, match.pk, match.clock_version)
