"""The rules: what a seat may do now (``legal_commands``) and what a command causes (``execute``).

Clauses in comments quote the Czech text (shared/rules/yspahan.cs.txt), which is authoritative.
``execute`` validates against the given state, then emits events onto a private clone (applying
each one as it goes, so later steps see their effect); the caller's state is never touched.
"""

from __future__ import annotations

import random
from typing import Any

from games.base import (
    GAME_OVER,
    NOT_YOUR_TURN,
    Command,
    Event,
    IllegalCommand,
    Malformed,
    check_command_shape,
)
from games.yspahan import data as D
from games.yspahan.commands import COMMAND_SPECS
from games.yspahan.events import apply, market_targets
from games.yspahan.state import ACTION, AFTER, CARAVAN, INSPECT, OVER, PLACE, ROLL, State

# Error codes (tests import them).
WRONG_PHASE = "wrong_phase"
NOT_ENOUGH_GOLD = "not_enough_gold"
NOT_ENOUGH_CAMELS = "not_enough_camels"
TOO_MANY_YELLOW = "too_many_yellow_dice"
CARD_NOT_IN_HAND = "card_not_in_hand"
CARD_ONLY_WITH_BUILDING = "card_only_with_building"
CARD_HAS_NO_EFFECT = "card_has_no_effect"
BAD_AMOUNT = "bad_amount"
NO_SUCH_ROW = "no_such_row"
ROW_EMPTY = "row_empty"
ROW_ALREADY_USED = "row_already_used"
ROW_ONLY_YELLOW = "row_only_yellow"
ROW_REQUIRED = "row_required"
NO_SUCH_CELL = "no_such_cell"
SUPERVISOR_SAME_CELL = "supervisor_same_cell"
BONUS_ONLY_FOR_ROW_ACTION = "bonus_only_for_row_action"
NO_ROW_FOR_BONUS = "no_row_for_bonus"
SHOP_NOT_INSPECTED = "shop_not_inspected"
NO_SUCH_SHOP = "no_such_shop"
SHOP_OCCUPIED = "shop_occupied"
WRONG_QUARTER = "wrong_quarter"
SOUK_OF_ANOTHER_PLAYER = "souk_of_another_player"
FINISH_BEGUN_SOUK_FIRST = "finish_begun_souk_first"
BUILDING_ALREADY_BUILT = "building_already_built"
ONE_BUILDING_PER_TURN = "one_building_per_turn"
UNKNOWN_BUILDING = "unknown_building"
UNKNOWN_CARD = "unknown_card"

OPTION_TEXT = "text"


# ----------------------------------------------------------------------------- queries


def has_building(s: State, seat: int, b: int) -> bool:
    return bool(s.buildings[seat] >> b & 1)


def row_dice(s: State, seat: int, row: int) -> int:
    """Dice of a row that count for ``seat``: "počáteční hráč si počítá i žluté kostky, ostatní
    pouze bílé"; the yellow dice serve the first player's first action only."""
    if seat == s.first and not s.yellow_gone:
        return s.tower_white[row] + s.tower_yellow[row]
    return s.tower_white[row]


def row_refusal(s: State, seat: int, row: int) -> IllegalCommand | None:
    """Why ``seat`` may not use ``row`` ("nesmí použít: řádek bez kostek, vyjma počátečního hráče
    řádek pouze se žlutými kostkami, řádek, který již použil jiný hráč"), or None."""
    if not 0 <= row < D.N_ROWS:
        return IllegalCommand(NO_SUCH_ROW, "The tower has rows 0 (camels) to 5 (gold) only.")
    if s.used[row]:
        return IllegalCommand(ROW_ALREADY_USED, "That row has already been used this round.")
    if s.tower_value[row] == 0:
        return IllegalCommand(ROW_EMPTY, "A row without dice cannot be used.")
    if row_dice(s, seat, row) == 0:
        return IllegalCommand(
            ROW_ONLY_YELLOW, "Only the first player may use a row holding yellow dice only."
        )
    return None


