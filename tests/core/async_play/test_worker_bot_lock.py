"""On a real Celery worker (Redis broker, PostgreSQL shared with the test), a bot move that waits
out its lock wait is retried by the task itself with a countdown, not left to the stall sweep
(no beat runs here: only the task's own retry can play the move), and is applied once."""

from __future__ import annotations

import pytest

from core.eventstore.models import CommandRecord
from core.matches import scheduling, services, tasks
from core.matches.models import Match
from core.matches.state import load_state, replay_from_zero
from games.registry import get_engine
from tests.conftest import make_user
from tests.core.api.test_contention import Holder, _pg_row_lock, _someone_waits_for_a_lock
from tests.core.async_play.workers import Workers

pytestmark = [
    pytest.mark.redis,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]


def test_a_bot_move_that_lost_its_lock_on_the_worker_is_retried_by_the_task_and_applied_once(
    race_game: str, workers: Workers, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scheduling, "run_task", lambda *args: None)  # nothing runs in the test
    match = services.match_create(
        user=make_user(),
        game=race_game,
        n_players=2,
        seats=[services.SeatSpec("bot", level="greedy"), services.SeatSpec("me")],
    )
    version = Match.objects.get(pk=match.pk).version
    worker = workers.start(LUDOTEKA_DB_LOCK_WAIT="0.3", LUDOTEKA_BOT_STALL_SECONDS="3600")
    lost = "waited too long for a lock"
    # Held until the worker's first attempt waits for it, and a little longer than its lock
    # wait: that attempt rolls back, a later one (after the countdown) finds the row free.
    with Holder(_pg_row_lock(match.pk), seconds=0.6, ready=_someone_waits_for_a_lock):
        workers.broker.send(tasks.play_bot_turn, match.pk, version)
        worker.wait_for(lambda: lost in worker.log_tail(20000))
    engine = get_engine("race")
    worker.wait_for(lambda: engine.active_seats(load_state(Match.objects.get(pk=match.pk))) == {1})
    log = worker.log_tail(20000)
    assert "left to the sweep" not in log
    after = Match.objects.get(pk=match.pk)
    bot = CommandRecord.objects.filter(match=after, command_id__startswith="bot:")
    ids = list(bot.values_list("command_id", flat=True))
    assert ids.count(f"bot:{version}:0") == 1 and len(ids) == len(set(ids))
    assert after.version > version
    assert load_state(after) == replay_from_zero(after)
