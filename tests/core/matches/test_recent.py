"""What the hot path keeps of a commit (core/matches/recent.py) is its own copy: the caller's
match and seats go on changing (the next command folds into them), the kept ones do not."""

from __future__ import annotations

import copy
from datetime import UTC, datetime
from typing import Any

from core.eventstore.models import Event
from core.matches.models import Match, Seat
from core.matches.recent import RecentCommits


def _fields(obj: Any) -> dict[str, Any]:
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


def test_a_kept_commit_is_a_copy_as_copy_copy_makes_it() -> None:
    match = Match(id=7, game="race", version=3, status=Match.Status.ACTIVE, options={"a": 1})
    match._state.adding = False
    match._state.db = "default"
    seats = [Seat(id=1, match_id=7, index=0), Seat(id=2, match_id=7, index=1)]
    seats[0]._state.fields_cache["user"] = None  # a related object cached on the original
    row = Event(seq=3, type="Added", payload={"n": [1]}, actor=0)
    row.created_at = datetime(2026, 1, 1, tzinfo=UTC)
    recent = RecentCommits()
    recent.put(match, seats, 2, [row], {5})
    kept = recent.get(7, 3)
    assert kept is not None
    reference = copy.copy(match)
    assert type(kept.match) is Match and _fields(kept.match) == _fields(reference)
    for name in ("adding", "db", "fields_cache"):  # fields_cache: made on first use otherwise
        assert getattr(kept.match._state, name) == getattr(reference._state, name)
    assert kept.match._state is not match._state
    assert [_fields(s) for s in kept.seats] == [_fields(s) for s in seats]
    assert kept.seats[0]._state.fields_cache == {"user": None}
    assert kept.seats[0]._state.fields_cache is not seats[0]._state.fields_cache

    match.version, match.status = 4, Match.Status.FINISHED
    seats[0].to_move = True
    seats[0]._state.fields_cache.clear()
    row.payload["n"].append(2)
    assert (kept.match.version, kept.match.status) == (3, Match.Status.ACTIVE)
    assert kept.seats[0].to_move is False and kept.seats[0]._state.fields_cache == {"user": None}
    assert kept.rows[0][2] == {"n": [1]}
