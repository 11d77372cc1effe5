"""A match on file: the export format (JSON or NDJSON), and importing one into a new match.

Format ``ludoteka-match``, version 1::

    {"format": "ludoteka-match", "format_version": 1, "exported_at": "...",
     "match": {"id", "game", "rules_version", "n_players", "options", "status", "outcome",
               "visibility", "rated", "time_control", "created_at", "started_at", "finished_at",
               "version", "head_hash", "state_digest", "seats": [{"index", "kind", "user",
               "bot_level", "status", "rank", "score"}]},
     "events": [{"seq", "type", "payload", "actor", "command_id", "at", "prev_hash", "hash"}]}

NDJSON: the first line is the same object without ``events`` (``"events": "lines"``), then one
event a line. Secrets are in it (the full payloads): an export is staff material.
``state_digest`` is the SHA-256 of the final state's canonical JSON (``state_to_json``), so an
import can show it rebuilt the very same state. The hashes are the source's chain, which covers
the source match's id: an import checks the file against them, then the new match gets a chain
of its own.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from core import boundedjson
from core.accounts.models import User
from core.api.errors import ApiError
from core.eventstore import store
from core.eventstore.hashing import GENESIS, canonical_json, stream_hash
from core.eventstore.models import Event
from core.matches.commands import engine_for
from core.matches.models import Match, Seat
from core.matches.state import fold_events, replay_from_zero
from core.matches.timecontrol import parse_time_control
from games.base import Engine

FORMAT = "ludoteka-match"
FORMAT_VERSION = 1


def state_digest(engine: Engine, state: Any) -> str | None:
    if state is None:
        return None
    return hashlib.sha256(canonical_json(engine.state_to_json(state)).encode()).hexdigest()


def _iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


def export_header(match: Match) -> dict[str, Any]:
    engine = engine_for(match.game)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": timezone.now().isoformat(),
        "match": {
            "id": match.pk,
            "game": match.game,
            "rules_version": match.rules_version,
            "n_players": match.n_players,
            "options": match.options,
            "status": match.status,
            "outcome": match.outcome,
            "visibility": match.visibility,
            "rated": match.rated,
            "time_control": match.time_control or {"kind": "none"},
            "created_at": match.created_at.isoformat(),
            "started_at": _iso(match.started_at),
            "finished_at": _iso(match.finished_at),
            "version": match.version,
            "head_hash": match.head_hash,
            "state_digest": state_digest(engine, replay_from_zero(match)),
            "seats": [
                {
                    "index": s.index,
                    "kind": s.kind,
                    "user": s.user.username if s.user else None,
                    "bot_level": s.bot_level or None,
                    "status": s.status,
                    "rank": s.rank,
                    "score": s.score,
                }
                for s in match.seats.all()
            ],
        },
    }


def _event_rows(match: Match) -> Iterator[dict[str, Any]]:
    rows = Event.objects.of("match", match.pk).order_by("seq")
    for e in rows.iterator(chunk_size=1000):
        yield {
            "seq": e.seq,
            "type": e.type,
            "payload": e.payload,
            "actor": e.actor,
            "command_id": e.command_id,
            "at": e.created_at.isoformat(timespec="microseconds"),
            "prev_hash": e.prev_hash,
            "hash": e.hash,
        }


def export_json(match: Match) -> dict[str, Any]:
    return {**export_header(match), "events": list(_event_rows(match))}


def export_ndjson(match: Match) -> Iterator[str]:
    yield json.dumps({**export_header(match), "events": "lines"}, ensure_ascii=False) + "\n"
    for row in _event_rows(match):
        yield json.dumps(row, ensure_ascii=False) + "\n"


# --- import -------------------------------------------------------------------------------------


def _bad(message: str, **extra: Any) -> ApiError:
    return ApiError(422, "invalid_export", message, **extra)


def parse_ndjson(text: str) -> dict[str, Any]:
    """An NDJSON export as the JSON export's object."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise _bad("The file is empty.")
    try:
        header = boundedjson.loads(lines[0])
        events = [boundedjson.loads(line) for line in lines[1:]]
    except ValueError as err:
        raise _bad(f"A line is not JSON: {err}.") from err
    if not isinstance(header, dict):
        raise _bad("The first line must be the export's header object.")
    return {**header, "events": events}


