"""The PWA's browser tests: Debian's chromium driven by Playwright against a real server.

The server is uvicorn in a subprocess (HTTP and sockets, as ``deploy/serve.sh`` runs it) on a
port the OS picks, embedded mode on an SQLite file of its own, bots thinking briefly. No browser
is ever downloaded: Playwright launches ``/usr/bin/chromium`` (``.ci/run`` installs it). Where
that is missing the tests do not run and say why; it is the only reason they may not run.
"""

from __future__ import annotations

import fcntl
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("LUDOTEKA_CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "var" / "screenshots"
# As root in a container: no sandbox; nothing reaches out to the network by itself.
LAUNCH_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _stale(dist: Path) -> bool:
    index = dist / "index.html"
    if not index.exists():
        return True
    built = index.stat().st_mtime
    sources = [*(ROOT / "pwa" / "src").rglob("*"), ROOT / "pwa" / "index.html"]
    return any(p.is_file() and p.stat().st_mtime > built for p in sources)


@pytest.fixture(scope="session")
def chromium() -> Path:
    if not CHROMIUM.exists():
        pytest.skip(
            f"browser tests not run: no Chromium at {CHROMIUM} (Debian: apt-get install -y "
            "chromium; .ci/run installs it)"
        )
    return CHROMIUM


@pytest.fixture(scope="session")
def pwa_dist(chromium: Path) -> Path:
    """The built PWA, built now if missing or older than its sources."""
    dist = ROOT / "pwa" / "dist"
    # One build at a time when several test workers find it stale together.
    with (ROOT / "pwa" / ".build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _stale(dist):
            subprocess.run(["bash", str(ROOT / "deploy" / "build_pwa.sh")], check=True, cwd=ROOT)
    return dist


@pytest.fixture(scope="session")
def server(pwa_dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("pwa-server")
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")
    }
    env.update(
        DJANGO_SETTINGS_MODULE="core.settings.base",
        SQLITE_PATH=str(tmp / "db.sqlite3"),
        LUDOTEKA_THROTTLE_ANON="10000/min",
        LUDOTEKA_THROTTLE_REGISTER="10000/min",
        LUDOTEKA_BOT_BUDGET_SECONDS="0.05",
        # Analyses of finished matches and hints: a few search iterations (core/analysis).
        LUDOTEKA_ANALYSIS_BUDGET_S="0.02",
        LUDOTEKA_ANALYSIS_MAX_ITERATIONS="8",
        LUDOTEKA_ANALYSIS_HINT_BUDGET_S="0.2",
        LOG_LEVEL="WARNING",
    )
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], check=True, cwd=ROOT, env=env
    )
    # A port of one's own where several runs share the machine; else any free one.
    port = int(os.environ.get("LUDOTEKA_PWA_PORT") or _free_port())
    log = (tmp / "server.log").open("w")
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "uvicorn", "core.asgi:application"),
            *("--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"),
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/games", timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"the test server did not start:\n{(tmp / 'server.log').read_text()}"
                    ) from None
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture(scope="module")
def playwright_browser(chromium: Path) -> Iterator[Any]:
    # Module scope, not session: Playwright's sync API leaves an event loop running in this
    # thread while it is open, and a later test of another module on the same worker that
    # calls asyncio.run() would fail; it closes as the module's last test ends.
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(chromium), headless=True, args=LAUNCH_FLAGS)
        try:
            yield browser
        finally:
            browser.close()
