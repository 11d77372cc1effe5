"""Whole tournaments of bots in every format, played in-process through the match pipeline, to
final standings that the event stream alone replays."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from core.matches.models import Match
from core.tournaments import services
from core.tournaments import state as st
from core.tournaments.models import Tournament, TournamentMatch
from tests.core.tournaments.conftest import assert_consistent, create, types, with_bots

pytestmark = pytest.mark.django_db


def run(organiser: Any, eager: Any, t: Tournament, bots: int) -> st.TournamentState:
    with_bots(organiser, t, bots)
    with eager():
        services.tournament_start(tournament_id=t.pk, user=organiser)
    t.refresh_from_db()
    assert t.status == "finished", t.status
    assert not Match.objects.filter(
        tournament_table__tournament=t, status=Match.Status.ACTIVE
    ).exists()
    return assert_consistent(t)


def test_a_two_player_round_robin_meets_everyone_once(
    race_game: str, organiser: Any, eager: Any
) -> None:
    t = create(organiser, format="round_robin")
    state = run(organiser, eager, t, 5)
    assert len(state.rounds) == 5  # five players: five rounds, one bye each
    met = Counter(frozenset(tb.seats) for r in state.rounds for tb in r.tables)
    assert set(met.values()) == {1} and len(met) == 10
    assert Counter(p for r in state.rounds for p in r.byes) == Counter(
        {1: 1, 2: 1, 3: 1, 4: 1, 5: 1}
    )
    assert types(t)[-1] == st.FINISHED
    ranks = [row["rank"] for row in t.standings]
    assert ranks == [1, 2, 3, 4, 5]


def test_a_round_robin_at_tables_of_three(race_game: str, organiser: Any, eager: Any) -> None:
    t = create(organiser, format="round_robin", players_per_table=3)
    state = run(organiser, eager, t, 7)
    assert len(state.rounds) == 3  # ceil(6 / 2)
    for r in state.rounds:
        assert sorted(len(tb.seats) for tb in r.tables) == [3, 3, 3]  # bots fill the third table
        assert sorted(p for tb in r.tables for p in tb.seats if p is not None) == list(range(1, 8))
    assert "head_to_head" in t.standings[0]["tiebreaks"]


def test_a_two_player_swiss_pairs_by_score(race_game: str, organiser: Any, eager: Any) -> None:
    t = create(organiser, format="swiss", rounds=3)
    state = run(organiser, eager, t, 6)
    pairs = [frozenset(tb.seats) for r in state.rounds for tb in r.tables]
    assert len(pairs) == len(set(pairs)) == 9  # no repeat pairing
    assert set(t.standings[0]["tiebreaks"]) == {"buchholz", "sonneborn_berger"}
    firsts = Counter(tb.seats[0] for r in state.rounds for tb in r.tables)
    assert max(firsts.values()) - min(firsts.values()) <= 1


def test_a_knockout_gives_the_top_seeds_byes_and_ends_with_one_winner(
    race_game: str, organiser: Any, eager: Any
) -> None:
    t = create(organiser, format="knockout")
    state = run(organiser, eager, t, 5)
    first = state.rounds[0]
    assert sorted(first.byes) == sorted(state.seeds[:3])
    assert [len(r.tables) for r in state.rounds] == [1, 2, 1]
    final = state.rounds[-1].tables[0]
    winner = st.final_order(state)[0]
    assert winner in final.seats and final.result is not None
    assert final.result.entrant_ranks()[winner] == 1
    assert [row["out_in_round"] for row in t.standings] == [None, 3, 2, 2, 1]


def test_a_knockout_at_tables_of_three_advances_the_top_one(
    race_game: str, organiser: Any, eager: Any
) -> None:
    t = create(organiser, format="knockout", players_per_table=3, advance=1)
    state = run(organiser, eager, t, 9)
    assert [len(r.tables) for r in state.rounds] == [3, 1]  # 9 → 3 → the final of three
    final = state.rounds[-1].tables[0].result
    assert final is not None
    champion = t.standings[0]["entrant"]
    assert final.entrant_ranks()[champion] == 1


def test_a_series_rotates_the_first_player_and_adds_up(
    race_game: str, organiser: Any, eager: Any
) -> None:
    t = create(organiser, format="series", games=4, series_scoring="score")
    state = run(organiser, eager, t, 2)
    assert len(state.rounds) == 4
    assert [r.tables[0].seats[0] for r in state.rounds] == [*state.seeds, *state.seeds]
    totals = Counter()
    for r in state.rounds:
        res = r.tables[0].result
        assert res is not None
        for p, score in zip(res.seats, res.scores, strict=True):
            totals[p] += score
    assert {row["entrant"]: row["points"] for row in t.standings} == dict(totals)


def test_every_table_of_every_round_links_its_match(
    race_game: str, organiser: Any, eager: Any
) -> None:
    t = create(organiser, format="swiss", players_per_table=3, rounds=2)
    state = run(organiser, eager, t, 6)
    links = TournamentMatch.objects.filter(tournament=t)
    assert links.count() == sum(len(r.tables) for r in state.rounds)
    assert all(link.result_recorded for link in links)
    for link in links:
        match = link.match
        assert match.status == Match.Status.FINISHED and match.created_by is None
        assert match.n_players == len(link.seats)
    for r in state.rounds:
        tables = [tb.seats for tb in r.tables]
        assert len({p for seats in tables for p in seats}) == sum(len(s) for s in tables)
