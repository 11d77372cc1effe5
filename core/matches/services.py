"""Match writes: the lobby and the command pipeline.

A move's path, top to bottom: the API (``apis``, ``realtime``, a bot's or the clock's task) →
this pipeline (read and check the match under its lock, or in one read on PostgreSQL) → the
engine decides the events → ``plan.decide`` plans everything they change → a writer writes
the plan (``orm_writer`` in this transaction, or ``hotpath`` in one statement) → the event
store → after commit: the state cached, the version announced (``broadcast``), bots and the
clock's checks scheduled (``aftercommit``). Every way a match moves (a player's command, a
bot's, an undo, a resignation, a timeout, a staff action) plans with ``decide``. Every refusal
raises ``ApiError`` before anything is written, and every write ends with ``check_deadline()``:
a request whose time is up rolls back (503 busy) rather than commit after its client stopped
waiting (core/api/guard.py).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from core.accounts.models import User
from core.api.errors import ApiError
from core.api.guard import check_deadline
from core.eventstore import store
from core.eventstore.exceptions import StaleVersion
from core.eventstore.models import CommandRecord, Event
from core.matches import broadcast, hotpath, orm_writer, platform_events
from core.matches.commands import (
    Answer,
    acting_seat,
    check_command_id,
    check_expected_version,
    check_runnable,
    command_digest,
    command_response,
    engine_error,
    engine_for,
    replayed_response,
    seat_of,
    stale_version_error,
)
from core.matches.models import ChatMessage, Match, Seat
from core.matches.plan import Append, Plan, RecordPlan, decide
from core.matches.selectors import chat_out
from core.matches.state import fold_events, load_state, load_state_at, state_cache
from core.matches.timecontrol import parse_time_control
from core.notifications.dispatcher import dispatch_after_commit
from core.notifications.models import OutboxItem
from core.ops import metrics
from games.base import Engine, IllegalCommand
from games.rng import command_rng

log = logging.getLogger(__name__)

# --- helpers ------------------------------------------------------------------------------------


def _locked_match(match_id: int) -> Match:
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if match is None:
        raise ApiError(404, "match_not_found", f"There is no match {match_id}.")
    return match


@dataclass(frozen=True)
class _Opened:
    match: Match
    seats: list[Seat]
    seat: Seat
    replayed: dict[str, Any] | None  # the first result of a retried command_id


def _open_command(
    *,
    match_id: int,
    user: User | None,
    command_id: Any,
    digest: str,
    expected_version: Any = None,
    seat_index: int | None = None,
) -> _Opened:
    """The checks every command shares, inside its transaction: lock the match, find the seat,
    answer a retry with its first result, refuse a match that is not running or a stale version."""
    check_command_id(command_id)
    check_expected_version(expected_version)
    match = _locked_match(match_id)
    seats = list(match.seats.all())
    seat = acting_seat(seats, user, seat_index)
    replay = CommandRecord.objects.filter(match=match, command_id=command_id).first()
    if replay is not None:
        return _Opened(match, seats, seat, replayed_response(match, replay, seat, digest))
    check_runnable(match, expected_version)
    return _Opened(match, seats, seat, None)


# --- lobby --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatSpec:
    # "me", "user" (invited), "bot", "open"; "player": a user seated at once, with no invitation
    # to accept (matches the platform makes: tournaments).
    kind: str
    username: str = ""
    level: str = ""


def match_create(
    *,
    user: User | None,
    game: str,
    n_players: int,
    options: dict[str, Any] | None = None,
    seats: list[SeatSpec] | None = None,
    autostart: bool = True,
    time_control: dict[str, Any] | None = None,
    rated: bool = True,
    visibility: str = Match.Visibility.PUBLIC,
    hints: bool = False,
) -> Match:
    engine = engine_for(game)
    if visibility not in Match.Visibility.values:
        raise ApiError(400, "invalid_input", "visibility must be 'public' or 'private'.")
    clock = parse_time_control(time_control)
    try:
        validated = engine.validate_options(n_players, options or {})
    except IllegalCommand as err:
        # Options refused: always 422, in both languages as a refused command is.
        raise ApiError(422, err.code, err.message, **engine_error(err).extra) from err
    specs = seats or [SeatSpec("me")] + [SeatSpec("open")] * (n_players - 1)
    if len(specs) != n_players:
        raise ApiError(422, "seat_count", f"Give exactly {n_players} seats, not {len(specs)}.")
    # ``user`` None: a match the platform makes (a tournament's table), with no creator's seat.
    if sum(1 for s in specs if s.kind == "me") != (0 if user is None else 1):
        raise ApiError(422, "creator_seat", "Exactly one seat must be yours ('me').")
    rows: list[Seat] = []
    invited: set[int] = set()
    invitations: list[User] = []  # seats given to a user who has yet to accept, in seat order
    for index, spec in enumerate(specs):
        if spec.kind == "me":
            rows.append(Seat(index=index, kind=Seat.Kind.HUMAN, user=user))
        elif spec.kind in ("user", "player"):
            other = User.objects.filter(username=spec.username).first()
            if other is None:
                raise ApiError(422, "unknown_user", f"There is no user {spec.username!r}.")
            if (user is not None and other.pk == user.pk) or other.pk in invited:
                raise ApiError(422, "duplicate_player", f"{spec.username} already has a seat.")
            invited.add(other.pk)
            accepted = spec.kind == "player"
            if not accepted:
                invitations.append(other)
            rows.append(Seat(index=index, kind=Seat.Kind.HUMAN, user=other, accepted=accepted))
        elif spec.kind == "bot":
            if spec.level not in engine.bot_levels:
                levels = ", ".join(engine.bot_levels)
                raise ApiError(422, "unknown_bot_level", f"Bot levels for {game}: {levels}.")
            rows.append(Seat(index=index, kind=Seat.Kind.BOT, bot_level=spec.level))
        elif spec.kind == "open":
            rows.append(Seat(index=index, kind=Seat.Kind.OPEN))
        else:
            raise ApiError(400, "invalid_input", f"Unknown seat kind {spec.kind!r}.")
    # Bots are never rated (core/ratings: only human seats count, two at least): a match with
    # fewer than two seats for people is a friendly one, and says so from the start.
    people = sum(1 for r in rows if r.kind in (Seat.Kind.HUMAN, Seat.Kind.OPEN))
    rated = rated and people >= 2
    if hints and rated:
        raise ApiError(422, "hints_in_rated_match", "Hints are only for friendly matches.")
    # Against bots alone (a creator's match with one seat for people) a hint is always fair.
    hints = hints or (user is not None and people < 2)
    with transaction.atomic():
        match = Match.objects.create(
            game=game,
            options=validated,
            n_players=n_players,
            created_by=user,
            rules_version=engine.rules_version,
            time_control=clock.as_json(),
            rated=rated,
            visibility=visibility,
            autostart=autostart,
            hints=hints,
        )
        for row in rows:
            row.match = match
        Seat.objects.bulk_create(rows)
        for invitee in invitations:
            OutboxItem.objects.create(
                user=invitee,
                match=match,
                kind=OutboxItem.Kind.INVITED,
                key=f"invited:{invitee.pk}:{match.pk}",
                payload={"game": game},
            )
        if invitations:
            dispatch_after_commit()
        if autostart and _ready(rows):
            _start(match, engine, rows)
        check_deadline()
    return match


def _ready(seats: list[Seat]) -> bool:
    return all(s.kind != Seat.Kind.OPEN and s.accepted for s in seats)


def _check_not_an_outsider(match: Match, mine: Seat | None, user: User) -> None:
    """Authorization before state: somebody with no seat (not even an invitation) in a private
    match, and not staff, is refused the same way whatever the match's status, so that no
    answer tells them whether it is in the lobby, running or over."""
    if mine is None and match.visibility == Match.Visibility.PRIVATE and not user.is_staff:
        raise ApiError(403, "private_match", "This match is private: join on invitation.")


def match_join(*, match_id: int, user: User, seat_index: int | None = None) -> Match:
    with transaction.atomic():
        match = _locked_match(match_id)
        seats = list(match.seats.all())
        mine = seat_of(seats, user)
        _check_not_an_outsider(match, mine, user)
        if match.status != Match.Status.LOBBY:
            raise ApiError(409, "match_not_in_lobby", "This match has already started or ended.")
        if mine is not None and mine.accepted:
            raise ApiError(409, "already_seated", "You already have a seat in this match.")
        if mine is not None:  # accepting an invitation
            mine.accepted = True
            mine.save(update_fields=["accepted"])
        else:
            free = [s for s in seats if s.kind == Seat.Kind.OPEN]
            if seat_index is not None:
                free = [s for s in free if s.index == seat_index]
            if not free:
                raise ApiError(409, "no_open_seat", "There is no open seat for you here.")
            seat = free[0]
            seat.kind, seat.user, seat.accepted = Seat.Kind.HUMAN, user, True
            seat.save(update_fields=["kind", "user", "accepted"])
        if match.autostart and _ready(seats):  # else the creator starts it
            _start(match, engine_for(match.game), seats)
        check_deadline()
    return match


def match_leave(*, match_id: int, user: User) -> Match:
    with transaction.atomic():
        match = _locked_match(match_id)
        seat = seat_of(list(match.seats.all()), user)
        _check_not_an_outsider(match, seat, user)
        if seat is None:
            raise ApiError(403, "not_a_player", "You have no seat in this match.")
        if match.status != Match.Status.LOBBY:
            raise ApiError(
                409,
                "match_not_in_lobby",
                "Only a match still in the lobby can be left; resign instead.",
            )
        if match.created_by_id == user.pk:
            match.status = Match.Status.ABORTED
            match.save(update_fields=["status", "updated_at"])
        else:
            seat.kind, seat.user, seat.accepted = Seat.Kind.OPEN, None, True
            seat.save(update_fields=["kind", "user", "accepted"])
        check_deadline()
    return match


def match_start(*, match_id: int, user: User) -> Match:
    with transaction.atomic():
        match = _locked_match(match_id)
        _check_not_an_outsider(match, seat_of(list(match.seats.all()), user), user)
        if match.created_by_id != user.pk:
            raise ApiError(
                403, "not_the_creator", "Only the player who created the match can start it."
            )
        if match.status != Match.Status.LOBBY:
            raise ApiError(409, "match_not_in_lobby", "This match has already started or ended.")
        if not _ready(list(match.seats.all())):
            raise ApiError(409, "seats_not_filled", "Every seat needs a player or a bot first.")
        _start(match, engine_for(match.game))
        check_deadline()
    return match


def _start(match: Match, engine: Engine, seats: list[Seat] | None = None) -> None:
    rng = command_rng(match.secret_seed, 0, "setup")
    events = engine.setup(match.n_players, match.options, rng)
    match.status = Match.Status.ACTIVE
    match.started_at = timezone.now()
    match.save(update_fields=["status", "started_at", "updated_at"])
    state = fold_events(engine, None, [(i + 1, e["type"], e) for i, e in enumerate(events)])
    seats = seats if seats is not None else list(match.seats.all())
    orm_writer.write(
        decide(
            match=match, seats=seats, engine=engine, state=state, events=events, before=frozenset()
        )
    )


# --- the command pipeline -----------------------------------------------------------------------


@metrics.counted_command
def match_submit_command(
    *,
    match_id: int,
    user: User | None,
    command: Any,
    command_id: str,
    expected_version: int | None = None,
    seat_index: int | None = None,
) -> dict[str, Any]:
    """Apply one command. ``user`` is the player; bots and the system pass ``seat_index``.

    Read and check the match, let the engine decide (``_decide_command``), plan
    (``plan.decide``), write the plan, answer. On PostgreSQL the plan is first written in one
    statement with no lock held (``_submit_in_one_statement``); a plan that writer does not
    write, or a match that moved under an unpinned command, is decided again here under the
    match's row lock and written by the ORM writer."""
    digest = command_digest("command", command)
    if connection.vendor == "postgresql":
        check_command_id(command_id)
        check_expected_version(expected_version)
        try:
            return _submit_in_one_statement(
                match_id=match_id,
                user=user,
                command=command,
                command_id=command_id,
                digest=digest,
                expected_version=expected_version,
                seat_index=seat_index,
            )
        except hotpath.NeedsGeneralPath:
            pass
    try:
        with transaction.atomic():
            opened = _open_command(
                match_id=match_id,
                user=user,
                command_id=command_id,
                digest=digest,
                expected_version=expected_version,
                seat_index=seat_index,
            )
            if opened.replayed is not None:
                return opened.replayed
            plan = _decide_command(
                opened.match,
                opened.seats,
                opened.seat,
                user=user,
                command=command,
                command_id=command_id,
                digest=digest,
            )
            rows = orm_writer.write(plan)
            result = _answer(plan, rows)
            check_deadline()
            return result
    except StaleVersion as err:
        raise stale_version_error(err.current) from err
    except IntegrityError as err:
        # Two retries of one command_id raced past the replay check: the loser sees a conflict.
        raise ApiError(409, "conflict", "Another request changed this match first; retry.") from err


