"""Standings and tie-breaks on hand-made examples (no database)."""

from __future__ import annotations

from core.tournaments.standings import (
    Result,
    Scoring,
    head_to_head,
    margin_points,
    placement_points,
    standings,
    table_order,
)

TWO = Scoring(format="swiss", table_size=2, tables={}, bye_points=1.0)
FOUR = Scoring(format="swiss", table_size=4, tables={}, bye_points=1.5)


def duel(rnd: int, first: int, second: int, winner: int | None) -> Result:
    """A two-player game; ``winner`` None is a draw."""
    ranks = (1, 1) if winner is None else ((1, 2) if winner == first else (2, 1))
    return Result(rnd, 1, (first, second), ranks, (0.0, 0.0))


def order(rows: list) -> list[int]:
    return [r.entrant for r in rows]


def test_the_catan_two_player_series_sums_winner_minus_loser_margins() -> None:
    """Rule 1 of the Catan two-player variant, its worked example: Johann and Adéla play three
    games, 13:6, 10:12 and 9:12 from Johann's side. Johann gets 7 for the first; Adéla 2 for
    the second and 3 for the third, 5 in all."""
    johann, adela = 1, 2
    games = [(13, 6), (10, 12), (9, 12)]
    results = [
        Result(
            g,
            1,
            (johann, adela) if g % 2 else (adela, johann),  # seats rotate; the rule does not care
            (1, 2) if (a > b) == bool(g % 2) else (2, 1),
            (float(a), float(b)) if g % 2 else (float(b), float(a)),
        )
        for g, (a, b) in enumerate(games, start=1)
    ]
    series = Scoring(format="series", table_size=2, tables={}, bye_points=0.0, series="margin")
    rows = standings(scoring=series, entrants=[johann, adela], lots={1: 2, 2: 1}, results=results)
    assert [(r.entrant, r.points) for r in rows] == [(johann, 7.0), (adela, 5.0)]
    assert margin_points((1, 2), (13.0, 6.0)) == [7.0, 0.0]
    assert margin_points((2, 1), (10.0, 12.0)) == [0.0, 2.0]


def test_placement_points_are_shared_by_tied_places() -> None:
    assert placement_points([1, 2, 3, 4], [3, 2, 1, 0]) == [3, 2, 1, 0]
    assert placement_points([1, 1, 3, 4], [3, 2, 1, 0]) == [2.5, 2.5, 1, 0]
    assert placement_points([1, 1], [1, 0]) == [0.5, 0.5]


def test_a_forfeit_ranks_last_whatever_the_engine_said() -> None:
    res = Result(1, 1, (1, 2, 3), (1, 2, 3), (9.0, 5.0, 1.0), forfeits=frozenset({1}))
    assert res.counted_ranks() == (3, 1, 2)


def test_buchholz_then_sonneborn_berger_break_two_player_ties() -> None:
    # Four players, three rounds. A and B both end on 2 points; A met stronger opponents.
    a, b, c, d = 1, 2, 3, 4
    results = [
        duel(1, a, c, a),
        duel(1, b, d, b),
        duel(2, a, b, b),
        duel(2, c, d, c),
        duel(3, a, d, a),
        duel(3, b, c, c),
    ]
    rows = standings(
        scoring=TWO, entrants=[a, b, c, d], lots={a: 4, b: 3, c: 2, d: 1}, results=results
    )
    points = {r.entrant: r.points for r in rows}
    assert points == {a: 2.0, b: 2.0, c: 2.0, d: 0.0}
    bh = {r.entrant: r.tiebreaks["buchholz"] for r in rows}
    # A met C (2), B (2), D (0) = 4; B met D (0), A (2), C (2) = 4; C met A, D, B = 4.
    assert bh == {a: 4.0, b: 4.0, c: 4.0, d: 6.0}
    sb = {r.entrant: r.tiebreaks["sonneborn_berger"] for r in rows}
    # Sonneborn-Berger: the points of those one beat. A beat C and D: 2; B beat D and A: 2;
    # C beat D and B: 2. Still all equal: the lot decides (lowest first: C, then B, then A).
    assert sb == {a: 2.0, b: 2.0, c: 2.0, d: 0.0}
    assert order(rows) == [c, b, a, d]


def test_buchholz_prefers_the_one_who_met_stronger_opponents() -> None:
    a, b, c, d, e, f = range(1, 7)
    results = [
        duel(1, a, b, a),  # A beats the strong B
        duel(1, c, d, c),  # C beats the weak D
        duel(1, e, f, e),
        duel(2, b, e, b),
        duel(2, d, a, None),
        duel(2, c, f, None),
    ]
    rows = standings(
        scoring=TWO,
        entrants=[a, b, c, d, e, f],
        lots=dict.fromkeys(range(1, 7), 1),
        results=results,
    )
    by = {r.entrant: r for r in rows}
    assert by[a].points == by[c].points == 1.5
    assert by[a].tiebreaks["buchholz"] == by[b].points + by[d].points == 1.5
    assert by[c].tiebreaks["buchholz"] == by[d].points + by[f].points == 1.0
    assert order(rows)[:2] == [a, c]


