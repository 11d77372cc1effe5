"""Tournament writes: creation, registration, the start, rounds, results and adjustments.

Every write: lock the tournament row → fold its events into the state (``state.py``) → check
(every refusal raises ``ApiError`` before anything is written) → decide the new events → create
the round's matches through ``core.matches.services.match_create`` → append the events and
update the read models, in one transaction → after commit: notifications and bot moves go out.

``tournament_advance`` is the one service that moves a running tournament on by itself: it
records the results of finished matches, closes a round whose deadline has passed, and starts
the next round (or finishes the tournament). It does only what is due in the state it finds,
so running it twice, late or concurrently changes nothing: the Celery task after each finished
match, the round-deadline task and the beat sweep all call it.
"""

from __future__ import annotations

import itertools
import logging
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from core.accounts.models import User
from core.api.errors import ApiError
from core.eventstore import store
from core.eventstore.models import Event
from core.matches import services as match_services
from core.matches.commands import engine_for
from core.matches.models import Match, Seat
from core.matches.platform_events import SEAT_TIMED_OUT
from core.matches.scheduling import run_after_commit, run_at, task_named
from core.matches.timecontrol import parse_time_control
from core.notifications.models import OutboxItem
from core.ratings.models import Rating
from core.tournaments import eligibility
from core.tournaments import state as st
from core.tournaments.models import (
    STREAM_KIND,
    Entrant,
    Invitation,
    Tournament,
    TournamentMatch,
)
from games.base import Engine, IllegalCommand

log = logging.getLogger(__name__)

MAX_ENTRANTS = 256
MAX_ROUNDS = 50
MAX_SERIES_GAMES = 21
MAX_ROUND_HOURS = 60 * 24
# Every number an organiser gives is bounded, so that the standings (sums over up to MAX_ROUNDS
# rounds, Sonneborn-Berger's products) stay finite: 1e308 points once overflowed them to
# infinity, and the next result failed (a 500), leaving the tournament stuck in its round.
MAX_POINTS = 1000.0  # placement and bye points, an organiser's correction, either way
MAX_SCORE = 1_000_000.0  # an organiser's in-game scores of a table, either way
MAX_RATING = 1000.0  # the rating an entrant needs, either way
MAX_FINISHED_MATCHES = 10_000


# --- configuration ----------------------------------------------------------------------------


@dataclass(frozen=True)
class TournamentSpec:
    """What an organiser chooses (the API's input, checked by ``tournament_create``)."""

    name: str
    game: str
    format: str
    players_per_table: int
    options: dict[str, Any] = field(default_factory=dict)
    time_control: dict[str, Any] | None = None
    rated: bool = True
    private: bool = False
    rounds: int | None = None  # round robin at tables of 3+ and Swiss; default from the count
    games: int = 3  # series
    advance: int | None = None  # single elimination at tables of 3+: the top K go through
    placement_points: dict[str, list[float]] | None = None  # {"4": [3, 2, 1, 0], ...}
    bye_points: float | None = None
    series_scoring: str | None = None  # placement, score, margin
    min_rating: float | None = None
    min_finished_matches: int = 0
    bots_allowed: bool = False
    bot_level: str | None = None
    round_start: str = "auto"  # auto: when the previous round ends; manual: the organiser
    round_hours: int | None = None  # each round's deadline
    registration_closes_at: datetime | None = None
    starts_at: datetime | None = None  # automatic start (with round_start auto or manual)
    max_players: int | None = None
    timeout_withdraws: bool = False  # a player out of time in a match leaves the tournament


def _invalid(message: str) -> ApiError:
    return ApiError(422, "invalid_tournament", message)