def _submit_in_one_statement(
    *,
    match_id: int,
    user: User | None,
    command: Any,
    command_id: str,
    digest: str,
    expected_version: int | None,
    seat_index: int | None,
) -> Answer:
    """The pipeline on PostgreSQL with the single-statement writer (``hotpath``): one read, one
    write, no lock held. Raises ``hotpath.NeedsGeneralPath``, having written nothing, for a plan
    that writer does not write or a match that moved under a command with no version pinned."""
    match, seats, record = hotpath.read(match_id, command_id)
    seat = acting_seat(seats, user, seat_index)
    if record is not None:
        return replayed_response(match, record, seat, digest)
    check_runnable(match, expected_version)
    plan = _decide_command(
        match, seats, seat, user=user, command=command, command_id=command_id, digest=digest
    )
    if not hotpath.can_write(plan):
        raise hotpath.NeedsGeneralPath  # the state taken from the cache is dropped: it was folded
    try:
        rows = hotpath.write(plan)
    except StaleVersion as err:
        if expected_version is not None:
            raise stale_version_error(err.current) from err
        # The match moved between the read and the write, and the client did not pin a
        # version: decided again under the match's lock, as it always has been.
        raise hotpath.NeedsGeneralPath from err
    except IntegrityError as err:
        # A retry of this command_id committed between our read and our write.
        match, seats, record = hotpath.read(match_id, command_id)
        if record is None:
            raise ApiError(
                409, "conflict", "Another request changed this match first; retry."
            ) from err
        return replayed_response(match, record, seat, digest)
    answer = _answer(plan, rows)  # rendered before the state goes back to the cache (Answer)
    hotpath.after_commit(plan, rows)
    return answer


