"""Celery tasks of tournaments: move one on, and the periodic sweep.

Ids in, the world re-read under the tournament's row lock: a duplicate, late or concurrent run
finds nothing due and does nothing (``services.tournament_advance``).
"""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from core.tournaments.services import tournament_advance, tournament_sweep


@shared_task(
    acks_late=True,
    autoretry_for=(OSError, OperationalError),
    retry_backoff=True,
    max_retries=5,
    soft_time_limit=120,
    time_limit=150,
)
def advance_tournament(tournament_id: int) -> str:
    """After a match of the tournament ended, and at a round's deadline."""
    return tournament_advance(tournament_id=tournament_id)


@shared_task(
    acks_late=True,
    autoretry_for=(OSError, OperationalError),
    retry_backoff=True,
    max_retries=3,
    soft_time_limit=240,
    time_limit=300,
)
def sweep_tournaments() -> dict[str, int]:
    """Celery beat, every LUDOTEKA_SWEEP_SECONDS: every tournament with something due, so a lost
    task never stalls one."""
    return tournament_sweep()
