"""The game state: flat per-cell lists plus small per-seat lists, cheap to clone and to dump."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from games.java.data import BOARD, COMPONENTS

# What lies on top of a cell.
EMPTY, RICE, VILLAGE, WATER, PALACE = 0, 1, 2, 3, 4
TOP_NAMES = ("empty", "rice", "village", "water", "palace")
PALACE_VALUES = tuple(sorted(COMPONENTS.palaces))  # 2, 4, 6, 8, 10

# Per-seat supply slots.
FIGURES, TOKENS, TWO, RICE1, VILLAGE1 = 0, 1, 2, 3, 4
TILE_KINDS = ("three", "two", "rice", "village")
TILE_SIZES = {"three": 3, "two": 2, "rice": 1, "village": 1}
KIND_SLOT = {"two": TWO, "rice": RICE1, "village": VILLAGE1}


@dataclass
class Festival:
    cell: int
    organiser: int
    bidders: list[int]  # clockwise from the organiser, players with a figure in the city
    passed: list[int] = field(default_factory=list)
    bids: list[list[int]] = field(default_factory=list)  # per bidder index: card kinds laid
    current: int = 0  # index into bidders
    laid_now: int = 0  # cards laid in the current bidder's current round
    opened: bool = False  # the organiser finished their first round

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass
class JavaState:
    n: int
    options: dict[str, Any]
    height: list[int]
    top: list[int]
    tile: list[int]  # id of the topmost tile of each cell, 0 = none
    tile_sizes: list[int]  # tile id -> size (index 0 unused)
    figure: list[int]  # seat standing on the cell, -1 = none
    palace: list[int]  # palace value on the cell, 0 = none
    festive: list[bool]  # the palace's top tile shows the red number (festival held)
    lake_scored: list[bool]
    scores: list[int]
    supply: list[list[int]]  # per seat: figures, tokens, two, rice, village
    hands: list[list[int]]  # per seat: count per card kind
    known: list[list[int]]  # per seat: cards everybody knows are in the hand (taken face up)
    deck: list[int]  # top = last
    open_card: int
    discard: list[int]
    three_left: int
    water_left: int
    palaces_left: list[int]  # per value in PALACE_VALUES
    turn: int
    ap: int
    token_used: bool = False
    acted: bool = False
    land_laid: bool = False
    cards_taken: int = 0
    changed: list[int] = field(default_factory=list)  # palace cells built/enlarged this turn
    moved: list[int] = field(default_factory=list)  # cells whose figure acted since board change
    festival: Festival | None = None
    trigger: int = -1  # seat that laid the last three-space tile
    final_done: list[bool] = field(default_factory=list)
    forfeited: list[bool] = field(default_factory=list)
    stalls: int = 0
    over: bool = False
    turn_no: int = 0
    # The engine's rules version when the match was set up (from its GameSetUp event; states
    # and snapshots of matches older than the field are version 1).
    rules: int = 1
    # Derived, never dumped, speed-ups only: where land tiles fit (land.Fits, kept up to date
    # by land.fits_of), the walking areas of a seat (geometry.Reach) and the villages and
    # cities (geometry.towns) of the board, each checked against the board before use.
    fits: Any = field(default=None, compare=False, repr=False)
    reach: Any = field(default=None, compare=False, repr=False)
    towns: Any = field(default=None, compare=False, repr=False)
    guard: Any = field(default=None, compare=False, repr=False)  # legal.duty_guard
    moves: Any = field(default=None, compare=False, repr=False)  # legal._free_rows
    # Every scoring event folded since the game was set up (lakes, palaces, festivals, final
    # scorings), for the ending's explanation (explain.py). Derived like the fields above, never
    # dumped (snapshots keep their shape): a state loaded from a snapshot has None, "unknown".
    ledger: tuple[dict[str, Any], ...] | None = field(default=None, compare=False, repr=False)


def initial_state(
    n: int,
    options: dict[str, Any],
    hands: list[list[int]],
    deck: list[int],
    open_card: int,
    rules: int = 1,
) -> JavaState:
    cells = len(BOARD.coords)
    top = [EMPTY] * cells
    for c in BOARD.lakes:
        top[c] = WATER
    comp = COMPONENTS
    kinds = len(comp.card_names)
    hand_counts = [[h.count(k) for k in range(kinds)] for h in hands]
    return JavaState(
        n=n,
        options=dict(options),
        height=[0] * cells,
        top=top,
        tile=[0] * cells,
        tile_sizes=[0],
        figure=[-1] * cells,
        palace=[0] * cells,
        festive=[False] * cells,
        lake_scored=[False] * cells,
        scores=[0] * n,
        supply=[
            [
                comp.figures_each,
                comp.tokens_each,
                comp.two_hex_each,
                comp.rice_each,
                comp.village_each,
            ]
            for _ in range(n)
        ],
        hands=hand_counts,
        known=[[0] * kinds for _ in range(n)],
        deck=deck,
        open_card=open_card,
        discard=[],
        three_left=comp.three_hex,
        water_left=comp.water,
        palaces_left=[comp.palaces[v] for v in PALACE_VALUES],
        turn=0,
        ap=comp.ap_per_turn,
        final_done=[False] * n,
        forfeited=[False] * n,
        rules=rules,
        ledger=(),
    )


def clone(s: JavaState) -> JavaState:
    f = s.festival
    return JavaState(
        n=s.n,
        options=s.options,
        height=s.height[:],
        top=s.top[:],
        tile=s.tile[:],
        tile_sizes=s.tile_sizes[:],
        figure=s.figure[:],
        palace=s.palace[:],
        festive=s.festive[:],
        lake_scored=s.lake_scored[:],
        scores=s.scores[:],
        supply=[x[:] for x in s.supply],
        hands=[x[:] for x in s.hands],
        known=[x[:] for x in s.known],
        deck=s.deck[:],
        open_card=s.open_card,
        discard=s.discard[:],
        three_left=s.three_left,
        water_left=s.water_left,
        palaces_left=s.palaces_left[:],
        turn=s.turn,
        ap=s.ap,
        token_used=s.token_used,
        acted=s.acted,
        land_laid=s.land_laid,
        cards_taken=s.cards_taken,
        changed=s.changed[:],
        moved=s.moved[:],
        festival=None
        if f is None
        else Festival(
            cell=f.cell,
            organiser=f.organiser,
            bidders=f.bidders[:],
            passed=f.passed[:],
            bids=[b[:] for b in f.bids],
            current=f.current,
            laid_now=f.laid_now,
            opened=f.opened,
        ),
        trigger=s.trigger,
        final_done=s.final_done[:],
        forfeited=s.forfeited[:],
        stalls=s.stalls,
        over=s.over,
        turn_no=s.turn_no,
        rules=s.rules,
        fits=None if s.fits is None else s.fits.copy(),
        reach=s.reach,  # never changed in place: shared
        towns=s.towns,
        ledger=s.ledger,  # a tuple, never changed in place: shared
    )


DERIVED = ("fits", "reach", "towns", "guard", "moves", "ledger")


def state_to_json(s: JavaState) -> dict[str, Any]:
    out = {f.name: getattr(s, f.name) for f in fields(s) if f.name not in DERIVED}
    out["festival"] = None if s.festival is None else s.festival.to_json()
    dumped: dict[str, Any] = clone_json(out)
    return dumped


def clone_json(value: Any) -> Any:
    if isinstance(value, list):
        return [clone_json(v) for v in value]
    if isinstance(value, dict):
        return {k: clone_json(v) for k, v in value.items()}
    return value


def state_from_json(data: dict[str, Any]) -> JavaState:
    data = clone_json(data)
    fest = data.pop("festival")
    state = JavaState(**data)
    state.festival = None if fest is None else Festival(**fest)
    return state
