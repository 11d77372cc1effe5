"""What the staff API answers, exactly: the documentation Schemathesis and
tests/core/api/test_response_schemas.py check every answer against.

As in ``core.matches.apis``, the game-specific parts (a payload, a state, a view, options, an
outcome's details, an audit entry's details) are free-form objects inside an exact envelope.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from core.admin_inspect.models import AuditEntry
from core.matches.apis import OutcomeOut, TextsOut, TimeControlOut
from core.matches.models import Match, Seat

_Free = serializers.DictField  # a JSON object of any shape (``additionalProperties: {}``)
ACTOR_KINDS = ["seat", "bot", "timer", "admin", "system"]
SEEN = ["full", "partial", "hidden"]


class StaffMatchRowOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.ChoiceField(choices=Match.Status.choices)
    version = serializers.IntegerField()
    n_players = serializers.IntegerField()
    visibility = serializers.ChoiceField(choices=Match.Visibility.choices)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    players = serializers.ListField(
        child=serializers.CharField(), help_text="Per seat: a user name, 'bot (level)' or a kind."
    )


class StaffMatchPageOut(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = StaffMatchRowOut(many=True)


class StaffTableOut(serializers.Serializer[Any]):
    id = serializers.IntegerField(help_text="The tournament.")
    round = serializers.IntegerField()
    table = serializers.IntegerField()


class StaffClockOut(serializers.Serializer[Any]):
    time_control = TimeControlOut()
    turn_started_at = serializers.DateTimeField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)
    remind_at = serializers.DateTimeField(allow_null=True)
    clock_version = serializers.IntegerField()


class StaffSeatOut(serializers.Serializer[Any]):
    index = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Seat.Kind.choices)
    user = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    accepted = serializers.BooleanField()
    bot_level = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(choices=Seat.Status.choices)
    to_move = serializers.BooleanField()
    rank = serializers.IntegerField(allow_null=True)
    score = serializers.FloatField(allow_null=True)
    reserve_seconds = serializers.FloatField(allow_null=True)


class StaffMatchDetailOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.ChoiceField(choices=Match.Status.choices)
    version = serializers.IntegerField()
    rules_version = serializers.IntegerField()
    options = _Free()
    n_players = serializers.IntegerField()
    visibility = serializers.ChoiceField(choices=Match.Visibility.choices)
    rated = serializers.BooleanField()
    autostart = serializers.BooleanField()
    outcome = OutcomeOut(allow_null=True)
    created_by = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    updated_at = serializers.DateTimeField()
    head_hash = serializers.CharField(allow_blank=True, help_text="Empty before any event.")
    snapshot_version = serializers.IntegerField()
    tournament = StaffTableOut(allow_null=True)
    clock = StaffClockOut()
    seats = StaffSeatOut(many=True)


class StaffActorOut(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=ACTOR_KINDS)
    seat = serializers.IntegerField(allow_null=True)


def _seen_by() -> serializers.DictField:
    return serializers.DictField(
        child=serializers.ChoiceField(choices=SEEN),
        help_text="Per seat ('0', '1', …) and 'spectator': what they could see of the event.",
    )


class StaffEventOut(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    at = serializers.DateTimeField()
    actor = StaffActorOut()
    command_id = serializers.CharField(allow_null=True)
    type = serializers.CharField()
    text = TextsOut()
    payload = _Free(help_text="The full event, secrets included.")
    visible_to = _seen_by()
    undone = serializers.BooleanField(help_text="Taken back by a later undo or roll-back.")
    hash = serializers.CharField()


class StaffEventsOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    events = StaffEventOut(many=True)


class StaffAtEventOut(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    at = serializers.DateTimeField()
    type = serializers.CharField()
    actor = StaffActorOut()
    text = TextsOut()
    payload = _Free()
    visible_to = _seen_by()


class StaffChangeOut(serializers.Serializer[Any]):
    path = serializers.CharField(help_text="Where, e.g. 'points[1]' or 'board.c3.owner'.")
    op = serializers.ChoiceField(choices=["added", "removed", "changed"])
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)


class StaffMatchAtOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    seq = serializers.IntegerField()
    version = serializers.IntegerField()
    event = StaffAtEventOut(allow_null=True, help_text="Null at seq 0.")
    state = _Free(allow_null=True, help_text="The engine's admin view; null at seq 0.")
    diff = StaffChangeOut(many=True, help_text="From the state after the event before.")
    active_seats = serializers.ListField(child=serializers.IntegerField())
    outcome = OutcomeOut(allow_null=True)
    seat = serializers.IntegerField(
        allow_null=True, required=False, help_text="When asked: the seat, null a spectator."
    )
    view = _Free(allow_null=True, required=False, help_text="When asked: that seat's view.")


class _CheckOut(serializers.Serializer[Any]):
    """What every check answers: whether it held, and if not where and why."""

    ok = serializers.BooleanField()
    broken_seq = serializers.IntegerField(allow_null=True)
    reason = serializers.CharField(allow_blank=True)


class StaffChainCheckOut(_CheckOut):
    checked = serializers.IntegerField()


class StaffReplayCheckOut(_CheckOut):
    events = serializers.IntegerField()
    snapshots_checked = serializers.IntegerField()


class StaffVerifyOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    ok = serializers.BooleanField()
    chain = StaffChainCheckOut()
    replay = StaffReplayCheckOut()


class ExportSeatOut(serializers.Serializer[Any]):
    index = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Seat.Kind.choices)
    user = serializers.CharField(allow_null=True)
    bot_level = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(choices=Seat.Status.choices)
    rank = serializers.IntegerField(allow_null=True)
    score = serializers.FloatField(allow_null=True)


class ExportMatchOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField()
    rules_version = serializers.IntegerField()
    n_players = serializers.IntegerField()
    options = _Free()
    status = serializers.ChoiceField(choices=Match.Status.choices)
    outcome = OutcomeOut(allow_null=True)
    visibility = serializers.ChoiceField(choices=Match.Visibility.choices)
    rated = serializers.BooleanField()
    time_control = TimeControlOut()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    version = serializers.IntegerField()
    head_hash = serializers.CharField(allow_blank=True)
    state_digest = serializers.CharField(
        allow_null=True, help_text="SHA-256 of the final state's canonical JSON."
    )
    seats = ExportSeatOut(many=True)


class ExportEventOut(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    payload = _Free()
    actor = serializers.IntegerField(allow_null=True)
    command_id = serializers.CharField(allow_null=True)
    at = serializers.DateTimeField()
    prev_hash = serializers.CharField()
    hash = serializers.CharField()


class ExportOut(serializers.Serializer[Any]):
    format = serializers.ChoiceField(choices=["ludoteka-match"])
    format_version = serializers.IntegerField()
    exported_at = serializers.DateTimeField()
    match = ExportMatchOut()
    events = ExportEventOut(many=True)


class ImportOut(serializers.Serializer[Any]):
    id = serializers.IntegerField(help_text="The new match.")
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Match.Status.choices)
    source_id = serializers.IntegerField(help_text="The match's id where it was exported.")
    source_head_hash = serializers.CharField(allow_null=True)
    source_players = serializers.ListField(child=serializers.CharField(allow_null=True))
    events = serializers.IntegerField()
    state_digest = serializers.CharField(allow_null=True)
    format_version = serializers.IntegerField()


class AuditEntryOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    user = serializers.CharField(help_text="The staff member's user name.")
    action = serializers.ChoiceField(choices=AuditEntry.Action.choices)
    match = serializers.IntegerField()
    seq = serializers.IntegerField(allow_null=True, help_text="The event it appended, if any.")
    reason = serializers.CharField(allow_blank=True)
    details = _Free(help_text="Per action: ranks, seat and level, the events undone, a source.")


class AuditPageOut(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = AuditEntryOut(many=True)


class StaffActionOut(serializers.Serializer[Any]):
    audit = AuditEntryOut()
    match = StaffMatchDetailOut(help_text="The match after the action.")
