"""The append-only event store: streams of any kind (a match's, a tournament's…), each chained
by hashes, plus a global feed over all of them.

A stream is named by its kind and key (``("match", 7)``), as its hashes name it
(``hashing.stream_hash``). Its head (version and head hash) lives on the row that owns the
stream, registered for the kind (``streams.register``): the store moves it with a
compare-and-set in the appending statement, so the store knows no app's model.

``Event.position`` is the global feed order. On PostgreSQL an event is written without one and
given it after it has committed, by the feed sequencer (``store.sequence_feed``: under the lock
of the ``FeedCounter`` row, to the committed events that have none, in insertion order), so a
follower reading ``position > last_seen`` never skips a row that commits late, an event that
committed before another was written comes first, and a match's events keep their order. The
appends themselves then never wait on one another: a counter row updated inside each appending
transaction held every writer behind the one before it until its commit reached the disk. On
SQLite, a single writer, the position is taken in the appending transaction.
"""

from __future__ import annotations

from typing import Any

from django.db import models


class EventQuerySet(models.QuerySet["Event"]):
    def of(self, kind: str, key: int) -> EventQuerySet:
        """The events of the stream ``(kind, key)``."""
        return self.filter(stream_kind=kind, stream_key=key)


class Event(models.Model):
    # No index of their own: the unique (stream_kind, stream_key, seq) index leads with them.
    stream_kind = models.CharField(max_length=16)  # "match", "tournament"
    stream_key = models.BigIntegerField()  # the id of the stream's owner (its head row)
    seq = models.PositiveIntegerField()  # 1-based; the stream's version after this event
    position = models.BigIntegerField(unique=True, null=True)  # None until sequenced
    type = models.CharField(max_length=64)
    payload = models.JSONField()
    # A match's seat, a tournament's user; null for the system.
    actor = models.BigIntegerField(null=True)
    command_id = models.CharField(max_length=64, null=True)  # groups one command's events
    created_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    objects = EventQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["stream_kind", "stream_key", "seq"], name="event_stream_seq"
            )
        ]
        # No (stream, type) index: the one lookup by type (a match's timeouts) reads the match's
        # events through (stream, seq); each index is one more write per event, twice (the
        # append and the sequencer's new row version).
        indexes = [
            # The sequencer's work list: the few events not yet in the feed.
            models.Index(
                fields=["id"], condition=models.Q(position__isnull=True), name="event_unsequenced"
            ),
        ]

    def as_engine_event(self) -> dict[str, Any]:
        return {"type": self.type, **self.payload}

    def __str__(self) -> str:
        return f"{self.stream_kind} {self.stream_key}#{self.seq} {self.type}"


class FeedCounter(models.Model):
    """A single row: the last global feed position handed out."""

    position = models.BigIntegerField(default=0)


class Snapshot(models.Model):
    """A match's state at ``version`` (taken only at undo barriers), to skip most of a replay."""

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="snapshots")
    version = models.PositiveIntegerField()
    rules_version = models.PositiveIntegerField()
    state = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "version"], name="snapshot_match_version")
        ]


class CommandRecord(models.Model):
    """A command's first result, so a retry with the same ``command_id`` appends nothing.

    ``response`` holds its version and status; the answer a retry gets is rebuilt from the
    stream at that version (``matches.commands.replayed_response``)."""

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="commands")
    command_id = models.CharField(max_length=64)
    user = models.ForeignKey("accounts.User", on_delete=models.CASCADE, null=True)
    seat = models.SmallIntegerField(null=True)
    version = models.PositiveIntegerField()
    response = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "command_id"], name="command_match_id")
        ]
