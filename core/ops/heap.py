"""The process's start-up heap, kept out of the garbage collector's way.

Django, DRF, Channels, the engines' tables: some hundred thousand objects loaded at start-up
that live as long as the process. CPython's full collections scan them every time; a server
with a few hundred matches' states cached spent about 100 ms of CPU per full pass (200 Samurai
matches, ``bench/command_cpu.py``), a pause every request queued behind it waits out.
``gc.freeze()`` moves them to the permanent generation, which no collection scans (the Python
documentation's advice for long-lived, forking servers): a full pass then took about 30 ms.
"""

from __future__ import annotations

import gc


def freeze_startup_heap() -> int:
    """Collect what start-up left behind, then freeze the rest; the number of objects frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
