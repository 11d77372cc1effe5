"""Event types, the fold (``apply``) and the undo barriers (the log lines: ``narrate.py``).
Every random outcome (deck order, a drawn card) is carried by its event."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from games.base import Event
from games.java.data import BOARD, CARD_INDEX, COMPONENTS
from games.java.state import (
    FIGURES,
    KIND_SLOT,
    PALACE,
    PALACE_VALUES,
    RICE,
    TILE_SIZES,
    TOKENS,
    VILLAGE,
    WATER,
    Festival,
    JavaState,
    initial_state,
)

# Event types (stable names; past tense).
GAME_SET_UP = "GameSetUp"
TOKEN_USED = "TokenUsed"
LAND_LAID = "LandLaid"
WATER_LAID = "WaterLaid"
LAKE_SCORED = "LakeScored"
FIGURE_ENTERED = "FigureEntered"
FIGURE_MOVED = "FigureMoved"
FIGURE_REMOVED = "FigureRemoved"
PALACE_BUILT = "PalaceBuilt"
PALACE_ENLARGED = "PalaceEnlarged"
CARD_TAKEN = "CardTaken"
DECK_RESHUFFLED = "DeckReshuffled"
OPEN_CARD_REVEALED = "OpenCardRevealed"
FESTIVAL_CALLED = "FestivalCalled"
CARD_BID = "CardBid"
BID_FINISHED = "BidFinished"
BID_PASSED = "BidPassed"
FESTIVAL_RESOLVED = "FestivalResolved"
ISLAND_COMPLETED = "IslandCompleted"
FINAL_SCORED = "FinalScored"
TURN_ENDED = "TurnEnded"
PLAYER_FORFEITED = "PlayerForfeited"
GAME_ENDED = "GameEnded"

INDEX = BOARD.index


def cell_of(pair: list[int]) -> int:
    return INDEX[(pair[0], pair[1])]


def pair_of(cell: int) -> list[int]:
    q, r = BOARD.coords[cell]
    return [q, r]


def next_bidder(f: Festival, after: int) -> int:
    """Index of the next bidder clockwise after ``after`` who has not passed (-1: all passed)."""
    k = len(f.bidders)
    for step in range(1, k + 1):
        i = (after + step) % k
        if f.bidders[i] not in f.passed:
            return i
    return -1


def _setup(_s: Any, e: Event) -> JavaState:
    hands = [[CARD_INDEX[c] for c in h] for h in e["hands"]]
    deck = [CARD_INDEX[c] for c in e["deck"]]
    open_card = CARD_INDEX[e["open"]] if e["open"] is not None else -1
    rules = e.get("rules_version", 1)  # absent from matches set up under version 1
    return initial_state(e["players"], e["options"], hands, deck, open_card, rules)


def _token(s: JavaState, e: Event) -> JavaState:
    s.supply[e["seat"]][TOKENS] -= 1
    s.ap += 1
    s.token_used = True
    return s


def _board_changed(s: JavaState) -> None:
    # Figures may act again once the board changed (see rules.figure_may_act).
    s.moved.clear()
    s.acted = True


def _land(s: JavaState, e: Event) -> JavaState:
    seat, kind, level = e["seat"], e["tile"], e["level"]
    tile_id = len(s.tile_sizes)
    s.tile_sizes.append(TILE_SIZES[kind])
    for pair, top in [(p, RICE) for p in e["rice"]] + [(p, VILLAGE) for p in e["village"]]:
        c = cell_of(pair)
        s.height[c] = level
        s.top[c] = top
        s.tile[c] = tile_id
    if kind == "three":
        s.three_left -= 1
        if s.three_left == 0 and s.trigger < 0:
            s.trigger = seat  # "Hráč, který položí ... poslední díl o třech polích"
    else:
        s.supply[seat][KIND_SLOT[kind]] -= 1
    s.ap -= e["cost"]
    s.land_laid = True
    s.stalls = 0
    _board_changed(s)
    return s


def _water(s: JavaState, e: Event) -> JavaState:
    s.top[cell_of(e["cell"])] = WATER
    s.water_left -= 1
    s.ap -= e["cost"]
    _board_changed(s)
    return s


# The scorings the ending's explanation lists one by one (``explain.py``).
SCORINGS = frozenset({LAKE_SCORED, PALACE_BUILT, PALACE_ENLARGED, FESTIVAL_RESOLVED, FINAL_SCORED})


def _record(s: JavaState, e: Event) -> None:
    """Keep a scoring for the ending's explanation (only while the ledger covers the game)."""
    if s.ledger is not None:
        s.ledger = (*s.ledger, dict(e))


