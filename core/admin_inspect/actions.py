"""Staff actions on a match. None edits history: each has the match's writer
(``core.matches.orm_writer``) append an event to the match's stream (with its reason) and writes
an audit row (who, when, why), in one transaction, and each needs its own permission beyond
``is_staff`` (``AuditEntry.Meta.permissions``).

- abort: ``MatchAborted``; the match stops where it is, nobody is ranked.
- award a result: ``ResultAwarded`` with the ranks (and scores); the match finishes with them,
  rated and reported to its tournament as any finished match.
- replace a seat by a bot: ``SeatReplacedByBot``; a bot plays the seat to the end (as after a
  timeout under the ``zombie`` policy: the seat is not rated).
- roll back to event N: an ``ActionsUndone`` taking back every event after N (the players' own
  undo, generalised, with ``rollback_to`` and the reason). Seat statuses (a resignation, a
  takeover) are not rolled back: they are no part of the game's state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction

from core.accounts.models import User
from core.admin_inspect import archive
from core.admin_inspect.models import AuditEntry
from core.api.errors import ApiError
from core.api.guard import check_deadline
from core.eventstore import store
from core.eventstore.models import Snapshot
from core.matches import broadcast, orm_writer, platform_events, services
from core.matches.commands import engine_for
from core.matches.deadlines import timeout_bot_level
from core.matches.models import Match, Seat
from core.matches.plan import Append
from core.matches.state import load_state, load_state_at

PERMISSIONS: dict[str, str] = {  # by AuditEntry.Action (a str)
    AuditEntry.Action.ABORT: "admin_inspect.abort_match",
    AuditEntry.Action.AWARD: "admin_inspect.award_result",
    AuditEntry.Action.REPLACE_SEAT: "admin_inspect.replace_seat",
    AuditEntry.Action.ROLLBACK: "admin_inspect.rollback_match",
    AuditEntry.Action.IMPORT: "admin_inspect.import_match",
}
REASON_MAX = 500


def check_staff(user: Any) -> None:
    if not getattr(user, "is_authenticated", False):
        raise ApiError(401, "not_authenticated", "Log in first (session or API token).")
    if not user.is_staff or not user.is_active:
        raise ApiError(403, "staff_only", "Only staff may inspect matches.")


def check_permission(user: Any, action: str) -> None:
    check_staff(user)
    perm = PERMISSIONS[action]
    if not user.has_perm(perm):
        raise ApiError(
            403,
            "missing_permission",
            f"This action needs the permission {perm!r} beyond staff status.",
            permission=perm,
        )


def clean_reason(reason: Any) -> str:
    text = reason.strip() if isinstance(reason, str) else ""
    if not text:
        raise ApiError(400, "reason_required", "Give a reason: it is kept with the action.")
    if len(text) > REASON_MAX:
        raise ApiError(400, "reason_too_long", f"Keep the reason under {REASON_MAX} characters.")
    return text


def _locked(match_id: int) -> Match:
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if match is None:
        raise ApiError(404, "match_not_found", f"There is no match {match_id}.")
    return match


def _must_be(match: Match, *statuses: str) -> None:
    if match.status not in statuses:
        raise ApiError(
            409,
            "match_not_active",
            f"Match {match.pk} is {match.status}; this needs it {' or '.join(statuses)}.",
            status=match.status,
        )


def _audit(
    user: User, action: str, match: Match, reason: str, seq: int | None, **details: Any
) -> AuditEntry:
    return AuditEntry.objects.create(
        user=user,
        username=user.get_username(),
        action=action,
        match=match,
        seq=seq,
        reason=reason,
        details=details,
    )


def _announce(match: Match, seats: list[Seat]) -> None:
    match_id, version = match.pk, match.version
    user_ids = [s.user_id for s in seats if s.user_id]
    transaction.on_commit(lambda: broadcast.announce_match_version(match_id, version, user_ids))


def _act(match_id: int, run: Callable[[Match], AuditEntry]) -> AuditEntry:
    with transaction.atomic():
        entry = run(_locked(match_id))
        check_deadline()
    return entry


def match_abort(*, user: User, match_id: int, reason: Any) -> AuditEntry:
    check_permission(user, AuditEntry.Action.ABORT)
    text = clean_reason(reason)

    def run(match: Match) -> AuditEntry:
        _must_be(match, Match.Status.ACTIVE, Match.Status.LOBBY)
        seats = list(match.seats.all())
        event = {"type": platform_events.MATCH_ABORTED, "reason": text}
        row = orm_writer.abort(match, event)
        _announce(match, seats)
        return _audit(user, AuditEntry.Action.ABORT, match, text, row.seq)

    return _act(match_id, run)


def _clean_ranks(match: Match, ranks: Any, scores: Any) -> tuple[list[int], list[float]]:
    n = match.n_players
    if (
        not isinstance(ranks, list)
        or len(ranks) != n
        or not all(isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= n for r in ranks)
    ):
        raise ApiError(
            422, "invalid_ranks", f"ranks must list one place (1 to {n}) for each of {n} seats."
        )
    if 1 not in ranks:
        raise ApiError(422, "invalid_ranks", "Someone must be placed first (rank 1).")
    if scores is None:
        return ranks, [0.0] * n
    if (
        not isinstance(scores, list)
        or len(scores) != n
        or not all(isinstance(s, int | float) and not isinstance(s, bool) for s in scores)
    ):
        raise ApiError(422, "invalid_scores", f"scores must list a number for each of {n} seats.")
    return ranks, [float(s) for s in scores]


def match_award_result(
    *, user: User, match_id: int, reason: Any, ranks: Any, scores: Any = None
) -> AuditEntry:
    check_permission(user, AuditEntry.Action.AWARD)
    text = clean_reason(reason)

    def run(match: Match) -> AuditEntry:
        _must_be(match, Match.Status.ACTIVE)
        places, points = _clean_ranks(match, ranks, scores)
        seats = list(match.seats.all())
        event = {
            "type": platform_events.RESULT_AWARDED,
            "ranks": places,
            "scores": points,
            "reason": text,
        }
        outcome = {
            "ranks": places,
            "scores": points,
            "tiebreak": None,
            "details": {"awarded": True, "reason": text},
        }
        row = orm_writer.award(match, seats, event, outcome)
        _announce(match, seats)
        return _audit(user, AuditEntry.Action.AWARD, match, text, row.seq, ranks=places)

    return _act(match_id, run)


def match_replace_seat(
    *, user: User, match_id: int, reason: Any, seat: Any, level: Any = ""
) -> AuditEntry:
    check_permission(user, AuditEntry.Action.REPLACE_SEAT)
    text = clean_reason(reason)

    def run(match: Match) -> AuditEntry:
        _must_be(match, Match.Status.ACTIVE)
        engine = engine_for(match.game)
        seats = list(match.seats.all())
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(seats):
            raise ApiError(
                422, "unknown_seat", f"seat must be 0 to {len(seats) - 1}, not {seat!r}."
            )
        chosen = level or timeout_bot_level()
        if chosen not in engine.bot_levels:
            levels = ", ".join(engine.bot_levels)
            raise ApiError(422, "unknown_bot_level", f"Bot levels for {match.game}: {levels}.")
        target = seats[seat]
        if target.kind != Seat.Kind.HUMAN or target.status != Seat.Status.PLAYING:
            raise ApiError(
                409,
                "seat_not_replaceable",
                f"Seat {seat} is not a human seat still playing ({target.kind}, {target.status}).",
            )
        state = load_state(match)
        before = engine.active_seats(state)
        replaced = {
            "type": platform_events.SEAT_REPLACED_BY_BOT,
            "seat": seat,
            "level": chosen,
            "reason": text,
        }
        target.to_move = False
        # The clock and bots as after any move: a bot now plays the seat if it is its turn.
        (row,) = services.platform_move(
            match,
            engine,
            state,
            before=before,
            seats=seats,
            appends=[Append([replaced], None)],
            seat_set={seat: {"status": Seat.Status.ZOMBIE, "bot_level": chosen}},
        )
        return _audit(
            user,
            AuditEntry.Action.REPLACE_SEAT,
            match,
            text,
            row.seq,
            seat=seat,
            level=chosen,
            replaced_user=target.user.username if target.user else None,
        )

    return _act(match_id, run)


def match_rollback(*, user: User, match_id: int, reason: Any, to: Any) -> AuditEntry:
    check_permission(user, AuditEntry.Action.ROLLBACK)
    text = clean_reason(reason)

    def run(match: Match) -> AuditEntry:
        _must_be(match, Match.Status.ACTIVE)
        if not isinstance(to, int) or isinstance(to, bool) or not 1 <= to < match.version:
            raise ApiError(
                422,
                "seq_out_of_range",
                f"Roll back to an event from 1 to {match.version - 1}, not {to!r}.",
            )
        engine = engine_for(match.game)
        events = store.read(match.pk, after=0)
        later = [e for e in events if e.seq > to]
        # An undo after the target that took back events before it cannot itself be taken
        # back by another undo (undos do not nest): refused rather than folded wrongly.
        crossing = [
            e.seq
            for e in later
            if e.type == platform_events.UNDO_EVENT and any(s <= to for s in e.payload["seqs"])
        ]
        if crossing:
            raise ApiError(
                409,
                "rollback_crosses_undo",
                f"Event {crossing[0]} took back events at or before {to}; roll back to an "
                "event before those instead.",
                seq=crossing[0],
            )
        target_state = load_state_at(match, to)
        if target_state is None or engine.outcome(target_state) is not None:
            raise ApiError(
                422, "not_a_playable_point", f"The match was not in play after event {to}."
            )
        already = platform_events.undone_seqs(events)
        seqs = [
            e.seq
            for e in later
            if e.type not in platform_events.PLATFORM_EVENTS and e.seq not in already
        ]
        if not seqs:
            raise ApiError(422, "nothing_to_roll_back", f"Nothing of the game came after {to}.")
        seats = list(match.seats.all())
        before = engine.active_seats(load_state(match, use_cache=False))
        # Snapshots are a cache of the state, not history: those after the target hold events
        # that are now taken back, so they go (the events all stay).
        Snapshot.objects.filter(match=match, version__gt=to).delete()
        kept = Snapshot.objects.filter(match=match).order_by("-version").first()
        match.snapshot_version = kept.version if kept else 0
        Match.objects.filter(pk=match.pk).update(snapshot_version=match.snapshot_version)
        undo = {
            "type": platform_events.UNDO_EVENT,
            "seat": None,
            "seqs": seqs,
            "rollback_to": to,
            "reason": text,
        }
        state = load_state_at(match, match.version, then=[undo])
        (row,) = services.platform_move(
            match, engine, state, before=before, seats=seats, appends=[Append([undo], None)]
        )
        return _audit(user, AuditEntry.Action.ROLLBACK, match, text, row.seq, to=to, undone=seqs)

    return _act(match_id, run)


def match_import(*, user: User, doc: Any, reason: Any = "") -> tuple[Match, AuditEntry]:
    """``archive.match_import``, with its permission and an audit row (no reason needed: the
    details say where it came from)."""
    check_permission(user, AuditEntry.Action.IMPORT)
    text = reason.strip() if isinstance(reason, str) and reason.strip() else "import"
    with transaction.atomic():
        match, details = archive.match_import(doc=doc, user=user)
        entry = _audit(user, AuditEntry.Action.IMPORT, match, text[:REASON_MAX], None, **details)
    return match, entry
