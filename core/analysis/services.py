"""Analyses of finished matches: queued when a match ends or when asked, run by a task.

The task runs at low priority (the ``analysis`` queue, core/settings/base.py; in the embedded
mode on the task thread after the live work queued before it) and writes only its own row, so a
match's players never wait for it.
"""

from __future__ import annotations

import importlib
import logging
import random
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.analysis.background import analysis_thread, live_first
from core.analysis.models import MatchAnalysis
from core.analysis.stream import engine_stream, states_before
from core.analysis.words import move_words
from core.api.errors import ApiError
from core.matches import selectors
from core.matches.commands import engine_for
from core.matches.models import Match, Seat
from core.matches.names import seat_names
from core.matches.scheduling import run_after_commit, task_named, task_thread
from games import analysis as engine_analysis

log = logging.getLogger(__name__)

BOT = "search"  # the bot family whose search estimates the positions (games/analysis.py)
# Bump when what the platform stores beside the estimates changes (the words, the ghost): every
# older analysis is then recomputed on request, as when the estimates' own version
# (``games.analysis.ANALYSIS_VERSION``), the bot or the game's rules change.
FORMAT_VERSION = 1
TASK = "core.analysis.tasks.analyse_match"


def current_tags(match: Match) -> dict[str, Any]:
    return {
        "bot": BOT,
        "rules_version": match.rules_version,
        "analysis_version": engine_analysis.ANALYSIS_VERSION,
        "format_version": FORMAT_VERSION,
    }


def human_seats(match: Match) -> list[int]:
    return [s.index for s in match.seats.all() if s.kind == Seat.Kind.HUMAN]


def analysis_queue(*, match: Match) -> MatchAnalysis:
    """Queue the match's analysis unless a current one is queued, running or done (in the
    caller's transaction; the task starts after commit)."""
    tags = current_tags(match)
    row = MatchAnalysis.objects.select_for_update().filter(match=match).first()
    if row is not None and row.tags() == tags and row.status != MatchAnalysis.Status.FAILED:
        return row
    now = timezone.now()
    if row is None:
        row = MatchAnalysis(match=match, generation=1, queued_at=now, **tags)
    else:
        row.generation += 1
        for tag, value in tags.items():
            setattr(row, tag, value)
    row.status = MatchAnalysis.Status.QUEUED
    row.points, row.points_done, row.points_total = [], 0, 0
    row.queued_at, row.started_at, row.finished_at = now, None, None
    row.save()
    _schedule(match.pk, row.generation)
    return row


def _schedule(match_id: int, generation: int) -> None:
    """After commit: on the ``analysis`` queue (Celery), or in the embedded server on the
    analysis thread, which gives way to live work (core/analysis/background.py); in-process
    otherwise (tests, management commands), after what was scheduled before it."""
    if settings.CELERY_TASK_ALWAYS_EAGER and task_thread.enabled:
        transaction.on_commit(
            lambda: analysis_thread.submit(
                match_id,
                lambda: analysis_run(match_id=match_id, generation=generation, pause=live_first),
            )
        )
    else:
        run_after_commit(task_named(TASK), match_id, generation)


def analysable(slug: str) -> bool:
    """Whether the game's bots can estimate positions (``games.analysis`` reads their
    ``analysis_move`` and ``win_chances``)."""
    try:
        bots = importlib.import_module(f"games.{slug}.bots")
    except ImportError:
        return False
    return hasattr(bots, "analysis_move") and hasattr(bots, "win_chances")


def analysis_match_ended(match: Match) -> None:
    """``core.matches.hooks``: a finished match with people in it is analysed."""
    if (
        settings.ANALYSIS_ON_FINISH
        and match.status == Match.Status.FINISHED
        and human_seats(match)
        and analysable(match.game)
    ):
        analysis_queue(match=match)


def analysis_request(*, match_id: int, user: Any) -> bool:
    """``POST .../analysis``: queue the match's analysis if there is no current one; whether
    it did."""
    match = selectors.match_get(match_id, user=user)
    if match.status != Match.Status.FINISHED:
        raise ApiError(
            409, "match_not_finished", "The match has not ended yet: its analysis comes after."
        )
    if not analysable(match.game):
        raise ApiError(409, "no_analysis", "This game's bots cannot analyse a match yet.")
    with transaction.atomic():
        generation = MatchAnalysis.objects.filter(match=match).values_list("generation", flat=True)
        before = generation.first()
        row = analysis_queue(match=match)
        return row.generation != before


def analysis_run(
    *, match_id: int, generation: int, pause: Callable[[], None] | None = None
) -> None:
    """The task's work: estimate every decision point of the human seats and store them.
    Exits quietly when the row is gone (the match deleted), done, or of another generation.
    ``pause`` is called between decision points (the embedded server's live work first)."""
    with transaction.atomic():
        row = MatchAnalysis.objects.select_for_update().filter(match_id=match_id).first()
        if row is None or row.generation != generation or row.status == MatchAnalysis.Status.DONE:
            return
        row.status, row.started_at = MatchAnalysis.Status.RUNNING, timezone.now()
        row.save(update_fields=["status", "started_at"])
    match = selectors.match_get(match_id)
    try:
        points, version = _analyse(match, generation, pause)
    except Exception:
        log.exception("analysis of match %s failed", match_id)
        _store(match_id, generation, status=MatchAnalysis.Status.FAILED)
        return
    _store(
        match_id,
        generation,
        status=MatchAnalysis.Status.DONE,
        points=points,
        points_done=len(points),
        points_total=len(points),
        match_version=version,
    )


def _store(match_id: int, generation: int, **fields: Any) -> None:
    fields["finished_at"] = timezone.now()
    MatchAnalysis.objects.filter(match_id=match_id, generation=generation).update(**fields)


def _budget(slug: str) -> float:
    configured = settings.ANALYSIS_BUDGET_S
    if configured is not None:
        return float(configured)
    return float(engine_analysis.DEFAULT_BUDGET_S.get(slug, 0.5))


def _analyse(
    match: Match, generation: int, pause: Callable[[], None] | None
) -> tuple[list[dict[str, Any]], int]:
    engine = engine_for(match.game)
    stream = engine_stream(match.pk)
    rng = random.Random(f"analysis:{match.pk}:{generation}")
    last_progress = [0.0]

    def progress(done: int, total: int) -> None:
        if pause is not None:
            pause()
        # A few writes a minute at most: the progress a waiting page shows.
        now = time.monotonic()
        if now - last_progress[0] >= 2.0 or done == total:
            last_progress[0] = now
            MatchAnalysis.objects.filter(match_id=match.pk, generation=generation).update(
                points_done=done, points_total=total
            )

    points = engine_analysis.analyse(
        engine,
        stream,
        match.n_players,
        human_seats(match),
        rng,
        budget_s_per_point=_budget(match.game),
        max_iterations=settings.ANALYSIS_MAX_ITERATIONS,
        progress=progress,
    )
    states = states_before(engine, stream, [p.seq_before for p in points])
    names = seat_names(match)
    out = []
    for p in points:
        words = move_words(engine, states[p.seq_before], p.seat, p.preferred, names, rng)
        out.append(
            {
                **p.to_json(),
                "preferred_words": {"you": words.you, "other": words.other},
                "ghost": words.ghost,
            }
        )
    version = stream[-1].seq if stream else 0
    return out, version
