"""The code schedules some Celery tasks by name (``scheduling.task_named``): every name it uses
is a registered task, the very object of its module, and a wrong name is a clear error."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from core.matches.scheduling import task_named

ROOT = Path(__file__).resolve().parents[3]
NAMED = re.compile(r'task_named\(\s*"([\w.]+)"\s*\)')


def names_in_the_code() -> set[str]:
    return {
        name
        for path in (ROOT / "core").rglob("*.py")
        for name in NAMED.findall(path.read_text(encoding="utf-8"))
    }


def test_every_task_the_code_names_is_its_modules_task() -> None:
    names = names_in_the_code()
    assert {
        "core.matches.tasks.play_bot_turn",
        "core.matches.tasks.enforce_deadline",
        "core.notifications.tasks.dispatch_outbox",
        "core.tournaments.tasks.advance_tournament",
    } <= names
    for name in names:
        module, _, attribute = name.rpartition(".")
        # The same object as the module's (tests patch its run and delay there): the module
        # holds a proxy, whose == compares what it stands for, by identity.
        assert task_named(name) == getattr(importlib.import_module(module), attribute)
        assert task_named(name).name == name


def test_an_unknown_name_says_what_to_check() -> None:
    with pytest.raises(LookupError, match=r"No Celery task 'core.matches.tasks.nope'.*AppConfig"):
        task_named("core.matches.tasks.nope")