def ledger_of(events: Iterable[Event]) -> tuple[Event, ...]:
    """The ledger of a match read from its events: what the fold keeps in ``JavaState.ledger``
    from ``GameSetUp`` on (the scorings are public: a reader's redacted events hold them all)."""
    return tuple(dict(e) for e in events if e["type"] in SCORINGS)


def _lake(s: JavaState, e: Event) -> JavaState:
    _record(s, e)
    for pair in e["cells"]:
        s.lake_scored[cell_of(pair)] = True
    if e["seat"] is not None:
        s.scores[e["seat"]] += e["points"]
    return s


def _enter(s: JavaState, e: Event) -> JavaState:
    to = cell_of(e["to"])
    s.figure[to] = e["seat"]
    s.supply[e["seat"]][FIGURES] -= 1
    s.ap -= e["cost"]
    s.moved.append(to)
    s.acted = True
    return s


def _move(s: JavaState, e: Event) -> JavaState:
    frm, to = cell_of(e["from"]), cell_of(e["to"])
    s.figure[frm] = -1
    s.figure[to] = e["seat"]
    s.ap -= e["cost"]
    s.moved.append(to)
    s.acted = True
    return s


def _remove(s: JavaState, e: Event) -> JavaState:
    frm = cell_of(e["from"])
    s.figure[frm] = -1
    s.supply[e["seat"]][FIGURES] += 1
    s.ap -= e["cost"]
    s.acted = True
    return s


def _palace(s: JavaState, e: Event) -> JavaState:
    _record(s, e)
    c = cell_of(e["cell"])
    s.top[c] = PALACE
    s.palace[c] = e["value"]
    s.festive[c] = False  # a new palace tile lies white side up
    s.palaces_left[PALACE_VALUES.index(e["value"])] -= 1
    s.scores[e["seat"]] += e["points"]
    s.ap -= 1
    s.changed.append(c)
    _board_changed(s)
    return s


def _card(s: JavaState, e: Event) -> JavaState:
    seat = e["seat"]
    if e["source"] == "open":
        s.hands[seat][s.open_card] += 1
        s.known[seat][s.open_card] += 1  # everybody saw which card was taken
        s.open_card = s.deck.pop() if s.deck else -1
    else:
        s.hands[seat][s.deck.pop()] += 1
    s.cards_taken += 1
    s.ap -= 1
    s.acted = True
    return s


def _reshuffle(s: JavaState, e: Event) -> JavaState:
    s.deck = [CARD_INDEX[c] for c in e["order"]]
    s.discard = []
    return s


def _reveal(s: JavaState, _e: Event) -> JavaState:
    s.open_card = s.deck.pop()
    return s


def _festival(s: JavaState, e: Event) -> JavaState:
    bidders = e["bidders"]
    s.festival = Festival(
        cell=cell_of(e["cell"]),
        organiser=e["seat"],
        bidders=list(bidders),
        bids=[[] for _ in bidders],
    )
    return s


def _bid(s: JavaState, e: Event) -> JavaState:
    f = s.festival
    assert f is not None
    card = CARD_INDEX[e["card"]]
    seat = e["seat"]
    s.hands[seat][card] -= 1
    if s.known[seat][card] > 0:
        s.known[seat][card] -= 1
    f.bids[f.current].append(card)
    f.laid_now += 1
    return s


def _bid_done(s: JavaState, _e: Event) -> JavaState:
    f = s.festival
    assert f is not None
    f.laid_now = 0
    f.opened = True
    f.current = max(next_bidder(f, f.current), 0)
    return s


def _pass(s: JavaState, e: Event) -> JavaState:
    f = s.festival
    assert f is not None
    f.passed.append(e["seat"])
    f.laid_now = 0
    f.current = max(next_bidder(f, f.current), 0)
    return s