def _validate(spec: TournamentSpec, now: datetime) -> tuple[dict[str, Any], Engine]:
    """The whole configuration, defaults filled in, or a 422 naming what is wrong."""
    name = spec.name.strip()
    if not 1 <= len(name) <= 100:
        raise _invalid("name must have 1 to 100 characters.")
    engine = engine_for(spec.game)
    if spec.format not in st.FORMATS:
        raise _invalid(f"format must be one of: {', '.join(st.FORMATS)}.")
    k = spec.players_per_table
    if not engine.min_players <= k <= engine.max_players:
        raise _invalid(
            f"{engine.name} is played by {engine.min_players} to {engine.max_players} players, "
            f"not {k}."
        )
    # Every table size a round may need: only full tables when bots fill them.
    min_size = max(2, engine.min_players)
    sizes = [k] if spec.bots_allowed or spec.format == st.SERIES else range(min_size, k + 1)
    options: dict[str, Any] = {}
    for size in sizes:
        try:
            checked = engine.validate_options(size, spec.options or {})
        except IllegalCommand as err:
            raise ApiError(422, err.code, f"At tables of {size}: {err.message}") from err
        if size == k:
            options = checked
    parse_time_control(spec.time_control)  # a 422 now rather than at the first round
    bot_level = spec.bot_level or ("greedy" if "greedy" in engine.bot_levels else None)
    if bot_level not in engine.bot_levels:
        raise _invalid(f"bot_level for {engine.name}: {', '.join(engine.bot_levels)}.")
    if spec.format == st.KNOCKOUT and k > 2:
        advance = spec.advance if spec.advance is not None else k // 2
        if not 1 <= advance < k:
            raise _invalid(f"advance must be between 1 and {k - 1} at tables of {k}.")
    elif spec.advance is not None:
        raise _invalid("advance is for single elimination at tables of three or more.")
    else:
        advance = None
    if spec.rounds is not None:
        if spec.format not in (st.SWISS, st.ROUND_ROBIN) or (
            spec.format == st.ROUND_ROBIN and k == 2
        ):
            raise _invalid("rounds is for Swiss and for round robin at tables of three or more.")
        if not 1 <= spec.rounds <= MAX_ROUNDS:
            raise _invalid(f"rounds must be between 1 and {MAX_ROUNDS}.")
    if spec.format == st.SERIES and not 1 <= spec.games <= MAX_SERIES_GAMES:
        raise _invalid(f"games must be between 1 and {MAX_SERIES_GAMES}.")
    points: dict[str, list[float]] = {}
    for key, values in (spec.placement_points or {}).items():
        size = int(key) if str(key).isdigit() else 0
        if not min_size <= size <= k:
            raise _invalid(f"placement_points: table sizes are {min_size} to {k}, not {key!r}.")
        if len(values) != size or any(b > a for a, b in itertools.pairwise(values)):
            raise _invalid(
                f"placement_points[{key}] needs {size} numbers, first place's first, never rising."
            )
        if any(not abs(v) <= MAX_POINTS for v in values):
            raise _invalid(f"placement_points are at most {MAX_POINTS:g} either way.")
        points[str(size)] = [float(v) for v in values]
    scoring = spec.series_scoring
    if scoring is None:
        # Rule 1 of the Catan two-player variant (always on at two players, see the engine's
        # README): a series is scored by the summed winner-minus-loser margins.
        scoring = "margin" if spec.game == "catan" and k == 2 else "placement"
    if scoring not in ("placement", "score", "margin"):
        raise _invalid("series_scoring must be placement, score or margin.")
    if not 0 <= spec.min_finished_matches <= MAX_FINISHED_MATCHES:
        raise _invalid(f"min_finished_matches must be between 0 and {MAX_FINISHED_MATCHES}.")
    if spec.bye_points is not None and not abs(spec.bye_points) <= MAX_POINTS:
        raise _invalid(f"bye_points are at most {MAX_POINTS:g} either way.")
    if spec.min_rating is not None and not abs(spec.min_rating) <= MAX_RATING:
        raise _invalid(f"min_rating is at most {MAX_RATING:g} either way.")
    if spec.round_start not in ("auto", "manual"):
        raise _invalid("round_start must be auto or manual.")
    if spec.round_hours is not None and not 1 <= spec.round_hours <= MAX_ROUND_HOURS:
        raise _invalid(f"round_hours must be between 1 and {MAX_ROUND_HOURS}.")
    if spec.max_players is not None and not 2 <= spec.max_players <= MAX_ENTRANTS:
        raise _invalid(f"max_players must be between 2 and {MAX_ENTRANTS}.")
    if spec.format == st.SERIES and (spec.max_players or k) > k:
        raise _invalid(f"A series seats everyone at one table: max_players at most {k}.")
    for label, when in (
        ("registration_closes_at", spec.registration_closes_at),
        ("starts_at", spec.starts_at),
    ):
        if when is not None and when <= now:
            raise _invalid(f"{label} must be in the future.")
    if (
        spec.starts_at
        and spec.registration_closes_at
        and spec.registration_closes_at > spec.starts_at
    ):
        raise _invalid("registration must close before the start.")
    config = {
        "name": name,
        "game": spec.game,
        "format": spec.format,
        "players_per_table": k,
        "options": options,
        "time_control": dict(spec.time_control or {}),  # as given: match_create checks it again
        "rated": spec.rated,
        "private": spec.private,
        "rounds": spec.rounds,
        "games": spec.games if spec.format == st.SERIES else None,
        "advance": advance,
        "placement_points": points,
        "bye_points": spec.bye_points,
        "series_scoring": scoring if spec.format == st.SERIES else None,
        "min_rating": spec.min_rating,
        "min_finished_matches": spec.min_finished_matches,
        "bots_allowed": spec.bots_allowed,
        "bot_level": bot_level,
        "round_start": spec.round_start,
        "round_hours": spec.round_hours,
        "registration_closes_at": _iso(spec.registration_closes_at),
        "starts_at": _iso(spec.starts_at),
        "max_players": spec.max_players if spec.format != st.SERIES else spec.max_players or k,
        "timeout_withdraws": spec.timeout_withdraws,
    }
    return config, engine


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


