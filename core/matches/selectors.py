"""Match reads: lists, one match as a viewer sees it, its events, legal commands, chat."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.core.cache import cache
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils import timezone

from core.accounts.models import User
from core.accounts.selectors import vacations_at
from core.api.errors import ApiError
from core.eventstore.models import Event
from core.matches.commands import engine_for
from core.matches.models import ChatMessage, Match, Seat
from core.matches.names import seat_name, seat_names
from core.matches.platform_events import PLATFORM_EVENTS, UNDO_EVENT
from core.matches.presenters import event_for_viewer, explanation
from core.matches.state import load_state, load_state_at, state_cache
from core.ratings.selectors import match_rating_changes


def match_get(match_id: int, *, user: User | None = None) -> Match:
    """The match and its seats; with ``user``, only if they may see it."""
    match = (
        Match.objects.select_related("created_by")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
        .filter(pk=match_id)
        .first()
    )
    if match is None:
        raise ApiError(404, "match_not_found", f"There is no match {match_id}.")
    if user is not None:
        match_check_visible(match=match, user=user)
    return match


def match_role(*, match: Match, user: User) -> str | None:
    """What ``user`` is to ``match``: ``seat`` (a player), ``invitee`` (invited, not yet in),
    ``staff``, ``spectator`` (anyone else, on a public match), or None (a private match is not
    theirs to see). Uses the prefetched seats."""
    for s in match.seats.all():
        if s.user_id == user.pk and s.kind == Seat.Kind.HUMAN:
            return "seat" if s.accepted else "invitee"
    if user.is_staff:
        return "staff"
    return "spectator" if match.visibility == Match.Visibility.PUBLIC else None


def match_check_visible(*, match: Match, user: User) -> None:
    if match_role(match=match, user=user) is None:
        raise ApiError(403, "private_match", "This match is private.")


def match_check_player(*, match: Match, user: User) -> None:
    """Chat is the players' own: their seat taken, not only offered."""
    if match_role(match=match, user=user) != "seat":
        raise ApiError(403, "not_a_player", "Only the players of a match can read its chat.")


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
    # A private match is listed only to those with a seat in it (invitations included).
    qs = Match.objects.filter(
        Q(visibility=Match.Visibility.PUBLIC)
        | Exists(Seat.objects.filter(match=OuterRef("pk"), user=user))
    )
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


ENDING_CACHE_SECONDS = 24 * 3600


def seat_summary(seat: Seat, name: str | None = None) -> dict[str, Any]:
    """A seat as lists and the players strip show it; ``name`` as the log names it
    (``core.matches.names``), None for an open seat. A deleted account's seat keeps its place
    and result, and says only that (the PWA shows "deleted player"): no name, no profile to link
    to (core/accounts/erasure.py)."""
    person = seat.user if seat.user and seat.user.deleted_at is None else None
    return {
        "index": seat.index,
        "kind": seat.kind,
        "user": person.username if person else None,
        "name": None
        if seat.kind == Seat.Kind.OPEN or (seat.user is not None and person is None)
        else (name or seat_name(seat)),
        "deleted": seat.user is not None and person is None,
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
        "hints": match.hints,
        "visibility": match.visibility,
        "autostart": match.autostart,
        "time_control": match.time_control or {"kind": "none"},
        "turn_started_at": _iso(match.turn_started_at),
        "deadline": _iso(match.deadline),
        "seats": [
            seat_summary(s, name)
            for s, name in zip(match.seats.all(), seat_names(match), strict=True)
        ],
    }


def match_detail(*, match: Match, user: User, head: dict[str, Any] | None = None) -> dict[str, Any]:
    """The match as ``user`` may see it: their seat's view, or a spectator's. ``head`` is
    ``match_detail_head``'s answer when the caller already has it."""
    out = head if head is not None else match_detail_head(match=match, user=user)
    seat = out["seat"]
    if match.version:
        engine = engine_for(match.game)
        state = load_state(match)
        try:
            out["view"] = engine.view(state, seat)
            out["active_seats"] = sorted(engine.active_seats(state))
            if match.status == Match.Status.FINISHED:
                out["explanation"] = _ending(engine, state, seat, match, match.version)
        finally:
            state_cache.put(match.pk, match.version, state)
    return out


def match_detail_head(*, match: Match, user: User) -> dict[str, Any]:
    """Everything of ``match_detail`` but the game state (``view`` None, ``active_seats``
    empty): the cheap part, read from the match's rows alone. With the version it determines
    the whole answer, so it makes the answer's ETag (``detail_etag``)."""
    seat = viewer_seat(match, user)
    out = {
        **match_summary(match),
        "seat": seat,
        "view": None,
        "active_seats": [],
        "explanation": None,
    }
    if match.status in (Match.Status.LOBBY, Match.Status.ACTIVE):
        # Who is away on a declared vacation, and through which day: their opponents see it.
        seats = list(match.seats.all())
        away = vacations_at(user_ids=[s.user_id for s in seats], moment=timezone.now())
        for row, s in zip(out["seats"], seats, strict=True):
            vacation = away.get(s.user_id) if s.user_id else None
            row["on_vacation_until"] = vacation.ends_on.isoformat() if vacation else None
    if match.status == Match.Status.FINISHED:
        out["rating_changes"] = match_rating_changes(match=match)
    return out


