"""What follows a move's commit, whichever writer wrote it (``plan.AfterCommit``): the new state
into this process's cache, the new version announced to the match's users (``broadcast``), the
bots' turn and the clock's checks scheduled. Carries ids and versions only; on no commit (a
rolled-back transaction) nothing of it runs."""

from __future__ import annotations

from django.db import transaction

from core.matches import broadcast
from core.matches.commands import schedule_clock_checks
from core.matches.models import Match
from core.matches.plan import AfterCommit
from core.matches.scheduling import run_after_commit, task_named
from core.matches.state import state_cache


def schedule(after: AfterCommit, match: Match) -> None:
    """Register ``after``'s effects with the current transaction (outside one: run at once).
    ``match`` gives the clock's times to schedule checks at."""
    match_id, version, state, user_ids = after.match_id, after.version, after.state, after.user_ids
    transaction.on_commit(lambda: state_cache.put(match_id, version, state))
    transaction.on_commit(
        lambda: broadcast.announce_match_version(match_id, version, list(user_ids))
    )
    if after.bot_turn:
        run_after_commit(task_named("core.matches.tasks.play_bot_turn"), match_id, version)
    if after.clock_checks:
        schedule_clock_checks(match)