# --- the write path ---------------------------------------------------------------------------


@dataclass
class _Write:
    """One write in progress: the locked tournament, its state, the events decided so far."""

    tournament: Tournament
    state: st.TournamentState
    actor: int | None
    events: list[dict[str, Any]] = field(default_factory=list)
    notify: list[tuple[int, int | None, int]] = field(default_factory=list)  # user, match, round

    def emit(self, event: dict[str, Any]) -> None:
        st.apply(self.state, event)
        self.events.append(event)


def _open(tournament_id: int, actor: User | None) -> _Write:
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise ApiError(404, "tournament_not_found", f"There is no tournament {tournament_id}.")
    state = st.fold(e.as_engine_event() for e in store.read_stream(STREAM_KIND, tournament.pk))
    if actor is not None and not _may_see(tournament, state, actor):
        # A private tournament does not exist for those it does not concern.
        raise ApiError(404, "tournament_not_found", f"There is no tournament {tournament_id}.")
    return _Write(tournament, state, actor.pk if actor is not None else None)


def _may_see(tournament: Tournament, state: st.TournamentState, user: User) -> bool:
    if not tournament.private or tournament.organiser_id == user.pk:
        return True
    return user.pk in state.invited or state.user_entrant(user.pk) is not None


def _organiser_only(w: _Write, user: User) -> None:
    if w.tournament.organiser_id != user.pk:
        raise ApiError(403, "not_the_organiser", "Only the tournament's organiser may do that.")


def _commit(w: _Write) -> None:
    """Append the decided events and bring the read models up to date (in the transaction);
    notifications and the round deadline's check go out after commit."""
    if not w.events:
        return
    t, state = w.tournament, w.state
    store.append_to(owner=t, expected_version=t.version, events=w.events, actor=w.actor)
    now = timezone.now()
    for event in w.events:
        _project_event(t, state, event, now)
    rnd = state.current
    t.status = state.status
    t.round = rnd.number if rnd else 0
    t.round_finished = bool(rnd and rnd.finished)
    t.round_deadline = (
        datetime.fromisoformat(rnd.deadline) if rnd and rnd.deadline and not rnd.finished else None
    )
    t.entrant_count = len(state.registered())
    t.standings = _standings_json(state)
    if state.status == "running" and t.started_at is None:
        t.started_at = now
    if state.status in ("finished", "cancelled") and t.finished_at is None:
        t.finished_at = now
    t.save(
        update_fields=[
            "status",
            "round",
            "round_finished",
            "round_deadline",
            "entrant_count",
            "standings",
            "started_at",
            "finished_at",
            "updated_at",
        ]
    )
    if w.notify:
        name, game = t.name, t.game
        OutboxItem.objects.bulk_create(
            [
                OutboxItem(
                    user_id=user_id,
                    match_id=match_id,
                    kind=OutboxItem.Kind.TOURNAMENT_ROUND,
                    key=f"tournament_round:{user_id}:{t.pk}:{number}",
                    payload={
                        "game": game,
                        "tournament": name,
                        "tournament_id": t.pk,
                        "round": number,
                    },
                )
                for user_id, match_id, number in w.notify
            ],
            ignore_conflicts=True,
        )
        run_after_commit(task_named("core.notifications.tasks.dispatch_outbox"))
    if t.round_deadline is not None and any(e["type"] == st.ROUND_STARTED for e in w.events):
        run_at(task_named("core.tournaments.tasks.advance_tournament"), t.round_deadline, t.pk)


def _project_event(
    t: Tournament, state: st.TournamentState, event: dict[str, Any], now: Any
) -> None:
    kind = event["type"]
    if kind == st.INVITED:
        Invitation.objects.get_or_create(tournament=t, user_id=event["user"])
    elif kind == st.REGISTERED:
        Entrant.objects.update_or_create(
            tournament=t,
            number=event["entrant"],
            defaults={
                "user_id": event.get("user"),
                "bot_level": event.get("bot_level") or "",
                "name": event["name"],
                "withdrawn": False,
                "registered_at": now,
            },
        )
    elif kind == st.WITHDREW:
        Entrant.objects.filter(tournament=t, number=event["entrant"]).update(withdrawn=True)
    elif kind == st.STARTED:
        for seed, number in enumerate(event["seeds"], start=1):
            Entrant.objects.filter(tournament=t, number=number).update(seed=seed)
    elif kind == st.ROUND_STARTED:
        TournamentMatch.objects.bulk_create(
            [
                TournamentMatch(
                    tournament=t,
                    round=event["round"],
                    table=tb["table"],
                    match_id=tb["match"],
                    seats=tb["seats"],
                )
                for tb in event["tables"]
            ]
        )
    elif kind in (st.RESULT, st.RESULT_ADJUSTED):
        TournamentMatch.objects.filter(
            tournament=t, round=event["round"], table=event["table"]
        ).update(result_recorded=True)


