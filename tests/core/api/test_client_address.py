"""Issue 40, finding 2: the anonymous throttle and django-axes' per-address lock-out trusted
``X-Forwarded-For``: a fresh one per request escaped both, and naming a victim's address locked
the victim out. With no proxy configured the peer counts and the header is ignored; behind
``LUDOTEKA_PROXY_COUNT`` proxies only their hops count (core/api/clientip.py), and uvicorn is
told to leave the peer address alone."""

from __future__ import annotations

import os
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.test import Client
from rest_framework.throttling import SimpleRateThrottle

from tests.conftest import make_user

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def anon_rate_3(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    rates = {**SimpleRateThrottle.THROTTLE_RATES, "anon": "3/min"}
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)
    cache.clear()
    yield
    cache.clear()


def _proxies(settings: Any, count: int) -> None:
    settings.LUDOTEKA_PROXY_COUNT = count
    settings.REST_FRAMEWORK = {**django_settings.REST_FRAMEWORK, "NUM_PROXIES": count}


def _games(peer: str, forwarded: str | None) -> int:
    extra = {"REMOTE_ADDR": peer}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return Client().get("/api/games", **extra).status_code


def test_a_fresh_forwarded_for_per_request_no_longer_escapes_the_anonymous_throttle(
    anon_rate_3: None,
) -> None:
    """As configured by default: no proxy."""
    answers = [_games("10.1.1.1", f"203.0.113.{i}") for i in range(4)]
    assert answers == [200, 200, 200, 429]
    assert _games("10.1.1.2", None) == 200  # another peer is another client


def test_behind_one_proxy_only_the_address_it_saw_counts(settings: Any, anon_rate_3: None) -> None:
    _proxies(settings, 1)
    # What the client wrote comes first; the proxy's own hop (the address it saw) last.
    answers = [_games("127.0.0.1", f"203.0.113.{i}, 198.51.100.7") for i in range(4)]
    assert answers == [200, 200, 200, 429]
    assert _games("127.0.0.1", "198.51.100.8") == 200


def _log_in(peer: str, forwarded: str | None, username: str, password: str) -> int:
    extra = {"REMOTE_ADDR": peer}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    body = {"username": username, "password": password}
    return (
        Client()
        .post("/api/accounts/login", body, content_type="application/json", **extra)
        .status_code
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("count", "attacker_peer", "attacker_forwarded", "victim_peer", "victim_forwarded"),
    [
        (0, "10.9.9.9", "10.0.0.7", "10.0.0.7", None),
        (1, "127.0.0.1", "10.0.0.7, 10.9.9.9", "127.0.0.1", "10.0.0.7"),
    ],
)
def test_naming_a_victims_address_locks_out_the_attacker_not_the_victim(
    settings: Any,
    count: int,
    attacker_peer: str,
    attacker_forwarded: str,
    victim_peer: str,
    victim_forwarded: str | None,
) -> None:
    if count:
        _proxies(settings, count)
    victim = make_user("victim", password="the-right-one-42")
    answers = [
        _log_in(attacker_peer, attacker_forwarded, f"nobody{i}", "wrong")
        for i in range(settings.AXES_FAILURE_LIMIT + 1)
    ]
    # Each failure under another name: only the per-address count can lock them out.
    assert answers == [401] * (settings.AXES_FAILURE_LIMIT - 1) + [429, 429]
    assert _log_in(victim_peer, victim_forwarded, victim.username, "the-right-one-42") == 200


# --- the embedded server as deploy/serve.sh starts it ------------------------------------------


def _serve_sh_uvicorn_flags() -> list[str]:
    """The flags deploy/serve.sh gives uvicorn, but for the port."""
    text = (ROOT / "deploy" / "serve.sh").read_text()
    [line] = [ln for ln in text.splitlines() if ln.startswith(".venv/bin/uvicorn ")]
    words = shlex.split(re.sub(r'"\$\{PORT:-8000\}"', "PORT", line))[1:]
    at = words.index("--port")
    return [*words[: at + 1], "{port}", *words[at + 2 :]]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_embedded_server_on_loopback_ignores_forwarded_for(tmp_path: Path) -> None:
    """uvicorn trusts X-Forwarded-For from 127.0.0.1 unless told not to: through the embedded
    server, the header became the request's address for the throttles and the lock-out."""
    port = _free_port()
    flags = [f.format(port=port) for f in _serve_sh_uvicorn_flags()]
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "core.settings.base",
        "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
        "LUDOTEKA_THROTTLE_ANON": "3/min",
        "LUDOTEKA_MODE": "development",
    }
    for name in ("DATABASE_URL", "REDIS_URL", "LUDOTEKA_PROXY_COUNT"):
        env.pop(name, None)
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", *flags],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 1).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "no server"
                time.sleep(0.2)
        answers = []
        for i in range(4):
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/api/games", headers={"X-Forwarded-For": f"203.0.113.{i}"}
            )
            try:
                with urllib.request.urlopen(request, timeout=30) as res:
                    answers.append(res.status)
            except urllib.error.HTTPError as err:
                answers.append(err.code)
        assert answers == [200, 200, 200, 429]
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_every_launcher_leaves_the_peer_address_to_the_application() -> None:
    launchers = {
        "deploy/serve.sh": (ROOT / "deploy/serve.sh").read_text(),
        "deploy/Procfile": (ROOT / "deploy/Procfile").read_text(),
        "deploy/Dockerfile": (ROOT / "deploy/Dockerfile").read_text(),
    }
    for name, text in launchers.items():
        commands = re.findall(r"uvicorn[^\n]*", text.replace("\\\n", " "))
        runs = [c for c in commands if "core.asgi:application" in c]
        assert runs, name
        for command in runs:
            assert "--no-proxy-headers" in command, (name, command)
            assert "--forwarded-allow-ips" not in command, (name, command)
