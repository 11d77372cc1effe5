"""The hash chain: each event's hash covers the previous hash and the event's canonical JSON.

One chain shape for every append-only stream (a match's events, a tournament's): the stream is
named in the hashed body (``"match": 7`` or ``"tournament": 3``), and ``walk_chain`` checks any of
them."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

GENESIS = "0" * 64


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def stream_hash(
    *,
    prev_hash: str,
    stream: tuple[str, int],
    seq: int,
    type: str,
    payload: Any,
    actor: int | None,
    created_at: datetime,
) -> str:
    """The hash of one event of the stream ``(kind, id)``, e.g. ``("match", 7)``."""
    kind, stream_id = stream
    body = canonical_json(
        {
            kind: stream_id,
            "seq": seq,
            "type": type,
            "payload": payload,
            "actor": actor,
            "created_at": created_at.isoformat(timespec="microseconds"),
        }
    )
    return hashlib.sha256((prev_hash + body).encode()).hexdigest()


def event_hash(
    *,
    prev_hash: str,
    match_id: int,
    seq: int,
    type: str,
    payload: Any,
    actor: int | None,
    created_at: datetime,
) -> str:
    """The hash of one event of a match's stream."""
    return stream_hash(
        prev_hash=prev_hash,
        stream=("match", match_id),
        seq=seq,
        type=type,
        payload=payload,
        actor=actor,
        created_at=created_at,
    )


def match_event_hasher(
    *, match_id: int, actor: int | None, created_at: datetime
) -> Callable[[str, int, str, str], str]:
    """``event_hash`` for the events of one append (one match, actor and time), as
    ``hasher(prev_hash, seq, type_json, payload_canonical)``, with ``type_json`` the type as
    ``canonical_json`` writes it and ``payload_canonical`` the payload's ``canonical_json``.

    The same bytes as ``event_hash``: canonical JSON sorts the body's keys (actor, created_at,
    match, payload, seq, type), so the body is the fixed parts of the append around each
    event's seq, type and payload, already serialised. ``event_hash`` serialised the whole body
    and formatted the time once per event: most of the CPU of an append of a few events."""
    head = (
        f'{{"actor":{canonical_json(actor)},'
        f'"created_at":{canonical_json(created_at.isoformat(timespec="microseconds"))},'
        f'"match":{canonical_json(match_id)},"payload":'
    )
    sha256 = hashlib.sha256

    def hasher(prev_hash: str, seq: int, type_json: str, payload_canonical: str) -> str:
        body = f'{prev_hash}{head}{payload_canonical},"seq":{seq},"type":{type_json}}}'
        return sha256(body.encode()).hexdigest()

    return hasher


class ChainedEvent(Protocol):
    seq: int
    type: str
    payload: Any
    actor: int | None
    created_at: datetime
    prev_hash: str
    hash: str


@dataclass(frozen=True)
class ChainReport:
    ok: bool
    checked: int
    broken_seq: int | None = None
    reason: str = ""


def walk_chain(
    stream: tuple[str, int], events: Iterable[ChainedEvent], head_hash: str | None
) -> ChainReport:
    """Recompute the chain of ``events`` (in seq order) against the stream's head; report the
    first broken link."""
    prev = GENESIS
    checked = 0
    for expected_seq, e in enumerate(events, start=1):
        if e.seq != expected_seq:
            return ChainReport(False, checked, expected_seq, f"event {expected_seq} is missing")
        if e.prev_hash != prev:
            return ChainReport(False, checked, e.seq, "prev_hash does not match the event before")
        digest = stream_hash(
            prev_hash=prev,
            stream=stream,
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
    if checked and head_hash != prev:
        reason = f"the {stream[0]} head does not match the last event"
        return ChainReport(False, checked, checked, reason)
    return ChainReport(True, checked)