def _standings_json(state: st.TournamentState) -> list[dict[str, Any]]:
    out = []
    for row in state.standings():
        e = state.entrants[row.entrant]
        out.append(
            {
                "rank": row.rank,
                "entrant": row.entrant,
                "name": e.name,
                "username": e.username,
                "bot_level": e.bot_level,
                "withdrawn": e.withdrawn,
                "points": row.points,
                "games": row.games,
                "wins": row.wins,
                "byes": row.byes,
                "game_points": row.game_points,
                "adjustments": row.adjustments,
                "tiebreaks": row.tiebreaks,
                "out_in_round": row.out_in_round,
            }
        )
    return out


# --- creation and registration ----------------------------------------------------------------


def tournament_create(*, user: User, spec: TournamentSpec) -> Tournament:
    now = timezone.now()
    config, _ = _validate(spec, now)
    with transaction.atomic():
        t = Tournament.objects.create(
            name=config["name"],
            game=config["game"],
            format=config["format"],
            players_per_table=config["players_per_table"],
            private=config["private"],
            organiser=user,
            config=config,
            starts_at=spec.starts_at,
        )
        w = _Write(t, st.TournamentState(), user.pk)
        w.emit(
            {
                "type": st.CREATED,
                "config": config,
                "organiser": user.pk,
                "organiser_name": user.username,
            }
        )
        _commit(w)
    return t


def tournament_invite(*, tournament_id: int, user: User, usernames: Sequence[str]) -> Tournament:
    with transaction.atomic():
        w = _open(tournament_id, user)
        _organiser_only(w, user)
        _still_open(w)
        if not w.tournament.private:
            raise ApiError(409, "not_private", "Anyone may register for a public tournament.")
        names = list(dict.fromkeys(usernames))
        if not names:
            raise ApiError(400, "invalid_input", "Name at least one player to invite.")
        found = {u.username: u for u in User.objects.filter(username__in=names)}
        missing = [n for n in names if n not in found]
        if missing:
            raise ApiError(422, "unknown_user", f"There is no user {missing[0]!r}.")
        for name in names:
            invitee = found[name]
            if invitee.pk not in w.state.invited:
                w.emit({"type": st.INVITED, "user": invitee.pk, "username": name})
        _commit(w)
    return w.tournament


def _still_open(w: _Write) -> None:
    if w.state.status in ("finished", "cancelled"):
        raise ApiError(409, "tournament_over", f"The tournament is {w.state.status}.")


def _next_number(state: st.TournamentState) -> int:
    return max(state.entrants, default=0) + 1


def tournament_register(*, tournament_id: int, user: User) -> Tournament:
    now = timezone.now()
    with transaction.atomic():
        w = _open(tournament_id, user)
        refusal = eligibility.registration_refusal(
            state=w.state, private=w.tournament.private, user=user, now=now
        )
        if refusal is not None:
            raise refusal
        mine = w.state.user_entrant(user.pk)
        rating = eligibility.player_rating(user, w.state.config["game"])
        w.emit(
            {
                "type": st.REGISTERED,
                "entrant": mine.number if mine is not None else _next_number(w.state),
                "user": user.pk,
                "username": user.username,
                "name": user.public_name,
                "bot_level": None,
                "rating": rating,
            }
        )
        _commit(w)
    return w.tournament


def tournament_add_bots(
    *, tournament_id: int, user: User, count: int, level: str | None = None
) -> Tournament:
    """The organiser enters ``count`` bots (when the tournament allows bots)."""
    now = timezone.now()
    with transaction.atomic():
        w = _open(tournament_id, user)
        _organiser_only(w, user)
        cfg = w.state.config
        if not cfg.get("bots_allowed"):
            raise ApiError(409, "bots_not_allowed", "This tournament does not allow bots.")
        if not 1 <= count <= MAX_ENTRANTS:
            raise ApiError(400, "invalid_input", f"count must be between 1 and {MAX_ENTRANTS}.")
        engine = engine_for(cfg["game"])
        level = level or cfg["bot_level"]
        if level not in engine.bot_levels:
            raise ApiError(
                422,
                "unknown_bot_level",
                f"Bot levels for {cfg['game']}: {', '.join(engine.bot_levels)}.",
            )
        refusal = eligibility.registration_closed(w.state, now, adding=count)
        if refusal is not None:
            raise refusal
        for _ in range(count):
            number = _next_number(w.state)
            w.emit(
                {
                    "type": st.REGISTERED,
                    "entrant": number,
                    "user": None,
                    "username": None,
                    "name": f"Bot {number} ({level})",
                    "bot_level": level,
                    "rating": None,
                }
            )
        _commit(w)
    return w.tournament


