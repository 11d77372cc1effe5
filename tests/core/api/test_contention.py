"""Writes under contention fail fast and truthfully: a command that cannot get its lock within
``LUDOTEKA_DB_LOCK_WAIT``, or would commit after its ``LUDOTEKA_WRITE_BUDGET`` is spent, gets 503
``busy`` with ``Retry-After`` and is not applied; its retry with the same ``command_id`` is
applied once.

PostgreSQL: another session holds the match's row lock (in-process, the real settings). SQLite:
another connection holds the database's write lock against a real server process (the test
database is an in-memory shared cache, whose locks do not wait at all).
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.db import connection

from core.eventstore.models import CommandRecord
from core.matches import services
from core.matches.models import Match
from tests.conftest import client_for, make_user

ROOT = Path(__file__).resolve().parents[3]
ADD = {"type": "add", "amount": 1}


class Holder:
    """Holds a lock from a connection of its own, in a thread: until the block ends, or, with
    ``seconds``, for that long after ``ready()`` (default: at once) holds."""

    def __init__(self, take: Any, seconds: float | None = None, ready: Any = lambda: True) -> None:
        self.take, self.seconds, self.ready = take, seconds, ready
        self.taken, self.done = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        release = self.take()
        self.taken.set()
        try:
            if self.seconds is None:
                self.done.wait(60)
                return
            end = time.monotonic() + 30
            while not self.ready() and time.monotonic() < end:
                time.sleep(0.02)
            time.sleep(self.seconds)
        finally:
            release()

    def __enter__(self) -> Holder:
        self.thread.start()
        assert self.taken.wait(10), "the lock was not taken"
        return self

    def __exit__(self, *exc: Any) -> None:
        self.done.set()
        self.thread.join(60)


# --- PostgreSQL: a row lock -------------------------------------------------------------------


def _conninfo() -> str:
    s = connection.settings_dict
    conninfo = f"host={s['HOST'] or '127.0.0.1'} port={s['PORT'] or 5432} dbname={s['NAME']}"
    return conninfo + f" user={s['USER']}" + (f" password={s['PASSWORD']}" if s["PASSWORD"] else "")


def _someone_waits_for_a_lock() -> bool:
    with psycopg.connect(_conninfo(), autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        ).fetchone()
    return bool(row and row[0])


def _pg_row_lock(match_id: int) -> Any:
    def take() -> Any:
        conn = psycopg.connect(_conninfo())
        conn.execute(f"SELECT id FROM {Match._meta.db_table} WHERE id = %s FOR UPDATE", [match_id])

        def release() -> None:
            conn.rollback()
            conn.close()

        return release

    return take


@pytest.fixture
def pg_race(race_game: str) -> tuple[int, Any]:
    alice, bob = make_user(), make_user()
    match = services.match_create(
        user=alice,
        game=race_game,
        n_players=2,
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username=bob.username)],
    )
    services.match_join(match_id=match.pk, user=bob)
    return match.pk, client_for(alice)


def _post(client: Any, match_id: int, cid: str) -> tuple[Any, float]:
    start = time.monotonic()
    res = client.post(
        f"/api/matches/{match_id}/commands", {"command_id": cid, "command": ADD}, format="json"
    )
    return res, time.monotonic() - start


def _assert_busy_then_retry_applies_once(client: Any, match_id: int, res: Any) -> None:
    assert res.status_code == 503, res.content
    assert res["Retry-After"] == str(res.json()["retry_after"])
    assert res.json()["code"] == "busy" and "nothing was saved" in res.json()["message"]
    version = Match.objects.get(pk=match_id).version
    assert not CommandRecord.objects.filter(match_id=match_id, command_id="c1").exists()
    retried, _ = _post(client, match_id, "c1")
    assert retried.status_code == 200 and retried.json()["replayed"] is False
    again, _ = _post(client, match_id, "c1")
    assert again.json()["replayed"] is True and again.json()["version"] == version + 1
    assert Match.objects.get(pk=match_id).version == version + 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_postgres_a_command_that_waits_out_its_lock_wait_gets_503_and_is_not_applied(
    settings: Any, pg_race: tuple[int, Any]
) -> None:
    match_id, client = pg_race
    wait = settings.LUDOTEKA_DB_LOCK_WAIT
    with Holder(_pg_row_lock(match_id)):
        res, took = _post(client, match_id, "c1")
        # The row is still locked: the command gave up and rolled back at its lock timeout,
        # well before a client's 10 s (the margin is for a loaded machine).
        assert wait - 0.1 <= took < wait + 4, took
        assert res.status_code == 503
    _assert_busy_then_retry_applies_once(client, match_id, res)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_postgres_a_command_that_gets_its_lock_after_its_budget_is_not_applied(
    settings: Any, pg_race: tuple[int, Any]
) -> None:
    match_id, client = pg_race
    settings.LUDOTEKA_WRITE_BUDGET = 1.0
    # Released 1.2 s after the command starts waiting for it: within the lock wait, after
    # the budget.
    with Holder(_pg_row_lock(match_id), 1.2, ready=_someone_waits_for_a_lock):
        res, took = _post(client, match_id, "c1")
    # It waited out its budget (the fast path's lock wait stops there; the locked general path
    # waits for the lock, then finds the budget spent).
    assert took >= 1.0
    _assert_busy_then_retry_applies_once(client, match_id, res)


# --- SQLite: the write lock, against a server process ----------------------------------------

SQLITE_LOCK_WAIT = 4.0
SQLITE_BUDGET = 2.5


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _lower(headers: Any) -> dict[str, str]:
    return {k.lower(): v for k, v in headers.items()}


def _call(port: int, method: str, path: str, body: Any = None, token: str = "") -> Any:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    if token:
        request.add_header("Authorization", f"Token {token}")
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            return response.status, _lower(response.headers), json.loads(response.read() or b"null")
    except urllib.error.HTTPError as err:
        return err.code, _lower(err.headers), json.loads(err.read() or b"null")


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    db = tmp_path_factory.mktemp("contention") / "db.sqlite3"
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")},
        "DJANGO_SETTINGS_MODULE": "core.settings.test",
        "SQLITE_PATH": str(db),
        "LUDOTEKA_DB_LOCK_WAIT": str(SQLITE_LOCK_WAIT),
        "LUDOTEKA_WRITE_BUDGET": str(SQLITE_BUDGET),
        "LOG_LEVEL": "WARNING",
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.realtime.server", str(port)], cwd=ROOT, env=env
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                assert proc.poll() is None, "the server died"
                time.sleep(0.05)
        yield port, db
    finally:
        proc.terminate()
        proc.wait(10)


def _sqlite_write_lock(db: Path) -> Any:
    def take() -> Any:
        conn = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
        conn.execute("BEGIN IMMEDIATE")  # the write lock, as a long write would hold it

        def release() -> None:
            conn.execute("ROLLBACK")
            conn.close()

        return release

    return take


def _sqlite_race(port: int, name: str) -> tuple[int, str]:
    tokens = {}
    for who in (f"{name}a", f"{name}b"):
        status, _, body = _call(
            port, "POST", "/api/accounts/register", {"username": who, "password": "pass-word-123"}
        )
        assert status == 201, body
        tokens[who] = body["token"]
    status, _, match = _call(
        port,
        "POST",
        "/api/matches",
        {
            "game": "race",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "user", "username": f"{name}b"}],
        },
        tokens[f"{name}a"],
    )
    assert status == 201, match
    status, _, _ = _call(port, "POST", f"/api/matches/{match['id']}/join", {}, tokens[f"{name}b"])
    assert status == 200
    return match["id"], tokens[f"{name}a"]


def _sqlite_command(port: int, match_id: int, token: str, cid: str) -> tuple[Any, Any, Any, float]:
    start = time.monotonic()
    status, headers, body = _call(
        port,
        "POST",
        f"/api/matches/{match_id}/commands",
        {"command_id": cid, "command": ADD},
        token,
    )
    return status, headers, body, time.monotonic() - start


def _sqlite_busy_then_retry_once(port: int, match_id: int, token: str, answer: Any) -> None:
    status, headers, body, _ = answer
    assert status == 503, body
    assert body["code"] == "busy" and headers["retry-after"] == str(body["retry_after"])
    _, _, before = _call(port, "GET", f"/api/matches/{match_id}", token=token)
    status, _, applied, _ = _sqlite_command(port, match_id, token, "c1")
    assert status == 200 and applied["replayed"] is False
    assert applied["version"] == before["version"] + 1  # not applied before the retry
    status, _, again, _ = _sqlite_command(port, match_id, token, "c1")
    assert again["replayed"] is True and again["version"] == applied["version"]


def test_sqlite_a_command_that_waits_out_the_busy_timeout_gets_503_and_is_not_applied(
    sqlite_server: tuple[int, Path],
) -> None:
    port, db = sqlite_server
    match_id, token = _sqlite_race(port, "wait")
    with Holder(_sqlite_write_lock(db)):
        answer = _sqlite_command(port, match_id, token, "c1")
        took = answer[3]
        assert SQLITE_LOCK_WAIT - 0.1 <= took < SQLITE_LOCK_WAIT + 4, took
    _sqlite_busy_then_retry_once(port, match_id, token, answer)


def test_sqlite_a_command_that_gets_the_lock_after_its_budget_is_not_applied(
    sqlite_server: tuple[int, Path],
) -> None:
    port, db = sqlite_server
    match_id, token = _sqlite_race(port, "late")
    with Holder(_sqlite_write_lock(db), SQLITE_BUDGET + 0.7):  # within the busy timeout
        answer = _sqlite_command(port, match_id, token, "c1")
    assert answer[3] >= SQLITE_BUDGET + 0.7
    _sqlite_busy_then_retry_once(port, match_id, token, answer)


def _bot_to_move(race_game: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    from core.matches import scheduling

    monkeypatch.setattr(scheduling, "run_task", lambda *args: None)  # the bot waits for us
    match = services.match_create(
        user=make_user(),
        game=race_game,
        n_players=2,
        seats=[services.SeatSpec("bot", level="greedy"), services.SeatSpec("me")],
    )
    return match.pk, Match.objects.get(pk=match.pk).version


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_postgres_a_bot_move_that_lost_its_lock_is_asked_again_at_once_and_applied_once(
    race_game: str, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from core.matches import tasks

    match_id, version = _bot_to_move(race_game, monkeypatch)
    holder = Holder(_pg_row_lock(match_id))
    pauses: list[float] = []

    def pause(seconds: float) -> None:  # the lock holder lets go during the first pause
        pauses.append(seconds)
        holder.__exit__()

    monkeypatch.setattr(tasks, "pause", pause)
    with holder:
        tasks.play_bot_turn.apply(args=(match_id, version), throw=True)
    assert len(pauses) == 1
    assert any("waited too long for a lock" in r.getMessage() for r in caplog.records)
    assert Match.objects.get(pk=match_id).version == version + 1
    bot = CommandRecord.objects.filter(match_id=match_id, command_id__startswith="bot:")
    assert list(bot.values_list("command_id", flat=True)) == [f"bot:{version}:0"]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_postgres_a_bot_move_that_keeps_waiting_out_its_lock_wait_is_left_to_the_sweep(
    race_game: str, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from core.matches import tasks

    match_id, version = _bot_to_move(race_game, monkeypatch)
    pauses: list[float] = []
    monkeypatch.setattr(tasks, "pause", pauses.append)
    with Holder(_pg_row_lock(match_id)):
        tasks.play_bot_turn.apply(args=(match_id, version), throw=True)  # no error: rolled back
    # Each attempt waited out the 3 s lock wait: the 5 s write budget cuts the attempts short.
    assert len(pauses) < tasks.LOCK_RETRIES_IN_PROCESS
    assert Match.objects.get(pk=match_id).version == version
    assert any("left to the sweep" in r.getMessage() for r in caplog.records)
