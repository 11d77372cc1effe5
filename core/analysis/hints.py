"""A hint during play: what the search bot would do now for the seat to move, from that seat's
own information only, and recorded in the stream (``HintUsed``) for every seat to see.

Where it is fair (``hints_allowed``): a friendly match whose seats agreed at creation (the
creator's ``hints: true``, accepted by joining), or one against bots alone (``match_create`` sets
``hints`` for it); never a rated or a tournament's match.
"""

from __future__ import annotations

import random
from typing import Any

from django.conf import settings
from django.db import transaction

from core.analysis.words import move_words
from core.api.errors import ApiError
from core.eventstore import store
from core.matches import broadcast, orm_writer, selectors
from core.matches.commands import engine_for
from core.matches.models import Match
from core.matches.names import seat_names
from core.matches.platform_events import HINT_USED
from core.matches.state import load_state, state_cache
from core.tournaments.models import TournamentMatch
from games import analysis as engine_analysis


def hints_allowed(match: Match) -> bool:
    if not match.hints or match.rated:
        return False
    return not TournamentMatch.objects.filter(match_id=match.pk).exists()


def _hint_base_version(match: Match, seat: int) -> tuple[int, bool]:
    """The version the hint is for (before the hints asked since the last move) and whether
    the seat's hint at it is recorded already: asking again is free, and answers the same."""
    # The hints since the last move: one a seat, so a few events back are enough.
    last = store.read(match.pk, after=max(0, match.version - 2 * match.n_players))
    version = match.version
    recorded = False
    for e in reversed(last):
        if e.type != HINT_USED:
            break
        if e.payload.get("seat") == seat:
            recorded = True
        version = e.seq - 1
    return version, recorded


def match_hint(*, match_id: int, user: Any) -> dict[str, Any]:
    match = selectors.match_get(match_id, user=user)
    seat = selectors.viewer_seat(match, user)
    if seat is None:
        raise ApiError(403, "not_a_player", "You have no seat in this match.")
    if not hints_allowed(match):
        raise ApiError(
            403, "hints_not_allowed", "This match offers no hints: it is rated or not agreed."
        )
    if match.status != Match.Status.ACTIVE:
        raise ApiError(409, "match_not_active", f"The match is {match.status}, not active.")
    engine = engine_for(match.game)
    state = load_state(match)
    if seat not in engine.active_seats(state):
        raise ApiError(409, "not_your_turn", "It is not your turn: a hint is for your move.")
    base, recorded = _hint_base_version(match, seat)
    rng = random.Random(f"hint:{match.pk}:{base}:{seat}")
    # The seat's own information only: a determinization for it is all the search sees.
    seen = engine.determinize(state, seat, rng)
    try:
        command = engine_analysis.hint(
            engine,
            seen,
            seat,
            match.n_players,
            rng,
            budget_s=settings.ANALYSIS_HINT_BUDGET_S,
            max_iterations=settings.ANALYSIS_MAX_ITERATIONS,
        )
    except ValueError as err:  # to move, yet with no command to choose from
        raise ApiError(409, "not_your_turn", "You have no move to make now.") from err
    words = move_words(engine, seen, seat, command, seat_names(match), rng)
    version = match.version
    if not recorded:
        version = _record_hint(match.pk, seat, seen_version=match.version, state=state)
    return {"command": command, "text": words.you, "ghost": words.ghost, "version": version}


def _record_hint(match_id: int, seat: int, *, seen_version: int, state: Any) -> int:
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.version != seen_version:
            raise ApiError(
                409,
                "stale_version",
                f"The match moved on to version {match.version}; ask again.",
                current_version=match.version,
            )
        orm_writer.hint_used(match, seat)
        user_ids = list(match.seats.exclude(user=None).values_list("user_id", flat=True))
        version = match.version
        transaction.on_commit(lambda: state_cache.put(match_id, version, state))
        transaction.on_commit(lambda: broadcast.announce_match_version(match_id, version, user_ids))
    return version