def tournament_withdraw(*, tournament_id: int, user: User) -> Tournament:
    """The player leaves: before the start the registration is undone; after it the player is
    paired no more and resigns the matches still running."""
    with transaction.atomic():
        w = _open(tournament_id, user)
        mine = w.state.user_entrant(user.pk)
        if mine is None:
            raise ApiError(409, "not_registered", "You are not registered in this tournament.")
        if mine.withdrawn:
            raise ApiError(409, "already_withdrawn", "You have already withdrawn.")
        _still_open(w)
        _withdraw(w, mine.number, by="player", reason="")
    return w.tournament


def _withdraw(w: _Write, number: int, *, by: str, reason: str) -> None:
    w.emit({"type": st.WITHDREW, "entrant": number, "by": by, "reason": reason})
    running = w.state.status == "running"
    _commit(w)
    if running:
        _resign_running(w, number)


def _resign_running(w: _Write, number: int) -> None:
    """Resign the withdrawn player's running matches (each a command of the match pipeline),
    then move the tournament on in the same transaction."""
    entrant = w.state.entrants[number]
    rnd = w.state.current
    if rnd is None or entrant.user is None:
        return
    user = User.objects.filter(pk=entrant.user).first()
    for table in rnd.open_tables:
        if number in table.seats and table.match is not None and user is not None:
            try:
                match_services.match_resign(
                    match_id=table.match,
                    user=user,
                    command_id=f"tournament:{w.tournament.pk}:withdraw:{number}",
                )
            except ApiError as err:
                # Finished meanwhile, or already resigned: nothing left to resign.
                log.info("withdrawal left match %s as it was: %s", table.match, err.code)
    _advance(w.tournament.pk, timezone.now())


# --- start and rounds -------------------------------------------------------------------------


def tournament_start(
    *, tournament_id: int, user: User | None, now: datetime | None = None
) -> Tournament:
    """Seed and start round 1 (the organiser, or the system at ``starts_at``)."""
    now = now or timezone.now()
    with transaction.atomic():
        w = _open(tournament_id, user)
        if user is not None:
            _organiser_only(w, user)
        if w.state.status != "registration":
            raise ApiError(409, "already_started", f"The tournament is {w.state.status}.")
        _start(w, now)
        _commit(w)
    return w.tournament


def _start(w: _Write, now: datetime) -> None:
    state = w.state
    entrants = state.registered()
    if len(entrants) < 2:
        raise ApiError(409, "not_enough_players", "A tournament needs at least two players.")
    engine = engine_for(state.config["game"])
    if state.format == st.SERIES and len(entrants) < engine.min_players:
        raise ApiError(
            409,
            "not_enough_players",
            f"{engine.name} needs at least {engine.min_players} players at its table.",
        )
    # The lot: a random order, drawn once and recorded, the last tie-break and the order
    # between equal ratings.
    numbers = [e.number for e in entrants]
    lots = numbers[:]
    random.Random(secrets.randbits(64)).shuffle(lots)
    ratings = {e.number: _current_rating(e, state.config["game"]) for e in entrants}
    lot_pos = {p: i for i, p in enumerate(lots)}
    seeds = sorted(numbers, key=lambda p: (-(ratings[p] or 0.0), lot_pos[p]))
    w.emit(
        {
            "type": st.STARTED,
            "seeds": seeds,
            "lots": lots,
            "ratings": {str(p): ratings[p] for p in numbers},
            "rounds": st.planned_rounds(state.config, len(numbers)),
        }
    )
    _start_round(w, now)


def _current_rating(entrant: st.EntrantState, game: str) -> float | None:
    if entrant.user is None:
        return None
    return (
        Rating.objects.filter(user_id=entrant.user, game=game)
        .values_list("ordinal", flat=True)
        .first()
    )