def _decide_command(
    match: Match,
    seats: list[Seat],
    seat: Seat,
    *,
    user: User | None,
    command: Any,
    command_id: str,
    digest: str,
) -> Plan:
    """The engine decides ``command``'s events on the match's state (a refusal raises, having
    changed nothing); the plan of those events follows, with the command's record."""
    engine = engine_for(match.game)
    state = load_state(match)
    before = engine.active_seats(state)
    try:
        events = engine.execute(
            state, seat.index, command, command_rng(match.secret_seed, match.version)
        )
    except IllegalCommand as err:
        state_cache.put(match.pk, match.version, state)  # untouched: execute is pure
        raise engine_error(err) from err
    for event in events:
        state = engine.apply(state, event)
    return decide(
        match=match,
        seats=seats,
        engine=engine,
        state=state,
        events=events,
        before=before,
        actor=seat.index,
        command_id=command_id,
        record=_record_of(user, seat, command_id, digest),
    )


def _record_of(user: User | None, seat: Seat, command_id: str, digest: str) -> RecordPlan:
    return RecordPlan(
        command_id=command_id,
        user_id=user.pk if user is not None else None,
        seat=seat.index,
        digest=digest,
    )


def _answer(plan: Plan, rows: list[Event]) -> Answer:
    """A written command's answer: its events, and the acting seat's view at the new version."""
    assert plan.record is not None  # only commands are answered, and each has its record
    engine, match, seat = plan.engine, plan.match, plan.record.seat
    response = command_response(
        engine, match, plan.state, seat, rows, status=match.status, seats=plan.seats
    )
    return Answer({**response, "replayed": False})


