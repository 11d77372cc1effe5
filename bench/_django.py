"""Shared set-up for benchmarks that need Django: a dedicated, migrated bench database."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/ludoteka_bench"


def bench_database_url() -> str:
    """``LUDOTEKA_BENCH_DATABASE_URL`` if set, else ``DEFAULT_URL``: give your runs a database
    name of your own, so that two people benchmarking at once never drop each other's."""
    return os.environ.get("LUDOTEKA_BENCH_DATABASE_URL", DEFAULT_URL)


def server_env(database_url: str) -> dict[str, str]:
    """The environment for a server process on ``database_url``. ``sqlite:///path`` means the
    embedded mode (no DATABASE_URL: WAL, immediate transactions) on that file."""
    env = {**os.environ}
    if database_url.startswith("sqlite:"):
        env.pop("DATABASE_URL", None)
        env["SQLITE_PATH"] = urlparse(database_url).path
    else:
        env["DATABASE_URL"] = database_url
    return env


def setup(database_url: str = DEFAULT_URL, *, fresh: bool = True) -> None:
    """Point Django at ``database_url`` (created and migrated; emptied when ``fresh``)."""
    sys.path.insert(0, str(ROOT))
    env = server_env(database_url)
    if "DATABASE_URL" not in env:
        os.environ.pop("DATABASE_URL", None)
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "core.settings.base")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    url = urlparse(database_url)
    if url.scheme == "sqlite" and fresh:
        for suffix in ("", "-wal", "-shm"):
            Path(url.path + suffix).unlink(missing_ok=True)
    if url.scheme.startswith("postgres"):
        import psycopg

        name = url.path.lstrip("/")
        admin = database_url.rsplit("/", 1)[0] + "/postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            if fresh:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
            if not exists:
                conn.execute(f'CREATE DATABASE "{name}"')
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]
