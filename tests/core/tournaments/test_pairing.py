"""Pairing: unit tests and properties over many simulated tournaments (no database)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable

import networkx as nx
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as hs

from core.tournaments import pairing
from core.tournaments.pairing import BOT, Pairing, Record, Table

# --- helpers -----------------------------------------------------------------------------------


def _play(rnd: Pairing, points: Counter[int], rng: random.Random, size: int) -> None:
    """Random results: placement points (size - 1 ... 0), ties now and then; a bye is a win."""
    for table in rnd.tables:
        seats = list(table.seats)
        if len(seats) == 2 and rng.random() < 0.1:  # a draw
            for p in seats:
                points[p] += 0.5  # type: ignore[index]
            continue
        rng.shuffle(seats)
        for place, p in enumerate(seats):
            if p is not None:
                points[p] += size - 1 - place
    for p in rnd.byes:
        points[p] += size - 1


def _standings(players: list[int], points: Counter[int]) -> list[int]:
    return sorted(players, key=lambda p: (-points[p], p))


def _simulate(
    n: int,
    rounds: int,
    seed: int,
    pair: Callable[[list[int], Counter[int], list[Pairing], int], Pairing],
    size: int = 2,
    withdraw_at: dict[int, int] | None = None,
) -> tuple[list[Pairing], list[list[int]]]:
    """Plays ``rounds`` rounds; returns the pairings and the players active in each round."""
    rng = random.Random(seed)
    players = list(range(1, n + 1))
    points: Counter[int] = Counter()
    history: list[Pairing] = []
    actives = []
    for r in range(1, rounds + 1):
        active = [p for p in players if (withdraw_at or {}).get(p, rounds + 1) > r]
        actives.append(active)
        rnd = pair(_standings(active, points), points, history, r)
        _play(rnd, points, rng, size)
        history.append(rnd)
    return history, actives


def _everyone_once(rnd: Pairing, active: list[int]) -> None:
    """Every active player is at exactly one table or has a bye; nobody else appears."""
    seen = [p for t in rnd.tables for p in t.players] + list(rnd.byes)
    assert sorted(seen) == sorted(active)


def _swiss2(order: list[int], points: Counter[int], history: list[Pairing], r: int) -> Pairing:
    return pairing.swiss_pairs(order, points, history, r)


def _repeat_free_exists(players: list[int], record: Record, colours_too: bool = False) -> bool:
    """Is there a pairing of ``players`` (with one bye among the fairest if odd) that repeats
    no earlier pairing (and, ``colours_too``, pairs nobody whose first-move history allows
    neither order)? Checked independently: a maximum matching over the pairs allowed."""
    graph = nx.Graph()
    graph.add_nodes_from(players)
    for a, b in itertools.combinations(players, 2):
        if record.times_met(a, b) == 0 and not (
            colours_too and pairing._colour_clash(a, b, record)
        ):
            graph.add_edge(a, b)
    if len(players) % 2:
        fewest = min(record.byes[p] for p in players)
        graph.add_node("bye")
        for p in players:
            if record.byes[p] == fewest:
                graph.add_edge(p, "bye")
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == graph.number_of_nodes()


# --- table sizes and seats ---------------------------------------------------------------------


def test_layout_balances_tables_and_fills_with_bots_when_allowed() -> None:
    assert pairing.layout(13, 4, 2, fill_with_bots=False) == pairing.Layout(
        (4, 3, 3, 3), (0,) * 4, 0
    )
    assert pairing.layout(13, 4, 2, fill_with_bots=True) == pairing.Layout(
        (4, 3, 3, 3), (0, 1, 1, 1), 0
    )
    assert pairing.layout(7, 2, 2, fill_with_bots=False).byes == 1
    # Five at fours in a game for 3+ players: no split into 3-4 fits, so one bye.
    assert pairing.layout(5, 4, 3, fill_with_bots=False) == pairing.Layout((4,), (0,), 1)
    assert pairing.layout(1, 4, 2, fill_with_bots=True).byes == 1


@given(n=hs.integers(1, 60), size=hs.integers(2, 4), min_size=hs.integers(2, 3))
def test_layout_tables_differ_by_at_most_one_and_byes_are_rare(
    n: int, size: int, min_size: int
) -> None:
    min_size = min(min_size, size)
    shape = pairing.layout(n, size, min_size, fill_with_bots=False)
    assert sum(shape.entrants) + shape.byes == n
    if shape.entrants:
        assert max(shape.entrants) - min(shape.entrants) <= 1
        assert min(shape.entrants) >= min_size and max(shape.entrants) <= size
    assert shape.byes < min_size  # fewer than one more table's worth


def test_seat_order_gives_the_first_seat_to_whoever_had_it_least() -> None:
    history = [Pairing((Table((1, 2, 3)),)), Pairing((Table((2, 3, 1)),))]
    order = pairing.seat_order([1, 2, 3], Record.of(history), 3)
    assert order[0] == 3


def test_bracket_positions_keep_the_top_seeds_apart() -> None:
    assert pairing.bracket_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_a_knockout_of_five_gives_the_byes_to_the_top_three_seeds() -> None:
    first = pairing.knockout_first_round(
        [10, 20, 30, 40, 50], Record(), size=2, min_size=2, fill_with_bots=False
    )
    assert sorted(first.byes) == [10, 20, 30]
    assert [t.seats for t in first.tables] == [(40, 50)]
    # Bracket order: seed 1, then the 4-5 winner (who meets seed 1 next), seed 2, seed 3.
    assert first.slots == (("b", 10), ("t", 0), ("b", 20), ("b", 30))


def test_knockout_tables_are_snake_seeded() -> None:
    rnd = pairing.knockout_tables(
        list(range(1, 13)), Record(), size=4, min_size=2, fill_with_bots=False, round_no=1
    )
    assert [sorted(t.players) for t in rnd.tables] == [[1, 6, 7, 12], [2, 5, 8, 11], [3, 4, 9, 10]]


def test_a_series_rotates_the_first_player_every_game() -> None:
    firsts = [pairing.series_table([7, 8, 9], g).tables[0].seats[0] for g in range(1, 7)]
    assert firsts == [7, 8, 9, 7, 8, 9]


# --- round robin -------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 15))
def test_a_two_player_round_robin_meets_everyone_once_with_first_moves_balanced(n: int) -> None:
    seeds = list(range(1, n + 1))
    rounds = [
        pairing.round_robin_pairs(seeds, r, seeds)
        for r in range(1, pairing.round_robin_rounds(n) + 1)
    ]
    record = Record.of(rounds)
    for a, b in itertools.combinations(seeds, 2):
        assert record.times_met(a, b) == 1
    assert all(abs(record.balance(p)) <= 1 for p in seeds)
    assert all(record.byes[p] == (1 if n % 2 else 0) for p in seeds)
    for rnd in rounds:
        _everyone_once(rnd, seeds)


def test_a_withdrawn_player_leaves_byes_in_the_round_robin() -> None:
    seeds = [1, 2, 3, 4]
    rnd = pairing.round_robin_pairs(seeds, 1, active=[1, 2, 3])
    _everyone_once(rnd, [1, 2, 3])
    assert len(rnd.byes) == 1


@settings(max_examples=25, deadline=None)
@given(n=hs.integers(5, 16), size=hs.sampled_from([3, 4]), fill=hs.booleans())
def test_a_multi_player_round_robin_keeps_meetings_even(n: int, size: int, fill: bool) -> None:
    players = list(range(1, n + 1))
    rounds = -(-(n - 1) // (size - 1))
    history: list[Pairing] = []
    for r in range(1, rounds + 1):
        rnd = pairing.round_robin_tables(
            players, history, size=size, min_size=2, fill_with_bots=fill, round_no=r
        )
        _everyone_once(rnd, players)
        counts = [len(t.players) for t in rnd.tables]
        assert max(counts) - min(counts) <= 1
        if fill:
            assert all(len(t.seats) == size for t in rnd.tables)
        history.append(rnd)
    record = Record.of(history)
    met = [record.times_met(a, b) for a, b in itertools.combinations(players, 2)]
    assert max(met) - min(met) <= 2  # "about equally often": nobody meets anyone a third time
    assert max(met) <= 2  # more than twice while others never met
    firsts = Counter(t.seats[0] for rnd in history for t in rnd.tables if t.seats[0] is not BOT)
    assert max(firsts.values()) - min(firsts.get(p, 0) for p in players) <= 2


# --- Swiss, two players -----------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(n=hs.integers(2, 20), rounds=hs.integers(1, 9), seed=hs.integers(0, 10**6))
@example(n=10, rounds=9, seed=276)  # the last round could not keep both criteria
def test_swiss_pairs_repeat_only_when_unavoidable_and_spread_byes(
    n: int, rounds: int, seed: int
) -> None:
    rounds = min(rounds, n)
    history, actives = _simulate(n, rounds, seed, _swiss2)
    clashed: set[int] = set()
    for r, (rnd, active) in enumerate(zip(history, actives, strict=True)):
        _everyone_once(rnd, active)
        record = Record.of(history[:r])
        repeats = [t for t in rnd.tables if record.times_met(*t.players) > 0]
        if repeats:
            assert not _repeat_free_exists(active, record), f"round {r + 1} repeated needlessly"
        # No repeat outranks the colour criteria: a pair that breaks them only when every
        # repeat-free pairing does (CI found n=10, 9 rounds, seed 276: the last round had none).
        clashes = [t for t in rnd.tables if pairing._colour_clash(*t.players, record)]
        if clashes and not repeats:
            assert not _repeat_free_exists(active, record, colours_too=True), (
                f"round {r + 1} broke the colour criteria needlessly"
            )
        clashed.update(p for t in clashes for p in t.players)
        for p in rnd.byes:  # a second bye only once everyone has had one
            assert record.byes[p] == min(record.byes[q] for q in active)
    record = Record.of(history)
    for p in range(1, n + 1):
        assert abs(record.balance(p)) <= (3 if p in clashed else 2)
    assert len(rnd.byes) == n % 2


def test_swiss_pairs_leaders_together_and_the_bye_to_the_last() -> None:
    points = Counter({1: 2, 2: 2, 3: 1, 4: 1, 5: 0})
    history = [
        Pairing((Table((1, 5)), Table((4, 2))), (3,)),
        Pairing((Table((3, 1)), Table((2, 5))), (4,)),
    ]
    rnd = pairing.swiss_pairs([1, 2, 3, 4, 5], points, history, 3)
    # 3 and 4 have had a bye: the last of the others (5) gets this one; the two leaders have
    # not met, nor have 3 and 4 (and each pair can share the first move).
    assert {frozenset(t.players) for t in rnd.tables} == {frozenset({1, 2}), frozenset({3, 4})}
    assert rnd.byes == (5,)


def test_swiss_first_player_goes_to_whoever_moved_second_more() -> None:
    history = [Pairing((Table((1, 2)),)), Pairing((Table((1, 3)),))]
    rnd = pairing.swiss_pairs([1, 2, 3, 4], Counter({1: 2}), history, 3)
    for t in rnd.tables:
        if 1 in t.players:
            assert t.seats[1] == 1  # 1 moved first twice: a third time is not allowed


def test_swiss_pairs_are_deterministic() -> None:
    history, _ = _simulate(11, 4, 7, _swiss2)
    points = Counter({p: p % 3 for p in range(1, 12)})
    order = _standings(list(range(1, 12)), points)
    assert pairing.swiss_pairs(order, points, history, 5) == pairing.swiss_pairs(
        order, points, history, 5
    )


# --- Swiss, tables of 3-4 ---------------------------------------------------------------------


def _swiss_tables(size: int, fill: bool) -> Callable[..., Pairing]:
    def pair(order: list[int], points: Counter[int], history: list[Pairing], r: int) -> Pairing:
        return pairing.swiss_tables(
            order, points, history, size=size, min_size=2, fill_with_bots=fill, round_no=r
        )

    return pair


def _fewest_repeats(players: list[int], sizes: list[int], record: Record) -> int:
    """The fewest repeat meetings of any split of ``players`` into tables of ``sizes``, by
    trying every split (small counts only)."""
    best = None

    def split(rest: list[int], sizes: list[int], acc: int) -> None:
        nonlocal best
        if best is not None and acc >= best:
            return
        if not sizes:
            best = acc
            return
        first, others = rest[0], rest[1:]
        for size in sorted(set(sizes)):  # the first player's table may be of any size left
            left = list(sizes)
            left.remove(size)
            for mates in itertools.combinations(others, size - 1):
                table = (first, *mates)
                cost = sum(record.times_met(a, b) for a, b in itertools.combinations(table, 2))
                split([p for p in others if p not in mates], left, acc + cost)

    split(players, sorted(sizes, reverse=True), 0)
    assert best is not None
    return best


@settings(max_examples=30, deadline=None)
@given(n=hs.integers(6, 12), size=hs.sampled_from([3, 4]), seed=hs.integers(0, 10**6))
def test_swiss_tables_repeat_meetings_no_more_than_they_must(n: int, size: int, seed: int) -> None:
    history, actives = _simulate(n, 3, seed, _swiss_tables(size, False), size=size)
    for r, (rnd, active) in enumerate(zip(history, actives, strict=True)):
        _everyone_once(rnd, active)
        counts = [len(t.players) for t in rnd.tables]
        assert max(counts) - min(counts) <= 1
        record = Record.of(history[:r])
        repeats = sum(
            record.times_met(a, b)
            for t in rnd.tables
            for a, b in itertools.combinations(t.players, 2)
        )
        assert repeats == _fewest_repeats(active, counts, record), f"round {r + 1}"


@settings(max_examples=15, deadline=None)
@given(n=hs.integers(7, 17), seed=hs.integers(0, 10**6), withdraw=hs.integers(1, 5))
def test_swiss_tables_seat_everyone_every_round_unless_withdrawn(
    n: int, seed: int, withdraw: int
) -> None:
    history, actives = _simulate(
        n, 4, seed, _swiss_tables(4, True), size=4, withdraw_at={withdraw: 3}
    )
    for rnd, active in zip(history, actives, strict=True):
        _everyone_once(rnd, active)
        assert all(len(t.seats) == 4 for t in rnd.tables)  # bots fill every table


def test_swiss_tables_put_the_leaders_together_when_nothing_else_differs() -> None:
    players = list(range(1, 9))
    points = Counter({1: 9, 2: 8, 3: 7, 4: 6, 5: 5, 6: 4, 7: 3, 8: 2})
    rnd = pairing.swiss_tables(
        players, points, [], size=4, min_size=2, fill_with_bots=False, round_no=1
    )
    assert [sorted(t.players) for t in rnd.tables] == [[1, 2, 3, 4], [5, 6, 7, 8]]


def test_swiss_tables_avoid_a_repeat_when_they_can() -> None:
    players = list(range(1, 13))
    first = Pairing(tuple(Table(tuple(range(i, i + 4))) for i in (1, 5, 9)))
    points = Counter({p: 13 - p for p in players})
    rnd = pairing.swiss_tables(
        players, points, [first], size=4, min_size=2, fill_with_bots=False, round_no=2
    )
    record = Record.of([first])
    repeats = sum(
        record.times_met(a, b) for t in rnd.tables for a, b in itertools.combinations(t.players, 2)
    )
    assert repeats == 3  # one per table: four players from three old tables, no fewer possible
