"""The global feed: positions given after commit by the sequencer, never skipped by a follower,
gapless, each match's events in their order; the sequencer the only writer of an event's row."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import DatabaseError, connection, connections, transaction
from django.utils import timezone

from core.eventstore import store
from core.eventstore.models import Event
from tests.core.eventstore.test_store import new_match


def _append(match: Any, n: int = 1) -> None:
    with transaction.atomic():
        store.append(
            match=match,
            expected_version=match.version,
            events=[{"type": "E", "i": i} for i in range(n)],
            actor=None,
        )


@pytest.mark.django_db
def test_a_follower_never_misses_an_event_committed_after_its_last_read(
    alice: Any, race_game: str
) -> None:
    a, b = new_match(alice, race_game), new_match(alice, race_game)
    _append(a, 2)
    first = store.read_feed()
    _append(b)
    _append(a)
    later = store.read_feed(after=first[-1].position)
    assert [(e.stream_key, e.seq) for e in first] == [(a.pk, 1), (a.pk, 2)]
    assert [(e.stream_key, e.seq) for e in later] == [(b.pk, 1), (a.pk, 3)]
    positions = [e.position for e in [*first, *later]]
    assert positions == list(range(positions[0], positions[0] + 4))


@pytest.mark.postgres
@pytest.mark.django_db
def test_the_sequencer_is_the_one_writer_of_an_event_and_only_once(
    alice: Any, race_game: str
) -> None:
    match = new_match(alice, race_game)
    _append(match)
    event = Event.objects.of("match", match.pk).get()
    assert event.position is None  # written without one: no writer waits on another
    refused = [
        "UPDATE eventstore_event SET type = 'X' WHERE id = %s",
        "UPDATE eventstore_event SET position = 7, type = 'X' WHERE id = %s",
    ]
    for sql in refused:
        with (
            pytest.raises(DatabaseError, match="append-only"),
            transaction.atomic(),
            connection.cursor() as cur,
        ):
            cur.execute(sql, [event.pk])
    assert store.sequence_feed() == 1
    event.refresh_from_db()
    assert event.position is not None and event.type == "E"
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cur,
    ):
        cur.execute("UPDATE eventstore_event SET position = position + 1 WHERE id = %s", [event.pk])
    assert store.sequence_feed() == 0


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_writers_at_once_then_sequencers_at_once_give_a_gapless_feed_in_match_order(
    alice: Any, race_game: str
) -> None:
    matches = [new_match(alice, race_game) for _ in range(4)]
    barrier = threading.Barrier(4)

    def write(match: Any) -> None:
        try:
            barrier.wait()
            for _ in range(15):
                _append(match, 2)
        finally:
            connections.close_all()

    def sequence() -> None:
        try:
            barrier.wait()
            for _ in range(10):
                store.sequence_feed()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=write, args=(m,)) for m in matches]
    threads += [threading.Thread(target=sequence) for _ in range(4)]
    barrier = threading.Barrier(len(threads))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    feed = store.read_feed(limit=10_000)
    assert len(feed) == 4 * 15 * 2
    assert [e.position for e in feed] == list(range(1, len(feed) + 1))
    for m in matches:
        assert [e.seq for e in feed if e.stream_key == m.pk] == list(range(1, 31))
        assert store.verify_chain(m.pk).ok


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_an_event_written_first_but_committed_last_comes_after_what_a_follower_read(
    alice: Any, race_game: str
) -> None:
    slow, quick = new_match(alice, race_game), new_match(alice, race_game)
    written, commit = threading.Event(), threading.Event()

    def slow_writer() -> None:
        try:
            with transaction.atomic():
                _append(slow)  # takes its id first, then holds its transaction open
                written.set()
                commit.wait(30)
        finally:
            connections.close_all()

    thread = threading.Thread(target=slow_writer)
    thread.start()
    try:
        assert written.wait(30)
        _append(quick)
        first = store.read_feed()
    finally:
        commit.set()
        thread.join()
    later = store.read_feed(after=first[-1].position)
    assert [e.stream_key for e in first] == [quick.pk]
    assert [e.stream_key for e in later] == [slow.pk]
    assert later[0].pk < first[0].pk  # inserted before, yet numbered after: it committed after
    assert later[0].position == first[-1].position + 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_follower_reading_while_writers_append_sees_every_event_once_without_gaps(
    alice: Any, race_game: str
) -> None:
    matches = [new_match(alice, race_game) for _ in range(4)]
    done = threading.Event()
    reads: list[list[int]] = []

    def write(match: Any, command_path: bool) -> None:
        try:
            for i in range(15):
                if command_path:  # one self-committing statement, as a command appends
                    store.append_with(
                        match=match,
                        expected_version=match.version,
                        events=[{"type": "E", "i": i}, {"type": "F", "i": i}],
                        actor=0,
                        command_id=f"c{i}",
                        match_set={},
                        also=(),
                        now=timezone.now(),
                    )
                else:
                    _append(match, 2)
        finally:
            connections.close_all()

    def follow() -> None:
        last = 0
        try:
            while True:
                finished = done.is_set()
                batch = [e.position or 0 for e in store.read_feed(after=last)]
                if batch:
                    reads.append(batch)
                    last = batch[-1]
                if finished:
                    return
        finally:
            connections.close_all()

    writers = [threading.Thread(target=write, args=(m, i % 2 == 0)) for i, m in enumerate(matches)]
    follower = threading.Thread(target=follow)
    follower.start()
    for t in writers:
        t.start()
    for t in writers:
        t.join()
    done.set()
    follower.join()
    seen = [p for batch in reads for p in batch]
    # Each read went on exactly where the one before stopped: nothing was skipped, then filled.
    assert seen == list(range(1, 4 * 15 * 2 + 1))
    feed = store.read_feed(limit=10_000)
    for m in matches:
        assert [e.seq for e in feed if e.stream_key == m.pk] == list(range(1, 31))
        assert store.verify_chain(m.pk).ok
