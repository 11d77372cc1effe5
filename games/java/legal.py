"""Listing every legal command (the front end offers only these; the bots prune them)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

from games.base import Command
from games.java import land
from games.java.data import BOARD, COMPONENTS
from games.java.events import pair_of
from games.java.geometry import (
    NEIGHBOURS,
    Reach,
    Walk,
    cells_of,
    figure_keys,
    reach_of,
    sole_best,
    towns,
)
from games.java.scoring import matches_open
from games.java.state import EMPTY, FIGURES, PALACE, PALACE_VALUES, VILLAGE, JavaState, clone
from games.java.turn import (
    active_seats,
    option,
    token_allowed,
    token_left,
    whole_moves,
)

# --------------------------------------------------------------------------- the land duty


class DutyGuard:
    """Which actions keep this turn's land tile layable, for a whole listing at once.

    ``execute`` decides on the board each action leaves (``turn.land_layable``); this answers the
    same question without playing every candidate: placements depend only on their own cells
    and on where cities are, so a figure or water on one cell removes exactly the placements
    that cover it, a figure leaving frees places, and points spent lower the budget. Whatever
    the shortcut cannot settle is played out on a copy.
    """

    def __init__(self, s: JavaState, seat: int) -> None:
        self.s = s
        self.seat = seat
        self.bound = not s.land_laid and s.trigger < 0  # and a tile is layable: below
        self.keeps_all = True
        if not self.bound:
            return
        # A token the action leaves usable: with the official timing any action spends it.
        self.token_after = token_left(s, seat) if option(s, "token_timing") == "any_time" else 0
        limit = s.ap + token_left(s, seat)
        # common[b]: the cells that every placement costing at most b covers (None: there is
        # no such placement). Once two placements of cost 1 share no cell, nothing one cell
        # can block matters and the rest need not be listed.
        by_cost: list[frozenset[int] | None] = [None] * (limit + 1)
        self.seen: list[tuple[tuple[int, ...], int, int]] = []  # (cells, village or -1, cost)
        for _kind, rice, village, cost in land.iter_placements(s, seat, limit):
            self.seen.append((rice + village, village[0] if village else -1, cost))
            cells = frozenset(rice + village)
            known = by_cost[cost]
            by_cost[cost] = cells if known is None else known & cells
            if cost == 1 and not by_cost[1]:
                break
        self.common: list[frozenset[int] | None] = [None] * (limit + 1)
        acc: frozenset[int] | None = None
        for b in range(1, limit + 1):
            known = by_cost[b]
            if known is not None:
                acc = known if acc is None else acc & known
            self.common[b] = acc
        # The duty binds only while some tile can be laid (turn.duty_open).
        self.bound = limit > 0 and self.common[limit] is not None
        if self.bound:
            self.every = [self._keeps_every(cost) for cost in range(s.ap + 1)]
        # Does every action the points allow keep the duty, wherever it puts something?
        self.keeps_all = not self.bound or all(v is True for v in self.every)

    def budget(self, cost: int) -> int:
        return self.s.ap - cost + self.token_after

    def keeps(self, cost: int, blocked: int = -1, freed: int = -1) -> bool:
        """Does an action costing ``cost`` that puts something on ``blocked`` and/or takes a
        figure off ``freed`` leave a land tile layable?"""
        if not self.bound:
            return True
        b = self.budget(cost)
        if b < 1:
            return False
        common = self.common[min(b, len(self.common) - 1)]
        if common is not None and blocked not in common:
            return True
        if freed < 0:
            # Nothing was freed, so no placement within the budget survives.
            return False
        after = clone(self.s)
        if blocked >= 0:
            after.figure[blocked] = self.seat
        if freed >= 0:
            after.figure[freed] = -1
        return land.any_placement(after, self.seat, b)

    def keeps_every(self, cost: int) -> bool | None:
        """``keeps(cost, blocked=t, ...)`` for every cell ``t`` at once: True or False when it
        is the same for all of them, None when it must be asked cell by cell."""
        if not self.bound:
            return True
        return self.every[cost] if cost < len(self.every) else False  # beyond the points left

    def _keeps_every(self, cost: int) -> bool | None:
        b = self.budget(cost)
        if b < 1:
            return False
        common = self.common[min(b, len(self.common) - 1)]
        return True if common is not None and not common else None

    def keeps_palace(self, cell: int) -> bool:
        """Does building a palace on ``cell`` (1 AP) leave a land tile layable? A new city also
        changes which villages may still be joined, so this one is played out."""
        if not self.bound:
            return True
        b = self.budget(1)
        if b < 1:
            return False
        # A placement seen above that does not cover the palace's space and whose village
        # space (if any) does not touch the new city stays as it was.
        labels, groups, _palaces = towns(self.s)
        city = set(groups[labels[cell]])
        for cells, v, cost in self.seen:
            if (
                cost <= b
                and cell not in cells
                and (v < 0 or not any(n in city for n in NEIGHBOURS[v]))
            ):
                return True
        after = clone(self.s)
        after.top[cell] = PALACE
        after.palace[cell] = PALACE_VALUES[0]
        return land.any_placement(after, self.seat, b)


def duty_guard(s: JavaState, seat: int) -> DutyGuard:
    """The state's ``DutyGuard`` for ``seat``, kept while nothing it depends on changed (the
    listing and the command that follows it share one)."""
    if s.land_laid or s.trigger >= 0:
        return DutyGuard(s, seat)  # not bound: nothing to work out, no fit table to consult
    fits = land.fits_of(s)
    key = (
        seat,
        s.ap,
        s.token_used,
        s.acted,
        s.land_laid,
        s.trigger,
        tuple(s.supply[seat]),
        s.three_left,
        id(fits),
        fits.version,
        s.options.get("token_timing"),
    )
    known = s.guard
    if known is not None and known[0] == key:
        guard: DutyGuard = known[1]
        return guard
    guard = DutyGuard(s, seat)
    s.guard = (key, guard)
    return guard


# --------------------------------------------------------------------------- legal commands

WATER_PLACES = tuple(c for c in range(BOARD.n_board) if not BOARD.water_forbidden[c])


class Part:
    """``count`` commands of one kind, built one at a time (``get``) or all in order (``every``)."""

    __slots__ = ("count", "every", "get")

    def __init__(
        self,
        count: int,
        get: Callable[[int], Command],
        every: Callable[[], list[Command]],
    ) -> None:
        self.count = count
        self.get = get
        self.every = every


def listed(commands: list[Command]) -> Part:
    return Part(len(commands), commands.__getitem__, lambda: commands)


class LegalSet(Sequence[Command]):
    """Every legal command of ``seat`` now, in the order ``legal_commands`` lists them, counted
    without being built: ``len`` is cheap and ``[k]`` builds the k-th command only.

    ``rng.choice`` draws from it exactly as from the list (one ``randbelow(len)``, then that
    index), so a bot choosing uniformly pays for one command instead of some 800: land
    placements are counted from the fit table (``land.Fits``), figure moves from the areas a
    seat walks through (``geometry.Reach``); only the chosen one is looked up in full.
    ``once`` (default: the option ``whole_moves``) leaves out the moves of figures that already
    moved since the board last changed (what the bots always do)."""

    def __init__(self, s: JavaState, seat: int, once: bool | None = None) -> None:
        self.parts: list[Part] = []
        self.size = 0
        if s.over or seat not in active_seats(s):
            return
        if s.festival is not None:
            self._add(listed(festival_commands(s, seat)))
            return
        guard = duty_guard(s, seat)
        if token_allowed(s, seat):
            self._add(listed([{"type": "use_token"}]))
        if s.ap >= 1:
            index: list[land.CityIndex] = []
            fits = land.fits_of(s)
            for kind in land.ALL_KINDS:
                if land.tile_available(s, seat, kind):
                    self._add(land_part(s, kind, index, fits))
            if s.water_left > 0:
                self._add(water_part(s, guard))
        for part in figure_parts(s, seat, guard, once):
            self._add(part)
        if s.ap >= 1:
            self._add(listed(palace_commands(s, seat, guard)))
            if s.cards_taken < COMPONENTS.cards_per_turn and guard.keeps(1):
                cards = []
                if s.open_card >= 0:
                    cards.append({"type": "take_card", "source": "open"})
                if s.deck:
                    cards.append({"type": "take_card", "source": "deck"})
                self._add(listed(cards))
        if not guard.bound:
            self._add(listed([*festival_calls(s, seat), {"type": "end_turn"}]))

    @classmethod
    def of(cls, parts: list[Part]) -> LegalSet:
        out = cls.__new__(cls)
        out.parts = []
        out.size = 0
        for part in parts:
            out._add(part)
        return out

    def _add(self, part: Part) -> None:
        if part.count:
            self.parts.append(part)
            self.size += part.count

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, k: int) -> Command: ...

    @overload
    def __getitem__(self, k: slice) -> list[Command]: ...

    def __getitem__(self, k: int | slice) -> Command | list[Command]:
        if isinstance(k, slice):
            return list(self)[k]
        if k < 0:
            k += self.size
        if not 0 <= k < self.size:
            raise IndexError("legal command index out of range")
        for part in self.parts:
            if k < part.count:
                return part.get(k)
            k -= part.count
        raise AssertionError("parts do not add up")

    def __iter__(self) -> Iterator[Command]:
        for part in self.parts:
            yield from part.every()


def legal_commands(s: JavaState, seat: int) -> list[Command]:
    return list(LegalSet(s, seat))


def land_command(kind: str, rice: tuple[int, ...], village: tuple[int, ...]) -> Command:
    return {
        "type": "lay_land",
        "tile": kind,
        "rice": [pair_of(c) for c in rice],
        "village": [pair_of(c) for c in village],
    }


def land_part(
    s: JavaState, kind: str, index: list[land.CityIndex], fits: land.Fits | None = None
) -> Part:
    """The placements of one kind of tile affordable now, in ``iter_placements`` order: shapes
    in order, the village space in the order of the shape's cells. Only placements that would
    join two cities are looked at one by one."""
    size = land.SIZE_OF[kind]
    if fits is None:
        fits = land.fits_of(s)
    costs = fits.cost[size]
    shapes = land.SHAPES[size]
    ap = s.ap
    counts = fits.count[size]
    fitting = sum(counts[1 : min(ap, 3) + 1])
    if kind == "rice":
        choices: tuple[int, ...] = (-1,)
    else:
        choices = tuple(range(size))

    def command(cells: tuple[int, ...], v: int) -> Command:
        if v < 0:
            return land_command(kind, cells, ())
        return land_command(kind, cells[:v] + cells[v + 1 :], (cells[v],))

    # Shapes where some village space would join two cities: the allowed choices of each.
    allowed: dict[int, tuple[int, ...]] = {}
    if kind != "rice":
        if not index:
            index.append(land.CityIndex(s))
        city = index[0]
        if city.palace_count >= 2:
            around = land.CELL_SHAPES[size]
            for v in city.risky():
                for i in around[v]:
                    if i in allowed or not 0 < costs[i] <= ap:
                        continue
                    cells = shapes[i]
                    ok = tuple(
                        j
                        for j in choices
                        if not city.joins_cities(cells[j], cells[:j] + cells[j + 1 :])
                    )
                    if len(ok) < len(choices):
                        allowed[i] = ok
    n = len(choices)
    count = fitting * n - sum(n - len(ok) for ok in allowed.values())

    def get(k: int) -> Command:
        if not allowed:
            j, k = divmod(k, n)
            for i, cost in enumerate(costs):
                if 0 < cost <= ap:
                    if j == 0:
                        return command(shapes[i], choices[k])
                    j -= 1
        else:
            for i, cost in enumerate(costs):
                if 0 < cost <= ap:
                    ok = allowed.get(i, choices)
                    if k < len(ok):
                        return command(shapes[i], ok[k])
                    k -= len(ok)
        raise AssertionError("land placements do not add up")

    def every() -> list[Command]:
        return [
            command(shapes[i], j)
            for i, cost in enumerate(costs)
            if 0 < cost <= ap
            for j in allowed.get(i, choices)
        ]

    return Part(count, get, every)


def water_part(s: JavaState, guard: DutyGuard) -> Part:
    fits = land.fits_of(s)
    if fits.water is None:
        top, height = s.top, s.height
        fits.water = [c for c in WATER_PLACES if height[c] == 0 and top[c] == EMPTY]
    cells = fits.water
    if not guard.keeps_every(1):
        cells = [c for c in cells if guard.keeps(1, blocked=c)]

    def get(k: int) -> Command:
        return {"type": "lay_water", "cell": pair_of(cells[k])}

    return Part(len(cells), get, lambda: [get(k) for k in range(len(cells))])


def _targets(
    s: JavaState,
    reach: Reach,
    dist: dict[int, int],
    guard: DutyGuard,
    freed: int,
    free: list[int],
) -> tuple[int, bool]:
    """How many free spaces the walk ``dist`` (per area) reaches keeping the land duty, and
    whether that count holds for any figure starting in the same area (no space had to be
    judged alone, with ``freed`` taken into account)."""
    total = 0
    alike = True
    keeps_every = guard.every  # the guard is bound here: its keeps_every without a call
    known = len(keeps_every)
    for a, d in dist.items():
        n = free[a]
        if not n:
            continue
        every = keeps_every[d] if d < known else False
        if every:
            total += n
        elif every is None:
            alike = False
            fig = s.figure
            total += sum(
                1 for t in reach.cells[a] if fig[t] < 0 and guard.keeps(d, blocked=t, freed=freed)
            )
    return total, alike


ENTER, MOVE, REMOVE = 0, 1, 2


class FigureMoves:
    """Entries, then per figure (in the order of its space) its moves and its removal, as one
    part: ``rows`` holds (kind, space, count) and the k-th command is found by counting rows,
    then walking (``Reach.order``, kept with the areas) to the k-th free target."""

    __slots__ = ("guard", "reach", "rows", "s")

    def __init__(self, s: JavaState, reach: Reach, guard: DutyGuard) -> None:
        self.s = s
        self.reach = reach
        self.guard = guard
        self.rows: list[tuple[int, int, int]] = []

    def targets(self, kind: int, cell: int) -> Iterator[int]:
        """The free spaces a figure entering (``cell`` -1) or moving from ``cell`` may end on,
        in walking order, keeping the land duty."""
        fig = self.s.figure
        order = self.reach.order(cell if kind == MOVE else -1, self.s.ap)
        guard = self.guard
        if guard.keeps_all:
            return (t for t, _d in order if fig[t] < 0)
        freed = cell if kind == MOVE else -1
        return (t for t, d in order if fig[t] < 0 and guard.keeps(d, blocked=t, freed=freed))

    def command(self, kind: int, cell: int, to: int) -> Command:
        if kind == MOVE:
            return {"type": "move_figure", "from": pair_of(cell), "to": pair_of(to)}
        return {"type": "enter_figure", "to": pair_of(to)}

    def get(self, k: int) -> Command:
        for kind, cell, n in self.rows:
            if k >= n:
                k -= n
            elif kind == REMOVE:
                return {"type": "remove_figure", "from": pair_of(cell)}
            else:
                for i, to in enumerate(self.targets(kind, cell)):
                    if i == k:
                        return self.command(kind, cell, to)
                break
        raise AssertionError("walk and areas disagree")

    def every(self) -> list[Command]:
        out: list[Command] = []
        for kind, cell, n in self.rows:
            if kind == REMOVE:
                out.append({"type": "remove_figure", "from": pair_of(cell)})
                continue
            found = [self.command(kind, cell, to) for to in self.targets(kind, cell)]
            assert len(found) == n, "walk and areas disagree"
            out.extend(found)
        return out


def figure_parts(s: JavaState, seat: int, guard: DutyGuard, once: bool | None = None) -> list[Part]:
    """Entries, then per figure (in the order of its space) its moves and its removal."""
    fig = s.figure
    ap = s.ap
    reach = reach_of(s, seat)
    own = cells_of(fig, seat)
    area = reach.area
    own_in: dict[int, int] = {}  # own figures per area
    for c in own:
        a = area[c]
        own_in[a] = own_in.get(a, 0) + 1
    moves = FigureMoves(s, reach, guard)
    if once is None:
        once = whole_moves(s)
    skip = s.moved if once else ()
    entries = s.supply[seat][FIGURES] > 0 and ap >= 1
    if guard.bound:
        _bound_rows(s, reach, guard, own, own_in, moves.rows, entries, skip)
    else:
        _free_rows(s, seat, reach, own, own_in, moves.rows, entries, skip)
    total = sum(n for _kind, _cell, n in moves.rows)
    return [Part(total, moves.get, moves.every)] if total else []


def _spaces_left(walk: Walk, own_in: dict[int, int]) -> int:
    """Every space of the walk's areas but those of the seat's own figures."""
    dist = walk.dist
    return walk.spaces - sum(k for a, k in own_in.items() if a in dist)


def _free_rows(
    s: JavaState,
    seat: int,
    reach: Reach,
    own: list[int],
    own_in: dict[int, int],
    rows: list[tuple[int, int, int]],
    entries: bool,
    skip: Sequence[int],
) -> None:
    """The rows while the land duty cannot bind: a figure's count and its way off the island
    depend only on the walking areas, the points left and the own figures per area, so they
    are kept per area with the state (``s.moves``) while those stay the same. A free move
    inside an area, most moves of a random game, changes none of them."""
    ap = s.ap
    known = s.moves
    if (
        known is not None
        and known[0] is reach.cells
        and known[1] == seat
        and known[2] == ap
        and known[3] == own_in
    ):
        per_area: dict[int, tuple[int, bool]] = known[4]
    else:
        per_area = {}
        s.moves = (reach.cells, seat, ap, own_in, per_area)
    if entries:
        found = per_area.get(-1)
        if found is None:
            found = per_area[-1] = (_spaces_left(reach.from_edge(ap), own_in), False)
        if found[0]:
            rows.append((ENTER, -1, found[0]))
    area = reach.area
    for c in own:
        if c in skip:
            continue
        a = area[c]
        found = per_area.get(a)
        if found is None:
            if not ap:
                found = (len(reach.cells[a]) - own_in[a], False)  # its own area only
            else:
                way = reach.from_cell(c, ap)
                best = way.exit
                found = (_spaces_left(way, own_in), best is not None and best <= ap)
            per_area[a] = found
        n, off = found
        if n:
            rows.append((MOVE, c, n))
        if off:
            rows.append((REMOVE, c, 1))


def _bound_rows(
    s: JavaState,
    reach: Reach,
    guard: DutyGuard,
    own: list[int],
    own_in: dict[int, int],
    rows: list[tuple[int, int, int]],
    entries: bool,
    skip: Sequence[int],
) -> None:
    """The rows while the land duty binds: each target is judged by the duty guard, area by
    area where it can, space by space where it must."""
    ap = s.ap
    area = reach.area
    free: list[int] = []  # spaces a figure may end on, per area (when judged area by area)

    def count(walk: Walk, freed: int) -> tuple[int, bool]:
        if guard.keeps_all:
            return _spaces_left(walk, own_in), True
        if not free:
            free.extend(len(cells) for cells in reach.cells)
            for a, k in own_in.items():
                free[a] -= k
        return _targets(s, reach, walk.dist, guard, freed, free)

    if entries:
        n = count(reach.from_edge(ap), -1)[0]
        if n:
            rows.append((ENTER, -1, n))
    counted: dict[int, int] = {}  # per start area, when every figure there counts alike
    for c in own:
        if c in skip:
            continue
        a = area[c]
        way = reach.from_cell(c, ap)
        n = counted.get(a, -1)
        if n < 0:
            n, alike = count(way, c)
            if alike:
                counted[a] = n
        if n:
            rows.append((MOVE, c, n))
        if ap >= 1:
            best = reach.exit_cost(way, ap)
            if best is not None and guard.keeps(best, freed=c):
                rows.append((REMOVE, c, 1))


def figure_commands(
    s: JavaState, seat: int, guard: DutyGuard, once: bool | None = None
) -> LegalSet:
    """Entries, moves and removals, as a lazy sequence. ``once`` (default: the option
    ``whole_moves``) leaves out figures that already moved since the board last changed; bots
    always pass True, so that they never shuffle a figure back and forth (two moves never beat
    one direct move)."""
    return LegalSet.of(figure_parts(s, seat, guard, once))


def palace_commands(s: JavaState, seat: int, guard: DutyGuard) -> list[Command]:
    out: list[Command] = []
    labels, groups, palaces = towns(s)
    fig = s.figure
    # Only a village where the seat has a figure can have it standing highest.
    mine = sorted({labels[c] for c in cells_of(fig, seat) if labels[c] >= 0})
    for g in mine:
        cells, pal = groups[g], palaces[g]
        if sole_best(figure_keys(s, cells)) != seat:
            continue
        size = len(cells)
        if pal >= 0:
            if pal in s.changed or not guard.keeps(1):
                continue
            for i, v in enumerate(PALACE_VALUES):
                if s.palace[pal] < v <= size and s.palaces_left[i] > 0:
                    out.append({"type": "enlarge_palace", "cell": pair_of(pal), "value": v})
        else:
            values = [v for i, v in enumerate(PALACE_VALUES) if v <= size and s.palaces_left[i]]
            for c in sorted(cells):
                if s.figure[c] < 0 and s.top[c] == VILLAGE and values and guard.keeps_palace(c):
                    for v in values:
                        out.append({"type": "build_palace", "cell": pair_of(c), "value": v})
    return out


def festival_calls(s: JavaState, seat: int) -> list[Command]:
    if PALACE not in s.top:
        return []
    if not any(n and matches_open(s, k) for k, n in enumerate(s.hands[seat])):
        return []
    labels, _groups, palaces = towns(s)
    fig = s.figure
    mine = {labels[c] for c in cells_of(fig, seat) if labels[c] >= 0}
    found = sorted(palaces[g] for g in mine if palaces[g] >= 0 and not s.festive[palaces[g]])
    return [{"type": "hold_festival", "cell": pair_of(c)} for c in found]


def festival_commands(s: JavaState, seat: int) -> list[Command]:
    f = s.festival
    assert f is not None
    out: list[Command] = [
        {"type": "bid_card", "card": COMPONENTS.card_names[k]}
        for k, n in enumerate(s.hands[seat])
        if n and matches_open(s, k)
    ]
    if f.laid_now > 0:
        out.append({"type": "finish_bid"})
    elif f.opened or seat != f.organiser:
        out.append({"type": "pass_bid"})
    return out
