"""Staff reads of a match's history: the list, the full event stream, time travel, verification.

Staff see everything: each event's full payload (secrets too) with, beside it, what each seat
and a spectator could see of it (the engine's ``redact``); the state at any event through the
engine's ``admin_view``, and any seat's ``view`` of it. Nothing here writes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import Prefetch, Q, QuerySet

from core.api.errors import ApiError
from core.eventstore.hashing import canonical_json
from core.eventstore.models import Event, Snapshot
from core.eventstore.store import verify_chain
from core.matches.commands import engine_for
from core.matches.models import Match, Seat
from core.matches.names import seat_names
from core.matches.platform_events import (
    PLATFORM_EVENTS,
    SEAT_ON_VACATION,
    SEAT_TAKEN_OVER,
    SEAT_TIMED_OUT,
    STAFF_EVENTS,
    UNDO_EVENT,
    VACATION_DAY_SPENT,
)
from core.matches.presenters import event_words
from core.matches.state import load_state_at
from games.base import Engine

CLOCK_EVENTS = frozenset({SEAT_TIMED_OUT, SEAT_TAKEN_OVER, VACATION_DAY_SPENT, SEAT_ON_VACATION})
SPECTATOR = "spectator"


# --- the list -----------------------------------------------------------------------------------


def staff_match_list(
    *,
    game: str | None = None,
    status: str | None = None,
    player: str | None = None,
    tournament: int | None = None,
    since: date | None = None,
    until: date | None = None,
    q: str | None = None,
) -> QuerySet[Match]:
    """Every match (private ones too), newest first. ``player``: a seat's user name, exactly;
    ``q``: a match id, or part of a player's user or display name; ``since``/``until``: the
    day it was created, both ends included."""
    qs = Match.objects.all()
    if game:
        qs = qs.filter(game=game)
    if status:
        qs = qs.filter(status=status)
    if player:
        qs = qs.filter(seats__user__username__iexact=player)
    if tournament is not None:
        qs = qs.filter(tournament_table__tournament_id=tournament)
    if since is not None:
        qs = qs.filter(created_at__date__gte=since)
    if until is not None:
        qs = qs.filter(created_at__date__lte=until)
    if q:
        text = q.strip().lstrip("#")
        by_name = Q(seats__user__username__icontains=text) | Q(
            seats__user__display_name__icontains=text
        )
        qs = qs.filter(by_name | Q(pk=int(text))) if text.isdecimal() else qs.filter(by_name)
    return (
        qs.distinct()
        .order_by("-created_at", "-pk")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
    )


def staff_match_row(match: Match) -> dict[str, Any]:
    return {
        "id": match.pk,
        "game": match.game,
        "status": match.status,
        "version": match.version,
        "n_players": match.n_players,
        "visibility": match.visibility,
        "created_at": match.created_at.isoformat(),
        "updated_at": match.updated_at.isoformat(),
        "players": [_seat_name(s) for s in match.seats.all()],
    }


def _seat_name(seat: Seat) -> str:
    if seat.user is not None:
        return seat.user.username
    if seat.kind == Seat.Kind.BOT:
        return f"bot ({seat.bot_level})"
    return seat.kind


# --- one match ----------------------------------------------------------------------------------


def staff_match_get(match_id: int) -> Match:
    match = (
        Match.objects.select_related("created_by")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
        .filter(pk=match_id)
        .first()
    )
    if match is None:
        raise ApiError(404, "match_not_found", f"There is no match {match_id}.")
    return match


def _iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


def staff_match_detail(match: Match) -> dict[str, Any]:
    """Everything about the match but its events: seats, options, clock, rules version."""
    table = getattr(match, "tournament_table", None)
    return {
        "id": match.pk,
        "game": match.game,
        "status": match.status,
        "version": match.version,
        "rules_version": match.rules_version,
        "options": match.options,
        "n_players": match.n_players,
        "visibility": match.visibility,
        "rated": match.rated,
        "autostart": match.autostart,
        "outcome": match.outcome,
        "created_by": match.created_by.username if match.created_by else None,
        "created_at": match.created_at.isoformat(),
        "started_at": _iso(match.started_at),
        "finished_at": _iso(match.finished_at),
        "updated_at": match.updated_at.isoformat(),
        "head_hash": match.head_hash,
        "snapshot_version": match.snapshot_version,
        "tournament": {"id": table.tournament_id, "round": table.round, "table": table.table}
        if table is not None
        else None,
        "clock": {
            "time_control": match.time_control or {"kind": "none"},
            "turn_started_at": _iso(match.turn_started_at),
            "deadline": _iso(match.deadline),
            "remind_at": _iso(match.remind_at),
            "clock_version": match.clock_version,
        },
        "seats": [
            {
                "index": s.index,
                "kind": s.kind,
                "user": s.user.username if s.user else None,
                "name": s.user.public_name if s.user else None,
                "accepted": s.accepted,
                "bot_level": s.bot_level or None,
                "status": s.status,
                "to_move": s.to_move,
                "rank": s.rank,
                "score": s.score,
                "reserve_seconds": s.reserve_seconds,
            }
            for s in match.seats.all()
        ],
    }


def actor_of(*, type: str, actor: int | None, command_id: str | None) -> dict[str, Any]:
    """Who made an event: ``seat`` (a player's command), ``bot`` (a bot's, its command id
    ``bot:…``), ``timer`` (the clock: a timeout, a vacation day, the move a timeout made),
    ``admin`` (a staff action) or ``system`` (the setup)."""
    if type in STAFF_EVENTS or (type == UNDO_EVENT and actor is None):
        return {"kind": "admin", "seat": None}
    if actor is None:
        return {"kind": "timer" if type in CLOCK_EVENTS else "system", "seat": None}
    if command_id is None:
        return {"kind": "timer", "seat": actor}
    if command_id.startswith("bot:"):
        return {"kind": "bot", "seat": actor}
    return {"kind": "seat", "seat": actor}


def visibility_of(engine: Engine, event: dict[str, Any], n_players: int) -> dict[str, str]:
    """What each seat (``"0"``, ``"1"``, …) and a spectator could see of ``event``: ``full``,
    ``partial`` (a redacted copy) or ``hidden`` (its sequence number only)."""
    out: dict[str, str] = {}
    for viewer in [*range(n_players), None]:
        key = SPECTATOR if viewer is None else str(viewer)
        if event["type"] in PLATFORM_EVENTS:
            out[key] = "full"
            continue
        shown = engine.redact(event, viewer)
        out[key] = "hidden" if shown is None else "full" if shown == event else "partial"
    return out


def staff_match_events(match: Match, *, since: int = 0) -> list[dict[str, Any]]:
    """Every event after ``since``: seq, time, actor, type, description, the full payload, who
    could see it, and whether a later undo or roll-back took it back."""
    engine = engine_for(match.game)
    rows = list(
        Event.objects.of("match", match.pk)
        .filter(seq__gt=since)
        .order_by("seq")
        .values_list("seq", "type", "payload", "actor", "command_id", "created_at", "hash")
    )
    # An undo can only reach back to its turn's last barrier, a roll-back anywhere: the full
    # list of taken-back events needs the undos after ``since`` only.
    undone = {s for _, t, p, *_ in rows if t == UNDO_EVENT for s in p["seqs"]}
    names = seat_names(match)
    out = []
    for seq, etype, payload, actor, command_id, at, digest in rows:
        event = {"type": etype, **payload}
        out.append(
            {
                "seq": seq,
                "at": at.isoformat(),
                "actor": actor_of(type=etype, actor=actor, command_id=command_id),
                "command_id": command_id,
                "type": etype,
                # The players' words, read as a spectator would (the payload is all there).
                "text": event_words(engine, event, None, names),
                "payload": payload,
                "visible_to": visibility_of(engine, event, match.n_players),
                "undone": seq in undone,
                "hash": digest,
            }
        )
    return out


# --- time travel --------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    """JSON-safe and normalised (tuples as lists, keys as strings), for showing and diffing."""
    return json.loads(json.dumps(value, default=str))


def json_diff(before: Any, after: Any, path: str = "") -> list[dict[str, Any]]:
    """What changed from ``before`` to ``after``: ``{path, op: added|removed|changed, before,
    after}`` at the deepest place it can be said (``points[1]``, ``board.c3.owner``)."""
    if isinstance(before, dict) and isinstance(after, dict):
        out: list[dict[str, Any]] = []
        for key in sorted(set(before) | set(after), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in after:
                out.append({"path": where, "op": "removed", "before": before[key], "after": None})
            elif key not in before:
                out.append({"path": where, "op": "added", "before": None, "after": after[key]})
            else:
                out.extend(json_diff(before[key], after[key], where))
        return out
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        out = []
        for i, (b, a) in enumerate(zip(before, after, strict=True)):
            out.extend(json_diff(b, a, f"{path}[{i}]"))
        return out
    if before == after:
        return []
    return [{"path": path or "(state)", "op": "changed", "before": before, "after": after}]


def parse_seat(match: Match, seat: str | None) -> int | str | None:
    """``seat`` of a time-travel request: a seat number, ``spectator``, or absent (""). Returns
    the seat, None for a spectator, "" for none asked."""
    if seat is None or seat == "":
        return ""
    if seat == SPECTATOR:
        return None
    if not seat.isdecimal() or int(seat) >= match.n_players:
        raise ApiError(
            422,
            "unknown_seat",
            f"seat must be 0 to {match.n_players - 1} or 'spectator', not {seat!r}.",
        )
    return int(seat)


def staff_match_at(match: Match, *, seq: int, seat: int | str | None = "") -> dict[str, Any]:
    """The match as it stood right after event ``seq``: the full state (``admin_view``), what
    changed from the event before, the event itself and, when asked, a seat's (or a
    spectator's, ``seat`` None) view. ``seq`` 0 is before the first event."""
    if not 0 <= seq <= match.version:
        raise ApiError(
            422,
            "seq_out_of_range",
            f"Match {match.pk} has events 1 to {match.version}; there is no event {seq}.",
        )
    engine = engine_for(match.game)
    state = load_state_at(match, seq) if seq else None
    previous = load_state_at(match, seq - 1) if seq > 1 else None
    full = _plain(engine.admin_view(state)) if state is not None else None
    before = _plain(engine.admin_view(previous)) if previous is not None else None
    row = Event.objects.of("match", match.pk).filter(seq=seq).first() if seq else None
    out: dict[str, Any] = {
        "id": match.pk,
        "seq": seq,
        "version": match.version,
        "event": None,
        "state": full,
        "diff": json_diff(before, full),
        "active_seats": sorted(engine.active_seats(state)) if state is not None else [],
        "outcome": engine.outcome(state) if state is not None else None,
    }
    if row is not None:
        event = {"type": row.type, **row.payload}
        out["event"] = {
            "seq": row.seq,
            "at": row.created_at.isoformat(),
            "type": row.type,
            "actor": actor_of(type=row.type, actor=row.actor, command_id=row.command_id),
            "text": event_words(engine, event, None, seat_names(match)),
            "payload": row.payload,
            "visible_to": visibility_of(engine, event, match.n_players),
        }
    if seat != "":
        out["seat"] = seat
        out["view"] = _plain(engine.view(state, seat)) if state is not None else None  # type: ignore[arg-type]
    return out


