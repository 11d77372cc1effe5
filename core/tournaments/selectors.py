"""Tournament reads: lists, one tournament with its standings, its rounds, its history.

A private tournament is seen only by its organiser, the players it invited and its entrants;
for anybody else it does not exist (404), as in the services.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from core.accounts.models import User
from core.api.errors import ApiError
from core.eventstore import store
from core.eventstore.models import Event
from core.matches.models import Match
from core.tournaments import eligibility
from core.tournaments import state as st
from core.tournaments.models import STREAM_KIND, Entrant, Invitation, Tournament


def _visible(user: User) -> Q:
    invited = Invitation.objects.filter(tournament=OuterRef("pk"), user=user)
    entered = Entrant.objects.filter(tournament=OuterRef("pk"), user=user)
    return Q(private=False) | Q(organiser=user) | Q(Exists(invited)) | Q(Exists(entered))


def tournament_list(
    *, user: User, status: str | None = None, game: str | None = None, mine: bool = False
) -> QuerySet[Tournament]:
    qs = Tournament.objects.filter(_visible(user))
    if mine:
        entered = Entrant.objects.filter(tournament=OuterRef("pk"), user=user)
        qs = qs.filter(Q(organiser=user) | Q(Exists(entered)))
    if status:
        qs = qs.filter(status=status)
    if game:
        qs = qs.filter(game=game)
    return qs.select_related("organiser").order_by("-created_at", "-pk")


def tournament_get(*, tournament_id: int, user: User) -> Tournament:
    t = (
        Tournament.objects.filter(_visible(user), pk=tournament_id)
        .select_related("organiser")
        .first()
    )
    if t is None:
        raise ApiError(404, "tournament_not_found", f"There is no tournament {tournament_id}.")
    return t


# What a deleted account's entries read as (core/accounts/erasure.py): the tournament's events
# keep the name they were written with (they cannot change), the reads show this instead.
DELETED_NAME = "deleted player"


def _deleted(user_ids: set[Any]) -> set[int]:
    ids = {u for u in user_ids if isinstance(u, int)}
    if not ids:
        return set()
    return set(
        User.objects.filter(pk__in=ids, deleted_at__isnull=False).values_list("pk", flat=True)
    )


def tournament_state(t: Tournament) -> st.TournamentState:
    state = st.fold(e.as_engine_event() for e in store.read_stream(STREAM_KIND, t.pk))
    gone = _deleted({e.user for e in state.entrants.values()})
    for e in state.entrants.values():
        if e.user in gone:
            e.username, e.name = None, DELETED_NAME
    return state


def _standings(tournament: Tournament, state: st.TournamentState) -> Any:
    """The stored standings, a deleted account's rows named as in ``state``."""
    rows = tournament.standings
    if not isinstance(rows, list):
        return rows
    out = []
    for row in rows:
        e = state.entrants.get(row.get("entrant", -1)) if isinstance(row, dict) else None
        if e is not None and e.name == DELETED_NAME and e.username is None:
            row = {**row, "name": e.name, "username": None}
        out.append(row)
    return out


def _payload_out(payload: dict[str, Any], gone: set[int]) -> dict[str, Any]:
    if payload.get("user") in gone:
        payload = {**payload, "username": None}
        if "name" in payload:
            payload["name"] = DELETED_NAME
    if payload.get("organiser") in gone and "organiser_name" in payload:
        payload = {**payload, "organiser_name": None}
    return payload


def _iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


def tournament_summary(t: Tournament) -> dict[str, Any]:
    cfg = t.config
    return {
        "id": t.pk,
        "name": t.name,
        "game": t.game,
        "format": t.format,
        "players_per_table": t.players_per_table,
        "private": t.private,
        "status": t.status,
        "round": t.round,
        "entrant_count": t.entrant_count,
        "organiser": t.organiser.username if t.organiser else None,
        "starts_at": cfg.get("starts_at"),
        "registration_closes_at": cfg.get("registration_closes_at"),
        "created_at": t.created_at.isoformat(),
        "started_at": _iso(t.started_at),
        "finished_at": _iso(t.finished_at),
    }