def _check_doc(doc: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ApiError(422, "unsupported_format", f"This is not a {FORMAT!r} export.")
    if doc.get("format_version") != FORMAT_VERSION:
        raise ApiError(
            422,
            "unsupported_format",
            f"Format version {doc.get('format_version')!r} is not supported "
            f"(this server reads version {FORMAT_VERSION}).",
        )
    meta, events = doc.get("match"), doc.get("events")
    if not isinstance(meta, dict) or not isinstance(events, list):
        raise _bad("An export has a 'match' object and an 'events' list.")
    for key, kind in (
        ("id", int),
        ("game", str),
        ("rules_version", int),
        ("n_players", int),
        ("options", dict),
        ("seats", list),
    ):
        if not isinstance(meta.get(key), kind) or isinstance(meta.get(key), bool):
            raise _bad(f"match.{key} is missing or of the wrong kind.")
    if len(meta["seats"]) != meta["n_players"]:
        raise _bad("match.seats must have one entry per player.")
    if not _is_outcome(meta.get("outcome"), meta["n_players"]):
        raise _bad("match.outcome must be null or {ranks, scores} with one entry per player.")
    for i, e in enumerate(events, start=1):
        if not isinstance(e, dict) or e.get("seq") != i:
            raise _bad(f"Event {i} is missing or out of order.", seq=i)
        actor = e.get("actor")
        if (
            not isinstance(e.get("type"), str)
            or not isinstance(e.get("payload"), dict)
            or not (actor is None or (isinstance(actor, int) and not isinstance(actor, bool)))
            or not (e.get("command_id") is None or isinstance(e.get("command_id"), str))
            or not isinstance(e.get("at"), str)
        ):
            raise _bad(f"Event {i} lacks a field or has one of the wrong kind.", seq=i)
        try:
            e["_at"] = datetime.fromisoformat(e["at"])
        except ValueError as err:
            raise _bad(f"Event {i} has a bad time {e['at']!r}.", seq=i) from err
        if e["_at"].tzinfo is None:
            raise _bad(f"Event {i}'s time has no time zone.", seq=i)
    return meta, events


def _text_or_none(value: Any) -> str | None:
    """A file's text field as the import's answer shows it (what is not text, as missing)."""
    return value if isinstance(value, str) else None


def _is_number(value: Any, kind: type | tuple[type, ...]) -> bool:
    return isinstance(value, kind) and not isinstance(value, bool)


def _is_outcome(outcome: Any, n: int) -> bool:
    """None, or an outcome the match's answers can show (``games.base.Outcome``): it becomes
    the imported match's own."""
    if outcome is None:
        return True
    if not isinstance(outcome, dict):
        return False
    ranks, scores = outcome.get("ranks"), outcome.get("scores")
    return (
        isinstance(ranks, list)
        and isinstance(scores, list)
        and len(ranks) == len(scores) == n
        and all(_is_number(r, int) for r in ranks)
        and all(_is_number(s, (int, float)) for s in scores)
        and isinstance(outcome.get("tiebreak"), str | None)
        and isinstance(outcome.get("details", {}), dict)
    )


def check_chain(meta: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """The file's events against their hashes (the source match's chain): a changed event, a
    missing or reordered one shows as the first broken link."""
    prev = GENESIS
    for e in events:
        digest = stream_hash(
            prev_hash=prev,
            stream=("match", meta["id"]),
            seq=e["seq"],
            type=e["type"],
            payload=e["payload"],
            actor=e["actor"],
            created_at=e["_at"],
        )
        if e.get("prev_hash") != prev or e.get("hash") != digest:
            raise ApiError(
                422,
                "broken_chain",
                f"The file's hash chain breaks at event {e['seq']}: it was changed after export.",
                seq=e["seq"],
            )
        prev = digest
    if events and meta.get("head_hash") not in (None, prev):
        raise ApiError(
            422,
            "broken_chain",
            "The file's last event is not the match's head: events are missing at the end.",
            seq=len(events),
        )


def match_import(*, doc: Any, user: User | None) -> tuple[Match, dict[str, Any]]:
    """A new match from an export, for analysis or a bug report: private, unrated, its seats
    kept as bots or empty human seats (no account of the source is given a seat), finished
    with the file's outcome if the source was, else aborted so that nobody plays on. The
    events are the file's, times, actors and command ids included, on a new hash chain."""
    meta, events = _check_doc(doc)
    engine = engine_for(meta["game"])
    check_chain(meta, events)
    rows = [(e["seq"], e["type"], e["payload"]) for e in events]
    try:
        state = fold_events(engine, None, rows)
    except Exception as err:
        raise ApiError(
            422, "replay_failed", f"The events do not replay under {meta['game']}: {err!r}."
        ) from err
    digest = state_digest(engine, state)
    if meta.get("state_digest") not in (None, digest):
        raise ApiError(
            422,
            "state_mismatch",
            "The events replay to a state other than the one exported.",
            expected=meta.get("state_digest"),
            got=digest,
        )
    finished = meta.get("status") == Match.Status.FINISHED and meta.get("outcome") is not None
    with transaction.atomic():
        match = Match.objects.create(
            game=meta["game"],
            options=meta["options"],
            n_players=meta["n_players"],
            rules_version=meta["rules_version"],
            status=Match.Status.FINISHED if finished else Match.Status.ABORTED,
            outcome=meta.get("outcome") if finished else None,
            visibility=Match.Visibility.PRIVATE,
            rated=False,
            autostart=False,
            created_by=user,
            time_control=parse_time_control(None).as_json(),
            started_at=events[0]["_at"] if events else None,
            finished_at=events[-1]["_at"] if finished else None,
        )
        seats = []
        for i, s in enumerate(meta["seats"]):
            bot = isinstance(s, dict) and s.get("kind") == Seat.Kind.BOT
            level = s.get("bot_level") if isinstance(s, dict) else None
            seats.append(
                Seat(
                    match=match,
                    index=i,
                    kind=Seat.Kind.BOT if bot else Seat.Kind.HUMAN,
                    bot_level=str(level or "") if bot else "",
                    rank=s.get("rank") if finished and isinstance(s, dict) else None,
                    score=s.get("score") if finished and isinstance(s, dict) else None,
                )
            )
        Seat.objects.bulk_create(seats)
        store.append_verbatim(
            match=match,
            events=[
                {
                    "type": e["type"],
                    "payload": e["payload"],
                    "actor": e["actor"],
                    "command_id": e["command_id"],
                    "created_at": e["_at"],
                }
                for e in events
            ],
        )
    details = {
        "source_id": meta["id"],
        "source_head_hash": _text_or_none(meta.get("head_hash")),
        "source_players": [
            _text_or_none(s.get("user")) if isinstance(s, dict) else None for s in meta["seats"]
        ],
        "events": len(events),
        "state_digest": digest,
        "format_version": FORMAT_VERSION,
    }
    return match, details
