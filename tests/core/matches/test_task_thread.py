"""The embedded server's task thread: a player's command answers when it has committed, and the
bot it woke replies afterwards, on that thread, not inside the player's request."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from core.matches import scheduling, tasks
from core.matches.models import Match
from tests.conftest import client_for, make_user, post_commands, wait_until

# Real commits seen by another thread; SQLite's append-only triggers refuse the flush after them.
pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ADD = {"type": "add", "amount": 1}
END = {"type": "end_turn"}


@pytest.fixture
def task_thread() -> Iterator[scheduling._TaskThread]:
    scheduling.task_thread.enabled = True
    yield scheduling.task_thread
    scheduling.task_thread.enabled = False
    assert scheduling.task_thread.settle(timeout=30)  # nothing left to run into the next test


@pytest.fixture
def held_bot(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[threading.Event, list[str]]]:
    """The bot's task waits for the returned event before it plays; the threads it ran on."""
    release = threading.Event()
    ran_on: list[str] = []
    play = tasks.play_bot_turn.run

    def held(match_id: int, version: int) -> None:
        ran_on.append(threading.current_thread().name)
        assert release.wait(timeout=20)
        play(match_id, version)

    monkeypatch.setattr(tasks.play_bot_turn, "run", held)
    yield release, ran_on
    release.set()  # a test that failed midway leaves no thread waiting


def _match_against_a_bot(client: Any, game: str) -> int:
    seats = [{"kind": "me"}, {"kind": "bot", "level": "greedy"}]
    created = client.post(
        "/api/matches", {"game": game, "players": 2, "seats": seats}, format="json"
    )
    assert created.status_code == 201, created.content
    return int(created.json()["id"])


def test_a_command_answers_before_the_bot_it_woke_has_moved(
    race_game: str, task_thread: Any, held_bot: tuple[threading.Event, list[str]]
) -> None:
    release, ran_on = held_bot
    client = client_for(make_user())
    match_id = _match_against_a_bot(client, race_game)
    res = post_commands(client, match_id, ADD, END)
    # The turn passed to the bot and the answer came back while the bot's task was held.
    passed = res.json()["version"]
    assert Match.objects.get(pk=match_id).version == passed
    assert wait_until(lambda: ran_on == ["in-process-tasks"])
    release.set()
    assert wait_until(lambda: Match.objects.get(pk=match_id).version > passed)
    assert task_thread.settle(timeout=20)
    match = Match.objects.get(pk=match_id)
    assert match.seats.get(index=0).to_move  # the bot played its turn through: alice's again
    assert set(ran_on) == {"in-process-tasks"}  # each of its moves a task, all on the thread


def test_off_the_bot_moves_inside_the_request(
    race_game: str, held_bot: tuple[threading.Event, list[str]]
) -> None:
    """The tests' setting: the request returns after the bot it woke has moved."""
    release, ran_on = held_bot
    release.set()
    client = client_for(make_user())
    match_id = _match_against_a_bot(client, race_game)
    res = post_commands(client, match_id, ADD, END)
    assert Match.objects.get(pk=match_id).version > res.json()["version"]
    assert ran_on and set(ran_on) == {threading.current_thread().name}


def test_a_task_that_fails_on_the_thread_leaves_it_running_the_next(
    race_game: str, task_thread: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    play = tasks.play_bot_turn.run

    def first_fails(match_id: int, version: int) -> None:
        calls.append(version)
        if len(calls) == 1:
            raise RuntimeError("a bug in the bot")
        play(match_id, version)

    monkeypatch.setattr(tasks.play_bot_turn, "run", first_fails)
    client = client_for(make_user())
    # The bot opens: its first task fails (logged; the sweep would ask again), the thread lives.
    seats = [{"kind": "bot", "level": "greedy"}, {"kind": "me"}]
    created = client.post(
        "/api/matches", {"game": race_game, "players": 2, "seats": seats}, format="json"
    )
    assert created.status_code == 201
    assert task_thread.settle(timeout=20) and len(calls) == 1
    second = _match_against_a_bot(client, race_game)
    post_commands(client, second, ADD, END)
    assert task_thread.settle(timeout=20) and len(calls) > 1
    assert Match.objects.get(pk=second).seats.get(index=0).to_move