def _start_round(w: _Write, now: datetime) -> None:
    """Pair the next round, create its matches, record it; or finish the tournament. A round
    with no table (everyone has a bye) is over at once."""
    for _ in range(MAX_ROUNDS + 1):
        plan = st.next_round(w.state, min_size=_min_size(w.state))
        if plan is None:
            _finish(w)
            return
        number = len(w.state.rounds) + 1
        hours = w.state.config.get("round_hours")
        deadline = (now + timedelta(hours=hours)).isoformat() if hours else None
        match_ids = [_create_match(w, table.seats) for table in plan.tables]
        tables = [
            {"table": i + 1, "match": match_id, "seats": list(table.seats)}
            for i, (table, match_id) in enumerate(zip(plan.tables, match_ids, strict=True))
        ]
        w.emit(
            {
                "type": st.ROUND_STARTED,
                "round": number,
                "deadline": deadline,
                "tables": tables,
                "byes": list(plan.byes),
                "slots": [[k, v + 1 if k == "t" else v] for k, v in plan.slots],
            }
        )
        for table, match_id in zip(plan.tables, match_ids, strict=True):
            for p in table.seats:
                user = None if p is None else w.state.entrants[p].user
                if user is not None:
                    w.notify.append((user, match_id, number))
        for p in plan.byes:
            user = w.state.entrants[p].user
            if user is not None:
                w.notify.append((user, None, number))
        if tables:
            return
        w.emit({"type": st.ROUND_FINISHED, "round": number})


def _min_size(state: st.TournamentState) -> int:
    return max(2, engine_for(state.config["game"]).min_players)


def _create_match(w: _Write, seats: Sequence[int | None]) -> int:
    cfg = w.state.config
    specs = []
    for p in seats:
        e = w.state.entrants[p] if p is not None else None
        if e is None or e.user is None:
            level = e.bot_level if e is not None and e.bot_level else cfg["bot_level"]
            specs.append(match_services.SeatSpec("bot", level=level))
        else:
            specs.append(match_services.SeatSpec("player", username=e.username or ""))
    match = match_services.match_create(
        user=None,
        game=cfg["game"],
        n_players=len(specs),
        options=cfg["options"],
        seats=specs,
        time_control=cfg["time_control"],
        rated=cfg["rated"],
        # A private tournament's matches are private too: only their players watch them.
        visibility=Match.Visibility.PRIVATE if cfg.get("private") else Match.Visibility.PUBLIC,
    )
    return int(match.pk)


def _finish(w: _Write) -> None:
    w.emit({"type": st.FINISHED, "standings": st.final_order(w.state)})


def tournament_next_round(*, tournament_id: int, user: User) -> Tournament:
    """The organiser starts the next round (tournaments with manual round start)."""
    now = timezone.now()
    with transaction.atomic():
        w = _open(tournament_id, user)
        _organiser_only(w, user)
        if w.state.status != "running":
            raise ApiError(409, "not_running", f"The tournament is {w.state.status}.")
        _record_due_results(w, now)
        rnd = w.state.current
        if rnd is not None and not rnd.finished:
            waiting = len(rnd.open_tables)
            raise ApiError(
                409,
                "round_not_finished",
                f"Round {rnd.number} still has {waiting} table(s) playing.",
            )
        _start_round(w, now)
        _commit(w)
    return w.tournament


# --- results ----------------------------------------------------------------------------------


def _record_due_results(w: _Write, now: datetime) -> None:
    """Results of the current round's finished matches; at the round's deadline, the tables
    still playing are closed as all-equal results (the organiser may correct them, with a
    reason). Then the round is finished if every table has a result."""
    rnd = w.state.current
    if rnd is None or rnd.finished:
        return
    past_deadline = rnd.deadline is not None and datetime.fromisoformat(rnd.deadline) <= now
    open_ids = [t.match for t in rnd.open_tables if t.match is not None]
    matches = {m.pk: m for m in Match.objects.filter(pk__in=open_ids).prefetch_related("seats")}
    for table in list(rnd.open_tables):
        match = matches.get(table.match) if table.match is not None else None
        if match is not None and match.status in (Match.Status.FINISHED, Match.Status.ABORTED):
            _record_match_result(w, rnd.number, table, match)
        elif past_deadline:
            n = len(table.seats)
            w.emit(
                {
                    "type": st.RESULT,
                    "round": rnd.number,
                    "table": table.table,
                    "match": table.match,
                    "ranks": [1] * n,
                    "scores": [0.0] * n,
                    "forfeits": [],
                    "how": "round_deadline",
                }
            )
    if not rnd.open_tables:
        w.emit({"type": st.ROUND_FINISHED, "round": rnd.number})


