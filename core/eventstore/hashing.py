"""The hash chain: each event's hash covers the previous hash and the event's canonical JSON.

One chain shape for every append-only stream (a match's events, a tournament's): the stream is
named in the hashed body (``"match": 7`` or ``"tournament": 3``), and ``walk_chain`` checks any of
them."""

from __future__ import annotations

import functools
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


# The parts of a hashed body that change from one event of an append to the next; every other
# key (the stream's kind, actor, created_at) is fixed for the append.
_PER_EVENT = ("payload", "seq", "type")


@functools.cache
def _frame(kind: str) -> tuple[str, str, str, str]:
    """The canonical body of a ``kind`` stream's event, cut where the payload, seq and type go,
    as ``str.format`` templates of the append's fixed values (``{actor}``, ``{created_at}``,
    ``{key}``). The keys' order depends on the kind alone: worked out once per kind, not per
    append."""
    if kind in ("actor", "created_at") or kind in _PER_EVENT:
        raise ValueError(f"a stream kind may not be named {kind!r}")
    slots = {"actor": "{actor}", "created_at": "{created_at}", kind: "{key}"}
    chunks = [""]
    for i, name in enumerate(sorted([*slots, *_PER_EVENT])):
        literal = canonical_json(name).replace("{", "{{").replace("}", "}}")
        chunks[-1] += ("{{" if i == 0 else ",") + literal + ":"
        if name in slots:
            chunks[-1] += slots[name]
        else:
            chunks.append("")
    chunks[-1] += "}}"
    before_payload, before_seq, before_type, end = chunks
    return before_payload, before_seq, before_type, end


def stream_event_hasher(
    *, stream: tuple[str, int], actor: int | None, created_at: datetime
) -> Callable[[str, int, str, str], str]:
    """``stream_hash`` for the events of one append (one stream, actor and time), as
    ``hasher(prev_hash, seq, type_json, payload_canonical)``, with ``type_json`` the type as
    ``canonical_json`` writes it and ``payload_canonical`` the payload's ``canonical_json``.

    The same bytes as ``stream_hash``: canonical JSON sorts the body's keys, so the body is the
    fixed parts of the append, serialised once, around each event's payload, seq and type (in
    that order whatever the stream's kind). ``stream_hash`` serialised the whole body and
    formatted the time once per event: most of the CPU of an append of a few events."""
    kind, key = stream
    fixed = {
        "actor": canonical_json(actor),
        "created_at": canonical_json(created_at.isoformat(timespec="microseconds")),
        "key": canonical_json(key),
    }
    before_payload, before_seq, before_type, end = (
        chunk.format_map(fixed) for chunk in _frame(kind)
    )
    sha256 = hashlib.sha256

    def hasher(prev_hash: str, seq: int, type_json: str, payload_canonical: str) -> str:
        body = (
            f"{prev_hash}{before_payload}{payload_canonical}{before_seq}{seq}"
            f"{before_type}{type_json}{end}"
        )
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
