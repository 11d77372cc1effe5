"""A real Celery worker on the real Redis broker (PostgreSQL, so both processes share the test
database): a deadline enforced by the worker hands the human seat to a bot, and the bots play
the match to its end through the worker; duplicate tasks change nothing. Every wait is bounded
and the worker is stopped (then killed) whatever happens."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from core.eventstore.models import Event
from core.eventstore.store import verify_chain
from core.matches import services, tasks
from core.matches.models import Match
from core.matches.state import load_state, replay_from_zero
from core.notifications.models import OutboxItem
from core.notifications.tasks import dispatch_outbox
from tests.conftest import make_user
from tests.core.async_play.workers import Worker, Workers

pytestmark = [
    pytest.mark.redis,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def worker(workers: Workers) -> Worker:
    return workers.start()


def test_a_timed_out_seat_is_taken_over_and_bots_finish_the_match_through_the_worker(
    race_game: str, workers: Workers, worker: Worker
) -> None:
    alice = make_user()
    match = services.match_create(
        user=alice,
        game="race",
        n_players=3,
        options={"target": 30},
        seats=[
            services.SeatSpec("me"),
            services.SeatSpec("bot", level="greedy"),
            services.SeatSpec("bot", level="random"),
        ],
        time_control={
            "kind": "per_move",
            "move_seconds": 3600,
            "policy": "zombie",
            "vacation": False,
        },
    )
    match.refresh_from_db()
    # The hour has passed (the worker has its own clock, so the deadline moves instead).
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    send = workers.broker.send
    send(tasks.enforce_deadline, match.pk, match.clock_version)
    worker.wait_for(lambda: Match.objects.get(pk=match.pk).status != Match.Status.ACTIVE)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    # Late and duplicate tasks, then a marker task: the worker runs them in order.
    for version in (2, 3, match.version):
        send(tasks.play_bot_turn, match.pk, version)
    send(tasks.enforce_deadline, match.pk, 2)
    send(tasks.sweep_deadlines)
    marker = OutboxItem.objects.create(user=alice, kind="your_turn", key="marker", payload={})
    send(dispatch_outbox)
    worker.wait_for(lambda: OutboxItem.objects.get(pk=marker.pk).sent_at is not None)
    after = Match.objects.get(pk=match.pk)
    assert after.version == match.version
    assert Event.objects.of("match", match.pk).count() == match.version
    assert Event.objects.of("match", match.pk).filter(type="SeatTimedOut").count() == 1
    turns = Event.objects.of("match", match.pk).filter(type="TurnEnded")
    assert set(turns.values_list("actor", flat=True)) == {0, 1, 2}
    assert verify_chain(match.pk).ok
    assert load_state(after) == replay_from_zero(after)
