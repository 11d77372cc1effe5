"""A worker's pool process keeps its database connections from one task to the next.

Celery's Django fixup closed them before and after every task, and in a prefork pool the whole
connection pool with them, so every task opened new PostgreSQL sessions (16 a second at 100
moves a second: bench/README.md). core/celery.py hands the connection back to the pool instead,
as Django does around a request."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.db import connection

from core.notifications.models import OutboxItem
from core.notifications.tasks import dispatch_outbox
from tests.conftest import make_user
from tests.core.async_play.workers import Worker, Workers

pytestmark = [
    pytest.mark.redis,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]


def _sessions_of_others() -> set[int]:
    """The backends on the test database other than this test's own."""
    with connection.cursor() as cur:
        cur.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid()"
        )
        return {row[0] for row in cur.fetchall()}


def _dispatched(workers: Workers, worker: Worker, user: Any, key: str) -> None:
    """One ``dispatch_outbox`` task run to its end, and a moment for what follows a task."""
    row = OutboxItem.objects.create(user=user, kind="your_turn", key=key, payload={})
    workers.broker.send(dispatch_outbox)
    worker.wait_for(lambda: OutboxItem.objects.get(pk=row.pk).sent_at is not None)
    time.sleep(0.5)  # the fixup's closing ran after the task's body, once it had ended


def test_a_pool_process_keeps_its_sessions_from_task_to_task(workers: Workers) -> None:
    worker = workers.start(pool="prefork")
    alice = make_user()
    _dispatched(workers, worker, alice, "first")
    kept = _sessions_of_others()
    assert kept, "the pool process held no session after its task: its pool was closed"
    for n in range(3):
        _dispatched(workers, worker, alice, f"next-{n}")
        assert _sessions_of_others() == kept  # the same sessions, none opened, none closed
