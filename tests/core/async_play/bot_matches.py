"""Matches of bots only, started from the test and played by a real worker, and the checks that
a match was played through to the end with every move made exactly once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from core.eventstore.models import CommandRecord, Event
from core.eventstore.store import verify_chain
from core.matches import scheduling, services
from core.matches.models import Match, Seat
from core.matches.state import load_state, replay_from_zero
from games.registry import get_engine
from tests.conftest import make_user
from tests.core.async_play.workers import Broker


def follow_ups_to(broker: Broker, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tasks this process schedules after a commit go to ``broker``'s workers, as on a server
    (the test settings would run them here, eagerly)."""
    monkeypatch.setattr(scheduling, "run_task", broker.send)


def start_bots_match(game: str, levels: Sequence[str], options: dict[str, Any]) -> Match:
    """A started match with a bot of ``levels[i]`` in seat ``i``. Users create matches with a
    seat of their own, so the creator's seat becomes a bot before the start (seats are not in
    the event stream). The first bot move goes to whoever runs this process's follow-ups."""
    creator = make_user()
    seats = [services.SeatSpec("me")] + [services.SeatSpec("bot", level=lv) for lv in levels[1:]]
    match = services.match_create(
        user=creator,
        game=game,
        n_players=len(levels),
        options=options,
        seats=seats,
        autostart=False,
    )
    Seat.objects.filter(match=match, index=0).update(
        kind=Seat.Kind.BOT, user=None, bot_level=levels[0]
    )
    services.match_start(match_id=match.pk, user=creator)
    match.refresh_from_db()
    return match


def command_batches(match_id: int) -> list[tuple[str, list[int]]]:
    """``(command id, sequence numbers)`` of each run of events one command appended."""
    batches: list[tuple[str, list[int]]] = []
    rows = Event.objects.of("match", match_id).order_by("seq")
    for seq, command_id in rows.values_list("seq", "command_id"):
        if command_id is None:
            continue
        if batches and batches[-1][0] == command_id and batches[-1][1][-1] == seq - 1:
            batches[-1][1].append(seq)
        else:
            batches.append((command_id, [seq]))
    return batches


def assert_played_to_the_end_once(match_id: int) -> Match:
    """Finished; every event stored once, in an intact chain; the stored stream replays to the
    state the server holds; and no command ran twice (each command id is one run of events,
    recorded once, at the version its events ended on)."""
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.Status.FINISHED, match.status
    assert Event.objects.of("match", match.pk).count() == match.version
    report = verify_chain(match.pk)
    assert report.ok, report
    engine = get_engine(match.game)
    stored = load_state(match, use_cache=False)  # the latest snapshot and the events after it
    assert engine.state_to_json(stored) == engine.state_to_json(replay_from_zero(match))
    batches = command_batches(match.pk)
    ids = [command_id for command_id, _ in batches]
    assert len(ids) == len(set(ids)), "a command id appears in two separate runs of events"
    records = dict(CommandRecord.objects.filter(match=match).values_list("command_id", "version"))
    assert records == {command_id: seqs[-1] for command_id, seqs in batches}
    return match
