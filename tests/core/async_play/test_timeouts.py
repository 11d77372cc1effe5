"""Deadlines enforced: once per overdue turn, each policy, the task and the sweep."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import override_settings

from core.api.errors import ApiError
from core.eventstore.models import Event
from core.eventstore.store import verify_chain
from core.matches import deadlines, services, tasks
from core.matches.models import Match, Seat
from core.matches.state import load_state, replay_from_zero
from core.notifications.tasks import dispatch_outbox
from games.registry import get_engine
from tests.conftest import client_for, make_user
from tests.core.async_play.conftest import ADD, END, PER_DAY, Clock, play, start_race

pytestmark = pytest.mark.django_db


def types_after(match: Match, seq: int) -> list[tuple[str, int | None]]:
    return list(
        Event.objects.of("match", match.pk)
        .filter(seq__gt=seq)
        .order_by("seq")
        .values_list("type", "actor")
    )


def test_nothing_happens_before_the_deadline(race_game: str, clock: Clock) -> None:
    match = start_race(make_user(), make_user(), PER_DAY)
    clock.advance(hours=23, minutes=59)
    assert deadlines.match_check_clock(match_id=match.pk) == "reminded"
    assert deadlines.match_check_clock(match_id=match.pk) == "idle"
    match.refresh_from_db()
    assert match.version == 2


def test_bot_move_plays_the_absent_seats_turn_and_fires_once(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    match = start_race(alice, bob, {**PER_DAY, "policy": "bot_move"})
    clock.advance(days=1)
    assert deadlines.match_check_clock(match_id=match.pk, expected_version=2) == "timed_out"
    match.refresh_from_db()
    kinds = types_after(match, 2)
    assert kinds[0] == ("SeatTimedOut", None)
    assert kinds[-1] == ("TurnEnded", 0) and ("Added", 0) in kinds
    # Bob's turn now, with his own fresh deadline; Alice still plays her next turn herself.
    assert match.deadline == clock.now + timedelta(days=1)
    assert Seat.objects.get(match=match, index=0).status == Seat.Status.PLAYING
    version = match.version
    for _ in range(3):  # a duplicate task, a late task, the sweep: all no-ops
        assert deadlines.match_check_clock(match_id=match.pk, expected_version=2) == "idle"
        assert deadlines.match_check_clock(match_id=match.pk) == "idle"
        assert deadlines.deadline_sweep() == {}
    match.refresh_from_db()
    assert match.version == version
    assert Event.objects.of("match", match.pk).filter(type="SeatTimedOut").count() == 1
    assert load_state(match) == replay_from_zero(match)
    assert verify_chain(match.pk).ok
    play(match, bob, ADD, END)
    play(match, alice, ADD)


def test_a_timeout_bot_move_counts_in_the_bot_think_time(race_game: str, clock: Clock) -> None:
    from prometheus_client import REGISTRY

    labels = {"game": race_game, "level": deadlines.timeout_bot_level()}

    def thought() -> float:
        return REGISTRY.get_sample_value("ludoteka_bot_think_seconds_count", labels) or 0.0

    match = start_race(make_user(), make_user(), {**PER_DAY, "policy": "bot_move"})
    before = thought()
    clock.advance(days=1)
    assert deadlines.match_check_clock(match_id=match.pk, expected_version=2) == "timed_out"
    assert thought() > before
    after = thought()
    assert deadlines.match_check_clock(match_id=match.pk) == "idle"
    assert thought() == after


def test_zombie_hands_the_seat_to_a_bot_for_the_rest_of_the_match(
    race_game: str, clock: Clock, django_capture_on_commit_callbacks: Any
) -> None:
    alice, bob = make_user(), make_user()
    match = start_race(alice, bob, {**PER_DAY, "policy": "zombie"}, target=20)
    clock.advance(days=2)
    assert deadlines.match_check_clock(match_id=match.pk) == "timed_out"
    match.refresh_from_db()
    assert [t for t, _ in types_after(match, 2)][:2] == ["SeatTimedOut", "SeatTakenOver"]
    assert Seat.objects.get(match=match, index=0).status == Seat.Status.ZOMBIE
    with pytest.raises(ApiError) as err:
        play(match, alice, ADD)
    assert err.value.code == "seat_taken_over"
    # Bob plays on; the bot answers for seat 0 at once (in-process tasks) until the end.
    while match.status == Match.Status.ACTIVE:
        with django_capture_on_commit_callbacks(execute=True):
            play(match, bob, {"type": "add", "amount": 3}, END)
        match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    actors = set(
        Event.objects.of("match", match.pk).filter(type="TurnEnded").values_list("actor", flat=True)
    )
    assert actors == {0, 1}
    assert load_state(match) == replay_from_zero(match)


def test_forfeit_takes_the_seat_out_through_the_engine(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    match = start_race(alice, bob, {**PER_DAY, "policy": "forfeit"})
    play(match, alice, ADD, END)
    clock.advance(days=1, seconds=1)
    assert deadlines.match_check_clock(match_id=match.pk) == "timed_out"
    match.refresh_from_db()
    assert types_after(match, match.version - 2) == [("SeatTimedOut", None), ("Forfeited", 1)]
    assert Seat.objects.get(match=match, index=1).status == Seat.Status.FORFEITED
    assert match.status == Match.Status.FINISHED and match.outcome["ranks"] == [1, 2]
    assert match.deadline is None


def test_a_three_player_match_goes_on_after_a_forfeit(race_game: str, clock: Clock) -> None:
    alice, bob, carol = make_user(), make_user(), make_user()
    match = services.match_create(
        user=alice,
        game="race",
        n_players=3,
        options={"target": 40},
        seats=[
            services.SeatSpec("me"),
            services.SeatSpec("user", username=bob.username),
            services.SeatSpec("user", username=carol.username),
        ],
        time_control={**PER_DAY, "policy": "forfeit"},
    )
    services.match_join(match_id=match.pk, user=bob)
    services.match_join(match_id=match.pk, user=carol)
    clock.advance(days=1)
    deadlines.deadline_sweep()
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert Seat.objects.get(match=match, to_move=True).index == 1
    play(match, bob, ADD, END)
    play(match, carol, ADD, END)
    assert Seat.objects.get(match=match, to_move=True).index == 1  # seat 0 is skipped


def test_the_timeout_events_are_described_in_the_log(race_game: str, clock: Clock) -> None:
    alice, bob = make_user(), make_user()
    match = start_race(alice, bob, {**PER_DAY, "policy": "zombie"})
    clock.advance(days=1)
    deadlines.match_check_clock(match_id=match.pk)
    events = client_for(bob).get(f"/api/matches/{match.pk}/events").json()["events"]
    texts = [e["text"]["en"] for e in events if e.get("type", "").startswith("Seat")]
    name = alice.public_name
    assert texts == [
        f"{name}'s time ran out: a bot plays in their place to the end.",
        f"A bot plays for {name} to the end of the match.",
    ]
    mine = client_for(alice).get(f"/api/matches/{match.pk}/events").json()["events"]
    assert [e["text"]["cs"] for e in mine if e.get("type", "").startswith("Seat")] == [
        "Vypršel vám čas: do konce partie za vás hraje bot.",
        "Do konce partie za vás hraje bot.",
    ]


def test_the_sweep_rescues_a_match_whose_task_was_lost(
    race_game: str,
    clock: Clock,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    scheduled: list[tuple[Any, ...]] = []
    monkeypatch.setattr(
        tasks.enforce_deadline,
        "apply_async",
        lambda args, eta: scheduled.append((tuple(args), eta)),  # the broker loses them
    )
    monkeypatch.setattr(dispatch_outbox, "delay", lambda: None)
    alice, bob = make_user(), make_user()
    with (
        # A visibility timeout long enough for day-ahead checks (scheduling.eta_horizon).
        override_settings(
            CELERY_TASK_ALWAYS_EAGER=False,
            CELERY_BROKER_TRANSPORT_OPTIONS={"visibility_timeout": 3 * 86400},
        ),
        django_capture_on_commit_callbacks(execute=True),
    ):
        match = start_race(alice, bob, PER_DAY)
    assert scheduled == [
        ((match.pk, 2), match.remind_at),
        ((match.pk, 2), match.deadline),
    ]
    other = start_race(make_user(), make_user(), {**PER_DAY, "move_seconds": 103680})
    clock.advance(days=1, minutes=1)
    assert Match.objects.filter(status="active", deadline__lte=clock.now).count() == 1
    assert deadlines.deadline_sweep() == {"timed_out": 1, "reminded": 1}
    match.refresh_from_db()
    other.refresh_from_db()
    assert match.clock_version > 2 and other.version == 2
    # The lost task, delivered late after all: the clock moved on.
    assert tasks.enforce_deadline.apply(args=(match.pk, 2)).get() == "idle"


def test_a_bots_turn_has_no_deadline(
    race_game: str, alice: Any, clock: Clock, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        match = services.match_create(
            user=alice,
            game="race",
            n_players=2,
            seats=[services.SeatSpec("bot", level="greedy"), services.SeatSpec("me")],
            time_control=PER_DAY,
        )
    match.refresh_from_db()
    assert match.version > 2  # the bot already moved (in-process task)
    assert match.deadline == clock.now + timedelta(days=1)
    engine = get_engine("race")
    assert engine.active_seats(load_state(match)) == frozenset({1})


def test_the_sweep_asks_again_for_a_bot_move_whose_task_was_lost(
    race_game: str,
    alice: Any,
    clock: Clock,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    lost: list[tuple[Any, ...]] = []
    monkeypatch.setattr(tasks.play_bot_turn, "delay", lambda *args: lost.append(args))
    monkeypatch.setattr(dispatch_outbox, "delay", lambda: None)
    with (
        override_settings(CELERY_TASK_ALWAYS_EAGER=False),
        django_capture_on_commit_callbacks(execute=True),
    ):
        match = services.match_create(
            user=alice,
            game="race",
            n_players=2,
            seats=[services.SeatSpec("bot", level="greedy"), services.SeatSpec("me")],
        )
    match.refresh_from_db()
    assert lost == [(match.pk, 2)] and match.version == 2
    assert deadlines.deadline_sweep() == {}  # not stalled yet
    clock.advance(minutes=3)
    with django_capture_on_commit_callbacks(execute=True):
        assert deadlines.deadline_sweep() == {"bot_rescheduled": 1}
    match.refresh_from_db()
    engine = get_engine("race")
    assert engine.active_seats(load_state(match)) == frozenset({1})
    clock.advance(minutes=3)
    assert deadlines.deadline_sweep() == {}  # the human's turn: nothing to rescue
    version = match.version
    tasks.play_bot_turn.apply(args=(match.pk, 2))  # the lost task turns up: a no-op
    match.refresh_from_db()
    assert match.version == version
