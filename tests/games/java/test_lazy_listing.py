"""The fast listing (issue 24) against plain computations: the lazy ``LegalSet`` is the list,
draw for draw; the fit table, the walking areas and the land-duty shortcut agree with working
everything out afresh on the board, however the board changed."""

from __future__ import annotations

import heapq
import random

import pytest

from games.java import land
from games.java.bots import random_command, uniform_command
from games.java.geometry import N_CELLS, NEIGHBOURS, Reach, reach_of, walk_costs
from games.java.land import Fits, fits_of
from games.java.legal import DutyGuard, LegalSet, legal_commands
from games.java.state import PALACE, PALACE_VALUES, RICE, VILLAGE, JavaState, clone
from games.java.turn import land_layable
from games.testing import play_random_game
from tests.games.java.helpers import ENGINE, new_game, put, stand

OPTIONS = [{}, {"whole_moves": True, "token_timing": "any_time"}, {"token_timing": "any_time"}]


def sample_states(games: int, every: int) -> list[tuple[JavaState, int]]:
    """States met in seeded random games (uniform and sampled choice), with the seat to act."""
    out: list[tuple[JavaState, int]] = []
    for seed in range(games):
        seen = 0

        def keep(s: JavaState, _event: dict) -> None:
            nonlocal seen
            seen += 1
            if seen % every == 0 and not s.over:
                out.append((clone(s), min(ENGINE.active_seats(s))))

        play_random_game(
            ENGINE,
            2 + seed % 3,
            OPTIONS[seed % 3],
            seed=seed,
            choose=uniform_command if seed % 2 else random_command,
            after_event=keep,
            max_commands=600,
        )
    return out


@pytest.fixture(scope="module")
def states() -> list[tuple[JavaState, int]]:
    return sample_states(6, 13)


def test_the_lazy_listing_is_the_list_in_order(states) -> None:
    rng = random.Random(0)
    for s, seat in states:
        full = legal_commands(clone(s), seat)
        lazy = LegalSet(clone(s), seat)
        assert len(lazy) == len(full)
        assert list(lazy) == full
        fresh = LegalSet(clone(s), seat)  # built one at a time, not from a listed part
        for k in rng.sample(range(len(full)), min(12, len(full))):
            assert fresh[k] == full[k]
        assert lazy[-1] == full[-1]
        with pytest.raises(IndexError):
            lazy[len(full)]


def test_a_uniform_draw_from_the_lazy_listing_is_the_draw_from_the_list(states) -> None:
    for i, (s, seat) in enumerate(states):
        a, b = random.Random(i), random.Random(i)
        assert a.choice(LegalSet(clone(s), seat)) == b.choice(ENGINE.legal_commands(s, seat))
        assert a.getstate() == b.getstate()


def test_the_bots_listing_leaves_out_only_figures_that_moved_since_the_board_changed(
    states,
) -> None:
    from games.java.events import cell_of

    for s, seat in states:
        full = legal_commands(clone(s), seat)
        expected = [
            c
            for c in full
            if not (c["type"] in ("move_figure", "remove_figure") and cell_of(c["from"]) in s.moved)
        ]
        assert list(LegalSet(clone(s), seat, once=True)) == expected


def _same_fits(s: JavaState) -> None:
    kept = fits_of(s)
    fresh = Fits(s)
    assert kept.cost == fresh.cost and kept.count == fresh.count


def test_the_fit_table_follows_the_board_through_games_and_direct_edits() -> None:
    rng = random.Random(5)
    game = play_random_game(ENGINE, 3, seed=5, choose=uniform_command, max_commands=40)
    s = game.state
    for _ in range(150):
        if ENGINE.outcome(s) is not None:
            break
        seat = min(ENGINE.active_seats(s))
        for e in ENGINE.execute(s, seat, uniform_command(s, seat, rng), rng):
            s = ENGINE.apply(s, e)
        _same_fits(s)
    # A test (or a rule's working copy) that edits the board directly is followed too.
    s = new_game()
    _same_fits(s)
    put(s, [(5, 4)], [(6, 4)])
    _same_fits(s)
    stand(s, 1, 5, 4)
    _same_fits(s)
    s.top[s.figure.index(1)] = PALACE
    s.figure[s.figure.index(1)] = -1
    _same_fits(s)
    copy = clone(s)
    put(copy, [(9, 4)], level=1)
    _same_fits(copy)
    _same_fits(s)