def _record_match_result(w: _Write, number: int, table: st.TableState, match: Match) -> None:
    seats = sorted(match.seats.all(), key=lambda s: s.index)
    timed_out = {
        e.payload.get("seat")
        for e in Event.objects.of("match", match.pk).filter(type=SEAT_TIMED_OUT)
        if e.payload.get("policy") == "forfeit"
    }
    forfeits = []
    for seat in seats:
        entrant = table.seats[seat.index] if seat.index < len(table.seats) else None
        if entrant is None or seat.status != Seat.Status.FORFEITED:
            continue
        reason = "timeout" if seat.index in timed_out else "resigned"
        forfeits.append(entrant)
        w.emit(
            {
                "type": st.FORFEITED,
                "round": number,
                "table": table.table,
                "match": match.pk,
                "entrant": entrant,
                "reason": reason,
            }
        )
        if (
            reason == "timeout"
            and w.state.config.get("timeout_withdraws")
            and not w.state.entrants[entrant].withdrawn
        ):
            w.emit(
                {
                    "type": st.WITHDREW,
                    "entrant": entrant,
                    "by": "timeout",
                    "reason": "out of time in a tournament match",
                }
            )
    if match.status == Match.Status.FINISHED and match.outcome:
        ranks = [int(r) for r in match.outcome["ranks"]]
        scores = [float(s) for s in match.outcome["scores"]]
        how = "finished"
    else:
        # Abandoned (every human forfeited, the game went on without them): those still
        # playing share the first place, the forfeited ones the last.
        ranks = [2 if s.status == Seat.Status.FORFEITED else 1 for s in seats]
        scores = [float(s.score or 0.0) for s in seats]
        how = "aborted"
    w.emit(
        {
            "type": st.RESULT,
            "round": number,
            "table": table.table,
            "match": match.pk,
            "ranks": ranks,
            "scores": scores,
            "forfeits": forfeits,
            "how": how,
        }
    )


def tournament_advance(*, tournament_id: int, now: datetime | None = None) -> str:
    """Whatever is due in tournament ``tournament_id`` now; returns what happened (``started``,
    ``round``, ``finished``, ``results`` or ``idle``)."""
    return _advance(tournament_id, now or timezone.now())


def _advance(tournament_id: int, now: datetime) -> str:
    with transaction.atomic():
        w = _open(tournament_id, None)
        state = w.state
        if state.status == "registration":
            starts = state.config.get("starts_at")
            if starts is None or datetime.fromisoformat(starts) > now:
                return "idle"
            if len(state.registered()) < 2:
                w.emit({"type": st.CANCELLED, "reason": "fewer than two players at the start"})
                _commit(w)
                return "cancelled"
            try:
                with transaction.atomic():  # a savepoint: a failed start leaves no match behind
                    _start(w, now)
            except ApiError as err:
                w = _open(tournament_id, None)
                w.emit({"type": st.CANCELLED, "reason": err.message})
                _commit(w)
                return "cancelled"
            _commit(w)
            return "started"
        if state.status != "running":
            return "idle"
        _record_due_results(w, now)
        rnd = state.current
        outcome = "results" if w.events else "idle"
        if rnd is not None and rnd.finished and state.config.get("round_start") == "auto":
            _start_round(w, now)
            outcome = "finished" if state.status == "finished" else "round"
        elif (
            rnd is not None
            and rnd.finished
            and st.next_round(state, min_size=_min_size(state)) is None
        ):
            # Manual round start: the last round's end still finishes the tournament.
            _finish(w)
            outcome = "finished"
        _commit(w)
        return outcome


def tournament_match_ended(match: Match) -> None:
    """``core.matches.hooks``: a match of a tournament ended; move the tournament on after
    the commit (a task of its own, so the match's transaction stays short)."""
    link = (
        TournamentMatch.objects.filter(match_id=match.pk)
        .values_list("tournament_id", flat=True)
        .first()
    )
    if link is None:
        return
    run_after_commit(task_named("core.tournaments.tasks.advance_tournament"), link)


# --- the organiser's corrections --------------------------------------------------------------


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ApiError(400, "reason_required", "Say why: an adjustment needs a reason.")
    if len(reason) > 500:
        raise ApiError(400, "invalid_input", "A reason has at most 500 characters.")
    return reason


def tournament_adjust_points(
    *, tournament_id: int, user: User, entrant: int, points: float, reason: str
) -> Tournament:
    reason = _reason(reason)
    with transaction.atomic():
        w = _open(tournament_id, user)
        _organiser_only(w, user)
        if w.state.status != "running":
            raise ApiError(409, "not_running", "Points can be adjusted while the tournament runs.")
        if entrant not in w.state.lots:
            raise ApiError(404, "entrant_not_found", f"There is no entrant {entrant}.")
        if points == 0 or not abs(points) <= MAX_POINTS:
            raise ApiError(
                400, "invalid_input", f"points must be non-zero, at most {MAX_POINTS:g} either way."
            )
        w.emit({"type": st.POINTS_ADJUSTED, "entrant": entrant, "points": points, "reason": reason})
        _commit(w)
    return w.tournament


