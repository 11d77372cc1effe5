"""Tournaments of the platform tests' small engine (``race``), with bots playing in-process."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest

from core.eventstore.models import Event
from core.eventstore.store import verify_stream
from core.tournaments import services
from core.tournaments import state as st
from core.tournaments.models import Tournament
from tests.conftest import make_user
from tests.core.async_play.conftest import clock  # noqa: F401  (the controllable clock)

QUICK = {"target": 6}  # a race to 6: a handful of bot moves


@pytest.fixture
def organiser(db: Any) -> Any:
    return make_user("organiser")


@pytest.fixture
def eager(
    django_capture_on_commit_callbacks: Any,
) -> Iterator[Callable[[], AbstractContextManager[Any]]]:
    """``with eager():`` runs what a service schedules after its commit (bot moves, the
    tournament's own advance), as the embedded server does."""
    yield lambda: django_capture_on_commit_callbacks(execute=True)


def create(organiser: Any, **spec: Any) -> Tournament:
    fields: dict[str, Any] = {
        "name": "Spring cup",
        "game": "race",
        "format": "swiss",
        "players_per_table": 2,
        "options": QUICK,
        "bots_allowed": True,
        "bot_level": "random",
        **spec,
    }
    return services.tournament_create(user=organiser, spec=services.TournamentSpec(**fields))


def with_bots(organiser: Any, t: Tournament, count: int) -> Tournament:
    services.tournament_add_bots(tournament_id=t.pk, user=organiser, count=count)
    t.refresh_from_db()
    return t


def events(t: Tournament) -> list[dict[str, Any]]:
    return [e.as_engine_event() for e in Event.objects.of("tournament", t.pk).order_by("seq")]


def types(t: Tournament) -> list[str]:
    return [e["type"] for e in events(t)]


def assert_consistent(t: Tournament) -> st.TournamentState:
    """The chain is intact and the stream alone replays to the standings the server shows."""
    t.refresh_from_db()
    report = verify_stream("tournament", t.pk)
    assert report.ok, report
    assert report.checked == t.version
    state = st.fold(events(t))
    assert [r["entrant"] for r in t.standings] == [r.entrant for r in state.standings()]
    assert [r["points"] for r in t.standings] == [r.points for r in state.standings()]
    return state
