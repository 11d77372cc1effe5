"""The server's own background threads (the outbox dispatcher, the embedded task thread):
started on first use, in whichever process serves, and started again if one ever died."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


def running(
    thread: threading.Thread | None, target: Callable[[], None], name: str
) -> threading.Thread:
    """``thread`` if it is alive, else a new daemon thread running ``target``, started.
    Call it under the owner's lock, so two callers never start two."""
    if thread is not None and thread.is_alive():
        return thread
    fresh = threading.Thread(target=target, name=name, daemon=True)
    fresh.start()
    return fresh


def idle_within(idle: Callable[[], bool], timeout: float) -> bool:
    """Poll until ``idle()`` holds, at most ``timeout`` seconds; whether it did (tests wait for a
    thread's work this way, so nothing is left to run into the next test)."""
    deadline = time.monotonic() + timeout
    while not idle():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True
