"""Celery tasks of matches: a bot's turn, a match's clock check, the periodic deadline sweep.

Ids and versions in, the world re-read; a task that finds the match moved on exits quietly, and
the bot's command carries ``expected_version`` and a deterministic ``command_id``, so a
duplicate or late task is a harmless conflict.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from core.api.errors import ApiError, lock_wait_ran_out
from core.matches.deadlines import deadline_sweep, match_check_clock, timeout_bot_level
from core.matches.models import Match
from core.matches.services import engine_for, match_submit_command
from core.matches.state import load_state, state_cache
from core.ops import metrics
from core.ops.logs import log_context
from games.rng import command_rng

log = logging.getLogger(__name__)


@shared_task(
    acks_late=True,
    autoretry_for=(OSError, OperationalError),  # a database restart: again, with backoff
    retry_backoff=True,
    max_retries=5,
    soft_time_limit=60,
    time_limit=90,
)
def play_bot_turn(match_id: int, version: int) -> None:
    with log_context(match_id=match_id):
        _play_bot_turn(match_id, version)


def _play_bot_turn(match_id: int, version: int) -> None:
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.ACTIVE or match.version != version:
        return
    engine = engine_for(match.game)
    state = load_state(match)
    try:
        active = engine.active_seats(state)
        bots = [s for s in match.seats.all() if s.index in active and s.bot_plays]
        if not bots:
            return
        seat = bots[0]
        rng = command_rng(match.secret_seed, version, f"bot{seat.index}")
        level = seat.bot_level or timeout_bot_level()  # a seat taken over after a timeout
        with metrics.BOT_THINK_SECONDS.labels(match.game, level).time():
            command = engine.bot_command(
                engine.clone(state), seat.index, level, rng, settings.BOT_BUDGET_SECONDS
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
    except OperationalError as err:
        if not lock_wait_ran_out(err):
            raise
        # Rolled back: the sweep asks again once the move counts as stalled.
        log.warning("bot move in match %s v%s waited too long for a lock", match_id, version)


@shared_task(
    acks_late=True,
    autoretry_for=(OSError, OperationalError),  # a database restart: again, with backoff
    retry_backoff=True,
    max_retries=5,
    soft_time_limit=60,
    time_limit=90,
)
def enforce_deadline(match_id: int, version: int) -> str:
    """Scheduled at a turn's reminder time and deadline; ``version`` is the clock version it
    was scheduled for, so a late or duplicate run finds the clock moved on and does nothing."""
    return match_check_clock(match_id=match_id, expected_version=version)


@shared_task(
    acks_late=True,
    autoretry_for=(OSError,),
    retry_backoff=True,
    max_retries=3,
    soft_time_limit=240,
    time_limit=300,
)
def sweep_deadlines() -> dict[str, int]:
    """Celery beat, every minute: every overdue match, whatever happened to its own task."""
    return deadline_sweep()
