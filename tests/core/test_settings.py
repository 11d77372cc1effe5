"""The mode is explicit, and production services mean production rules: checked in fresh
processes, as the entry points load the settings (``core.settings.auto``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SERVICES = {
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/nowhere",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
}
GOOD_KEY = "k3y-" + "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGH"
PRINT = """
import json, django
from django.conf import settings
django.setup()
print(json.dumps({k: getattr(settings, k, None) for k in (
    "LUDOTEKA_MODE", "DEBUG", "SECRET_KEY", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS", "SECURE_SSL_REDIRECT", "SECURE_CONTENT_TYPE_NOSNIFF",
    "X_FRAME_OPTIONS")}))
"""


def _settings(**env: str) -> tuple[int, Any]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL", "LUDOTEKA_"))
    }
    proc = subprocess.run(
        [sys.executable, "-c", PRINT],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "core.settings.auto", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    if proc.returncode:
        return proc.returncode, proc.stderr
    return 0, json.loads(proc.stdout.strip().splitlines()[-1])


def test_production_services_without_a_secret_key_refuse_to_start() -> None:
    code, err = _settings(**SERVICES)
    assert code != 0 and "DJANGO_SECRET_KEY" in err


def test_production_refuses_a_weak_key_and_debug() -> None:
    for key in ("short", "dev-only-not-secret-change-me-in-production", "a" * 60):
        code, err = _settings(**SERVICES, DJANGO_SECRET_KEY=key)
        assert code != 0 and "DJANGO_SECRET_KEY" in err, key
    code, err = _settings(**SERVICES, DJANGO_SECRET_KEY=GOOD_KEY, DJANGO_DEBUG="true")
    assert code != 0 and "DJANGO_DEBUG" in err


def test_production_runs_without_debug_with_secure_cookies_hsts_and_headers() -> None:
    code, s = _settings(**SERVICES, DJANGO_SECRET_KEY=GOOD_KEY)
    assert code == 0, s
    assert s["LUDOTEKA_MODE"] == "production" and s["DEBUG"] is False
    assert s["SESSION_COOKIE_SECURE"] and s["CSRF_COOKIE_SECURE"] and s["SECURE_SSL_REDIRECT"]
    assert s["SECURE_HSTS_SECONDS"] >= 31536000
    assert s["SECURE_CONTENT_TYPE_NOSNIFF"] and s["X_FRAME_OPTIONS"] == "DENY"


def test_the_embedded_default_is_the_development_mode_without_debug_pages() -> None:
    code, s = _settings()
    assert code == 0, s
    assert s["LUDOTEKA_MODE"] == "development" and s["DEBUG"] is False
    assert not s["SECRET_KEY"].startswith("dev-only") and len(s["SECRET_KEY"]) >= 40
    # One key per installation, kept: sessions survive a restart.
    assert _settings()[1]["SECRET_KEY"] == s["SECRET_KEY"]
    assert _settings(DJANGO_DEBUG="true")[1]["DEBUG"] is True  # when the developer asks


def test_the_mode_can_be_stated() -> None:
    code, s = _settings(**SERVICES, LUDOTEKA_MODE="development")
    assert code == 0 and s["LUDOTEKA_MODE"] == "development"
    code, err = _settings(LUDOTEKA_MODE="production")
    assert code != 0 and "DATABASE_URL" in err
    code, err = _settings(LUDOTEKA_MODE="staging")
    assert code != 0 and "LUDOTEKA_MODE" in err


KEEPS_CONNECTION = """
import json, django
from django.core.signals import request_finished, request_started
from django.db import connection
django.setup()
seen = []
for _ in range(3):  # three requests on one thread, as a thread of core/hotlane/bridge.py serves
    request_started.send(sender=None)
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    seen.append(id(connection.connection))
    request_finished.send(sender=None)
print(json.dumps({"vendor": connection.vendor, "open": connection.connection is not None,
                  "reused": len(set(seen)) == 1}))
"""


def test_the_embedded_server_keeps_its_sqlite_connections_across_requests(tmp_path: Path) -> None:
    # Opening one per request cost a third of the embedded server's CPU (bench/README.md).
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "REDIS_URL"))}
    proc = subprocess.run(
        [sys.executable, "-c", KEEPS_CONNECTION],
        cwd=ROOT,
        env={
            **clean,
            "DJANGO_SETTINGS_MODULE": "core.settings.auto",
            "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout.strip().splitlines()[-1])
    assert answer == {"vendor": "sqlite", "open": True, "reused": True}