def test_multi_player_ties_go_to_game_points_first() -> None:
    r1 = Result(1, 1, (1, 2, 3, 4), (1, 2, 3, 4), (10.0, 8.0, 5.0, 1.0))
    r2 = Result(2, 1, (1, 2, 3, 4), (2, 1, 3, 4), (6.0, 7.0, 5.0, 1.0))
    rows = standings(
        scoring=FOUR, entrants=[1, 2, 3, 4], lots={1: 4, 2: 3, 3: 2, 4: 1}, results=[r1, r2]
    )
    by = {r.entrant: r for r in rows}
    assert by[1].points == by[2].points == 5.0  # 3 + 2 and 2 + 3
    # Head-to-head is even (one each) and the lot favours 2; game points decide first: 16 to 15.
    assert order(rows) == [1, 2, 3, 4]
    assert (by[1].tiebreaks["game_points"], by[2].tiebreaks["game_points"]) == (16.0, 15.0)


def test_multi_player_head_to_head_decides_between_equal_points_and_game_points() -> None:
    r1 = Result(1, 1, (1, 2, 3, 4), (1, 2, 3, 4), (9.0, 8.0, 3.0, 1.0))
    r2 = Result(2, 1, (3, 4, 1, 2), (1, 2, 3, 4), (9.0, 8.0, 3.0, 1.0))
    rows = standings(
        scoring=FOUR, entrants=[1, 2, 3, 4], lots={4: 1, 3: 2, 2: 3, 1: 4}, results=[r1, r2]
    )
    # 1: 3 + 1 = 4 points, 12 game points; 3: 1 + 3 = 4 points, 12 game points. Equal; 1 was
    # ahead of 3 once and behind once: head-to-head equal too, so the lot: 3 (lot 2) first.
    # 2: 2 + 0 = 2, 9 game points; 4: 0 + 2 = 2, 9: same story, 4 has lot 1.
    assert order(rows) == [3, 1, 4, 2]
    assert head_to_head({1, 3}, [r1, r2]) == {1: 0, 3: 0}
    r3 = Result(3, 1, (1, 3), (1, 2), (5.0, 5.0))
    assert head_to_head({1, 3}, [r1, r2, r3]) == {1: 1, 3: -1}


def test_knockout_standings_go_by_the_round_one_went_out_in() -> None:
    ko = Scoring(format="knockout", table_size=2, tables={}, bye_points=0.0)
    results = [
        duel(1, 1, 4, 1),
        duel(1, 2, 3, 3),
        duel(2, 1, 3, 1),
    ]
    rows = standings(
        scoring=ko,
        entrants=[1, 2, 3, 4],
        lots={1: 4, 2: 3, 3: 2, 4: 1},
        results=results,
        eliminated={4: 1, 2: 1, 3: 2},
    )
    assert order(rows)[:2] == [1, 3]
    assert set(order(rows)[2:]) == {2, 4}
    assert [r.out_in_round for r in rows] == [None, 2, 1, 1]


def test_table_order_breaks_equal_ranks_by_score_then_seed() -> None:
    res = Result(1, 1, (5, 6, 7, None), (1, 1, 1, 1), (3.0, 4.0, 3.0, 9.0))
    assert table_order(res, {5: 2, 6: 3, 7: 1}) == [6, 7, 5]


def test_byes_and_adjustments_count() -> None:
    rows = standings(
        scoring=TWO,
        entrants=[1, 2, 3],
        lots={1: 1, 2: 2, 3: 3},
        results=[duel(1, 1, 2, 2)],
        byes=[(1, 3)],
        adjustments=[(3, -0.5)],
    )
    assert {r.entrant: r.points for r in rows} == {1: 0.0, 2: 1.0, 3: 0.5}


def test_sonneborn_berger_separates_equal_buchholz() -> None:
    a, b, x, y, e, f = range(1, 7)
    results = [
        duel(1, a, x, a),
        duel(1, b, y, b),
        duel(1, e, f, e),
        duel(2, y, a, y),
        duel(2, x, b, x),
        duel(2, f, e, f),
        duel(3, x, e, x),
        duel(3, y, f, f),
        duel(3, a, b, None),
    ]
    lots = {b: 1, a: 2, x: 3, y: 4, e: 5, f: 6}  # the lot would put B first
    rows = standings(scoring=TWO, entrants=[a, b, x, y, e, f], lots=lots, results=results)
    by = {r.entrant: r for r in rows}
    assert by[a].points == by[b].points == 1.5
    assert by[a].tiebreaks["buchholz"] == by[b].tiebreaks["buchholz"] == 4.5
    # A beat X (2 points) and drew B (1.5 / 2); B beat Y (1 point) and drew A.
    assert (by[a].tiebreaks["sonneborn_berger"], by[b].tiebreaks["sonneborn_berger"]) == (
        2.75,
        1.75,
    )
    assert order(rows).index(a) < order(rows).index(b)