def _areas(r: Reach) -> tuple[set, dict, set]:
    parts = {a: frozenset(cells) for a, cells in enumerate(r.cells) if cells}
    for c in range(N_CELLS):
        if r.area[c] >= 0:
            assert c in parts[r.area[c]]
    exits = {parts[a]: r.exit[a] for a in parts}
    links = {(parts[a], parts[b]) for a in parts for b in r.links[a]}
    return set(parts.values()), exits, links


def test_walking_areas_follow_the_board_the_figures_and_the_seat() -> None:
    rng = random.Random(8)
    for seed in (1, 2):
        n = 2 + seed
        game = play_random_game(ENGINE, n, seed=seed, choose=uniform_command, max_commands=30)
        s = game.state
        for _ in range(120):
            if ENGINE.outcome(s) is not None:
                break
            seat = min(ENGINE.active_seats(s))
            for other in (seat, (seat + 1) % n, seat):
                fig = s.figure
                blocked = [c for c in range(N_CELLS) if fig[c] >= 0 and fig[c] != other]
                assert _areas(reach_of(s, other)) == _areas(Reach(s, other, blocked))
            for e in ENGINE.execute(s, seat, uniform_command(s, seat, rng), rng):
                s = ENGINE.apply(s, e)


def _plain_walk(s: JavaState, seat: int, starts: list[tuple[int, int]], limit: int) -> dict:
    """Cheapest costs by a textbook Dijkstra over spaces (the rule, written the slow way)."""
    best: dict[int, int] = {}
    queue = [(d, c) for c, d in starts if d <= limit]
    heapq.heapify(queue)
    while queue:
        d, c = heapq.heappop(queue)
        if c in best:
            continue
        best[c] = d
        for n in NEIGHBOURS[c]:
            if s.top[n] not in (RICE, VILLAGE) or s.figure[n] not in (-1, seat):
                continue
            nd = d + (0 if s.top[n] == s.top[c] else 1)
            if nd <= limit and n not in best:
                heapq.heappush(queue, (nd, n))
    return best


def test_walking_costs_are_the_cheapest_ways(states) -> None:
    for s, seat in states[::3]:
        reach = reach_of(s, seat)
        for c in [c for c in range(N_CELLS) if s.figure[c] == seat][:4]:
            plain = _plain_walk(s, seat, [(c, 0)], 7)
            assert walk_costs(s, seat, [(c, 0)], 7) == plain
            walk = reach.from_cell(c, 7)
            assert {t: walk.dist[reach.area[t]] for t in plain} == plain


def _after(s: JavaState, seat: int, cost: int) -> JavaState:
    out = clone(s)
    out.ap -= cost
    out.acted = True
    return out


def test_the_land_duty_shortcut_agrees_with_playing_each_action_out(states) -> None:
    """``DutyGuard`` (used by the listing and by execute) against ``land_layable`` on the board
    an action leaves, built by hand."""
    checked = 0
    for s, seat in states:
        for ap in (1, 2, 3):
            s = clone(s)
            s.ap = ap
            guard = DutyGuard(s, seat)
            if not guard.bound:
                continue
            fig = s.figure
            own = [c for c in range(N_CELLS) if fig[c] == seat]
            for frm in own[:3]:
                for to, d in walk_costs(s, seat, [(frm, 0)], ap).items():
                    if fig[to] >= 0:
                        continue
                    after = _after(s, seat, d)
                    after.figure[frm], after.figure[to] = -1, seat
                    assert guard.keeps(d, blocked=to, freed=frm) == land_layable(after, seat)
                    checked += 1
            for cell in range(0, land.N_BOARD, 7):
                if s.height[cell] == 0 and s.top[cell] == 0:
                    after = _after(s, seat, 1)
                    after.top[cell] = 3  # water
                    assert guard.keeps(1, blocked=cell) == land_layable(after, seat)
                if s.top[cell] == VILLAGE and fig[cell] < 0:
                    after = _after(s, seat, 1)
                    after.top[cell] = PALACE
                    after.palace[cell] = PALACE_VALUES[0]
                    assert guard.keeps_palace(cell) == land_layable(after, seat)
            assert guard.keeps(1) == land_layable(_after(s, seat, 1), seat)
    assert checked > 100
