"""Analyses go to a queue of their own, so a worker's live bot moves never wait behind them."""

from __future__ import annotations

from core.celery import app


def queue_of(task: str) -> str:
    return str(app.amqp.router.route({}, task)["queue"].name)


def test_analyses_have_their_own_queue_and_bot_moves_keep_the_default() -> None:
    assert queue_of("core.analysis.tasks.analyse_match") == "analysis"
    assert queue_of("core.matches.tasks.play_bot_turn") == app.conf.task_default_queue