# --- verification -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayReport:
    ok: bool
    events: int
    snapshots_checked: int
    broken_seq: int | None = None
    reason: str = ""


def replay_check(match: Match) -> ReplayReport:
    """Replay the stream from nothing (no snapshot, no cache) and compare the state with every
    stored snapshot of the match's rules version, and a finished match's outcome with the one
    stored (unless the staff awarded it). The first difference is reported with its version."""
    engine = engine_for(match.game)
    snapshots = dict(
        Snapshot.objects.filter(match=match, rules_version=match.rules_version).values_list(
            "version", "state"
        )
    )
    rows = list(
        Event.objects.of("match", match.pk).order_by("seq").values_list("seq", "type", "payload")
    )
    # Snapshots sit at undo barriers (and a staff roll-back drops those it passes), so no later
    # undo takes back an event before one: taking every undo into account from the start
    # gives, at each snapshot, the state as it was.
    undone = {s for _, t, p in rows if t == UNDO_EVENT for s in p["seqs"]}
    awarded = any(t in STAFF_EVENTS for _, t, _ in rows)
    state: Any = None
    checked = 0
    for seq, etype, payload in rows:
        if etype not in PLATFORM_EVENTS and seq not in undone:
            try:
                state = engine.apply(state, {"type": etype, **payload})
            except Exception as err:  # a tampered or corrupt event: reported, not raised
                return ReplayReport(
                    False, seq, checked, seq, f"the engine refused event {seq}: {err!r}"
                )
        if seq in snapshots:
            if state is None or canonical_json(engine.state_to_json(state)) != canonical_json(
                snapshots[seq]
            ):
                return ReplayReport(
                    False,
                    seq,
                    checked,
                    seq,
                    f"the replayed state differs from the snapshot stored at version {seq}",
                )
            checked += 1
    if match.status == Match.Status.FINISHED and not awarded and state is not None:
        outcome = _plain(engine.outcome(state))
        if outcome != _plain(match.outcome):
            return ReplayReport(
                False,
                len(rows),
                checked,
                len(rows),
                "the replayed outcome differs from the one stored on the match",
            )
    return ReplayReport(True, len(rows), checked)


def staff_match_verify(match: Match) -> dict[str, Any]:
    """The hash chain recomputed, then the stream replayed from zero against the snapshots."""
    chain = verify_chain(match.pk)
    replay = replay_check(match)
    return {
        "id": match.pk,
        "version": match.version,
        "ok": chain.ok and replay.ok,
        "chain": {
            "ok": chain.ok,
            "checked": chain.checked,
            "broken_seq": chain.broken_seq,
            "reason": chain.reason,
        },
        "replay": {
            "ok": replay.ok,
            "events": replay.events,
            "snapshots_checked": replay.snapshots_checked,
            "broken_seq": replay.broken_seq,
            "reason": replay.reason,
        },
    }
