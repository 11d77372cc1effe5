"""A bot move that loses the write lock is asked again at once, in-process, after a short pause
with jitter; a few attempts, then the stall sweep as the last resort; applied exactly once however
many attempts arrive (``bot:<version>:<seat>`` command ids, ``expected_version``).

The lock loss is the error SQLite's busy timeout raises, thrown by the submit for as many attempts
as a test says (tests/core/api/test_contention.py holds a real PostgreSQL row lock instead)."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

import pytest
from django.db import OperationalError

from core.api.errors import ApiError
from core.eventstore.models import CommandRecord
from core.matches import deadlines, services, tasks
from core.matches.models import Match
from core.matches.state import load_state, replay_from_zero
from games.registry import get_engine
from tests.conftest import make_user
from tests.core.async_play.conftest import Clock

pytestmark = pytest.mark.django_db


class LockLoser:
    """Stands in for ``match_submit_command``: the first ``losses`` calls lose the lock (nothing
    applied, as after the rollback), the next go through to the real service."""

    def __init__(self, losses: int) -> None:
        self.losses, self.calls = losses, 0
        self.real: Callable[..., Any] = services.match_submit_command

    def __call__(self, **kwargs: Any) -> Any:
        self.calls += 1
        if self.calls <= self.losses:
            raise OperationalError("database is locked")
        return self.real(**kwargs)


@pytest.fixture
def pauses(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The in-process waits between attempts, recorded instead of slept."""
    waits: list[float] = []
    monkeypatch.setattr(tasks, "pause", waits.append)
    return waits


def bot_to_move(race_game: str) -> Match:
    """A race with the bot (seat 0) to move at version 2; its task not run yet (the test's
    transaction never commits, so nothing ran after commit)."""
    match = services.match_create(
        user=make_user(),
        game=race_game,
        n_players=2,
        seats=[services.SeatSpec("bot", level="greedy"), services.SeatSpec("me")],
    )
    match.refresh_from_db()
    assert match.version == 2
    return match


def assert_backing_off(pauses: list[float]) -> None:
    """Each wait drawn from a range twice the one before, with jitter (the ranges overlap, so
    two draws in a row may come out shorter then longer: not sorted, by design)."""
    base = tasks.LOCK_RETRY_BASE_SECONDS_IN_PROCESS
    for attempt, waited in enumerate(pauses, start=1):
        assert 0.5 * base * 2 ** (attempt - 1) <= waited <= 1.5 * base * 2 ** (attempt - 1)


def bot_commands(match: Match) -> list[str]:
    return list(
        CommandRecord.objects.filter(match=match, command_id__startswith="bot:").values_list(
            "command_id", flat=True
        )
    )


def test_a_bot_move_that_lost_the_lock_is_asked_again_in_process_and_applied_once(
    race_game: str, pauses: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    match = bot_to_move(race_game)
    loser = LockLoser(losses=2)
    monkeypatch.setattr(tasks, "match_submit_command", loser)
    tasks.play_bot_turn.apply(args=(match.pk, 2), throw=True)
    assert loser.calls == 3
    assert len(pauses) == 2  # one short wait before each new attempt, no sweep needed
    assert_backing_off(pauses)
    match.refresh_from_db()
    assert match.version == 3  # one command, once (its follow-up runs after the commit)
    assert bot_commands(match) == ["bot:2:0"]
    # The same task again (a duplicate, or the sweep's): the match moved on, nothing happens.
    version = match.version
    tasks.play_bot_turn.apply(args=(match.pk, 2), throw=True)
    match.refresh_from_db()
    assert match.version == version and bot_commands(match) == ["bot:2:0"]
    assert load_state(match) == replay_from_zero(match)


def test_a_bot_move_that_keeps_losing_the_lock_is_left_to_the_sweep_which_applies_it_once(
    race_game: str,
    pauses: list[float],
    clock: Clock,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    django_capture_on_commit_callbacks: Any,
) -> None:
    match = bot_to_move(race_game)
    loser = LockLoser(losses=10**6)
    monkeypatch.setattr(tasks, "match_submit_command", loser)
    caplog.set_level(logging.WARNING)
    tasks.play_bot_turn.apply(args=(match.pk, 2), throw=True)
    assert loser.calls == 1 + tasks.LOCK_RETRIES_IN_PROCESS  # bounded
    assert len(pauses) == tasks.LOCK_RETRIES_IN_PROCESS
    assert_backing_off(pauses)
    assert any("left to the sweep" in r.getMessage() for r in caplog.records)
    match.refresh_from_db()
    assert match.version == 2 and bot_commands(match) == []  # nothing applied
    loser.losses = 0  # the lock is free again
    clock.advance(minutes=3)
    with django_capture_on_commit_callbacks(execute=True):
        assert deadlines.deadline_sweep() == {"bot_rescheduled": 1}
    match.refresh_from_db()
    # The bot's whole turn, its first command once.
    assert get_engine("race").active_seats(load_state(match)) == frozenset({1})
    assert bot_commands(match).count("bot:2:0") == 1
    version, played = match.version, bot_commands(match)
    clock.advance(minutes=3)
    assert deadlines.deadline_sweep() == {}  # the human's turn now
    tasks.play_bot_turn.apply(args=(match.pk, 2), throw=True)  # the first task, late: a no-op
    match.refresh_from_db()
    assert match.version == version and bot_commands(match) == played


def test_in_process_attempts_stop_at_the_write_budget(
    race_game: str, pauses: list[float], monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    """Each lost attempt already waited out the busy timeout in the committing thread: once the
    write budget is spent the sweep takes over, whatever attempts remain."""
    match = bot_to_move(race_game)
    loser = LockLoser(losses=10**6)
    monkeypatch.setattr(tasks, "match_submit_command", loser)
    settings.LUDOTEKA_WRITE_BUDGET = 0  # already spent when the first attempt returns
    tasks.play_bot_turn.apply(args=(match.pk, 2), throw=True)
    assert loser.calls == 1 and pauses == []
    assert Match.objects.get(pk=match.pk).version == 2


def test_a_refused_bot_move_is_not_retried(
    race_game: str, pauses: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a lost lock is worth another attempt: a stale version means someone moved on."""
    match = bot_to_move(race_game)
    calls: list[dict[str, Any]] = []

    def stale(**kwargs: Any) -> Any:
        calls.append(kwargs)
        raise ApiError(409, "stale_version", "moved on")

    monkeypatch.setattr(tasks, "match_submit_command", stale)
    tasks.play_bot_turn.apply(args=(match.pk, 2), throw=True)
    assert len(calls) == 1 and pauses == []


def test_retry_delays_double_and_are_jittered() -> None:
    random.seed(7)
    for attempt in (1, 2, 3, 4):
        delays = [tasks.lock_retry_delay(attempt, 1.0) for _ in range(50)]
        low, high = 0.5 * 2 ** (attempt - 1), 1.5 * 2 ** (attempt - 1)
        assert all(low <= d <= high for d in delays)
        assert len(set(delays)) == len(delays)  # spread, so two losers do not collide again
