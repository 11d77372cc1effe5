"""Who plays whom, at which table, in which seat order: one round of a tournament.

Pure and deterministic: each function takes the standings (players best first, their points and
seeds) and the history of earlier rounds, and returns the same pairing for the same input. No
database, no clock, no outside randomness (the local search's restarts shuffle with a generator
seeded by the input; the lots that break the last ties of the standings are drawn once when the
tournament starts and recorded in its stream).

Formats:

* Round robin, two players: Berger tables (the circle method), first player alternating.
* Round robin, tables of 3+: each round a partition of the players into tables that keeps the
  number of times any two have met as even as possible (local search over swaps).
* Swiss, two players: a maximum-weight perfect matching (Edmonds' blossom algorithm, networkx)
  whose weights rank, in this order: no repeat pairing; nobody first or second three times in a
  row or more than twice more often than the other way; the bye to the lowest-ranked player
  among those with the fewest byes (a second bye only once everyone has had one); equal scores
  together; first-player wishes that can both be granted.
* Swiss, tables of 3-4: players in standings order cut into tables (leaders together), then
  swaps between tables that lower, in this order: repeat meetings, score differences within a
  table, standings distance within a table.
* Single elimination: a seeded bracket with byes for the top seeds (two players), or tables of
  3+ filled by snake seeding whose top K advance.
* Series: everybody at one table, the seat order rotated each game.

Seat order (seat 0 moves first) is balanced over the rounds: each player's history of seats is
kept even, first seat first.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import networkx as nx

BOT = None  # a seat filled by a bot that is not an entrant ("bots may fill tables")


@dataclass(frozen=True)
class Table:
    """Entrant numbers in seat order (seat 0 moves first); ``None`` is a filler bot."""

    seats: tuple[int | None, ...]

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(p for p in self.seats if p is not None)


@dataclass(frozen=True)
class Pairing:
    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()
    # Single elimination only: the bracket in order, each slot a table index ("t", i) or a bye
    # ("b", entrant); the next round pairs the slots' winners in this order.
    slots: tuple[tuple[str, int], ...] = ()


@dataclass
class Record:
    """What the history says about each player: meetings, seats, byes."""

    met: Counter[tuple[int, int]] = field(default_factory=Counter)
    seats: dict[int, Counter[int]] = field(default_factory=dict)
    byes: Counter[int] = field(default_factory=Counter)
    # Two-player colours: +1 moved first, -1 moved second, per round played, oldest first.
    colours: dict[int, list[int]] = field(default_factory=dict)

    @classmethod
    def of(cls, history: Iterable[Pairing]) -> Record:
        rec = cls()
        for rnd in history:
            for table in rnd.tables:
                players = table.players
                for a, b in itertools.combinations(players, 2):
                    rec.met[_key(a, b)] += 1
                for pos, p in enumerate(table.seats):
                    if p is not None:
                        rec.seats.setdefault(p, Counter())[pos] += 1
                if len(table.seats) == 2 and len(players) == 2:
                    rec.colours.setdefault(table.seats[0], []).append(1)  # type: ignore[arg-type]
                    rec.colours.setdefault(table.seats[1], []).append(-1)  # type: ignore[arg-type]
            for p in rnd.byes:
                rec.byes[p] += 1
        return rec

    def times_met(self, a: int, b: int) -> int:
        return self.met[_key(a, b)]

    def balance(self, p: int) -> int:
        """Times first minus times second (two-player tables)."""
        return sum(self.colours.get(p, ()))


def _key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


# --- table sizes ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """How many entrants sit at each table, how many bots fill each, how many get a bye."""

    entrants: tuple[int, ...]
    bots: tuple[int, ...]
    byes: int


def layout(n: int, size: int, min_size: int, *, fill_with_bots: bool) -> Layout:
    """Tables for ``n`` players at tables of ``size`` (the game allows ``min_size`` and more).

    With bots allowed every table is full and the entrants are spread evenly (13 at fours: 4, 3,
    3, 3 entrants and a bot at each table of three). Otherwise table sizes differ by at most one
    (13 at fours: 4, 3, 3, 3), and the fewest players possible get a bye when no such split fits
    between ``min_size`` and ``size`` (two-player tables: one bye for an odd count).
    """
    if n <= 0:
        return Layout((), (), 0)
    if fill_with_bots:
        if n == 1:
            return Layout((), (), 1)  # a lone player does not play bots alone
        tables = math.ceil(n / size)
        counts = _even_split(n, tables)
        if min(counts) < 1:
            tables -= 1
            counts = _even_split(n, tables)
        return Layout(counts, tuple(size - c for c in counts), 0)
    for byes in range(n + 1):
        m = n - byes
        if m == 0:
            return Layout((), (), n)
        tables = math.ceil(m / size)
        counts = _even_split(m, tables)
        if min(counts) >= min_size:
            return Layout(counts, (0,) * tables, byes)
    raise AssertionError("unreachable: zero tables always fit")


def _even_split(n: int, tables: int) -> tuple[int, ...]:
    base, extra = divmod(n, tables)
    return tuple(base + 1 if i < extra else base for i in range(tables))


# --- seat order -------------------------------------------------------------------------------


def seat_order(
    players: Sequence[int | None], record: Record, round_no: int
) -> tuple[int | None, ...]:
    """The seat order of one table that keeps each player's seats even over the tournament.

    Chosen among all orders (at most 24 at four players): first the fewest earlier first seats
    for whoever moves first, then the fewest earlier sittings in the seats given, then, between
    orders still equal, the given order rotated by the round number (so players with equal
    histories take turns). A filler bot counts as having sat nowhere."""
    n = len(players)
    rotated = tuple(players[(i + round_no - 1) % n] for i in range(n))

    def sat(p: int | None, pos: int) -> int:
        return record.seats.get(p, Counter())[pos] if p is not None else 0

    def cost(order: tuple[int | None, ...]) -> tuple[int, int, int]:
        spread = sum(sat(p, pos) for pos, p in enumerate(order))
        return (sat(order[0], 0), spread, 0 if order == rotated else 1)

    return min(itertools.permutations(rotated), key=cost)


def two_player_order(
    a: int, b: int, record: Record, round_no: int, a_ranked_higher: bool
) -> tuple[int, int]:
    """Who moves first between ``a`` and ``b``: the only order the colour criteria allow if
    just one is; else the one who has moved first less often; then the one who moved second
    last time; then alternately the higher and the lower ranked by round."""
    ok_ab, ok_ba = _allowed(a, b, record), _allowed(b, a, record)
    if ok_ab != ok_ba:
        return (a, b) if ok_ab else (b, a)
    ba, bb = record.balance(a), record.balance(b)
    if ba != bb:
        return (a, b) if ba < bb else (b, a)
    ca, cb = record.colours.get(a, []), record.colours.get(b, [])
    la, lb = (ca[-1] if ca else 0), (cb[-1] if cb else 0)
    if la != lb:
        return (a, b) if la < lb else (b, a)
    higher, lower = (a, b) if a_ranked_higher else (b, a)
    return (higher, lower) if round_no % 2 == 1 else (lower, higher)


# --- round robin ------------------------------------------------------------------------------


def round_robin_rounds(n: int) -> int:
    """Rounds of a two-player round robin of ``n`` players: everyone meets everyone once."""
    return n - 1 if n % 2 == 0 else n


def round_robin_pairs(seeds: Sequence[int], round_no: int, active: Iterable[int]) -> Pairing:
    """Round ``round_no`` (1-based) of the Berger tables of ``seeds`` (all entrants at the start,
    in seed order). The circle method: the first player stays, the others turn one place a round;
    whoever has no opponent (an odd count, or the opponent withdrew) has a bye. Each player's
    first moves and second moves differ by at most one over the whole tournament."""
    players: list[int | None] = list(seeds)
    if len(players) % 2:
        players.insert(0, None)  # the bye stays put: the others' first moves stay even
    n = len(players)
    r = (round_no - 1) % (n - 1)
    rest = players[1:]
    rest = rest[-r:] + rest[:-r] if r else rest
    circle = [players[0], *rest]
    live = set(active)
    tables: list[Table] = []
    byes: list[int] = []
    for i in range(n // 2):
        a, b = circle[i], circle[n - 1 - i]
        # The fixed player alternates; in the other pairs the one on the left moves first in
        # even-numbered positions, the other in odd ones, which keeps everyone within one.
        if i == 0:
            first, second = (a, b) if r % 2 == 0 else (b, a)
        else:
            first, second = (a, b) if i % 2 == 0 else (b, a)
        ok_a = first is not None and first in live
        ok_b = second is not None and second in live
        if ok_a and ok_b:
            tables.append(Table((first, second)))
        elif ok_a:
            byes.append(first)  # type: ignore[arg-type]
        elif ok_b:
            byes.append(second)  # type: ignore[arg-type]
    return Pairing(tuple(tables), tuple(sorted(byes)))


def round_robin_tables(
    order: Sequence[int],
    history: Sequence[Pairing],
    *,
    size: int,
    min_size: int,
    fill_with_bots: bool,
    round_no: int,
) -> Pairing:
    """A round of a multi-player round robin: tables that keep meetings even (each pair at a
    table adds the times they met before; the sum is minimised by swaps)."""
    record = Record.of(history)
    return _tables_by_search(
        order,
        record,
        size=size,
        min_size=min_size,
        fill_with_bots=fill_with_bots,
        round_no=round_no,
        points=None,
    )


# --- Swiss ------------------------------------------------------------------------------------


def swiss_pairs(
    order: Sequence[int], points: Mapping[int, float], history: Sequence[Pairing], round_no: int
) -> Pairing:
    """A Swiss round of two-player games. ``order`` is the active players best first; see the
    module's docstring for what the matching weighs."""
    record = Record.of(history)
    players = list(order)
    if len(players) < 2:
        return Pairing((), tuple(players))
    rank = {p: i for i, p in enumerate(players)}
    half = {p: round(points.get(p, 0.0) * 2) for p in players}  # half-points, exact
    spread = max(half.values()) - min(half.values())
    bye_node = -1
    fewest_byes = min(record.byes[p] for p in players)
    edges: list[tuple[int, int, tuple[int, ...]]] = []
    n = len(players)
    for a, b in itertools.combinations(players, 2):
        good = (
            n - record.times_met(a, b),  # level 1: not met before (or met as seldom as possible)
            0 if _colour_clash(a, b, record) else 1,  # level 2: a first-player order is allowed
            n,  # level 3: the bye (a real game is always as good as the best bye)
            spread * spread - (half[a] - half[b]) ** 2,  # level 4: scores close
            0 if _same_wish(a, b, record) else 1,  # level 5: both wishes granted
        )
        edges.append((a, b, good))
    if n % 2:
        for p in players:
            if record.byes[p] == fewest_byes:  # fair byes: a second one only after everyone's first
                edges.append((p, bye_node, (n, 1, rank[p], spread * spread, 1)))
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from([*players, bye_node] if n % 2 else players)
    levels = len(edges[0][2])
    cap = max(max(g) for _, _, g in edges) + 1
    base = (n + 2) * cap
    for a, b, levels_of_ab in edges:
        weight = sum(v * base ** (levels - 1 - i) for i, v in enumerate(levels_of_ab))
        graph.add_edge(a, b, weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[tuple[int, int]] = []
    byes: list[int] = []
    for a, b in matching:
        if bye_node in (a, b):
            byes.append(b if a == bye_node else a)
        else:
            pairs.append((a, b) if rank[a] < rank[b] else (b, a))
    pairs.sort(key=lambda ab: rank[ab[0]])
    tables = tuple(
        Table(two_player_order(a, b, record, round_no, a_ranked_higher=True)) for a, b in pairs
    )
    return Pairing(tables, tuple(byes))


def _colour_clash(a: int, b: int, record: Record) -> bool:
    """Neither order is allowed: each would have someone move first (or second) three times
    running or end more than two ahead (FIDE's absolute colour criteria, read for first move)."""
    return not _allowed(a, b, record) and not _allowed(b, a, record)


def _allowed(first: int, second: int, record: Record) -> bool:
    return not _cannot(first, 1, record) and not _cannot(second, -1, record)


def _cannot(p: int, side: int, record: Record) -> bool:
    colours = record.colours.get(p, [])
    if abs(sum(colours) + side) > 2:
        return True
    return len(colours) >= 2 and colours[-1] == colours[-2] == side


def _same_wish(a: int, b: int, record: Record) -> bool:
    """Both want the same side: the one with fewer first moves wants to move first."""
    wa, wb = -record.balance(a), -record.balance(b)
    return (wa > 0 and wb > 0) or (wa < 0 and wb < 0)


def swiss_tables(
    order: Sequence[int],
    points: Mapping[int, float],
    history: Sequence[Pairing],
    *,
    size: int,
    min_size: int,
    fill_with_bots: bool,
    round_no: int,
) -> Pairing:
    """A Swiss round at tables of 3-4: leaders together, repeat meetings avoided first."""
    record = Record.of(history)
    return _tables_by_search(
        order,
        record,
        size=size,
        min_size=min_size,
        fill_with_bots=fill_with_bots,
        round_no=round_no,
        points=points,
    )


def _byes_for(order: Sequence[int], count: int, record: Record) -> list[int]:
    """The byes: the lowest-ranked among those with the fewest byes so far."""
    if count <= 0:
        return []
    rank = {p: i for i, p in enumerate(order)}
    return sorted(order, key=lambda p: (record.byes[p], -rank[p]))[:count]


def _tables_by_search(
    order: Sequence[int],
    record: Record,
    *,
    size: int,
    min_size: int,
    fill_with_bots: bool,
    round_no: int,
    points: Mapping[int, float] | None,
) -> Pairing:
    """Cut ``order`` into tables (sizes from ``layout``), then swap players between tables while
    a swap lowers the cost: the times the table's pairs met before, then (Swiss, with
    ``points``) their squared score differences, then their distance in ``order``. Swaps are
    tried in a fixed order and only strict improvements taken, so the result is deterministic."""
    shape = layout(len(order), size, min_size, fill_with_bots=fill_with_bots)
    byes = _byes_for(order, shape.byes, record)
    playing = [p for p in order if p not in set(byes)]
    rank = {p: i for i, p in enumerate(order)}

    def table_cost(members: Sequence[int]) -> tuple[int, float, int]:
        met = 0
        diff = 0.0
        dist = 0
        for a, b in itertools.combinations(members, 2):
            # 1, 1+n, 1+n+n^2...: a pair meeting a third time costs more than any number of
            # second meetings, so meetings stay as even as they can.
            met += sum(len(order) ** m for m in range(record.times_met(a, b)))
            if points is not None:
                diff += (points.get(a, 0.0) - points.get(b, 0.0)) ** 2
                dist += abs(rank[a] - rank[b])
        return (met, diff, dist)

    best: tuple[tuple[int, float, int], list[list[int]]] | None = None
    # Local search can stop at a local optimum: start from the standings order and from a few
    # other orders (deterministic), keep the best.
    for start in _starts(playing, round_no):
        tables = _improve(_cut(start, shape.entrants), table_cost)
        total = _sum_costs(table_cost(t) for t in tables)
        if best is None or total < best[0]:
            best = (total, tables)
    tables = best[1] if best is not None else []
    # Tables listed leaders first; each table's players by standing before the seat order.
    for t in tables:
        t.sort(key=lambda p: rank[p])
    tables.sort(key=lambda t: rank[t[0]])
    out = []
    for members in tables:
        bots = size - len(members) if fill_with_bots else 0
        seated: list[int | None] = [*members, *([BOT] * bots)]
        out.append(Table(seat_order(seated, record, round_no)))
    return Pairing(tuple(out), tuple(byes))


Cost = tuple[int, float, int]


def _sum_costs(costs: Iterable[Cost]) -> Cost:
    met, diff, dist = 0, 0.0, 0
    for c in costs:
        met, diff, dist = met + c[0], diff + c[1], dist + c[2]
    return (met, diff, dist)


def _starts(order: Sequence[int], round_no: int) -> list[list[int]]:
    """The order itself, up to five strided orders (strides coprime with the count), and six
    shuffles from a generator seeded by the input: deterministic, and varied enough that the
    local search rarely misses a split with fewer repeat meetings."""
    n = len(order)
    out = [list(order)]
    for s in range(2, n):
        if len(out) == 6:
            break
        if math.gcd(s, n) == 1:
            out.append([order[(i * s) % n] for i in range(n)])
    rng = random.Random(n * 1009 + round_no)
    for _ in range(6):
        shuffled = list(order)
        rng.shuffle(shuffled)
        out.append(shuffled)
    return out


def _cut(order: Sequence[int], counts: Sequence[int]) -> list[list[int]]:
    tables, at = [], 0
    for count in counts:
        tables.append(list(order[at : at + count]))
        at += count
    return tables


def _improve(
    tables: list[list[int]], table_cost: Callable[[Sequence[int]], Cost]
) -> list[list[int]]:
    """Swap players between tables while a swap strictly lowers the summed cost."""
    costs = [table_cost(t) for t in tables]
    improved, passes = True, 0
    while improved and passes < 100:
        improved = False
        passes += 1
        for ti, tj in itertools.combinations(range(len(tables)), 2):
            for i in range(len(tables[ti])):
                for j in range(len(tables[tj])):
                    a, b = tables[ti][i], tables[tj][j]
                    new_i = [*tables[ti][:i], b, *tables[ti][i + 1 :]]
                    new_j = [*tables[tj][:j], a, *tables[tj][j + 1 :]]
                    ci, cj = table_cost(new_i), table_cost(new_j)
                    if _sum_costs((ci, cj)) < _sum_costs((costs[ti], costs[tj])):
                        tables[ti], tables[tj] = new_i, new_j
                        costs[ti], costs[tj] = ci, cj
                        improved = True
    return tables


# --- single elimination -----------------------------------------------------------------------


def bracket_positions(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order for a bracket of ``size`` (a power of two): 1
    meets ``size``, and the top seeds can meet only as late as possible (1, 8, 4, 5, 2, 7, 3, 6)."""
    order = [1]
    while len(order) < size:
        n = len(order) * 2
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


def knockout_first_round(
    seeds: Sequence[int],
    record: Record,
    *,
    size: int,
    min_size: int,
    fill_with_bots: bool,
) -> Pairing:
    """The first round. Two players: the seeded bracket, the top seeds taking the byes. Tables
    of 3+: snake seeding (seeds 1..t across the tables, then back), so top seeds meet late."""
    if size == 2:
        bracket = 1 << max(0, math.ceil(math.log2(max(len(seeds), 1))))
        positions = bracket_positions(bracket)
        slots_players = [seeds[s - 1] if s <= len(seeds) else None for s in positions]
        tables: list[Table] = []
        slots: list[tuple[str, int]] = []
        byes: list[int] = []
        for i in range(0, len(slots_players), 2):
            a, b = slots_players[i], slots_players[i + 1]
            if a is not None and b is not None:
                # The better seed moves first in the first round.
                slots.append(("t", len(tables)))
                tables.append(Table((a, b)))
            else:
                p = a if a is not None else b
                if p is not None:
                    slots.append(("b", p))
                    byes.append(p)
        return Pairing(tuple(tables), tuple(byes), tuple(slots))
    return knockout_tables(
        seeds, record, size=size, min_size=min_size, fill_with_bots=fill_with_bots, round_no=1
    )


def knockout_next_round(
    advancers: Sequence[int],
    record: Record,
    *,
    size: int,
    min_size: int,
    fill_with_bots: bool,
    round_no: int,
    rank_of: Mapping[int, int],
) -> Pairing:
    """The next round from the advancers in bracket order (two players: winners of neighbouring
    slots meet; tables of 3+: snake seeding again by ``rank_of``, place in the last table then
    seed)."""
    if size == 2:
        tables: list[Table] = []
        slots: list[tuple[str, int]] = []
        byes: list[int] = []
        for i in range(0, len(advancers), 2):
            pair = advancers[i : i + 2]
            if len(pair) == 2:
                slots.append(("t", len(tables)))
                a, b = pair
                a_higher = rank_of.get(a, 0) <= rank_of.get(b, 0)
                tables.append(Table(two_player_order(a, b, record, round_no, a_higher)))
            else:
                slots.append(("b", pair[0]))
                byes.append(pair[0])
        return Pairing(tuple(tables), tuple(byes), tuple(slots))
    ordered = sorted(advancers, key=lambda p: rank_of.get(p, 0))
    return knockout_tables(
        ordered,
        record,
        size=size,
        min_size=min_size,
        fill_with_bots=fill_with_bots,
        round_no=round_no,
    )


def knockout_tables(
    seeds: Sequence[int],
    record: Record,
    *,
    size: int,
    min_size: int,
    fill_with_bots: bool,
    round_no: int,
) -> Pairing:
    """Snake seeding into balanced tables: with three tables seeds go 1 2 3 3 2 1 1 2 3..."""
    shape = layout(len(seeds), size, min_size, fill_with_bots=fill_with_bots)
    byes = list(seeds[: shape.byes])  # the top seeds go through when a table cannot be made
    playing = list(seeds[shape.byes :])
    members: list[list[int]] = [[] for _ in shape.entrants]
    room = list(shape.entrants)
    t, step = 0, 1
    for p in playing:
        while room[t] == 0:
            t, step = _snake(t, step, len(members))
        members[t].append(p)
        room[t] -= 1
        t, step = _snake(t, step, len(members))
    tables = []
    slots: list[tuple[str, int]] = []
    for i, (m, bots) in enumerate(zip(members, shape.bots, strict=True)):
        tables.append(Table(seat_order([*m, *([BOT] * bots)], record, round_no)))
        slots.append(("t", i))
    slots += [("b", p) for p in byes]
    return Pairing(tuple(tables), tuple(byes), tuple(slots))


def _snake(t: int, step: int, n: int) -> tuple[int, int]:
    nxt = t + step
    if 0 <= nxt < n:
        return nxt, step
    return t, -step  # turn at the end: the same table takes the next seed too


# --- series -----------------------------------------------------------------------------------


def series_table(seeds: Sequence[int], game_no: int) -> Pairing:
    """Game ``game_no`` (1-based) of a series: everyone at one table, the seat order rotated one
    place each game, so each player moves first as often as the others (within one)."""
    n = len(seeds)
    shift = (game_no - 1) % n if n else 0
    seats = tuple(seeds[(i + shift) % n] for i in range(n))
    return Pairing((Table(seats),))
