"""Who else needs to know when a match ends: apps built on matches (tournaments) register a
function here from their ``AppConfig.ready()``, so ``core.matches`` never imports them.

The functions run inside the transaction that finishes the match; they should only record or
schedule (``transaction.on_commit``), never do slow work.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_MATCH_ENDED: list[Callable[[Any], None]] = []


def register_match_ended(fn: Callable[[Any], None]) -> None:
    if fn not in _MATCH_ENDED:
        _MATCH_ENDED.append(fn)


def match_ended(match: Any) -> None:
    for fn in _MATCH_ENDED:
        fn(match)
