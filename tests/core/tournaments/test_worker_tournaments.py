"""Whole tournaments of bots played by a real Celery worker on the real Redis broker (PostgreSQL
shared with the test): every bot move, every result and every new round goes through the same
tasks as on a server, to final standings.

Sized for CI on two cores: Drunter und Drüber with greedy bots (budget 0.02 s) is the shortest
real game, about 50 commands at four players, 30 at two; through one worker a command costs
30-50 ms of platform work, so the Swiss (nine matches) takes about half a minute and the
knockout (seven) about a quarter, more on a loaded machine.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.eventstore.models import Event
from core.tournaments import services
from core.tournaments import state as st
from core.tournaments.models import Tournament, TournamentMatch
from tests.conftest import make_user
from tests.core.async_play.bot_matches import assert_played_to_the_end_once, follow_ups_to
from tests.core.async_play.workers import Workers, running_workers
from tests.core.tournaments.conftest import assert_consistent, types

pytestmark = [
    pytest.mark.redis,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

PLAY_SECONDS = 300.0


@pytest.fixture
def workers(django_db_setup: Any, tmp_path: Path) -> Iterator[Workers]:
    with running_workers(tmp_path) as w:
        yield w


def play_through(workers: Workers, monkeypatch: pytest.MonkeyPatch, **spec: Any) -> Tournament:
    bots = spec.pop("bots")
    follow_ups_to(workers.broker, monkeypatch)
    worker = workers.start()
    organiser = make_user("organiser")
    t = services.tournament_create(
        user=organiser,
        spec=services.TournamentSpec(
            name="Bots' cup", game="drunter", bots_allowed=True, bot_level="greedy", **spec
        ),
    )
    services.tournament_add_bots(tournament_id=t.pk, user=organiser, count=bots)
    began = time.monotonic()
    services.tournament_start(tournament_id=t.pk, user=organiser)
    worker.wait_for(
        lambda: Tournament.objects.get(pk=t.pk).status == Tournament.Status.FINISHED,
        PLAY_SECONDS,
    )
    print(f"\n{spec['format']} of {bots} bots: {time.monotonic() - began:.1f} s through the worker")
    for link in TournamentMatch.objects.filter(tournament=t):
        assert_played_to_the_end_once(link.match_id)
    return t


def test_a_swiss_of_twelve_bots_at_tables_of_four_plays_to_final_standings(
    workers: Workers, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = play_through(workers, monkeypatch, bots=12, format="swiss", players_per_table=4, rounds=3)
    state = assert_consistent(t)
    assert len(state.rounds) == 3
    for rnd in state.rounds:
        assert rnd.finished and not rnd.byes
        assert sorted(p for tb in rnd.tables for p in tb.seats) == list(range(1, 13))
        assert all(len(tb.seats) == 4 and tb.how == "finished" for tb in rnd.tables)
    assert Counter(types(t))[st.RESULT] == 9
    rows = t.standings
    assert [r["rank"] for r in rows] == list(range(1, 13))
    assert all(r["games"] == 3 for r in rows)
    points = [r["points"] for r in rows]
    assert points == sorted(points, reverse=True) and sum(points) == 9 * (3 + 2 + 1 + 0)
    # Round 2 and 3 tables group by score: the leaders of each round sit together next round.
    leaders = [r.entrant for r in st.fold(_events_until_round(t, 2)).standings()[:4]]
    assert len(set(leaders) & set(state.rounds[1].tables[0].seats)) >= 3


def _events_until_round(t: Tournament, number: int) -> list[dict[str, Any]]:
    """The stream up to (not including) the start of round ``number``."""
    out = []
    for e in [ev.as_engine_event() for ev in Event.objects.of("tournament", t.pk).order_by("seq")]:
        if e["type"] == st.ROUND_STARTED and e["round"] == number:
            break
        out.append(e)
    return out


def test_a_knockout_of_eight_bots_plays_to_one_winner(
    workers: Workers, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = play_through(workers, monkeypatch, bots=8, format="knockout", players_per_table=2)
    state = assert_consistent(t)
    assert [len(r.tables) for r in state.rounds] == [4, 2, 1]
    first = state.rounds[0]
    # The seeded bracket: seed 1 meets seed 8, 4 meets 5, 2 meets 7, 3 meets 6.
    seed = {p: i for i, p in enumerate(state.seeds, start=1)}
    assert [sorted(seed[p] for p in tb.seats) for tb in first.tables] == [
        [1, 8],
        [4, 5],
        [2, 7],
        [3, 6],
    ]
    champion = t.standings[0]["entrant"]
    final = state.rounds[2].tables[0].result
    assert final is not None and final.entrant_ranks()[champion] == 1
    assert [r["out_in_round"] for r in t.standings] == [None, 3, 2, 2, 1, 1, 1, 1]
    assert types(t)[-1] == st.FINISHED
