"""The general writer of a plan (``plan.Plan``): through the ORM, in the caller's transaction,
which holds the match's row lock (``select_for_update``), on SQLite and PostgreSQL alike.

It writes everything a plan can hold, the match's ending included (results, ratings, the apps
that follow matches: ``finish``), where the single-statement writer (``hotpath``) hands such a
plan back. The order: the events (batch by batch), the seats' own changes, the clock, whose
turn it is, the notifications, the ending, a snapshot, the command's record; then what follows
the commit is scheduled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import Case, Value, When
from django.utils import timezone

from core.eventstore import store
from core.eventstore.models import CommandRecord, Event, Snapshot
from core.matches import aftercommit, hooks, platform_events
from core.matches.commands import record_response
from core.matches.models import Match, Seat
from core.matches.plan import OutboxRow, Plan, outbox_rows
from core.notifications.dispatcher import dispatch_after_commit
from core.notifications.models import OutboxItem
from core.ratings.services import match_rate


def write(plan: Plan) -> list[Event]:
    """Write ``plan`` in the caller's transaction and schedule what follows its commit; the
    appended events' rows, every batch's in order."""
    match = plan.match
    rows: list[Event] = []
    for batch in plan.appends:
        rows += store.append(
            match=match,
            expected_version=plan.expected_version + len(rows),
            events=batch.events,
            actor=batch.actor,
            command_id=batch.command_id,
        )
    for pk, columns in plan.seat_set.items():
        Seat.objects.filter(pk=pk).update(**columns)
    for pk, reserve in plan.reserves.items():
        Seat.objects.filter(pk=pk).update(reserve_seconds=reserve)
    if plan.match_set:
        Match.objects.filter(pk=match.pk).update(**plan.match_set)
    if plan.seats_moved:
        Seat.objects.filter(match=match).update(
            to_move=Case(When(index__in=list(plan.active), then=Value(True)), default=Value(False))
        )
    write_outbox(match, plan.notifications)
    if plan.outcome is not None:
        finish(match, plan.seats, plan.outcome)
    elif plan.abandoned:
        match.status = Match.Status.ABORTED
        Match.objects.filter(pk=match.pk).update(status=match.status)
    if plan.snapshot is not None:
        Snapshot.objects.create(
            match=match,
            version=match.version,
            rules_version=match.rules_version,
            state=plan.snapshot,
        )
    if plan.record is not None:
        CommandRecord.objects.create(
            match=match,
            command_id=plan.record.command_id,
            user_id=plan.record.user_id,
            seat=plan.record.seat,
            version=match.version,
            response=record_response(match, plan.record.digest),
        )
    aftercommit.schedule(plan.after, match)
    return rows


def write_outbox(match: Match, notifications: list[OutboxRow]) -> None:
    """Queue the rows (a key already queued is a no-op) and their dispatch after commit (beat
    is the net)."""
    if not notifications:
        return
    OutboxItem.objects.bulk_create(
        [
            OutboxItem(user_id=n.user_id, match=match, kind=n.kind, key=n.key, payload=n.payload)
            for n in notifications
        ],
        ignore_conflicts=True,
    )
    dispatch_after_commit()


def notify(
    match: Match, kind: str, seats: list[Seat], *, key: str, payload: dict[str, Any]
) -> None:
    """Queue one outbox row per seat's player (``plan.outbox_rows``) in the transaction."""
    write_outbox(match, outbox_rows(match, kind, seats, key=key, payload=payload))


def hint_used(match: Match, seat: int) -> Event:
    """A seat's hint recorded (in the transaction that locks the match): ``HintUsed`` by the
    seat, with no command id, so that like a barrier it stops an undo from reaching past it.
    Nothing else changes: the state, the turn and the clock stay as they are."""
    event = {"type": platform_events.HINT_USED, "seat": seat}
    (row,) = store.append(match=match, expected_version=match.version, events=[event], actor=seat)
    return row


def abort(match: Match, event: dict[str, Any]) -> Event:
    """A staff's abort (in the transaction): ``event`` appended by nobody, the match aborted,
    its clock stopped, nobody to move. Decides nothing: no clock is charged, nobody told."""
    (row,) = store.append(match=match, expected_version=match.version, events=[event], actor=None)
    match.status = Match.Status.ABORTED
    Match.objects.filter(pk=match.pk).update(status=match.status, deadline=None, remind_at=None)
    Seat.objects.filter(match=match).update(to_move=False)
    return row


def award(
    match: Match, seats: list[Seat], event: dict[str, Any], outcome: Mapping[str, Any]
) -> Event:
    """A staff's award (in the transaction): ``event`` appended by nobody, the clock stopped
    uncharged, and the match ended with ``outcome`` as the engine's ending ends it (``finish``)."""
    (row,) = store.append(match=match, expected_version=match.version, events=[event], actor=None)
    Match.objects.filter(pk=match.pk).update(deadline=None, remind_at=None)
    finish(match, seats, outcome)
    return row


def finish(match: Match, seats: list[Seat], outcome: Mapping[str, Any]) -> None:
    """End the match with ``outcome`` (in the transaction): its results on the match and the
    seats, the players told, the ratings, and the apps that follow matches (``hooks``)."""
    match.status = Match.Status.FINISHED
    match.finished_at = timezone.now()
    match.outcome = outcome
    Match.objects.filter(pk=match.pk).update(
        status=match.status, finished_at=match.finished_at, outcome=outcome
    )
    for seat in seats:
        seat.rank = outcome["ranks"][seat.index]
        seat.score = outcome["scores"][seat.index]
        seat.to_move = False
    Seat.objects.bulk_update(seats, ["rank", "score", "to_move"])
    humans = [s for s in seats if s.kind == Seat.Kind.HUMAN]
    notify(match, OutboxItem.Kind.MATCH_FINISHED, humans, key=str(match.pk), payload={})
    match_rate(match=match)
    hooks.match_ended(match)
