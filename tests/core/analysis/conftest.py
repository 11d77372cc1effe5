from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest


@pytest.fixture
def eager(
    django_capture_on_commit_callbacks: Any,
) -> Iterator[Callable[[], AbstractContextManager[Any]]]:
    """``with eager():`` runs what a request schedules after its commit (the bots' replies, the
    analysis task), as the embedded server does."""
    yield lambda: django_capture_on_commit_callbacks(execute=True)
