"""``deploy/serve.sh`` starts as many web processes as the machine has cores in production (one
fewer when the database runs on the same machine), and one embedded (issue 42, target 3): its
``--plan`` says what it would run, and nothing else."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVICES = {
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/nowhere",
    "REDIS_URL": "redis://127.0.0.1:6379/15",
}


def plan(**env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in {*SERVICES, "WEB_CONCURRENCY"}}
    base.pop("LUDOTEKA_MODE", None)
    return subprocess.run(
        ["bash", "deploy/serve.sh", "--plan"],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_production_runs_a_web_process_per_core() -> None:
    done = plan(
        **{**SERVICES, "DATABASE_URL": "postgres://app:secret@db.example.org:5432/ludoteka"}
    )
    assert done.returncode == 0, done.stderr
    cores = len(os.sched_getaffinity(0))
    assert done.stdout.split() == ["mode=production", f"web_processes={cores}"]


@pytest.mark.parametrize(
    "url",
    [
        "postgres://postgres@127.0.0.1:5432/ludoteka",
        "postgres://app:pw@localhost/ludoteka",
        "postgres:///ludoteka",  # a Unix socket
        "postgres://app@[::1]:5432/ludoteka",
    ],
)
def test_a_local_database_leaves_it_a_core(url: str) -> None:
    done = plan(**{**SERVICES, "DATABASE_URL": url})
    assert done.returncode == 0, done.stderr
    cores = len(os.sched_getaffinity(0))
    expected = max(1, cores - 1)
    assert done.stdout.split() == ["mode=production", f"web_processes={expected}"]


def test_web_concurrency_sets_the_number() -> None:
    done = plan(**SERVICES, WEB_CONCURRENCY="3")
    assert done.stdout.split() == ["mode=production", "web_processes=3"]


def test_embedded_runs_one_process_and_says_why_not_more() -> None:
    assert plan().stdout.split() == ["mode=development", "web_processes=1"]
    done = plan(WEB_CONCURRENCY="4")
    assert done.stdout.split() == ["mode=development", "web_processes=1"]
    assert "channel layer and tasks live in it" in done.stderr


@pytest.mark.parametrize("bad", ["0", "two", "-1", "2.5"])
def test_a_wrong_number_of_processes_is_refused_with_a_reason(bad: str) -> None:
    done = plan(**SERVICES, WEB_CONCURRENCY=bad)
    assert done.returncode == 2
    assert "WEB_CONCURRENCY must be a whole number" in done.stderr


def test_uvicorn_takes_the_number_from_the_environment() -> None:
    # A --workers flag on the command line would override WEB_CONCURRENCY.
    text = (ROOT / "deploy" / "serve.sh").read_text()
    [line] = [ln for ln in text.splitlines() if ln.startswith(".venv/bin/uvicorn ")]
    assert "--workers" not in line
