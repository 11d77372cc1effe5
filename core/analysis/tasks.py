"""The analysis task: low priority, on its own queue (``analysis``, core/settings/base.py), so
a worker's live bot moves never wait behind it."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.db import OperationalError

from core.analysis.services import analysis_run
from core.ops.logs import log_context


@shared_task(
    bind=True,
    acks_late=True,
    autoretry_for=(OSError, OperationalError),
    retry_backoff=True,
    max_retries=3,
    soft_time_limit=600,
    time_limit=660,
)
def analyse_match(self: Any, match_id: int, generation: int) -> None:
    with log_context(match_id=match_id):
        analysis_run(match_id=match_id, generation=generation)
