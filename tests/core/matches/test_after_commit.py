"""Work handed on after a commit never changes the committed request's answer, and is not lost:
a broker that refuses the hand-off (down, or its transport not importable, as when kombu's Redis
transport missed ``packaging``) is logged, and the sweeps do the work, exactly once."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import pytest
from django.test import override_settings
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerDown

from core.eventstore.models import CommandRecord, Event
from core.matches import deadlines, tasks
from core.matches.models import Match
from core.notifications.models import Notification, OutboxItem
from core.notifications.services import outbox_dispatch
from core.notifications.tasks import dispatch_outbox
from tests.conftest import client_for, make_user, post_commands

ADD = {"type": "add", "amount": 1}
END = {"type": "end_turn"}


def _broken(err: Exception) -> Any:
    def send(*args: Any, **kwargs: Any) -> None:
        raise err

    return send


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "failure",
    [
        BrokerDown("Error 111 connecting to 127.0.0.1:6379. Connection refused."),
        ModuleNotFoundError("No module named 'packaging'"),
    ],
    ids=["broker-down", "transport-not-importable"],
)
def test_a_failed_hand_off_keeps_the_answer_and_the_sweeps_do_the_work_once(
    race_game: str,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    failure: Exception,
) -> None:
    monkeypatch.setattr(tasks.play_bot_turn, "delay", _broken(failure))
    monkeypatch.setattr(dispatch_outbox, "delay", _broken(failure))
    alice = make_user()
    client = client_for(alice)
    body = {
        "game": race_game,
        "players": 2,
        "options": {"target": 50},
        "seats": [{"kind": "me"}, {"kind": "bot", "level": "greedy"}],
    }
    caplog.set_level(logging.WARNING)
    with override_settings(CELERY_TASK_ALWAYS_EAGER=False):
        created = client.post("/api/matches", body, format="json")
        assert created.status_code == 201, created.content  # committed: the answer says so
        match_id = created.json()["id"]
        post_commands(client, match_id, ADD, END)
    handed_off = [r for r in caplog.records if "to the broker failed" in r.getMessage()]
    assert handed_off and all(r.levelno == logging.WARNING for r in handed_off)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    match = Match.objects.get(pk=match_id)
    waiting_for_bot = match.version
    assert (
        Event.objects.of("match", match.pk).filter(actor=1).count() == 0
    )  # the bot's task was lost
    # The outbox row the failed dispatch left (alice's first turn): the beat's dispatch
    # delivers it, once.
    assert OutboxItem.objects.filter(sent_at__isnull=True).count() == 1
    assert outbox_dispatch() == 1 and outbox_dispatch() == 0

    # The beat's sweeps, once the bot move counts as stalled: in-process here (eager).
    later = timezone.now() + timedelta(minutes=5)
    assert deadlines.deadline_sweep(now=later) == {"bot_rescheduled": 1}
    assert deadlines.deadline_sweep(now=later) == {}  # moved on: nothing asked twice
    match.refresh_from_db()
    assert match.version > waiting_for_bot
    # The bot played its turn (a command per step, each once) and it is alice's turn again.
    bot_commands = list(
        CommandRecord.objects.filter(match=match, seat=1)
        .order_by("version")
        .values_list("command_id", flat=True)
    )
    assert bot_commands[0] == f"bot:{waiting_for_bot}:1"
    assert len(bot_commands) == len(set(bot_commands))
    assert Match.objects.get(pk=match_id).seats.get(index=0).to_move
    # The lost task turns up after all: a no-op (it carries the version it was for).
    version = match.version
    tasks.play_bot_turn.apply(args=(match_id, waiting_for_bot))
    assert Match.objects.get(pk=match_id).version == version
    assert Notification.objects.filter(user=alice, kind="your_turn").count() == 2


@pytest.mark.django_db
def test_an_in_process_task_that_fails_is_logged_once_and_the_command_stands(
    race_game: str,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    django_capture_on_commit_callbacks: Any,
) -> None:
    """The embedded default runs tasks after the commit, in-process: a bug in one is logged
    once with its traceback, and the answer stands (the sweep asks the bot again later)."""

    def bot_bug(match_id: int, version: int) -> None:
        raise RuntimeError("a bug in the bot")

    monkeypatch.setattr(tasks.play_bot_turn, "run", bot_bug)
    alice = make_user()
    client = client_for(alice)
    body = {
        "game": race_game,
        "players": 2,
        "seats": [{"kind": "bot", "level": "greedy"}, {"kind": "me"}],
    }
    caplog.set_level(logging.WARNING)
    # Outside the capture a raising hook would fail the test at the end of the block.
    with django_capture_on_commit_callbacks(execute=True) as hooks:
        created = client.post("/api/matches", body, format="json")
    assert created.status_code == 201
    assert len(hooks) >= 2
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "a bug in the bot" in str(errors[0].exc_info[1])
    assert Match.objects.get(pk=created.json()["id"]).status == "active"
