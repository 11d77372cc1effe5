"""The rules' entry point: what a command causes (``execute``) and ``forfeit``; ``setup``,
``active_seats``, ``legal_commands`` and ``outcome`` come from the topic modules (setup.py,
legal.py, scoring.py).

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
from games.yspahan import words as W
from games.yspahan.commands import COMMAND_SPECS, OPTION_TEXT
from games.yspahan.events import apply, market_targets
from games.yspahan.legal import (
    active_seats,
    building_price,
    caravan_per_section,
    cards_playable,
    has_building,
    legal_commands,
    move_cost,
    published_two_player,
    row_dice,
    row_refusal,
    usable_rows,
)
from games.yspahan.scoring import caravan_points, market_points, outcome
from games.yspahan.setup import round_order, setup
from games.yspahan.state import ACTION, AFTER, CARAVAN, INSPECT, OVER, PLACE, ROLL, State

__all__ = ["active_seats", "execute", "forfeit", "legal_commands", "outcome", "setup"]

# Error codes (tests import them).
WRONG_PHASE = "wrong_phase"
NOT_ENOUGH_GOLD = "not_enough_gold"
NOT_ENOUGH_CAMELS = "not_enough_camels"
TOO_MANY_YELLOW = "too_many_yellow_dice"
CARD_NOT_IN_HAND = "card_not_in_hand"
CARD_ONLY_WITH_BUILDING = "card_only_with_building"
CARD_HAS_NO_EFFECT = "card_has_no_effect"
BAD_AMOUNT = "bad_amount"
NOT_YOUR_OWN_TURN = "not_your_own_turn"
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


def _enter_caravan(out: _Out, seat: int, source: str, shop: int, *, draw: bool = True) -> None:
    s = out.s
    per = caravan_per_section(s)
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
    if draw and has_building(out.s, seat, D.B_CARD) and not out.s.out[seat]:
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
        order = round_order(s.n, s.out, s.vp, s.first, epoch, day, first, published_two_player(s))
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


# ----------------------------------------------------------------------------- execute


def _cs_count(n: int, noun: W.Noun) -> str:
    """ "3 velbloudy", "5 peněz": ``n`` with its Czech noun (``words``)."""
    forms = noun[1]
    return f"{n} {forms[0] if n == 1 else forms[1] if 2 <= n <= 4 else forms[2]}"


def _wrong_phase(what: str, cs: str) -> IllegalCommand:
    return IllegalCommand(
        WRONG_PHASE,
        f"{what} is not possible at this point of the turn.",
        f"{cs} teď v tahu není možné.",
    )


def _card_index(name: Any) -> int:
    if name not in D.CARD_IDS:
        raise IllegalCommand(UNKNOWN_CARD, "There is no such card.", "Taková karta neexistuje.")
    return D.CARD_IDS.index(name)


def _need_card(s: State, seat: int, card: int) -> None:
    if not s.hands[seat][card]:
        en, cs = W.CARD[D.CARD_IDS[card]]
        raise IllegalCommand(
            CARD_NOT_IN_HAND,
            f"You do not hold the card {en}.",
            f"Kartu {cs} v ruce nemáte.",
        )


def _check_row(s: State, seat: int, row: int) -> None:
    refusal = row_refusal(s, seat, row)
    if refusal is not None:
        raise refusal


def _shop_refusal(s: State, seat: int, shop: int, quarter: int | None) -> IllegalCommand | None:
    if not 0 <= shop < D.N_SHOPS:
        return IllegalCommand(NO_SUCH_SHOP, "There is no such shop.", "Takový stánek neexistuje.")
    if s.owner[shop] >= 0:
        return IllegalCommand(
            SHOP_OCCUPIED, "That shop already holds a cube.", "Ve stánku už kostička je."
        )
    souk = D.SHOP_SOUK[shop]
    if quarter is not None and D.SOUK_QUARTER[souk] != quarter:
        return IllegalCommand(
            WRONG_QUARTER,
            "Cubes go to the quarter with the same symbol as the chosen tower row.",
            "Kostičky patří do čtvrti se stejným symbolem, jaký má zvolený řádek věže.",
        )
    if any(s.owner[sh] not in (-1, seat) for sh in D.SOUK_SHOPS[souk]):
        return IllegalCommand(
            SOUK_OF_ANOTHER_PLAYER,
            "You may not put a cube in a souk another player has begun.",
            "Do bazaru, který začal obsazovat jiný hráč, kostičku dát nesmíte.",
        )
    if quarter is not None and shop not in market_targets(s, seat, quarter):
        return IllegalCommand(
            FINISH_BEGUN_SOUK_FIRST,
            "A souk you have begun must be filled before you start an empty one.",
            "Nejdřív zaplňte bazar, který jste začali, a teprve potom začněte prázdný.",
        )
    return None


def _cmd_roll(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if s.phase != ROLL:
        raise _wrong_phase("Rolling the dice", "Házet kostkami")
    yellow = cmd["yellow"]
    if not 0 <= yellow <= D.YELLOW_DICE:
        raise IllegalCommand(
            TOO_MANY_YELLOW, "You may buy 0 to 3 yellow dice.", "Koupit smíte 0 až 3 žluté kostky."
        )
    if yellow > s.money[seat]:
        raise IllegalCommand(
            NOT_ENOUGH_GOLD, "Each yellow die costs 1 gold.", "Každá žlutá kostka stojí 1 peníz."
        )
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
    if not cards_playable(s, seat):
        if s.phase == CARAVAN:
            raise IllegalCommand(
                NOT_YOUR_OWN_TURN,
                "Cards are played in your own turn, not in the mover's.",
                "Karty se hrají ve vašem vlastním tahu, ne v tahu hráče, který je na řadě.",
            )
        raise _wrong_phase("Playing a card", "Hrát kartu")
    card = _card_index(cmd["card"])
    _need_card(s, seat, card)
    if card in (D.CARD_NO_CAMELS, D.CARD_NO_GOLD):
        raise IllegalCommand(
            CARD_ONLY_WITH_BUILDING,
            "This card is played together with building a building.",
            "Tato karta se hraje spolu se stavbou budovy.",
        )
    wants_amount = card in (D.CARD_SWAP, D.CARD_GOLD_VP, D.CARD_CAMELS_VP)
    if wants_amount != ("amount" in cmd):
        en, cs = W.CARD[cmd["card"]]
        if wants_amount:
            raise Malformed(f"The card {en} needs an amount.", f"Karta {cs} potřebuje počet.")
        raise Malformed(f"The card {en} takes no amount.", f"Karta {cs} žádný počet nebere.")
    if (card == D.CARD_SOUK) != ("shop" in cmd):
        en, cs = W.CARD[cmd["card"]]
        if card == D.CARD_SOUK:
            raise Malformed(f"The card {en} needs a shop.", f"Karta {cs} potřebuje stánek.")
        raise Malformed(f"The card {en} takes no shop.", f"Karta {cs} žádný stánek nebere.")
    event: Event = {"type": "CardPlayed", "seat": seat, "card": cmd["card"]}
    amount = cmd.get("amount", 0)
    if card == D.CARD_SWAP:
        if amount == 0:
            raise IllegalCommand(
                BAD_AMOUNT,
                "Exchange at least one gold or camel.",
                "Vyměňte alespoň jeden peníz nebo velblouda.",
            )
        if amount > s.money[seat]:
            raise IllegalCommand(
                NOT_ENOUGH_GOLD,
                "You cannot exchange more gold than you have.",
                "Nemůžete vyměnit víc peněz, než máte.",
            )
        if -amount > s.camels[seat]:
            raise IllegalCommand(
                NOT_ENOUGH_CAMELS,
                "You cannot exchange more camels than you have.",
                "Nemůžete vyměnit víc velbloudů, než máte.",
            )
        event["amount"] = amount
    elif card == D.CARD_GOLD_VP:
        if not 1 <= amount <= D.GOLD_VP_MAX:
            raise IllegalCommand(
                BAD_AMOUNT,
                "This card turns 1 to 10 gold into points.",
                "Tato karta mění 1 až 10 peněz na body.",
            )
        if amount > s.money[seat]:
            raise IllegalCommand(
                NOT_ENOUGH_GOLD, "You do not have that much gold.", "Tolik peněz nemáte."
            )
        event["amount"] = amount
    elif card == D.CARD_CAMELS_VP:
        if not 1 <= amount <= D.CAMELS_VP_MAX:
            raise IllegalCommand(
                BAD_AMOUNT,
                "This card turns 1 to 4 camels into 2 points each.",
                "Tato karta mění 1 až 4 velbloudy na body, 2 za každého.",
            )
        if amount > s.camels[seat]:
            raise IllegalCommand(
                NOT_ENOUGH_CAMELS, "You do not have that many camels.", "Tolik velbloudů nemáte."
            )
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
        raise _wrong_phase("Discarding a card for the row action", "Odhodit kartu pro akci řádku")
    card = _card_index(cmd["card"])
    _need_card(s, seat, card)
    if not usable_rows(s, seat):
        raise IllegalCommand(
            NO_ROW_FOR_BONUS,
            "There is no row left whose action a card could raise.",
            "Nezbývá žádný řádek, jehož akci by karta mohla zvýšit.",
        )
    out.emit({"type": "BonusCardDiscarded", "seat": seat, "card": cmd["card"]})


def _no_bonus_pending(s: State) -> None:
    if s.bonus:
        raise IllegalCommand(
            BONUS_ONLY_FOR_ROW_ACTION,
            "Cards discarded for +1 only raise a row action: take a row's action now.",
            "Karty odhozené za +1 zvyšují jen akci řádku: teď proveďte akci některého řádku.",
        )


def _cmd_move_supervisor(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if s.phase != ACTION:
        raise _wrong_phase("Moving the supervisor", "Posunout dozorce")
    _no_bonus_pending(s)
    row, to = cmd["row"], cmd["to"]
    _check_row(s, seat, row)
    if not 0 <= to < D.N_CELL_IDS or D.DISTANCE[s.supervisor][to] < 0:
        raise IllegalCommand(
            NO_SUCH_CELL, "There is no such space on the path.", "Takové pole na cestě není."
        )
    if to == s.supervisor:
        raise IllegalCommand(
            SUPERVISOR_SAME_CELL,
            "The supervisor may not end on the space where it started.",
            "Dozorce nesmí skončit na poli, odkud vyšel.",
        )
    cost = move_cost(s, seat, row, to)
    if cost > s.money[seat]:
        raise IllegalCommand(
            NOT_ENOUGH_GOLD,
            f"Changing the move by that much costs {cost} gold, more than you have.",
            f"Takový posun navíc stojí {_cs_count(cost, W.GOLD)}, víc, než máte.",
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
        raise _wrong_phase("Taking a row's action", "Provést akci řádku")
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
        raise _wrong_phase("Drawing a card as your action", "Dobrat kartu jako akci")
    _no_bonus_pending(s)
    row = cmd.get("row")
    if row is None:
        if usable_rows(s, seat):
            raise IllegalCommand(
                ROW_REQUIRED,
                "Drawing a card uses a row while any row can still be used.",
                "Dokud lze některý řádek využít, dobrání karty ho spotřebuje.",
            )
    else:
        _check_row(s, seat, row)
    _draw(out, seat, row, "action")
    _maybe_end_turn(out)


def _cmd_choose_inspection(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if s.phase != INSPECT:
        raise _wrong_phase("Choosing the next inspected shop", "Vybrat další kontrolovaný stánek")
    shop = cmd["shop"]
    if shop not in s.inspect:
        raise IllegalCommand(
            SHOP_NOT_INSPECTED,
            "That shop is not next to the supervisor or was already handled.",
            "Tento stánek nesousedí s dozorcem, nebo už byl vyřízen.",
        )
    owner = s.owner[shop]
    if s.camels[owner] > 0 and not s.out[owner]:
        out.emit({"type": "InspectionChosen", "seat": seat, "shop": shop, "owner": owner})
        return
    _enter_caravan(out, owner, "shop", shop)
    _continue_inspection(out)


def _cmd_send_to_caravan(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if s.phase != CARAVAN:
        raise _wrong_phase("Sending a cube to the caravan", "Poslat kostičku do karavany")
    source = cmd["source"]
    if source not in ("shop", "supply"):
        raise Malformed(
            "A cube goes to the caravan from the shop or from your supply.",
            "Kostička jde do karavany ze stánku, nebo z vaší zásoby.",
        )
    if source == "supply" and s.camels[seat] < 1:
        raise IllegalCommand(
            NOT_ENOUGH_CAMELS,
            "Sending a cube from your supply costs 1 camel.",
            "Poslat kostičku z vaší zásoby stojí 1 velblouda.",
        )
    _enter_caravan(out, seat, source, s.inspecting)
    _continue_inspection(out)


def _cmd_place_cube(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if s.phase != PLACE:
        raise _wrong_phase("Placing a market cube", "Položit kostičku na tržiště")
    refusal = _shop_refusal(s, seat, cmd["shop"], s.place_quarter)
    if refusal is not None:
        raise refusal
    out.emit({"type": "CubePlaced", "seat": seat, "shop": cmd["shop"]})
    _maybe_end_turn(out)


def _cmd_build(s: State, seat: int, cmd: Command, out: _Out) -> None:
    if not all(isinstance(c, str) for c in cmd.get("cards", [])):
        raise Malformed(
            "A build names the cards played with it.", "Stavba uvádí karty, které se s ní hrají."
        )
    if s.phase not in (ACTION, AFTER):
        raise _wrong_phase("Building", "Stavět")
    if published_two_player(s) and s.phase == AFTER:
        raise IllegalCommand(
            ONE_BUILDING_PER_TURN,
            "With two players, building replaces your action of the turn.",
            "Ve dvou hráčích stavba nahrazuje vaši akci v tahu.",
        )
    if not published_two_player(s) and s.phase == ACTION:
        raise _wrong_phase("Building before your action", "Stavět před vaší akcí")
    if s.built:
        raise IllegalCommand(
            ONE_BUILDING_PER_TURN,
            "You may build only one building a turn.",
            "Za tah smíte postavit jen jednu budovu.",
        )
    if s.phase == ACTION:
        _no_bonus_pending(s)
    name = cmd["building"]
    if name not in D.BUILDING_IDS:
        raise IllegalCommand(
            UNKNOWN_BUILDING, "There is no such building.", "Taková budova neexistuje."
        )
    b = D.BUILDING_IDS.index(name)
    if has_building(s, seat, b):
        raise IllegalCommand(
            BUILDING_ALREADY_BUILT,
            "You have already built that building.",
            "Tuto budovu už máte postavenou.",
        )
    names = cmd.get("cards", [])
    cards = [_card_index(c) for c in names]
    if len(set(cards)) != len(cards) or any(
        c not in (D.CARD_NO_CAMELS, D.CARD_NO_GOLD) for c in cards
    ):
        raise IllegalCommand(
            CARD_HAS_NO_EFFECT,
            f"Only the cards {W.CARD[D.CARD_IDS[D.CARD_NO_CAMELS]][0]} and "
            f"{W.CARD[D.CARD_IDS[D.CARD_NO_GOLD]][0]}, once each, help a build.",
            f"Stavbě pomáhají jen karty {W.CARD[D.CARD_IDS[D.CARD_NO_CAMELS]][1]} a "
            f"{W.CARD[D.CARD_IDS[D.CARD_NO_GOLD]][1]}, každá jednou.",
        )
    for c in cards:
        _need_card(s, seat, c)
    base_camels, base_gold = D.BUILDING_COST[b]
    if (D.CARD_NO_CAMELS in cards and not base_camels) or (
        D.CARD_NO_GOLD in cards and not base_gold
    ):
        raise IllegalCommand(
            CARD_HAS_NO_EFFECT,
            "That card would waive a cost the building lacks.",
            "Tato karta by odpustila cenu, kterou budova nemá.",
        )
    camels, gold = building_price(b, cards)
    if camels > s.camels[seat]:
        raise IllegalCommand(
            NOT_ENOUGH_CAMELS,
            f"That building costs {camels} camels.",
            f"Tato budova stojí {_cs_count(camels, W.CAMELS_ACC)}.",
        )
    if gold > s.money[seat]:
        raise IllegalCommand(
            NOT_ENOUGH_GOLD,
            f"That building costs {gold} gold.",
            f"Tato budova stojí {_cs_count(gold, W.GOLD)}.",
        )
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
        raise _wrong_phase("Ending the turn before your action", "Ukončit tah před vaší akcí")
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
        raise IllegalCommand(GAME_OVER, "The game is over.", "Hra skončila.")
    if seat not in active_seats(s):
        raise IllegalCommand(NOT_YOUR_TURN, "It is not your turn.", "Nejste na tahu.")
    spec = check_command_shape(COMMAND_SPECS, command)
    out = _Out(s, rng)
    HANDLERS[spec.type](s, seat, command, out)
    return out.events


def forfeit(s: State, seat: int) -> list[Event]:
    """The seat leaves: its cubes stay on the board, it never acts again, and it ranks last.

    Its cubes stay subject to inspection like everyone's ("každý hráč, který má na s figurkou
    sousedícím poli tržiště svou kostičku, umístí buď tuto kostičku, nebo za 1 velblouda svou
    kostičku ze zásoby"): nobody pays a camel for a departed owner, so the shop's cube itself
    goes to the caravan, as for an owner without camels - also a cube whose choice was pending
    when its owner left (rules version 2; version 1 let the cubes under inspection at that
    moment stay in their shops). A departed owner draws no card for building 4, so a forfeit
    never draws and nothing random happens here."""
    if s.phase == OVER or s.out[seat]:
        return []
    own_turn = s.phase in (ACTION, INSPECT, CARAVAN, PLACE, AFTER) and s.actor() == seat
    out = _Out(s, None)
    pending = s.phase == CARAVAN and s.owner[s.inspecting] == seat
    if pending and s.rules_version >= 2:
        _enter_caravan(out, seat, "shop", s.inspecting, draw=False)
    out.emit({"type": "SeatForfeited", "seat": seat})
    if sum(not x for x in out.s.out) <= 1:
        out.emit({"type": "GameEnded", "scores": out.s.vp[:]})
        return out.events
    if own_turn:
        # The mover leaves: the turn ends there, an inspection under way with it.
        finish_turn(out)
    elif pending and s.rules_version >= 2:
        # The mover names the next inspected shop with choose_inspection, or, if nothing is
        # left to do, the turn ends by itself (never a draw here: no randomness in a forfeit).
        _maybe_end_turn(out)
    return out.events
