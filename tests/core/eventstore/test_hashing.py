"""The append's hasher gives the same hash as the reference ``stream_hash`` (no database)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.eventstore.hashing import GENESIS, canonical_json, stream_event_hasher, stream_hash

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


# Generation time is not what is checked: the machine's load must not fail it (too_slow).
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    payload=st.dictionaries(st.text(max_size=8), json_values, max_size=5),
    etype=st.text(min_size=1, max_size=20),
    actor=st.none() | st.integers(min_value=-1, max_value=7),
    # Kinds that sort before, between and after the body's other keys.
    kind=st.sampled_from(["match", "tournament", "a", "b", "league", "zz"]),
    key=st.integers(min_value=1, max_value=2**40),
    seq=st.integers(min_value=1, max_value=10**6),
    micros=st.integers(min_value=0, max_value=10**15),
    offset_minutes=st.sampled_from([0, 60, -300]),
)
def test_the_append_hasher_equals_stream_hash(
    payload: dict[str, Any],
    etype: str,
    actor: int | None,
    kind: str,
    key: int,
    seq: int,
    micros: int,
    offset_minutes: int,
) -> None:
    tz = timezone(timedelta(minutes=offset_minutes))
    created_at = datetime(2020, 1, 1, tzinfo=UTC).astimezone(tz) + timedelta(microseconds=micros)
    prev = "ab" * 32
    hasher = stream_event_hasher(stream=(kind, key), actor=actor, created_at=created_at)
    expected = stream_hash(
        prev_hash=prev,
        stream=(kind, key),
        seq=seq,
        type=etype,
        payload=payload,
        actor=actor,
        created_at=created_at,
    )
    assert hasher(prev, seq, canonical_json(etype), canonical_json(payload)) == expected


def test_a_different_payload_gives_a_different_hash() -> None:
    at = datetime(2020, 1, 1, tzinfo=UTC)
    hasher = stream_event_hasher(stream=("match", 1), actor=None, created_at=at)
    type_json = canonical_json("A")
    assert hasher(GENESIS, 1, type_json, canonical_json({"x": 1})) != hasher(
        GENESIS, 1, type_json, canonical_json({"x": 2})
    )


@pytest.mark.parametrize("kind", ["seq", "payload", "type", "actor", "created_at"])
def test_a_stream_kind_may_not_shadow_a_key_of_the_body(kind: str) -> None:
    with pytest.raises(ValueError, match="may not be named"):
        stream_event_hasher(
            stream=(kind, 1), actor=None, created_at=datetime(2020, 1, 1, tzinfo=UTC)
        )
