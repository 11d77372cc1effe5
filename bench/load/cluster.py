"""``deploy/cluster.sh`` started, watched, faulted and stopped from Python (bench and tests).

The cluster runs as its README command does (honcho, nginx, two web processes, or one with
``web=1``, two workers, beat), with the install and the front-end build skipped and short sweep
intervals, so that lost work is found within seconds instead of minutes.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = ("web1", "web2", "worker1", "worker2", "beat", "proxy")


def processes(web: int) -> tuple[str, ...]:
    """The watched processes of a cluster with ``web`` web processes (web2 only with two)."""
    return tuple(name for name in PROCESSES if web == 2 or name != "web2")


class Cluster:
    def __init__(
        self,
        *,
        port: int,
        database_url: str,
        redis_url: str,
        prefix: str,
        run_dir: Path,
        env: dict[str, str] | None = None,
        web: int = 2,
    ) -> None:
        if web not in (1, 2):
            raise ValueError(f"1 or 2 web processes, not {web}")
        self.port = port
        self.web = web
        self.processes = processes(web)
        self.base = f"http://127.0.0.1:{port}"
        self.run_dir = run_dir
        self.log_path = run_dir / "cluster.log"
        self.process: subprocess.Popen[bytes] | None = None
        self.env = {
            **os.environ,
            "PORT": str(port),
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "LUDOTEKA_REDIS_PREFIX": prefix,
            "LUDOTEKA_RUN_DIR": str(run_dir),
            "LUDOTEKA_SKIP_INSTALL": "1",
            "LUDOTEKA_SKIP_PWA": "1",
            "LUDOTEKA_SKIP_STATIC": "1",
            "LUDOTEKA_CELERY_LOGLEVEL": "WARNING",
            "LOG_LEVEL": "WARNING",
            # Lost work is found in seconds here (production: a minute or two).
            "LUDOTEKA_SWEEP_SECONDS": "3",
            "LUDOTEKA_BOT_STALL_SECONDS": "5",
            "LUDOTEKA_BOT_BUDGET_SECONDS": "0.05",
            "LUDOTEKA_WEBHOOK_ALLOW_PRIVATE": "true",
            # Many players on one address (loopback): no per-address throttles in the way.
            "LUDOTEKA_THROTTLE_ANON": "100000/min",
            "LUDOTEKA_THROTTLE_USER": "100000/min",
            **(env or {}),
            "LUDOTEKA_WEB_PROCESSES": str(web),  # what self.processes waits for
        }
        self.env.pop("DJANGO_SETTINGS_MODULE", None)
        self.env.pop("LUDOTEKA_MODE", None)

    def start(self, timeout: float = 120) -> None:
        self.run_dir.mkdir(parents=True, exist_ok=True)
        for name in PROCESSES:
            (self.run_dir / f"{name}.pid").unlink(missing_ok=True)
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                ["bash", "deploy/cluster.sh"],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise RuntimeError(f"the cluster stopped: see {self.log_path}\n{self.log_tail()}")
            if self.ready() and all(self.pid(n) for n in self.processes):
                return
            time.sleep(0.3)
        raise RuntimeError(f"the cluster was not ready in {timeout} s\n{self.log_tail()}")

    def ready(self, path: str = "/readyz") -> bool:
        try:
            with urllib.request.urlopen(self.base + path, timeout=2) as res:
                return res.status == 200
        except Exception:
            return False

    def web_ready(self, name: str) -> bool:
        port = self.port + (1 if name == "web1" else 2)
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as res:
                return res.status == 200
        except Exception:
            return False

    def pid(self, name: str) -> int | None:
        try:
            pid = int((self.run_dir / f"{name}.pid").read_text().strip())
        except (OSError, ValueError):
            return None
        try:
            os.kill(pid, 0)
        except OSError:
            return None
        return pid

    def kill9(self, name: str) -> int:
        """``kill -9`` of a process (a worker: its main process and its pool); returns its pid."""
        pid = self.pid(name)
        if pid is None:
            raise RuntimeError(f"{name} is not running")
        children = _children(pid)
        os.kill(pid, signal.SIGKILL)
        for child in children:
            with contextlib.suppress(OSError):
                os.kill(child, signal.SIGKILL)
        return pid

    def wait_respawned(self, name: str, old: int, timeout: float = 60) -> float:
        """Seconds until ``name`` runs again under a new pid (and, for web, answers)."""
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            pid = self.pid(name)
            if (
                pid is not None
                and pid != old
                and (not name.startswith("web") or self.web_ready(name))
            ):
                return time.monotonic() - started
            time.sleep(0.1)
        raise RuntimeError(f"{name} did not come back in {timeout} s")

    def stop(self) -> None:
        if self.process is None:
            return
        with contextlib.suppress(OSError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        # Whatever outlived honcho (a process group of its own would): by their pid files.
        for name in PROCESSES:
            pid = self.pid(name)
            if pid:
                for p in [pid, *_children(pid)]:
                    with contextlib.suppress(OSError):
                        os.kill(p, signal.SIGKILL)
        self.process = None

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid:
            out.append(int(entry.name))
            out.extend(_children(int(entry.name)))
    return out