def usable_rows(s: State, seat: int) -> list[int]:
    return [r for r in range(D.N_ROWS) if row_refusal(s, seat, r) is None]


def move_cost(s: State, seat: int, row: int, to: int) -> int:
    """Gold to pay for stopping the supervisor on ``to``: the walk is the dice value, each step
    more or less costs 1 gold ("může posun upravit (na obě strany) o tolik polí, kolik zaplatí
    peněz"); building 3 adjusts by up to 3 for free, further steps are paid."""
    diff = abs(D.DISTANCE[s.supervisor][to] - s.tower_value[row])
    if has_building(s, seat, D.B_MOVE):
        diff = max(0, diff - 3)
    return diff


def card_souk_targets(s: State, seat: int) -> list[int]:
    """Card d: an empty shop, not in a souk another player has begun."""
    owner = s.owner
    out = []
    for souk_shops in D.SOUK_SHOPS:
        if all(owner[sh] in (-1, seat) for sh in souk_shops):
            out.extend(sh for sh in souk_shops if owner[sh] < 0)
    return out


def building_price(b: int, cards: list[int]) -> tuple[int, int]:
    camels, gold = D.BUILDING_COST[b]
    if D.CARD_NO_CAMELS in cards:
        camels = 0
    if D.CARD_NO_GOLD in cards:
        gold = 0
    return camels, gold


def can_build_now(s: State) -> bool:
    """With 3-4 players, one optional building after the action ("poté hráč může provést akci
    4."); with 2, building replaces the dice action (published 2-player rules, NOTES §2)."""
    if s.n == 2:
        return s.phase == ACTION and s.bonus == 0
    return s.phase == AFTER and not s.built


def build_options(s: State, seat: int) -> list[tuple[int, list[int]]]:
    if not can_build_now(s):
        return []
    hand = s.hands[seat]
    out = []
    for b in range(D.N_BUILDINGS):
        if has_building(s, seat, b):
            continue
        base_camels, base_gold = D.BUILDING_COST[b]
        combos: list[list[int]] = [[]]
        if base_camels and hand[D.CARD_NO_CAMELS]:
            combos.append([D.CARD_NO_CAMELS])
        if base_gold and hand[D.CARD_NO_GOLD]:
            combos.append([D.CARD_NO_GOLD])
            if base_camels and hand[D.CARD_NO_CAMELS]:
                combos.append([D.CARD_NO_CAMELS, D.CARD_NO_GOLD])
        for cards in combos:
            camels, gold = building_price(b, cards)
            if camels <= s.camels[seat] and gold <= s.money[seat]:
                out.append((b, cards))
    return out


def card_commands(s: State, seat: int) -> list[Command]:
    hand = s.hands[seat]
    out: list[Command] = []
    for card in (D.CARD_3_CAMELS, D.CARD_3_GOLD, D.CARD_CARAVAN):
        if hand[card]:
            out.append({"type": "play_card", "card": D.CARD_IDS[card]})
    if hand[D.CARD_SOUK]:
        name = D.CARD_IDS[D.CARD_SOUK]
        out.extend(
            {"type": "play_card", "card": name, "shop": sh} for sh in card_souk_targets(s, seat)
        )
    if hand[D.CARD_SWAP]:
        name = D.CARD_IDS[D.CARD_SWAP]
        out.extend(
            {"type": "play_card", "card": name, "amount": a}
            for a in range(-s.camels[seat], s.money[seat] + 1)
            if a
        )
    if hand[D.CARD_GOLD_VP]:
        name = D.CARD_IDS[D.CARD_GOLD_VP]
        top = min(D.GOLD_VP_MAX, s.money[seat])
        out.extend({"type": "play_card", "card": name, "amount": a} for a in range(1, top + 1))
    if hand[D.CARD_CAMELS_VP]:
        name = D.CARD_IDS[D.CARD_CAMELS_VP]
        top = min(D.CAMELS_VP_MAX, s.camels[seat])
        out.extend({"type": "play_card", "card": name, "amount": a} for a in range(1, top + 1))
    return out


