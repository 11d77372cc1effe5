"""The hash chain: each event's hash covers the previous hash and the event's canonical JSON."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

GENESIS = "0" * 64


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


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
    body = canonical_json(
        {
            "match": match_id,
            "seq": seq,
            "type": type,
            "payload": payload,
            "actor": actor,
            "created_at": created_at.isoformat(timespec="microseconds"),
        }
    )
    return hashlib.sha256((prev_hash + body).encode()).hexdigest()
