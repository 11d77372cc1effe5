"""Events: how each one folds into the state (``apply``; the log's words are ``narrate.py``'s).

Every random outcome (dice, card draws, deck order) is carried by an event, so ``apply`` never
needs a generator. Scores carried by scoring events are trusted by ``apply``; ``rules`` computes
them when it emits the event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import Event
from games.yspahan import data as D
from games.yspahan.state import ACTION, AFTER, CARAVAN, INSPECT, OVER, PLACE, ROLL, State


def _game_started(_s: State | None, e: Event) -> State:
    n = e["n_players"]
    s = State(
        n=n,
        options=dict(e["options"]),
        epoch=1,
        day=1,
        first=0,
        order=[],
        turn=0,
        phase=ROLL,
        money=[D.START_GOLD] * n,
        camels=[0] * n,
        vp=[0] * n,
        hands=[[0] * D.N_CARD_TYPES for _ in range(n)],
        buildings=[0] * n,
        deck=[],
        discard=[],
        owner=[-1] * D.N_SHOPS,
        caravan=[],
        supervisor=D.HUB,
        tower_value=[0] * D.N_ROWS,
        tower_white=[0] * D.N_ROWS,
        tower_yellow=[0] * D.N_ROWS,
        used=[False] * D.N_ROWS,
        yellow_gone=False,
        bonus=0,
        to_place=0,
        place_quarter=0,
        inspect=[],
        inspecting=-1,
        built=False,
        out=[False] * n,
        # A match keeps the rules it began with (matches begun before version 2 name none).
        rules_version=e.get("rules_version", 1),
    )
    _start_round(s, 1, 1, e["first"], e["order"])
    return s


def _deck_shuffled(s: State, e: Event) -> State:
    # "pokud karty dojdou, zahrané karty se zamíchají": the played cards become the new deck.
    s.deck = list(e["order"])
    s.discard = []
    return s


def _start_round(s: State, epoch: int, day: int, first: int, order: list[int]) -> None:
    s.epoch, s.day, s.first = epoch, day, first
    s.order = list(order)
    s.turn = 0
    s.phase = ROLL
    s.supervisor = D.HUB
    s.tower_value = [0] * D.N_ROWS
    s.tower_white = [0] * D.N_ROWS
    s.tower_yellow = [0] * D.N_ROWS
    s.used = [False] * D.N_ROWS
    s.yellow_gone = False
    _reset_turn(s)


def tower_rows(white: list[int], yellow: list[int]) -> list[tuple[int, int, int]]:
    """(value, white count, yellow count) per row. Groups go bottom-up by increasing value; the
    highest group always goes in the top (gold) row ("vyjma skupiny s nejvyšším číslem, kterou
    vždy dá do svrchního řádku věže"), so a roll of one value fills the gold row only."""
    values = sorted(set(white) | set(yellow))
    rows = [(0, 0, 0)] * D.N_ROWS
    for i, v in enumerate(values):
        r = D.ROW_GOLD if i == len(values) - 1 else i
        rows[r] = (v, white.count(v), yellow.count(v))
    return rows


def _dice_rolled(s: State, e: Event) -> State:
    s.money[e["seat"]] -= e["yellow_bought"]
    for r, (v, w, y) in enumerate(tower_rows(e["white"], e["yellow"])):
        s.tower_value[r], s.tower_white[r], s.tower_yellow[r] = v, w, y
    s.phase = ACTION
    return s


def _main_action_done(s: State, seat: int) -> None:
    s.bonus = 0
    if seat == s.first:
        # The first player's yellow dice serve their own (first) action only.
        s.yellow_gone = True


def _card_played(s: State, e: Event) -> State:
    seat, card = e["seat"], D.CARD_IDS.index(e["card"])
    s.hands[seat][card] -= 1
    s.discard.append(card)
    amount = e.get("amount", 0)
    if card == D.CARD_3_CAMELS:
        s.camels[seat] += 3
    elif card == D.CARD_3_GOLD:
        s.money[seat] += 3
    elif card == D.CARD_SOUK:
        s.owner[e["shop"]] = seat
    elif card == D.CARD_SWAP:
        s.money[seat] -= amount
        s.camels[seat] += amount
    elif card == D.CARD_GOLD_VP:
        s.money[seat] -= amount
        s.vp[seat] += amount
    elif card == D.CARD_CAMELS_VP:
        s.camels[seat] -= amount
        s.vp[seat] += 2 * amount
    if s.phase == PLACE:
        # Card d played between two cubes of a market action (rules version 2) may take the last
        # shop the action could use, or begin a souk that must now be filled first.
        _settle_placement(s, seat)
    return s


def _bonus_card_discarded(s: State, e: Event) -> State:
    card = D.CARD_IDS.index(e["card"])
    s.hands[e["seat"]][card] -= 1
    s.discard.append(card)
    s.bonus += 1
    return s


def _supervisor_moved(s: State, e: Event) -> State:
    seat = e["seat"]
    s.money[seat] -= e["cost"]
    s.used[e["row"]] = True
    s.supervisor = e["to"]
    _main_action_done(s, seat)
    s.inspect = [shop for shop in D.CELL_SHOPS[e["to"]] if s.owner[shop] >= 0]
    s.phase = INSPECT if s.inspect else AFTER
    return s


def _inspection_chosen(s: State, e: Event) -> State:
    s.inspect.remove(e["shop"])
    s.inspecting = e["shop"]
    s.phase = CARAVAN
    return s


def _cube_entered_caravan(s: State, e: Event) -> State:
    seat, source = e["seat"], e["source"]
    if source == "shop":
        s.owner[e["shop"]] = -1
    elif source == "supply":
        s.camels[seat] -= 1
    s.caravan.append(seat)
    s.vp[seat] += e["points"]
    if source != "card":
        if e["shop"] in s.inspect:
            s.inspect.remove(e["shop"])
        s.inspecting = -1
        s.phase = INSPECT if s.inspect else AFTER
    return s


def _caravan_scored(s: State, e: Event) -> State:
    for seat, pts in enumerate(e["points"]):
        s.vp[seat] += pts
    if e["reason"] == "full":
        # "pokud se tím zaplní poslední pole karavany, karavana se oboduje, a všechny kostičky
        # se z karavany vrátí hráčům do zásoby"
        s.caravan = []
    return s


def market_targets(s: State, seat: int, quarter: int) -> list[int]:
    """Shops where ``seat``'s next cube of a market-row action may go (Ad 2): never in a souk
    another player has begun, and a souk of one's own already begun before an empty one."""
    partial: list[int] = []
    empty: list[int] = []
    owner = s.owner
    for souk in D.QUARTER_SOUKS[quarter]:
        shops = D.SOUK_SHOPS[souk]
        free = [sh for sh in shops if owner[sh] < 0]
        if len(free) == len(shops):
            empty.extend(free)
        elif free and all(owner[sh] in (-1, seat) for sh in shops):
            partial.extend(free)
    return partial or empty


def _settle_placement(s: State, seat: int) -> None:
    if s.to_place > 0 and market_targets(s, seat, s.place_quarter):
        s.phase = PLACE
    else:
        s.to_place = 0
        s.phase = AFTER


def _row_taken(s: State, e: Event) -> State:
    seat, row, gain = e["seat"], e["row"], e["gain"]
    s.used[row] = True
    _main_action_done(s, seat)
    if row == D.ROW_CAMELS:
        s.camels[seat] += gain
        s.phase = AFTER
    elif row == D.ROW_GOLD:
        s.money[seat] += gain
        s.phase = AFTER
    else:
        s.to_place = gain
        s.place_quarter = row - 1
        _settle_placement(s, seat)
    return s


def _cube_placed(s: State, e: Event) -> State:
    seat = e["seat"]
    s.owner[e["shop"]] = seat
    s.to_place -= 1
    _settle_placement(s, seat)
    return s


def _card_drawn(s: State, e: Event) -> State:
    seat = e["seat"]
    if e["card"] is not None:
        card = s.deck.pop()
        s.hands[seat][card] += 1
    if e["reason"] == "action":
        if e["row"] is not None:
            s.used[e["row"]] = True
        _main_action_done(s, seat)
        s.phase = AFTER
    return s


def _building_built(s: State, e: Event) -> State:
    seat = e["seat"]
    s.camels[seat] -= e["camels"]
    s.money[seat] -= e["gold"]
    s.buildings[seat] |= 1 << D.BUILDING_IDS.index(e["building"])
    s.vp[seat] += e["points"]
    s.built = True
    if e["main"]:
        _main_action_done(s, seat)
    s.phase = AFTER
    return s


def _reset_turn(s: State) -> None:
    s.bonus = 0
    s.to_place = 0
    s.inspect = []
    s.inspecting = -1
    s.built = False


def _turn_ended(s: State, _e: Event) -> State:
    s.turn += 1
    while s.turn < len(s.order) and s.out[s.order[s.turn]]:
        s.turn += 1
    _reset_turn(s)
    s.phase = ACTION
    return s


def _round_ended(s: State, e: Event) -> State:
    """The last turn of the round ended: cubes go back, the supervisor returns to the centre and
    the next round (if any) begins, all in one step so that no half-finished state exists."""
    for shop in e["returned"]:
        s.owner[shop] = -1
    if e["cleared"]:
        s.owner = [-1] * D.N_SHOPS
    s.supervisor = D.HUB
    nxt = e["next"]
    if nxt is None:
        s.phase = OVER
    else:
        _start_round(s, nxt["epoch"], nxt["day"], nxt["first"], nxt["order"])
    return s


def _market_scored(s: State, e: Event) -> State:
    for seat, pts in enumerate(e["points"]):
        s.vp[seat] += pts
    return s


def _game_ended(s: State, _e: Event) -> State:
    s.phase = OVER
    return s


def _seat_forfeited(s: State, e: Event) -> State:
    seat = e["seat"]
    s.out[seat] = True
    if s.phase == ROLL and s.order and s.order[s.turn] == seat:
        # The first player left before rolling: the next seat of the round rolls instead.
        s.order = [x for x in s.order if x != seat]
        if s.order:
            s.first = s.order[0]
    if s.phase in (INSPECT, CARAVAN) and s.rules_version < 2:
        # Rules version 1: a leaving owner's cubes were no longer inspected, a pending choice of
        # theirs lapsed. From version 2 their cubes stay in the inspection and go to the
        # caravan like those of an owner without camels (rules.forfeit sends a pending one).
        s.inspect = [sh for sh in s.inspect if s.owner[sh] != seat]
        if s.inspecting >= 0 and s.owner[s.inspecting] == seat:
            s.inspecting = -1
            s.phase = INSPECT if s.inspect else AFTER
    return s


APPLY: dict[str, Callable[[Any, Event], State]] = {
    "GameStarted": _game_started,
    "DeckShuffled": _deck_shuffled,
    "DiceRolled": _dice_rolled,
    "CardPlayed": _card_played,
    "BonusCardDiscarded": _bonus_card_discarded,
    "SupervisorMoved": _supervisor_moved,
    "InspectionChosen": _inspection_chosen,
    "CubeEnteredCaravan": _cube_entered_caravan,
    "CaravanScored": _caravan_scored,
    "RowTaken": _row_taken,
    "CubePlaced": _cube_placed,
    "CardDrawn": _card_drawn,
    "BuildingBuilt": _building_built,
    "TurnEnded": _turn_ended,
    "RoundEnded": _round_ended,
    "MarketScored": _market_scored,
    "GameEnded": _game_ended,
    "SeatForfeited": _seat_forfeited,
}


def apply(state: State | None, event: Event) -> State:
    return APPLY[event["type"]](state, event)


def is_undo_barrier(event: Event) -> bool:
    """Own card plays, bonus discards, row actions, cube placements and buildings of the running
    turn may be taken back; dice, draws, shuffles, another player's inspected cube, scoring and
    turn ends may not."""
    kind = event["type"]
    if kind in ("CardPlayed", "BonusCardDiscarded", "RowTaken", "CubePlaced", "BuildingBuilt"):
        return False
    if kind == "SupervisorMoved":
        return any(seat != event["seat"] for seat in event["affected"])
    if kind == "CubeEnteredCaravan":
        source: str = event["source"]
        return source != "card"
    return True