def active_seats(s: State) -> frozenset[int]:
    if s.phase == OVER:
        return frozenset()
    if s.phase == CARAVAN:
        return frozenset((s.owner[s.inspecting],))
    return frozenset((s.order[s.turn],))


def _build_command(b: int, cards: list[int]) -> Command:
    cmd: Command = {"type": "build", "building": D.BUILDING_IDS[b]}
    if cards:
        cmd["cards"] = [D.CARD_IDS[c] for c in cards]
    return cmd


def legal_commands(s: State, seat: int) -> list[Command]:
    if seat not in active_seats(s):
        return []
    phase = s.phase
    if phase == ROLL:
        top = min(D.YELLOW_DICE, s.money[seat])
        return [*card_commands(s, seat), *({"type": "roll", "yellow": y} for y in range(top + 1))]
    if phase == ACTION:
        out = card_commands(s, seat)
        rows = usable_rows(s, seat)
        hand = s.hands[seat]
        if rows:
            out.extend(
                {"type": "discard_for_bonus", "card": D.CARD_IDS[c]}
                for c in range(D.N_CARD_TYPES)
                if hand[c]
            )
            out.extend({"type": "take_row", "row": r} for r in rows)
        if s.bonus == 0:
            money = s.money[seat]
            sup = s.supervisor
            for r in rows:
                for to in D.CELLS:
                    if to != sup and move_cost(s, seat, r, to) <= money:
                        out.append({"type": "move_supervisor", "row": r, "to": to})
            if rows:
                out.extend({"type": "draw_card", "row": r} for r in rows)
            else:
                out.append({"type": "draw_card"})
            out.extend(_build_command(b, cards) for b, cards in build_options(s, seat))
        return out
    if phase == INSPECT:
        return [{"type": "choose_inspection", "shop": sh} for sh in s.inspect]
    if phase == CARAVAN:
        out = [{"type": "send_to_caravan", "source": "shop"}]
        if s.camels[seat] > 0:
            out.append({"type": "send_to_caravan", "source": "supply"})
        return out
    if phase == PLACE:
        return [
            {"type": "place_cube", "shop": sh} for sh in market_targets(s, seat, s.place_quarter)
        ]
    if phase == AFTER:
        out = card_commands(s, seat)
        out.extend(_build_command(b, cards) for b, cards in build_options(s, seat))
        out.append({"type": "end_turn"})
        return out
    return []


# ----------------------------------------------------------------------------- emitting


class _Out:
    """Events being produced, applied one by one to a private clone."""

    __slots__ = ("events", "rng", "s")

    def __init__(self, state: State, rng: random.Random | None) -> None:
        self.s = state.clone()
        self.events: list[Event] = []
        self.rng = rng

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.s = apply(self.s, event)


def _draw(out: _Out, seat: int, row: int | None, reason: str) -> None:
    s = out.s
    if not s.deck and s.discard:
        # "pokud karty dojdou, zahrané karty se zamíchají a rubem nahoru složí do balíčku"
        assert out.rng is not None
        order = s.discard[:]
        out.rng.shuffle(order)
        out.emit({"type": "DeckShuffled", "order": order, "count": len(order)})
    card = D.CARD_IDS[s.deck[-1]] if s.deck else None
    out.emit({"type": "CardDrawn", "seat": seat, "card": card, "row": row, "reason": reason})


