"""Celery tasks of matches: a bot's turn, a match's clock check, the periodic deadline sweep.

Ids and versions in, the world re-read; a task that finds the match moved on exits quietly, and
the bot's command carries ``expected_version`` and a deterministic ``command_id``, so a
duplicate or late task is a harmless conflict.
"""

from __future__ import annotations

import logging
import random
import time
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from core.api.errors import ApiError, lock_wait_ran_out
from core.matches.commands import engine_for
from core.matches.deadlines import deadline_sweep, match_check_clock, timeout_bot_level
from core.matches.models import Match
from core.matches.services import match_submit_command
from core.matches.state import load_state, state_cache
from core.ops import metrics
from core.ops.logs import log_context
from games.rng import command_rng

log = logging.getLogger(__name__)

# A bot move that lost the write lock was rolled back whole; it is asked again soon, so a player
# facing a bot does not wait for the stall sweep (a minute or more). In-process (the embedded
# default) the retries run in the thread that committed, so they are few and short, and stop once
# a write budget is spent; on a worker, the task is retried with a countdown. Whatever remains is
# the sweep's. The command id is ``bot:<version>:<seat>`` with ``expected_version``: however many
# attempts arrive, the move is applied once.
LOCK_RETRIES_IN_PROCESS = 3
LOCK_RETRY_BASE_SECONDS_IN_PROCESS = 0.1
LOCK_RETRIES_ON_WORKER = 4
LOCK_RETRY_BASE_SECONDS_ON_WORKER = 1.0
pause = time.sleep  # the in-process wait between attempts (tests replace it)


def lock_retry_delay(attempt: int, base: float) -> float:
    """Seconds before retry number ``attempt`` (1, 2, ...): doubling, with full-range jitter so
    two losers of the same lock do not collide again on the same beat."""
    return base * 2.0 ** (attempt - 1) * random.uniform(0.5, 1.5)


@shared_task(
    bind=True,
    acks_late=True,
    autoretry_for=(OSError, OperationalError),  # a database restart: again, with backoff
    retry_backoff=True,
    max_retries=5,
    soft_time_limit=60,
    time_limit=90,
)
def play_bot_turn(self: Any, match_id: int, version: int) -> None:
    with log_context(match_id=match_id):
        if self.request.is_eager:  # in-process: nobody else would ask again before the sweep
            _play_bot_turn_in_process(match_id, version)
            return
        if _play_bot_turn(match_id, version):
            return
        retries = self.request.retries
        if retries >= LOCK_RETRIES_ON_WORKER:
            log.warning("bot move in match %s v%s left to the sweep", match_id, version)
            return
        delay = lock_retry_delay(retries + 1, LOCK_RETRY_BASE_SECONDS_ON_WORKER)
        raise self.retry(countdown=delay, max_retries=LOCK_RETRIES_ON_WORKER)


def _play_bot_turn_in_process(match_id: int, version: int) -> None:
    # Each lost attempt already waited out the busy timeout, in the thread of the request that
    # committed: the retries stop at the write budget too.
    budget_end = time.monotonic() + float(settings.LUDOTEKA_WRITE_BUDGET)
    attempt = 0
    while not _play_bot_turn(match_id, version):
        attempt += 1
        if attempt > LOCK_RETRIES_IN_PROCESS or time.monotonic() >= budget_end:
            log.warning("bot move in match %s v%s left to the sweep", match_id, version)
            return
        pause(lock_retry_delay(attempt, LOCK_RETRY_BASE_SECONDS_IN_PROCESS))


def _play_bot_turn(match_id: int, version: int) -> bool:
    """Play the bot's move at ``version`` if it is still due. False only when the move lost the
    write lock and was rolled back (worth asking again); True when done or nothing to do."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.ACTIVE or match.version != version:
        return True
    engine = engine_for(match.game)
    state = load_state(match)
    try:
        active = engine.active_seats(state)
        bots = [s for s in match.seats.all() if s.index in active and s.bot_plays]
        if not bots:
            return True
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
        # command_id_reused: a twin of this task (a redelivery) played this version first, and
        # a bot that thinks against the clock may have chosen another move.
        if err.code not in ("stale_version", "match_not_active", "conflict", "command_id_reused"):
            log.error("bot move refused in match %s v%s: %s", match_id, version, err.message)
    except OperationalError as err:
        if not lock_wait_ran_out(err):
            raise
        # Rolled back, nothing applied: the caller asks again (the sweep as the last resort).
        log.warning("bot move in match %s v%s waited too long for a lock", match_id, version)
        return False
    return True


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
