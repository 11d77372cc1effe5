"""Shared set-up for benchmarks that need Django: a dedicated, migrated bench database."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/ludoteka_bench"


def setup(database_url: str = DEFAULT_URL, *, fresh: bool = True) -> None:
    """Point Django at ``database_url`` (created and migrated; emptied when ``fresh``)."""
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "core.settings.base")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    url = urlparse(database_url)
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