def caravan_points(s: State) -> list[int]:
    """ "(počet jeho kostiček v karavaně) * (číslo sekce jeho naposledy umístěné kostičky)"."""
    per = D.caravan_per_section(s.n)
    pts = [0] * s.n
    for seat in range(s.n):
        last = -1
        count = 0
        for i, who in enumerate(s.caravan):
            if who == seat:
                count += 1
                last = i
        if count:
            pts[seat] = count * (last // per + 1)
    return pts


def _enter_caravan(out: _Out, seat: int, source: str, shop: int) -> None:
    s = out.s
    per = D.caravan_per_section(s.n)
    section = len(s.caravan) // per + 1
    points = D.CARAVAN_ENTRY_POINTS[s.options["caravan_entry_points"]][section - 1]
    out.emit(
        {
            "type": "CubeEnteredCaravan",
            "seat": seat,
            "source": source,
            "shop": shop,
            "section": section,
            "points": points,
        }
    )
    s = out.s
    if len(s.caravan) == per * D.CARAVAN_SECTIONS:
        out.emit({"type": "CaravanScored", "reason": "full", "points": caravan_points(s)})
    if has_building(out.s, seat, D.B_CARD) and not out.s.out[seat]:
        # Building 4: "při nasazení své kostičky do karavany lízne navíc kartu".
        _draw(out, seat, None, "building")


def _continue_inspection(out: _Out) -> None:
    """Send inspected cubes on while nobody has a choice to make: a single remaining shop needs
    no order from the mover, and an owner without camels can only send the shop's cube."""
    while out.s.phase == INSPECT and len(out.s.inspect) == 1:
        s = out.s
        shop = s.inspect[0]
        owner = s.owner[shop]
        if s.camels[owner] > 0 and not s.out[owner]:
            out.emit({"type": "InspectionChosen", "seat": s.actor(), "shop": shop, "owner": owner})
            return
        _enter_caravan(out, owner, "shop", shop)
    _maybe_end_turn(out)


def _maybe_end_turn(out: _Out) -> None:
    """End the turn at once when the only thing left to do is ending it."""
    s = out.s
    if s.phase == AFTER and len(legal_commands(s, s.actor())) == 1:
        finish_turn(out)


def round_order(
    n: int, out: list[bool], vp: list[int], prev_first: int, epoch: int, day: int, first: int
) -> list[int]:
    """The turn order of a new round; its first seat is the first player."""
    if n == 4 and epoch == D.EPOCHS and day == D.DAYS_PER_EPOCH:
        # Last round with 4 players: fewest points first, "v případě rovnosti ten z nich, který
        # je blíže proti směru hodinových ručiček počátečnímu hráči z předposledního kola" -
        # counting from the seat that would normally start (prev_first - 1) onwards.
        alive = [seat for seat in range(n) if not out[seat]]
        return sorted(alive, key=lambda x: (vp[x], (prev_first - 1 - x) % n))
    order = [(first + i) % n for i in range(n)]
    order = [x for x in order if not out[x]]
    if n == 2 and len(order) == 2:
        # Published 2-player rules (BGA): the first player takes the 1st and 3rd actions.
        order.append(order[0])
    return order


def finish_turn(out: _Out) -> None:
    s = out.s
    seat = s.actor()
    if any(not s.out[x] for x in s.order[s.turn + 1 :]):
        out.emit({"type": "TurnEnded", "seat": seat})
        return
    returned: list[int] = []
    if s.options["souk_clearing"] == OPTION_TEXT:
        # "Na konci kola: kostičky z tržiště se vrací zpátky hráčům" (issue: those of souks
        # that are not complete; complete ones stay to be scored at the end of the epoch).
        for souk_shops in D.SOUK_SHOPS:
            if any(s.owner[sh] < 0 for sh in souk_shops):
                returned.extend(sh for sh in souk_shops if s.owner[sh] >= 0)
    epoch_end = s.day == D.DAYS_PER_EPOCH
    if epoch_end:
        # "na konci každé epochy se provede obodování tržiště a karavany"
        out.emit({"type": "MarketScored", "epoch": s.epoch, **market_points(s)})
        out.emit({"type": "CaravanScored", "reason": "epoch", "points": caravan_points(out.s)})
    s = out.s
    nxt: dict[str, Any] | None = None
    if not (epoch_end and s.epoch == D.EPOCHS):
        epoch, day = (s.epoch + 1, 1) if epoch_end else (s.epoch, s.day + 1)
        # "pro příští kolo se posouvá počáteční hráč proti směru hodinových ručiček"
        first = (s.first - 1) % s.n
        while s.out[first]:
            first = (first - 1) % s.n
        order = round_order(s.n, s.out, s.vp, s.first, epoch, day, first)
        nxt = {"epoch": epoch, "day": day, "first": order[0], "order": order}
    out.emit(
        {
            "type": "RoundEnded",
            "seat": seat,
            "epoch": s.epoch,
            "day": s.day,
            "returned": returned,
            "cleared": epoch_end,
            "next": nxt,
        }
    )
    if nxt is None:
        out.emit({"type": "GameEnded", "scores": out.s.vp[:]})


def market_points(s: State) -> dict[str, Any]:
    """ "každý hráč si připočte vítězné body za každý svými kostičkami zaplněný bazar"; building
    5 adds 2 per completed souk."""
    pts = [0] * s.n
    souks: list[list[Any]] = []
    for souk, souk_shops in enumerate(D.SOUK_SHOPS):
        owner = s.owner[souk_shops[0]]
        if owner >= 0 and all(s.owner[sh] == owner for sh in souk_shops):
            gain = D.SOUK_POINTS[souk] + (2 if has_building(s, owner, D.B_POINTS) else 0)
            pts[owner] += gain
            souks.append([D.SOUK_IDS[souk], owner, gain])
    return {"points": pts, "souks": souks}


# ----------------------------------------------------------------------------- execute


def _wrong_phase(what: str) -> IllegalCommand:
    return IllegalCommand(WRONG_PHASE, f"{what} is not possible at this point of the turn.")


def _card_index(name: Any) -> int:
    if name not in D.CARD_IDS:
        raise IllegalCommand(UNKNOWN_CARD, f"There is no card {name!r}.")
    return D.CARD_IDS.index(name)


def _need_card(s: State, seat: int, card: int) -> None:
    if not s.hands[seat][card]:
        raise IllegalCommand(CARD_NOT_IN_HAND, f"You do not hold the card {D.CARD_IDS[card]}.")


def _check_row(s: State, seat: int, row: int) -> None:
    refusal = row_refusal(s, seat, row)
    if refusal is not None:
        raise refusal


def _shop_refusal(s: State, seat: int, shop: int, quarter: int | None) -> IllegalCommand | None:
    if not 0 <= shop < D.N_SHOPS:
        return IllegalCommand(NO_SUCH_SHOP, f"There is no shop {shop}.")
    if s.owner[shop] >= 0:
        return IllegalCommand(SHOP_OCCUPIED, "That shop already holds a cube.")
    souk = D.SHOP_SOUK[shop]
    if quarter is not None and D.SOUK_QUARTER[souk] != quarter:
        return IllegalCommand(
            WRONG_QUARTER, "Cubes go to the quarter with the same symbol as the chosen tower row."
        )
    if any(s.owner[sh] not in (-1, seat) for sh in D.SOUK_SHOPS[souk]):
        return IllegalCommand(
            SOUK_OF_ANOTHER_PLAYER, "You may not put a cube in a souk another player has begun."
        )
    if quarter is not None and shop not in market_targets(s, seat, quarter):
        return IllegalCommand(
            FINISH_BEGUN_SOUK_FIRST,
            "A souk you have begun must be filled before you start an empty one.",
        )
    return None


def _cmd_roll(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if s.phase != ROLL:
        raise _wrong_phase("Rolling the dice")
    yellow = cmd["yellow"]
    if not 0 <= yellow <= D.YELLOW_DICE:
        raise IllegalCommand(TOO_MANY_YELLOW, "You may buy 0 to 3 yellow dice.")
    if yellow > s.money[seat]:
        raise IllegalCommand(NOT_ENOUGH_GOLD, "Each yellow die costs 1 gold.")
    rng = out.rng
    assert rng is not None
    white = [rng.randint(1, 6) for _ in range(D.WHITE_DICE)]
    yellows = [rng.randint(1, 6) for _ in range(yellow)]
    out.emit(
        {
            "type": "DiceRolled",
            "seat": seat,
            "yellow_bought": yellow,
            "white": white,
            "yellow": yellows,
        }
    )


def _cmd_play_card(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if s.phase not in (ROLL, ACTION, AFTER):
        raise _wrong_phase("Playing a card")
    card = _card_index(cmd["card"])
    _need_card(s, seat, card)
    if card in (D.CARD_NO_CAMELS, D.CARD_NO_GOLD):
        raise IllegalCommand(
            CARD_ONLY_WITH_BUILDING, "This card is played together with building a building."
        )
    wants_amount = card in (D.CARD_SWAP, D.CARD_GOLD_VP, D.CARD_CAMELS_VP)
    if wants_amount != ("amount" in cmd):
        raise Malformed(f"The card {cmd['card']} {'needs' if wants_amount else 'takes no'} amount.")
    if (card == D.CARD_SOUK) != ("shop" in cmd):
        raise Malformed(
            f"The card {cmd['card']} {'needs' if card == D.CARD_SOUK else 'takes no'} shop."
        )
    event: Event = {"type": "CardPlayed", "seat": seat, "card": cmd["card"]}
    amount = cmd.get("amount", 0)
    if card == D.CARD_SWAP:
        if amount == 0:
            raise IllegalCommand(BAD_AMOUNT, "Exchange at least one gold or camel.")
        if amount > s.money[seat]:
            raise IllegalCommand(NOT_ENOUGH_GOLD, "You cannot exchange more gold than you have.")
        if -amount > s.camels[seat]:
            raise IllegalCommand(
                NOT_ENOUGH_CAMELS, "You cannot exchange more camels than you have."
            )
        event["amount"] = amount
    elif card == D.CARD_GOLD_VP:
        if not 1 <= amount <= D.GOLD_VP_MAX:
            raise IllegalCommand(BAD_AMOUNT, "This card turns 1 to 10 gold into points.")
        if amount > s.money[seat]:
            raise IllegalCommand(NOT_ENOUGH_GOLD, "You do not have that much gold.")
        event["amount"] = amount
    elif card == D.CARD_CAMELS_VP:
        if not 1 <= amount <= D.CAMELS_VP_MAX:
            raise IllegalCommand(BAD_AMOUNT, "This card turns 1 to 4 camels into 2 points each.")
        if amount > s.camels[seat]:
            raise IllegalCommand(NOT_ENOUGH_CAMELS, "You do not have that many camels.")
        event["amount"] = amount
    elif card == D.CARD_SOUK:
        refusal = _shop_refusal(s, seat, cmd["shop"], None)
        if refusal is not None:
            raise refusal
        event["shop"] = cmd["shop"]
    out.emit(event)
    if card == D.CARD_CARAVAN:
        _enter_caravan(out, seat, "card", -1)
    _maybe_end_turn(out)


def _cmd_discard_for_bonus(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if s.phase != ACTION:
        raise _wrong_phase("Discarding a card for the row action")
    card = _card_index(cmd["card"])
    _need_card(s, seat, card)
    if not usable_rows(s, seat):
        raise IllegalCommand(
            NO_ROW_FOR_BONUS, "There is no row left whose action a card could raise."
        )
    out.emit({"type": "BonusCardDiscarded", "seat": seat, "card": cmd["card"]})


def _no_bonus_pending(s: State) -> None:
    if s.bonus:
        raise IllegalCommand(
            BONUS_ONLY_FOR_ROW_ACTION,
            "Cards discarded for +1 only raise a row action: take a row's action now.",
        )


def _cmd_move_supervisor(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if s.phase != ACTION:
        raise _wrong_phase("Moving the supervisor")
    _no_bonus_pending(s)
    row, to = cmd["row"], cmd["to"]
    _check_row(s, seat, row)
    if not 0 <= to < D.N_CELL_IDS or D.DISTANCE[s.supervisor][to] < 0:
        raise IllegalCommand(NO_SUCH_CELL, f"There is no path cell {to}.")
    if to == s.supervisor:
        raise IllegalCommand(
            SUPERVISOR_SAME_CELL, "The supervisor may not end on the cell where it started."
        )
    cost = move_cost(s, seat, row, to)
    if cost > s.money[seat]:
        raise IllegalCommand(
            NOT_ENOUGH_GOLD,
            f"Changing the move by that much costs {cost} gold, more than you have.",
        )
    affected = sorted({s.owner[sh] for sh in D.CELL_SHOPS[to] if s.owner[sh] >= 0})
    out.emit(
        {
            "type": "SupervisorMoved",
            "seat": seat,
            "row": row,
            "from": s.supervisor,
            "to": to,
            "distance": D.DISTANCE[s.supervisor][to],
            "cost": cost,
            "affected": affected,
        }
    )
    _continue_inspection(out)


def _cmd_take_row(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if s.phase != ACTION:
        raise _wrong_phase("Taking a row's action")
    row = cmd["row"]
    _check_row(s, seat, row)
    # "počet kostek na vybraném řádku určuje hodnotu akce"; "+1 za 1 kartu"
    value = row_dice(s, seat, row) + s.bonus
    gain = value
    if row == D.ROW_CAMELS and has_building(s, seat, D.B_CAMEL):
        gain += 1
    elif row == D.ROW_GOLD and has_building(s, seat, D.B_GOLD):
        gain += 2
    elif D.ROW_CAMELS < row < D.ROW_GOLD and has_building(s, seat, D.B_CUBE):
        gain += 1
    out.emit(
        {
            "type": "RowTaken",
            "seat": seat,
            "row": row,
            "row_name": D.ROW_NAMES[row],
            "value": value,
            "gain": gain,
        }
    )
    _maybe_end_turn(out)


def _cmd_draw_card(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if s.phase != ACTION:
        raise _wrong_phase("Drawing a card as your action")
    _no_bonus_pending(s)
    row = cmd.get("row")
    if row is None:
        if usable_rows(s, seat):
            raise IllegalCommand(
                ROW_REQUIRED, "Drawing a card uses a row while any row can still be used."
            )
    else:
        _check_row(s, seat, row)
    _draw(out, seat, row, "action")
    _maybe_end_turn(out)


def _cmd_choose_inspection(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if s.phase != INSPECT:
        raise _wrong_phase("Choosing the next inspected shop")
    shop = cmd["shop"]
    if shop not in s.inspect:
        raise IllegalCommand(
            SHOP_NOT_INSPECTED, "That shop is not next to the supervisor or was already handled."
        )
    owner = s.owner[shop]
    if s.camels[owner] > 0 and not s.out[owner]:
        out.emit({"type": "InspectionChosen", "seat": seat, "shop": shop, "owner": owner})
        return
    _enter_caravan(out, owner, "shop", shop)
    _continue_inspection(out)


def _cmd_send_to_caravan(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if s.phase != CARAVAN:
        raise _wrong_phase("Sending a cube to the caravan")
    source = cmd["source"]
    if source not in ("shop", "supply"):
        raise Malformed("The source must be 'shop' or 'supply'.")
    if source == "supply" and s.camels[seat] < 1:
        raise IllegalCommand(NOT_ENOUGH_CAMELS, "Sending a cube from your supply costs 1 camel.")
    _enter_caravan(out, seat, source, s.inspecting)
    _continue_inspection(out)


def _cmd_place_cube(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if s.phase != PLACE:
        raise _wrong_phase("Placing a market cube")
    refusal = _shop_refusal(s, seat, cmd["shop"], s.place_quarter)
    if refusal is not None:
        raise refusal
    out.emit({"type": "CubePlaced", "seat": seat, "shop": cmd["shop"]})
    _maybe_end_turn(out)


def _cmd_build(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if not all(isinstance(c, str) for c in cmd.get("cards", [])):
        raise Malformed("The cards of a build are card ids.")
    if s.phase not in (ACTION, AFTER):
        raise _wrong_phase("Building")
    if s.n == 2 and s.phase == AFTER:
        raise IllegalCommand(
            ONE_BUILDING_PER_TURN, "With two players, building replaces your action of the turn."
        )
    if s.n > 2 and s.phase == ACTION:
        raise _wrong_phase("Building before your action")
    if s.built:
        raise IllegalCommand(ONE_BUILDING_PER_TURN, "You may build only one building a turn.")
    if s.phase == ACTION:
        _no_bonus_pending(s)
    name = cmd["building"]
    if name not in D.BUILDING_IDS:
        raise IllegalCommand(UNKNOWN_BUILDING, f"There is no building {name!r}.")
    b = D.BUILDING_IDS.index(name)
    if has_building(s, seat, b):
        raise IllegalCommand(BUILDING_ALREADY_BUILT, "You have already built that building.")
    names = cmd.get("cards", [])
    cards = [_card_index(c) for c in names]
    if len(set(cards)) != len(cards) or any(
        c not in (D.CARD_NO_CAMELS, D.CARD_NO_GOLD) for c in cards
    ):
        raise IllegalCommand(
            CARD_HAS_NO_EFFECT, "Only build_no_camels and build_no_gold, once each, help a build."
        )
    for c in cards:
        _need_card(s, seat, c)
    base_camels, base_gold = D.BUILDING_COST[b]
    if (D.CARD_NO_CAMELS in cards and not base_camels) or (
        D.CARD_NO_GOLD in cards and not base_gold
    ):
        raise IllegalCommand(CARD_HAS_NO_EFFECT, "That card would waive a cost the building lacks.")
    camels, gold = building_price(b, cards)
    if camels > s.camels[seat]:
        raise IllegalCommand(NOT_ENOUGH_CAMELS, f"That building costs {camels} camels.")
    if gold > s.money[seat]:
        raise IllegalCommand(NOT_ENOUGH_GOLD, f"That building costs {gold} gold.")
    for c in cards:
        out.emit({"type": "CardPlayed", "seat": seat, "card": D.CARD_IDS[c]})
    count = bin(s.buildings[seat]).count("1") + 1
    points = D.BUILDING_POINTS[s.options["building_points"]][count - 1]
    out.emit(
        {
            "type": "BuildingBuilt",
            "seat": seat,
            "building": name,
            "camels": camels,
            "gold": gold,
            "points": points,
            "main": s.phase == ACTION,
        }
    )
    _maybe_end_turn(out)


def _cmd_end_turn(s: State, _seat: int, _cmd: Command, out: _Out) -> None:
    if s.phase != AFTER:
        raise _wrong_phase("Ending the turn before your action")
    finish_turn(out)


HANDLERS = {
    "roll": _cmd_roll,
    "play_card": _cmd_play_card,
    "discard_for_bonus": _cmd_discard_for_bonus,
    "move_supervisor": _cmd_move_supervisor,
    "take_row": _cmd_take_row,
    "draw_card": _cmd_draw_card,
    "choose_inspection": _cmd_choose_inspection,
    "send_to_caravan": _cmd_send_to_caravan,
    "place_cube": _cmd_place_cube,
    "build": _cmd_build,
    "end_turn": _cmd_end_turn,
}


def execute(s: State, seat: int, command: Command, rng: random.Random) -> list[Event]:
    if s.phase == OVER:
        raise IllegalCommand(GAME_OVER, "The game is over.")
    if seat not in active_seats(s):
        raise IllegalCommand(NOT_YOUR_TURN, "It is not your turn.")
    spec = check_command_shape(COMMAND_SPECS, command)
    out = _Out(s, rng)
    HANDLERS[spec.type](s, seat, command, out)
    return out.events


def forfeit(s: State, seat: int) -> list[Event]:
    """The seat leaves: its cubes stay where they are (a leaving owner's inspected cube simply
    stays), it never acts again, and it ranks last."""
    if s.phase == OVER or s.out[seat]:
        return []
    own_turn = s.phase in (ACTION, INSPECT, CARAVAN, PLACE, AFTER) and s.actor() == seat
    out = _Out(s, None)
    out.emit({"type": "SeatForfeited", "seat": seat})
    if sum(not x for x in out.s.out) <= 1:
        out.emit({"type": "GameEnded", "scores": out.s.vp[:]})
        return out.events
    if own_turn:
        finish_turn(out)
    # Otherwise a lapsed caravan choice leaves the mover to name the next inspected shop (if
    # any) with choose_inspection: forfeits draw no cards, so nothing random happens here.
    return out.events
