"""Appending to and reading from a match's stream.

``append`` must run inside the caller's ``transaction.atomic()`` so that everything the events
cause (seat and match read models, the notification outbox, the idempotency record) commits or
rolls back with them. No code path updates or deletes an ``Event``; the database refuses it too
(triggers, see migrations).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from core.eventstore.exceptions import StaleVersion
from core.eventstore.hashing import GENESIS, event_hash
from core.eventstore.models import Event, FeedCounter

UNDO_EVENT = "ActionsUndone"  # platform event: {"seqs": [...], "seat": s}; engines never see it
# Platform events of the clock (core/matches/deadlines.py); engines never see them either.
SEAT_TIMED_OUT = "SeatTimedOut"  # {"seat", "policy"}
SEAT_TAKEN_OVER = "SeatTakenOver"  # {"seat"}: a bot plays it for the rest of the match
VACATION_DAY_SPENT = "VacationDaySpent"  # {"seat", "deadline"}: the new deadline
PLATFORM_EVENTS = frozenset({UNDO_EVENT, SEAT_TIMED_OUT, SEAT_TAKEN_OVER, VACATION_DAY_SPENT})


def _reserve_positions(count: int) -> int:
    """Take ``count`` feed positions; returns the last. The row lock this takes is held until
    commit, which is what makes feed order equal commit order."""
    table = FeedCounter._meta.db_table
    with connection.cursor() as cur:
        cur.execute(
            f"UPDATE {table} SET position = position + %s WHERE id = 1 RETURNING position",
            [count],
        )
        row = cur.fetchone()
        if row is None:
            FeedCounter.objects.get_or_create(id=1)
            return _reserve_positions(count)
    return int(row[0])


def append(
    *,
    match: Any,
    expected_version: int,
    events: Sequence[dict[str, Any]],
    actor: int | None,
    command_id: str | None = None,
) -> list[Event]:
    """Append ``events`` after ``expected_version`` of ``match`` (a ``matches.Match``).

    Raises ``StaleVersion`` (writing nothing) if the stream is not at ``expected_version``.
    Updates ``match.version`` and ``match.head_hash`` in memory and in the database.
    """
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("eventstore.append must run inside transaction.atomic()")
    if not events:
        return []
    from core.matches.models import Match  # the stream's owner; imported late to avoid a cycle

    now = timezone.now()
    prev = match.head_hash or GENESIS
    rows: list[Event] = []
    for i, event in enumerate(events):
        payload = {k: v for k, v in event.items() if k != "type"}
        # Round-trip through JSON now, so the hash covers exactly what the database returns.
        payload = json.loads(json.dumps(payload))
        seq = expected_version + 1 + i
        digest = event_hash(
            prev_hash=prev,
            match_id=match.pk,
            seq=seq,
            type=event["type"],
            payload=payload,
            actor=actor,
            created_at=now,
        )
        rows.append(
            Event(
                match_id=match.pk,
                seq=seq,
                position=0,
                type=event["type"],
                payload=payload,
                actor=actor,
                command_id=command_id,
                created_at=now,
                prev_hash=prev,
                hash=digest,
            )
        )
        prev = digest
    new_version = expected_version + len(rows)
    moved = Match.objects.filter(pk=match.pk, version=expected_version).update(
        version=new_version, head_hash=prev, updated_at=now
    )
    if moved != 1:
        current = Match.objects.filter(pk=match.pk).values_list("version", flat=True).first()
        raise StaleVersion(expected_version, int(current or 0))
    last = _reserve_positions(len(rows))
    for i, row in enumerate(rows):
        row.position = last - len(rows) + 1 + i
    Event.objects.bulk_create(rows)
    match.version = new_version
    match.head_hash = prev
    return rows


def read(match_id: int, *, after: int = 0, upto: int | None = None) -> list[Event]:
    qs = Event.objects.filter(match_id=match_id, seq__gt=after)
    if upto is not None:
        qs = qs.filter(seq__lte=upto)
    return list(qs.order_by("seq"))


def read_feed(*, after: int = 0, limit: int = 1000) -> list[Event]:
    """The global feed in commit order, for projections (ratings, notifications)."""
    return list(Event.objects.filter(position__gt=after).order_by("position")[:limit])


def undone_seqs(events: Iterable[Event | dict[str, Any]]) -> set[int]:
    out: set[int] = set()
    for e in events:
        etype = e.type if isinstance(e, Event) else e["type"]
        if etype == UNDO_EVENT:
            payload = e.payload if isinstance(e, Event) else e
            out.update(payload["seqs"])
    return out


@dataclass(frozen=True)
class ChainReport:
    ok: bool
    checked: int
    broken_seq: int | None = None
    reason: str = ""


def verify_chain(match_id: int) -> ChainReport:
    """Recompute the hash chain; report the first broken link."""
    prev = GENESIS
    checked = 0
    for expected_seq, e in enumerate(
        Event.objects.filter(match_id=match_id).order_by("seq").iterator(), start=1
    ):
        if e.seq != expected_seq:
            return ChainReport(False, checked, expected_seq, f"event {expected_seq} is missing")
        if e.prev_hash != prev:
            return ChainReport(False, checked, e.seq, "prev_hash does not match the event before")
        digest = event_hash(
            prev_hash=prev,
            match_id=match_id,
            seq=e.seq,
            type=e.type,
            payload=e.payload,
            actor=e.actor,
            created_at=e.created_at,
        )
        if digest != e.hash:
            return ChainReport(False, checked, e.seq, "hash does not match the event's content")
        prev = e.hash
        checked += 1
    from core.matches.models import Match

    head = Match.objects.filter(pk=match_id).values_list("head_hash", flat=True).first()
    if checked and head != prev:
        return ChainReport(False, checked, checked, "the match head does not match the last event")
    return ChainReport(True, checked)
