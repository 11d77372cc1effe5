from __future__ import annotations


class StaleVersion(Exception):
    """The stream moved on: ``expected`` is not the current version; nothing was written."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"expected version {expected}, the match is at {current}")
        self.expected = expected
        self.current = current
