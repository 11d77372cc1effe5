"""Celery tasks of matches: a bot's turn.

Ids and versions in, the world re-read; a task that finds the match moved on exits quietly, and
the bot's command carries ``expected_version`` and a deterministic ``command_id``, so a
duplicate or late task is a harmless conflict.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings

from core.api.errors import ApiError
from core.matches.models import Match, Seat
from core.matches.services import engine_for, match_submit_command
from core.matches.state import load_state, state_cache
from games.rng import command_rng

log = logging.getLogger(__name__)


@shared_task(
    acks_late=True,
    autoretry_for=(OSError,),
    retry_backoff=True,
    max_retries=5,
    soft_time_limit=60,
    time_limit=90,
)
def play_bot_turn(match_id: int, version: int) -> None:
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.ACTIVE or match.version != version:
        return
    engine = engine_for(match.game)
    state = load_state(match)
    try:
        active = engine.active_seats(state)
        bots = [
            s
            for s in match.seats.all()
            if s.index in active and s.kind == Seat.Kind.BOT and s.status == Seat.Status.PLAYING
        ]
        if not bots:
            return
        seat = bots[0]
        rng = command_rng(match.secret_seed, version, f"bot{seat.index}")
        command = engine.bot_command(
            engine.clone(state), seat.index, seat.bot_level, rng, settings.BOT_BUDGET_SECONDS
        )
    finally:
        state_cache.put(match.pk, version, state)
    try:
        match_submit_command(
            match_id=match_id,
            user=None,
            seat_index=seat.index,
            command=command,
            command_id=f"bot:{version}:{seat.index}",
            expected_version=version,
        )
    except ApiError as err:
        if err.code not in ("stale_version", "match_not_active", "conflict"):
            log.error("bot move refused in match %s v%s: %s", match_id, version, err.message)