def _resolved(s: JavaState, e: Event) -> JavaState:
    _record(s, e)
    f = s.festival
    assert f is not None
    for seat, pts in enumerate(e["points"]):
        s.scores[seat] += pts
    for bid in f.bids:
        s.discard.extend(bid)
    s.festive[f.cell] = True  # "Po slavnosti se dílek otočí nahoru červeným číslem"
    s.festival = None
    return s


def _island_completed(s: JavaState, e: Event) -> JavaState:
    s.trigger = e["seat"]  # the end as after the last three-space tile (scoring.finish_turn)
    return s


def _final(s: JavaState, e: Event) -> JavaState:
    _record(s, e)
    s.scores[e["seat"]] += e["points"]
    s.final_done[e["seat"]] = True
    return s


def _turn_ended(s: JavaState, e: Event) -> JavaState:
    s.stalls = s.stalls + 1 if e["stalled"] else 0
    s.turn = e["next"] if e["next"] is not None else s.turn
    s.ap = COMPONENTS.ap_per_turn
    s.token_used = s.acted = s.land_laid = False
    s.cards_taken = 0
    s.changed = []
    s.moved = []
    s.turn_no += 1
    return s


def _forfeited(s: JavaState, e: Event) -> JavaState:
    seat = e["seat"]
    s.forfeited[seat] = True
    # Its figures leave the board and its cards are discarded face up (README: forfeit).
    for c, who in enumerate(s.figure):
        if who == seat:
            s.figure[c] = -1
            s.supply[seat][FIGURES] += 1
    for kind, count in enumerate(s.hands[seat]):
        s.discard.extend([kind] * count)
    s.hands[seat] = [0] * len(s.hands[seat])
    s.known[seat] = [0] * len(s.known[seat])
    s.moved = []
    f = s.festival
    if f is not None and seat in f.bidders and seat not in f.passed:
        f.passed.append(seat)
        if f.bidders[f.current] == seat:
            f.laid_now = 0
            f.current = max(next_bidder(f, f.current), 0)
    return s


def _game_ended(s: JavaState, _e: Event) -> JavaState:
    s.over = True
    s.festival = None
    return s


APPLY: dict[str, Callable[[Any, Event], Any]] = {
    GAME_SET_UP: _setup,
    TOKEN_USED: _token,
    LAND_LAID: _land,
    WATER_LAID: _water,
    LAKE_SCORED: _lake,
    FIGURE_ENTERED: _enter,
    FIGURE_MOVED: _move,
    FIGURE_REMOVED: _remove,
    PALACE_BUILT: _palace,
    PALACE_ENLARGED: _palace,
    CARD_TAKEN: _card,
    DECK_RESHUFFLED: _reshuffle,
    OPEN_CARD_REVEALED: _reveal,
    FESTIVAL_CALLED: _festival,
    CARD_BID: _bid,
    BID_FINISHED: _bid_done,
    BID_PASSED: _pass,
    FESTIVAL_RESOLVED: _resolved,
    ISLAND_COMPLETED: _island_completed,
    FINAL_SCORED: _final,
    TURN_ENDED: _turn_ended,
    PLAYER_FORFEITED: _forfeited,
    GAME_ENDED: _game_ended,
}


def apply(state: Any, event: Event) -> Any:
    """Fold one event into the state (the first, ``GameSetUp``, creates it from ``None``)."""
    return APPLY[event["type"]](state, event)


# Events that may never be taken back: draws, reveals, other players involved, turn passed.
BARRIERS = frozenset(
    {
        GAME_SET_UP,
        LAKE_SCORED,
        CARD_TAKEN,
        DECK_RESHUFFLED,
        OPEN_CARD_REVEALED,
        FESTIVAL_CALLED,
        CARD_BID,
        BID_FINISHED,
        BID_PASSED,
        FESTIVAL_RESOLVED,
        ISLAND_COMPLETED,
        FINAL_SCORED,
        TURN_ENDED,
        PLAYER_FORFEITED,
        GAME_ENDED,
    }
)


def is_undo_barrier(event: Event) -> bool:
    return event["type"] in BARRIERS
