"""A PostgreSQL and a Redis server of the run's own, on loopback ports of its own, so that the
fault tests may restart them without touching anybody else's (the machine's shared services
stay up). PostgreSQL runs as the ``postgres`` system user when started by root."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path


def _wait_port(port: int, up: bool, timeout: float) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), 0.5).close()
            answers = True
        except OSError:
            answers = False
        if answers == up:
            return
        time.sleep(0.1)
    raise RuntimeError(f"port {port} still {'down' if up else 'up'} after {timeout} s")


def _pg_bin(name: str) -> str:
    for where in (shutil.which(name), f"/usr/local/bin/{name}"):
        if where and os.path.exists(where):
            return where
    found = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    if found:
        return str(found[-1])
    raise RuntimeError(f"{name} not found")


class OwnPostgres:
    """``initdb`` in a temporary directory, trust authentication on 127.0.0.1:``port``."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.dir = Path(tempfile.mkdtemp(prefix="ludoteka-load-pg-"))
        self.data = self.dir / "data"
        self.as_root = os.geteuid() == 0
        self.url = f"postgres://postgres@127.0.0.1:{port}/ludoteka_load"

    def _run(self, *args: str) -> None:
        command = list(args)
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def start(self) -> None:
        if self.as_root:
            shutil.chown(self.dir, "postgres", "postgres")
        if not self.data.exists():
            self._run(_pg_bin("initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust")
        options = (
            f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c max_connections=200 "
            "-c fsync=off -c shared_buffers=128MB"
        )
        self._run(
            _pg_bin("pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.dir / "log"),
            "-o",
            options,
            "-w",
            "start",
        )
        _wait_port(self.port, True, 30)

    def stop(self, mode: str = "fast") -> None:
        self._run(_pg_bin("pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")
        _wait_port(self.port, False, 30)

    def restart(self) -> None:
        """As a crash: immediate stop (no checkpoint), then recovery at start."""
        self.stop("immediate")
        self.start()

    def destroy(self) -> None:
        with contextlib.suppress(Exception):
            self.stop("immediate")
        shutil.rmtree(self.dir, ignore_errors=True)


class OwnRedis:
    """``redis-server`` on 127.0.0.1:``port``, no persistence (a restart loses every key)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"redis://127.0.0.1:{port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--maxclients",
                "4000",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_port(self.port, True, 15)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None
        _wait_port(self.port, False, 15)

    def restart(self) -> None:
        self.stop()
        self.start()

    def destroy(self) -> None:
        self.stop()


class SharedPostgres:
    """A database of the run's own on a PostgreSQL already running (it cannot be restarted)."""

    def __init__(self, url: str) -> None:
        self.url = url

    def start(self) -> None:
        pass  # bench/_django.py's setup creates the database

    def restart(self) -> None:
        raise RuntimeError("the postgres fault needs the run's own PostgreSQL (no --postgres-url)")

    def destroy(self) -> None:
        import psycopg

        name = self.url.rsplit("/", 1)[1]
        admin = self.url.rsplit("/", 1)[0] + "/postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