def platform_move(
    match: Match,
    engine: Engine,
    state: Any,
    *,
    before: frozenset[int],
    seats: list[Seat],
    appends: Sequence[Append],
    seat_set: Mapping[int, Mapping[str, Any]] | None = None,
    now: datetime | None = None,
    abandon_when_nobody_plays: bool = False,
) -> list[Event]:
    """Plan and write, in the caller's transaction, a move the platform makes (a timeout, a
    vacation, a staff action): ``appends`` (already folded into ``state``) and ``seat_set``
    through ``plan.decide`` and the ORM writer, like any move. The appended rows."""
    plan = decide(
        match=match,
        seats=seats,
        engine=engine,
        state=state,
        appends=appends,
        seat_set=seat_set,
        before=before,
        abandon_when_nobody_plays=abandon_when_nobody_plays,
        now=now,
    )
    return orm_writer.write(plan)


def finish(match: Match, seats: list[Seat], outcome: Mapping[str, Any]) -> None:
    """End the match with ``outcome`` in the transaction (a staff's award; the ORM writer's
    ``finish``)."""
    orm_writer.finish(match, seats, outcome)


# --- undo and resignation -----------------------------------------------------------------------


def undoable_batches(engine: Engine, events: list[Event], seat: int) -> list[list[int]]:
    """The seat's own trailing command batches since the last barrier, newest first."""
    undone = platform_events.undone_seqs(events)
    batches: list[list[int]] = []
    current: list[int] = []
    current_id: str | None = None
    for e in reversed(events):
        if e.type == platform_events.UNDO_EVENT or e.seq in undone:
            continue
        if e.actor != seat or e.command_id is None or engine.is_undo_barrier(e.as_engine_event()):
            break
        if e.command_id != current_id and current:
            batches.append(current)
            current = []
        current_id = e.command_id
        current.append(e.seq)
    if current:
        # The oldest batch may be cut by the barrier inside it: only whole batches go back.
        first_seq = min(current)
        same_batch_before = any(e.seq < first_seq and e.command_id == current_id for e in events)
        if not same_batch_before:
            batches.append(current)
    return batches


