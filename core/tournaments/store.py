"""Appending to and reading a tournament's event stream.

Why a table of its own and not ``eventstore.Event``: that table is the stream of *matches*:
its rows point at a ``Match`` (a non-null foreign key that moves ``Match.version``), its global
feed is read by the match projections (ratings, notifications), and its events are folded by a
game engine. Tournament events have none of that. So they keep the same conventions, in a
sibling table: one stream per tournament, ``seq`` gapless from 1 and equal to the
tournament's ``version`` (moved with a compare-and-set, so a writer that lost a race appends
nothing), each event's hash covering the previous hash and the event's canonical JSON
(``eventstore.hashing``), the database refusing UPDATE and DELETE (triggers, see migrations),
and appends only inside the caller's transaction so the projections commit with them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from core.eventstore.exceptions import StaleVersion
from core.eventstore.hashing import GENESIS, ChainReport, stream_hash, walk_chain
from core.tournaments.models import Tournament, TournamentEvent


def event_hash(
    *,
    prev_hash: str,
    tournament_id: int,
    seq: int,
    type: str,
    payload: Any,
    actor: int | None,
    created_at: datetime,
) -> str:
    """The hash of one event of a tournament's stream."""
    return stream_hash(
        prev_hash=prev_hash,
        stream=("tournament", tournament_id),
        seq=seq,
        type=type,
        payload=payload,
        actor=actor,
        created_at=created_at,
    )


def append(
    *,
    tournament: Tournament,
    expected_version: int,
    events: Sequence[dict[str, Any]],
    actor: int | None,
) -> list[TournamentEvent]:
    """Append ``events`` after ``expected_version``; raises ``StaleVersion`` (writing nothing)
    if the stream moved on. Updates ``tournament.version`` and ``head_hash``."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("tournaments.store.append must run inside transaction.atomic()")
    if not events:
        return []
    now = timezone.now()
    prev = tournament.head_hash or GENESIS
    rows = []
    for i, event in enumerate(events):
        payload = json.loads(json.dumps({k: v for k, v in event.items() if k != "type"}))
        seq = expected_version + 1 + i
        digest = event_hash(
            prev_hash=prev,
            tournament_id=tournament.pk,
            seq=seq,
            type=event["type"],
            payload=payload,
            actor=actor,
            created_at=now,
        )
        rows.append(
            TournamentEvent(
                tournament_id=tournament.pk,
                seq=seq,
                type=event["type"],
                payload=payload,
                actor=actor,
                created_at=now,
                prev_hash=prev,
                hash=digest,
            )
        )
        prev = digest
    new_version = expected_version + len(rows)
    moved = Tournament.objects.filter(pk=tournament.pk, version=expected_version).update(
        version=new_version, head_hash=prev, updated_at=now
    )
    if moved != 1:
        current = Tournament.objects.filter(pk=tournament.pk).values_list("version", flat=True)
        raise StaleVersion(expected_version, int(current.first() or 0))
    TournamentEvent.objects.bulk_create(rows)
    tournament.version, tournament.head_hash = new_version, prev
    return rows


def read(tournament_id: int, *, after: int = 0) -> list[TournamentEvent]:
    return list(
        TournamentEvent.objects.filter(tournament_id=tournament_id, seq__gt=after).order_by("seq")
    )


def verify_chain(tournament_id: int) -> ChainReport:
    """Recompute the tournament's hash chain; report the first broken link."""
    events = TournamentEvent.objects.filter(tournament_id=tournament_id).order_by("seq").iterator()
    head = Tournament.objects.filter(pk=tournament_id).values_list("head_hash", flat=True).first()
    return walk_chain(("tournament", tournament_id), events, head)