def detail_etag(head: dict[str, Any]) -> str:
    """The ETag of a ``match_detail`` answer: its version and seat, which fix the view and the
    active seats, and a digest of the rest (seats joining the lobby, vacations, results), which
    may change without a new version."""
    digest = hashlib.blake2b(
        json.dumps(head, sort_keys=True, default=str).encode(), digest_size=8
    ).hexdigest()
    return f'W/"{head["version"]}.{head["seat"]}.{digest}"'


def legal_etag(*, match: Match, user: User) -> str:
    """The ETag of a ``match_legal_commands`` answer: the legal commands follow from the
    version (every change of status comes with events) and the seat."""
    seat = viewer_seat(match, user)
    if seat is None:
        raise ApiError(403, "not_a_player", "You have no seat in this match.")
    return f'W/"{match.version}.{seat}"'


def match_view_at(*, match: Match, user: User, version: int) -> dict[str, Any]:
    """The match as ``user``'s seat saw it at ``version`` (replay): the engine's view of the
    state folded up to that version, for that seat alone, so a replay never shows more than
    the viewer could see then. A spectator gets the spectator's view."""
    if version < 1 or version > match.version:
        raise ApiError(
            422,
            "version_out_of_range",
            f"Match {match.pk} has versions 1 to {match.version}; there is no version {version}.",
        )
    seat = viewer_seat(match, user)
    engine = engine_for(match.game)
    state = load_state_at(match, version)
    return {
        "id": match.pk,
        "version": version,
        "seat": seat,
        "view": engine.view(state, seat),
        "active_seats": sorted(engine.active_seats(state)),
        # The replay's last step of a finished game says how it was counted, as the match does.
        "explanation": _ending(engine, state, seat, match, version),
    }


def _ending(engine: Any, state: Any, seat: int | None, match: Match, version: int) -> Any:
    """The engine's explanation of a game that has ended in ``state`` (at ``version``), for
    ``seat``, in both languages; None while it runs or when the engine has no ``explain``.

    A finished game never changes, so the explanation is cached per version, seat and names:
    it reads the match's whole stream (a Java game keeps its scoring history only there)."""
    if engine.outcome(state) is None:
        return None
    names = seat_names(match)
    digest = hashlib.sha256(json.dumps(names).encode()).hexdigest()[:16]
    key = f"ending:{match.pk}:{version}:{match.rules_version}:{seat}:{digest}"
    hit = cache.get(key)
    if hit is not None:
        return hit
    events = _played_events(engine, match, seat, version)
    out = explanation(engine, state, seat, names, events)
    if out is not None:
        cache.set(key, out, ENDING_CACHE_SECONDS)
    return out


def _played_events(engine: Any, match: Match, seat: int | None, version: int) -> list[Any]:
    """The game's events up to ``version`` as ``seat`` may see them: the platform's own events
    and those an undo took back left out, each redacted by the engine (games/WORDS.md)."""
    rows = list(
        Event.objects.of("match", match.pk)
        .filter(seq__lte=version)
        .order_by("seq")
        .values_list("seq", "type", "payload")
    )
    undone = {s for _, t, p in rows if t == UNDO_EVENT for s in p["seqs"]}
    out = []
    for seq, etype, payload in rows:
        if etype in PLATFORM_EVENTS or seq in undone:
            continue
        shown = engine.redact({"type": etype, **payload}, seat)
        if shown is not None:
            out.append(shown)
    return out


def match_events(
    *, match: Match, user: User, since: int = 0, until: int | None = None
) -> list[dict[str, Any]]:
    """The events after ``since`` (through ``until``), redacted for ``user``'s seat."""
    seat = viewer_seat(match, user)
    engine = engine_for(match.game)
    rows = Event.objects.of("match", match.pk).filter(seq__gt=since)
    if until is not None:
        rows = rows.filter(seq__lte=until)
    columns = rows.order_by("seq").values_list("seq", "type", "payload", "actor", "created_at")
    names = seat_names(match)
    return [
        event_for_viewer(
            engine,
            seq=seq,
            type=etype,
            payload=payload,
            actor=actor,
            created_at=at,
            viewer=seat,
            names=names,
        )
        for seq, etype, payload, actor, at in columns.iterator(chunk_size=500)
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


def chat_out(message: ChatMessage) -> dict[str, Any]:
    """A chat message as its readers get it, over REST and on the match socket alike."""
    return {
        "id": message.pk,
        "user": message.user.username if message.user else None,
        "name": message.user.public_name if message.user else None,
        "text": message.text,
        "at": message.created_at.isoformat(),
    }


def may_read_chat(match_id: int, user: User) -> bool:
    match = Match.objects.filter(pk=match_id).prefetch_related("seats").first()
    return match is not None and match_role(match=match, user=user) == "seat"