def match_undo(
    *,
    match_id: int,
    user: User,
    command_id: str,
    scope: str = "step",
    expected_version: int | None = None,
) -> dict[str, Any]:
    """Take back the last action ("step") or all of this turn's actions ("turn")."""
    if scope not in ("step", "turn"):
        raise ApiError(400, "invalid_input", "scope must be 'step' or 'turn'.")
    digest = command_digest("undo", scope)
    with transaction.atomic():
        opened = _open_command(
            match_id=match_id,
            user=user,
            command_id=command_id,
            digest=digest,
            expected_version=expected_version,
        )
        if opened.replayed is not None:
            return opened.replayed
        match, seats, seat = opened.match, opened.seats, opened.seat
        engine = engine_for(match.game)
        since = max(match.snapshot_version, 0)
        events = store.read(match.pk, after=since)
        batches = undoable_batches(engine, events, seat.index)
        if not batches:
            raise ApiError(
                422,
                "nothing_to_undo",
                "There is nothing of yours to take back since the last random draw, "
                "reveal or turn change.",
            )
        seqs = sorted(batches[0] if scope == "step" else [s for b in batches for s in b])
        undo = {"type": platform_events.UNDO_EVENT, "seat": seat.index, "seqs": seqs}
        # The state is rebuilt without the undone events, so the cached one is only read here.
        before = engine.active_seats(load_state(match))
        state = load_state_at(match, match.version, then=[undo])
        plan = decide(
            match=match,
            seats=seats,
            engine=engine,
            state=state,
            events=[undo],
            before=before,
            actor=seat.index,
            command_id=command_id,
            record=_record_of(user, seat, command_id, digest),
        )
        rows = orm_writer.write(plan)
        result = _answer(plan, rows)
        check_deadline()
        return result


def match_resign(*, match_id: int, user: User, command_id: str) -> dict[str, Any]:
    digest = command_digest("resign", None)
    with transaction.atomic():
        opened = _open_command(match_id=match_id, user=user, command_id=command_id, digest=digest)
        if opened.replayed is not None:
            return opened.replayed
        match, seats, seat = opened.match, opened.seats, opened.seat
        if seat.status == Seat.Status.FORFEITED:
            raise ApiError(409, "already_resigned", "You have already resigned this match.")
        engine = engine_for(match.game)
        state = load_state(match)
        before = engine.active_seats(state)
        events = engine.forfeit(state, seat.index)
        for event in events:
            state = engine.apply(state, event)
        plan = decide(
            match=match,
            seats=seats,
            engine=engine,
            state=state,
            events=events,
            before=before,
            actor=seat.index,
            command_id=command_id,
            seat_set={seat.index: {"status": Seat.Status.FORFEITED}},
            record=_record_of(user, seat, command_id, digest),
            abandon_when_nobody_plays=True,
        )
        rows = orm_writer.write(plan)
        result = _answer(plan, rows)
        check_deadline()
        return result


# --- chat ---------------------------------------------------------------------------------------


def chat_post(*, match_id: int, user: User, text: str) -> Any:
    text = text.strip()
    if not text:
        raise ApiError(400, "invalid_input", "A chat message cannot be empty.")
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise ApiError(404, "match_not_found", f"There is no match {match_id}.")
    seat = seat_of(list(match.seats.all()), user)
    if seat is None or not seat.accepted:
        raise ApiError(403, "not_a_player", "Only the players of a match can write in its chat.")
    check_deadline()
    message = ChatMessage.objects.create(match=match, user=user, text=text)
    out = chat_out(message)
    transaction.on_commit(lambda: broadcast.announce_chat(match.pk, out))
    return message