def tournament_detail(*, tournament: Tournament, user: User) -> dict[str, Any]:
    state = tournament_state(tournament)
    mine = state.user_entrant(user.pk)
    is_organiser = tournament.organiser_id == user.pk
    # What register would answer now: closing time, room, invitation and entry conditions.
    refusal = eligibility.registration_refusal(
        state=state, private=tournament.private, user=user, now=timezone.now()
    )
    seeds = {p: i for i, p in enumerate(state.seeds, start=1)}
    return {
        **tournament_summary(tournament),
        "version": tournament.version,
        "rounds_planned": state.planned_rounds,
        "round_deadline": _iso(tournament.round_deadline),
        "config": tournament.config,
        "entrants": [
            {
                "entrant": e.number,
                "name": e.name,
                "username": e.username,
                "bot_level": e.bot_level,
                "rating": e.rating,
                "seed": seeds.get(e.number),
                "withdrawn": e.withdrawn,
            }
            for e in state.entrants.values()
        ],
        "standings": _standings(tournament, state),
        "me": {"entrant": mine.number, "withdrawn": mine.withdrawn} if mine else None,
        "is_organiser": is_organiser,
        "can_register": refusal is None,
        "can_withdraw": mine is not None
        and not mine.withdrawn
        and state.status in ("registration", "running"),
    }


def tournament_rounds(*, tournament: Tournament) -> list[dict[str, Any]]:
    """Every round: its tables (seats, match, result) and byes."""
    state = tournament_state(tournament)
    ids = [t.match for r in state.rounds for t in r.tables if t.match is not None]
    statuses = dict(Match.objects.filter(pk__in=ids).values_list("pk", "status"))

    def who(p: int | None) -> dict[str, Any]:
        if p is None:
            return {"entrant": None, "name": f"Bot ({state.config.get('bot_level')})"}
        return {"entrant": p, "name": state.entrants[p].name}

    out = []
    for rnd in state.rounds:
        tables = []
        for t in rnd.tables:
            result = None
            if t.result is not None:
                result = {
                    "ranks": list(t.result.counted_ranks()),
                    "scores": list(t.result.scores),
                    "forfeits": sorted(t.result.forfeits),
                    "how": t.how,
                    "reason": t.adjusted_reason,
                }
            tables.append(
                {
                    "table": t.table,
                    "match": t.match,
                    "match_status": statuses.get(t.match) if t.match is not None else None,
                    "seats": [{"seat": i, **who(p)} for i, p in enumerate(t.seats)],
                    "result": result,
                }
            )
        out.append(
            {
                "round": rnd.number,
                "deadline": rnd.deadline,
                "finished": rnd.finished,
                "tables": tables,
                "byes": [who(p) for p in rnd.byes],
            }
        )
    return out


def tournament_events(*, tournament: Tournament, since: int = 0) -> list[dict[str, Any]]:
    """The tournament's history, event by event (nothing in it is secret)."""
    rows = list(Event.objects.of(STREAM_KIND, tournament.pk).filter(seq__gt=since).order_by("seq"))
    names = dict(
        User.objects.filter(
            pk__in={r.actor for r in rows if r.actor is not None}, deleted_at__isnull=True
        ).values_list("pk", "username")
    )
    gone = _deleted(
        {
            r.payload.get(k)
            for r in rows
            if isinstance(r.payload, dict)
            for k in ("user", "organiser")
        }
    )
    return [
        {
            "seq": r.seq,
            "type": r.type,
            "payload": _payload_out(r.payload, gone) if isinstance(r.payload, dict) else r.payload,
            "actor": names.get(r.actor) if r.actor is not None else None,
            "created_at": r.created_at.isoformat(),
        }
        for r in rows
    ]
