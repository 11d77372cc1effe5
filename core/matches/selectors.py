"""Match reads: lists, one match as a viewer sees it, its events, legal commands, chat."""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef, Prefetch, QuerySet
from django.utils import timezone

from core.accounts.models import User
from core.accounts.selectors import vacations_at
from core.api.errors import ApiError
from core.eventstore.models import Event
from core.matches.models import ChatMessage, Match, Seat
from core.matches.presenters import event_for_viewer
from core.matches.services import engine_for
from core.matches.state import load_state, state_cache
from core.ratings.selectors import match_rating_changes


def match_get(match_id: int) -> Match:
    match = (
        Match.objects.select_related("created_by")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
        .filter(pk=match_id)
        .first()
    )
    if match is None:
        raise ApiError(404, "match_not_found", f"There is no match {match_id}.")
    return match


def viewer_seat(match: Match, user: User) -> int | None:
    """The seat ``user`` plays in ``match``, or None for a spectator (uses prefetched seats)."""
    return next(
        (s.index for s in match.seats.all() if s.user_id == user.pk and s.kind == Seat.Kind.HUMAN),
        None,
    )


def match_list(
    *,
    user: User,
    mine: bool = False,
    my_turn: bool = False,
    status: str | None = None,
    game: str | None = None,
    joinable: bool = False,
) -> QuerySet[Match]:
    qs = Match.objects.all()
    if mine or my_turn:
        qs = qs.filter(Exists(Seat.objects.filter(match=OuterRef("pk"), user=user)))
    if my_turn:
        qs = qs.filter(
            Exists(Seat.objects.filter(match=OuterRef("pk"), user=user, to_move=True)),
            status=Match.Status.ACTIVE,
        )
    if joinable:
        qs = qs.filter(
            Exists(Seat.objects.filter(match=OuterRef("pk"), kind=Seat.Kind.OPEN)),
            status=Match.Status.LOBBY,
        )
    if status:
        qs = qs.filter(status=status)
    if game:
        qs = qs.filter(game=game)
    return (
        qs.order_by("-updated_at", "-pk")
        .select_related("created_by")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
    )


def seat_summary(seat: Seat) -> dict[str, Any]:
    return {
        "index": seat.index,
        "kind": seat.kind,
        "user": seat.user.username if seat.user else None,
        "name": seat.user.public_name
        if seat.user
        else (f"Bot ({seat.bot_level})" if seat.bot_level else None),
        "accepted": seat.accepted,
        "bot_level": seat.bot_level or None,
        "status": seat.status,
        "to_move": seat.to_move,
        "rank": seat.rank,
        "score": seat.score,
        "reserve_seconds": seat.reserve_seconds,
    }


def _iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


def match_summary(match: Match) -> dict[str, Any]:
    return {
        "id": match.pk,
        "game": match.game,
        "options": match.options,
        "n_players": match.n_players,
        "status": match.status,
        "version": match.version,
        "rules_version": match.rules_version,
        "created_by": match.created_by.username if match.created_by else None,
        "created_at": match.created_at.isoformat(),
        "updated_at": match.updated_at.isoformat(),
        "outcome": match.outcome,
        "rated": match.rated,
        "time_control": match.time_control or {"kind": "none"},
        "turn_started_at": _iso(match.turn_started_at),
        "deadline": _iso(match.deadline),
        "seats": [seat_summary(s) for s in match.seats.all()],
    }


def match_detail(*, match: Match, user: User) -> dict[str, Any]:
    """The match as ``user`` may see it: their seat's view, or a spectator's."""
    seat = viewer_seat(match, user)
    out = {**match_summary(match), "seat": seat, "view": None, "active_seats": []}
    if match.status in (Match.Status.LOBBY, Match.Status.ACTIVE):
        # Who is away on a declared vacation, and through which day: their opponents see it.
        seats = list(match.seats.all())
        away = vacations_at(user_ids=[s.user_id for s in seats], moment=timezone.now())
        for row, s in zip(out["seats"], seats, strict=True):
            vacation = away.get(s.user_id) if s.user_id else None
            row["on_vacation_until"] = vacation.ends_on.isoformat() if vacation else None
    if match.version:
        engine = engine_for(match.game)
        state = load_state(match)
        try:
            out["view"] = engine.view(state, seat)
            out["active_seats"] = sorted(engine.active_seats(state))
        finally:
            state_cache.put(match.pk, match.version, state)
    if match.status == Match.Status.FINISHED:
        out["rating_changes"] = match_rating_changes(match=match)
    return out


def match_events(*, match: Match, user: User, since: int = 0) -> list[dict[str, Any]]:
    seat = viewer_seat(match, user)
    engine = engine_for(match.game)
    rows = (
        Event.objects.filter(match=match, seq__gt=since)
        .order_by("seq")
        .values_list("seq", "type", "payload", "actor", "created_at")
    )
    return [
        event_for_viewer(
            engine, seq=seq, type=etype, payload=payload, actor=actor, created_at=at, viewer=seat
        )
        for seq, etype, payload, actor, at in rows.iterator(chunk_size=500)
    ]


def match_legal_commands(*, match: Match, user: User) -> dict[str, Any]:
    seat = viewer_seat(match, user)
    if seat is None:
        raise ApiError(403, "not_a_player", "You have no seat in this match.")
    commands: list[dict[str, Any]] = []
    if match.status == Match.Status.ACTIVE:
        engine = engine_for(match.game)
        state = load_state(match)
        try:
            commands = (
                engine.legal_commands(state, seat) if seat in engine.active_seats(state) else []
            )
        finally:
            state_cache.put(match.pk, match.version, state)
    return {"version": match.version, "seat": seat, "commands": commands}


def match_chat(*, match: Match) -> QuerySet[ChatMessage]:
    return match.chat.select_related("user")
