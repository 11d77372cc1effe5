"""A controllable clock, a two-player race with a time control, and real Celery workers."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from core.matches import services
from core.matches.models import Match
from tests.core.async_play.workers import Workers, running_workers


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2027, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> datetime:
        self.now += timedelta(**kwargs)
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[Clock]:
    """``django.utils.timezone.now`` under the test's control (every caller looks it up)."""
    c = Clock()
    monkeypatch.setattr("django.utils.timezone.now", c)
    yield c


PER_DAY = {"kind": "per_move", "move_seconds": 86400, "vacation": False}


def start_race(alice: Any, bob: Any, time_control: dict[str, Any], target: int = 40) -> Match:
    """Alice (seat 0, to move first) against Bob (seat 1), both human."""
    match = services.match_create(
        user=alice,
        game="race",
        n_players=2,
        options={"target": target},
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username=bob.username)],
        time_control=time_control,
    )
    services.match_join(match_id=match.pk, user=bob)
    match.refresh_from_db()
    return match


def play(match: Match, user: Any, *commands: dict[str, Any]) -> None:
    for i, command in enumerate(commands):
        match.refresh_from_db()
        services.match_submit_command(
            match_id=match.pk,
            user=user,
            command=command,
            command_id=f"{user.username}:{match.version}:{i}",
        )
    match.refresh_from_db()


ADD = {"type": "add", "amount": 1}
END = {"type": "end_turn"}


@pytest.fixture
def workers(django_db_setup: Any, tmp_path: Path) -> Iterator[Workers]:
    """Real Celery workers on the real broker for one test (workers.py), every one of them
    stopped at its end. test_worker_kill.py has its own, with a slow engine registered."""
    with running_workers(tmp_path) as w:
        yield w
