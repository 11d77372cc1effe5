"""The embedded server's analyses give way to live work: an analysis starts, and goes on to each
next decision point, only once the task thread (bots' moves, clocks) has nothing left to do."""

from __future__ import annotations

import threading
from typing import Any

from core.analysis.background import analysis_thread
from core.matches.scheduling import task_thread


class _Live:
    """A live task (a bot's move) that runs until it is released."""

    name = "live"

    def __init__(self, log: list[str]) -> None:
        self.log = log
        self.started = threading.Event()
        self.release = threading.Event()

    def apply(self, args: Any = None, throw: bool = True) -> None:
        self.started.set()
        self.release.wait(30)
        self.log.append("live")


def test_an_analysis_waits_for_the_live_work_queued_before_it() -> None:
    log: list[str] = []
    live = _Live(log)
    task_thread.submit(live, ())
    assert live.started.wait(30)
    analysed = threading.Event()

    def analysis() -> None:
        log.append("analysis")
        analysed.set()

    analysis_thread.submit(1, analysis)
    # Given the chance to start at once, it does not: the live task is still running.
    assert not analysed.wait(0.5)
    live.release.set()
    assert analysed.wait(30)
    assert log == ["live", "analysis"]
    assert task_thread.settle(30)
