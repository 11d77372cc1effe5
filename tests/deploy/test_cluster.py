"""The multi-process setup under a short load with faults (bench/load/run.py, small).

deploy/cluster.sh's layout (nginx, two web processes, two Celery workers, beat) on a database of
its own and a Redis of its own, a few matches played over HTTP and WebSockets while one web
process and one worker are killed with -9 and Redis restarts; then every match verifies. The
full run (500 matches, and a PostgreSQL restart) is bench/load/run.py.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.postgres]


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _below_ephemeral() -> int:
    """The first port the kernel hands out to outgoing connections: ports chosen below it stay
    free while the cluster's processes restart (a killed web process binds its port again, and an
    outgoing connection to PostgreSQL or Redis must not have taken it meanwhile)."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def _ports() -> tuple[int, int, int]:
    """nginx (and after it deploy/cluster.sh's two web ports and its metrics listener, PORT + 3),
    the webhook receiver, Redis."""
    rng = random.Random()
    for _ in range(200):
        base = rng.randrange(20000, _below_ephemeral() - 8, 8)
        if all(_free(base + i) for i in range(6)):
            return base, base + 4, base + 5
    raise RuntimeError("no free ports")


def _nginx() -> bool:
    return bool(shutil.which("nginx") or os.path.exists("/usr/sbin/nginx"))


@pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server")
@pytest.mark.skipif(not _nginx(), reason="needs nginx (apt-get install nginx-light)")
def test_matches_survive_killed_processes_and_a_redis_restart(tmp_path: Path) -> None:
    from django.conf import settings

    db = settings.DATABASES["default"]
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    url = f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    port, hook, redis_port = _ports()
    command = [
        sys.executable,
        str(ROOT / "bench/load/run.py"),
        "--matches", "6",
        "--seconds", "18",
        "--think", "0.3",
        "--bot-share", "0.5",
        "--webhook-share", "0.5",
        "--faults", "web,worker,redis",
        "--port", str(port),
        "--hook-port", str(hook),
        "--redis-port", str(redis_port),
        "--postgres-url", f"{url}/ludoteka_smoke_{os.getpid()}_{port}",
        "--run-dir", str(tmp_path / "cluster"),
    ]  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(command, capture_output=True, text=True, timeout=400, env=env)
    log = (tmp_path / "cluster" / "cluster.log").read_text(errors="replace")[-3000:]
    assert done.returncode == 0, f"{done.stderr[-3000:]}\n--- cluster log\n{log}"
    result = json.loads(done.stdout)
    verify = result["verify"]
    assert verify["ok"], json.dumps(verify, indent=1)
    assert verify["acknowledged_commands_lost"] == 0 and verify["commands_applied_twice"] == 0
    assert verify["notifications"]["sent_twice"] == 0
    assert result["api_streams_gapless"] == f"{result['human_seats']}/{result['human_seats']}"
    assert result["commands"] >= 10, result
    # No 500 outside the faults' windows (503 "busy" is an honest answer on a loaded machine).
    outside = result["error_kinds_outside_faults"]
    assert not [kind for kind in outside if kind.startswith("500")], outside
    assert [f["fault"] for f in result["faults"]] == ["web", "worker", "redis"]