def tournament_set_result(
    *,
    tournament_id: int,
    user: User,
    round: int,
    table: int,
    ranks: Sequence[int],
    scores: Sequence[float] | None,
    reason: str,
) -> Tournament:
    """The organiser sets or corrects a table's result. Single elimination: only in the current
    round (the bracket has moved on from earlier ones)."""
    reason = _reason(reason)
    now = timezone.now()
    with transaction.atomic():
        w = _open(tournament_id, user)
        _organiser_only(w, user)
        state = w.state
        if state.status != "running":
            raise ApiError(409, "not_running", "Results can be set while the tournament runs.")
        if not 1 <= round <= len(state.rounds):
            raise ApiError(404, "round_not_found", f"There is no round {round} yet.")
        rnd = state.rounds[round - 1]
        found = next((t for t in rnd.tables if t.table == table), None)
        if found is None:
            raise ApiError(404, "table_not_found", f"Round {round} has no table {table}.")
        if state.format == st.KNOCKOUT and rnd.finished:
            raise ApiError(
                409, "bracket_moved_on", "That round is over; its winners play on already."
            )
        n = len(found.seats)
        if len(ranks) != n or any(not 1 <= r <= n for r in ranks):
            raise ApiError(400, "invalid_input", f"Give {n} ranks, each from 1 to {n}.")
        if scores is not None and len(scores) != n:
            raise ApiError(400, "invalid_input", f"Give {n} scores, one per seat.")
        if scores is not None and any(not abs(s) <= MAX_SCORE for s in scores):
            raise ApiError(400, "invalid_input", f"Scores are at most {MAX_SCORE:g} either way.")
        kept = found.result.scores if found.result is not None else (0.0,) * n
        w.emit(
            {
                "type": st.RESULT_ADJUSTED,
                "round": round,
                "table": table,
                "ranks": list(ranks),
                "scores": [float(s) for s in scores] if scores is not None else list(kept),
                "reason": reason,
            }
        )
        if rnd is state.current and not rnd.finished and not rnd.open_tables:
            w.emit({"type": st.ROUND_FINISHED, "round": rnd.number})
            if state.config.get("round_start") == "auto":
                _start_round(w, now)
        _commit(w)
    return w.tournament


def tournament_remove_entrant(
    *, tournament_id: int, user: User, entrant: int, reason: str
) -> Tournament:
    """The organiser withdraws a player (or a bot), with a reason."""
    reason = _reason(reason)
    with transaction.atomic():
        w = _open(tournament_id, user)
        _organiser_only(w, user)
        _still_open(w)
        e = w.state.entrants.get(entrant)
        if e is None:
            raise ApiError(404, "entrant_not_found", f"There is no entrant {entrant}.")
        if e.withdrawn:
            raise ApiError(409, "already_withdrawn", f"{e.name} has already withdrawn.")
        _withdraw(w, entrant, by="organiser", reason=reason)
    return w.tournament


def tournament_cancel(*, tournament_id: int, user: User, reason: str) -> Tournament:
    reason = _reason(reason)
    with transaction.atomic():
        w = _open(tournament_id, user)
        _organiser_only(w, user)
        _still_open(w)
        w.emit({"type": st.CANCELLED, "reason": reason})
        _commit(w)
    return w.tournament


# --- the sweep --------------------------------------------------------------------------------


def tournament_sweep(*, now: datetime | None = None, limit: int = 100) -> dict[str, int]:
    """Every tournament with something due, whatever happened to its own tasks: an automatic
    start, a round deadline passed, or a match of the current round ended without its result
    recorded (a lost task, or a match abandoned without finishing)."""
    now = now or timezone.now()
    due_start = Q(status=Tournament.Status.REGISTRATION, starts_at__lte=now)
    running = Q(status=Tournament.Status.RUNNING)
    auto = Q(config__round_start="auto")
    ended = TournamentMatch.objects.filter(
        result_recorded=False,
        match__status__in=[Match.Status.FINISHED, Match.Status.ABORTED],
    ).values("tournament_id")
    ids = list(
        Tournament.objects.filter(
            due_start
            | (running & Q(round_deadline__lte=now))
            | (running & Q(pk__in=ended))
            | (running & auto & Q(round_finished=True))
        )
        .order_by("pk")
        .values_list("pk", flat=True)[:limit]
    )
    counts: dict[str, int] = {}
    for tid in ids:
        try:
            outcome = _advance(tid, now)
        except Exception:  # one broken tournament must not stop the others
            log.exception("tournament %s could not be advanced", tid)
            outcome = "error"
        counts[outcome] = counts.get(outcome, 0) + 1
    return counts
