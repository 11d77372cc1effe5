"""Moving tournaments on by themselves: automatic start, round deadlines, forfeits by timeout,
the sweep that makes good a lost task, and advancing twice changing nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from core.eventstore.models import Event
from core.matches import hooks
from core.matches.deadlines import deadline_sweep
from core.matches.models import Match
from core.tournaments import services
from core.tournaments import state as st
from core.tournaments.models import Tournament
from tests.conftest import make_user
from tests.core.async_play.conftest import Clock
from tests.core.tournaments.conftest import assert_consistent, create, types, with_bots

pytestmark = pytest.mark.django_db


def test_a_tournament_starts_by_itself_at_its_time(
    race_game: str, organiser: Any, clock: Clock, eager: Any
) -> None:
    t = create(organiser, starts_at=clock.now + timedelta(hours=1))
    with_bots(organiser, t, 4)
    assert services.tournament_sweep() == {}
    clock.advance(hours=2)
    with eager():
        assert services.tournament_sweep() == {"started": 1}
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED  # bots played it through
    assert_consistent(t)


def test_a_tournament_without_players_at_its_time_is_cancelled(
    race_game: str, organiser: Any, clock: Clock
) -> None:
    t = create(organiser, starts_at=clock.now + timedelta(hours=1))
    with_bots(organiser, t, 1)
    clock.advance(hours=2)
    assert services.tournament_sweep() == {"cancelled": 1}
    t.refresh_from_db()
    assert t.status == Tournament.Status.CANCELLED and types(t)[-1] == st.CANCELLED


def test_a_round_deadline_closes_the_tables_still_playing_and_starts_the_next(
    race_game: str, organiser: Any, clock: Clock
) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    t = create(organiser, rounds=2, round_hours=24)
    for user in (ann, bob):
        services.tournament_register(tournament_id=t.pk, user=user)
    services.tournament_start(tournament_id=t.pk, user=organiser)
    t.refresh_from_db()
    assert t.round_deadline == clock.now + timedelta(hours=24)
    clock.advance(hours=23)
    assert services.tournament_sweep() == {}
    clock.advance(hours=2)
    assert services.tournament_sweep() == {"round": 1}
    state = assert_consistent(t)
    closed = state.rounds[0].tables[0]
    assert closed.how == "round_deadline" and closed.result is not None
    assert closed.result.ranks == (1, 1)  # an even result, for the organiser to correct
    assert len(state.rounds) == 2 and t.round == 2
    # The first match plays on, but its late result no longer counts.
    assert Match.objects.get(pk=closed.match).status == Match.Status.ACTIVE


def test_a_forfeit_by_timeout_is_recorded_and_can_withdraw_the_player(
    race_game: str, organiser: Any, clock: Clock, eager: Any
) -> None:
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    t = create(
        organiser,
        format="round_robin",
        time_control={
            "kind": "per_move",
            "move_seconds": 3600,
            "policy": "forfeit",
            "vacation": False,
        },
        timeout_withdraws=True,
    )
    for user in (ann, bob, cat):
        services.tournament_register(tournament_id=t.pk, user=user)
    services.tournament_start(tournament_id=t.pk, user=organiser)
    match = Match.objects.get(tournament_table__tournament=t)
    assert match.time_control["policy"] == "forfeit" and match.time_control["vacation"] is False
    late = match.seats.get(to_move=True)
    clock.advance(hours=2)
    with eager():
        deadline_sweep()
    state = assert_consistent(t)
    number = state.user_entrant(late.user_id).number
    assert [(f["entrant"], f["reason"]) for f in state.forfeits] == [(number, "timeout")]
    assert state.entrants[number].withdrawn
    assert state.rounds[0].tables[0].result.entrant_ranks()[number] == 2
    assert len(state.rounds) == 2
    assert all(number not in tb.seats for tb in state.rounds[1].tables)


def test_the_sweep_makes_good_a_lost_task_and_advancing_twice_changes_nothing(
    race_game: str, organiser: Any, eager: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hooks, "_MATCH_ENDED", [])  # the task after each match is lost
    t = create(organiser, rounds=2)
    with_bots(organiser, t, 4)
    with eager():
        services.tournament_start(tournament_id=t.pk, user=organiser)
    t.refresh_from_db()
    assert t.round == 1 and not Match.objects.filter(status=Match.Status.ACTIVE).exists()
    with eager():
        assert services.tournament_sweep() == {"round": 1}  # the second round's matches play
    assert services.tournament_sweep() == {"finished": 1}
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    count = Event.objects.of("tournament", t.pk).count()
    assert services.tournament_advance(tournament_id=t.pk) == "idle"
    assert services.tournament_advance(tournament_id=t.pk) == "idle"
    assert services.tournament_sweep() == {}
    assert Event.objects.of("tournament", t.pk).count() == count
    assert_consistent(t)
