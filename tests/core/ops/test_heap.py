"""The server's start-up heap is frozen out of the garbage collector's passes (core/ops/heap.py)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

from core.ops.heap import freeze_startup_heap

ROOT = Path(__file__).resolve().parents[3]


def test_freezing_keeps_the_heap_out_of_collections() -> None:
    kept = [{"n": i} for i in range(1000)]
    try:
        frozen = freeze_startup_heap()
        assert frozen >= len(kept)
        tracked = {id(o) for o in gc.get_objects()}
        assert not any(id(o) in tracked for o in kept)  # no collection scans them now
        assert gc.collect() >= 0 and all(o["n"] == i for i, o in enumerate(kept))
    finally:
        gc.unfreeze()


def test_the_asgi_application_freezes_its_start_up_heap() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env["DJANGO_SETTINGS_MODULE"] = "core.settings.test"
    code = "import gc, core.asgi; print(gc.get_freeze_count())"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert int(out.stdout.split()[-1]) > 50_000  # Django, DRF, Channels and the engines
