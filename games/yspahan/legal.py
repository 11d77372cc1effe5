"""Who may act (``active_seats``) and everything they may do now (``legal_commands``), with the
queries the rules, the fold and the bots share. Clauses in comments quote the Czech text
(shared/rules/yspahan.cs.txt)."""

from __future__ import annotations

from games.base import Command, IllegalCommand
from games.yspahan import data as D
from games.yspahan.commands import OPTION_PUBLISHED, TWO_PLAYER_RULES
from games.yspahan.events import market_targets
from games.yspahan.state import ACTION, AFTER, CARAVAN, INSPECT, OVER, PLACE, ROLL, State

# Error codes of the row checks (tests import them).
NO_SUCH_ROW = "no_such_row"
ROW_EMPTY = "row_empty"
ROW_ALREADY_USED = "row_already_used"
ROW_ONLY_YELLOW = "row_only_yellow"


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
        return IllegalCommand(
            NO_SUCH_ROW,
            "The tower has six rows, from the camels to the gold.",
            "Věž má šest řádků, od velbloudů po peníze.",
        )
    if s.used[row]:
        return IllegalCommand(
            ROW_ALREADY_USED,
            "That row has already been used this round.",
            "Tento řádek už byl v tomto kole využit.",
        )
    if s.tower_value[row] == 0:
        return IllegalCommand(
            ROW_EMPTY, "A row without dice cannot be used.", "Řádek bez kostek využít nelze."
        )
    if row_dice(s, seat, row) == 0:
        return IllegalCommand(
            ROW_ONLY_YELLOW,
            "Only the first player may use a row holding yellow dice only.",
            "Řádek jen se žlutými kostkami smí využít jen začínající hráč.",
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
    out: list[int] = []
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


def published_two_player(s: State) -> bool:
    """Two players under the publisher's 2-player rules (option two_player_rules, the default;
    matches begun before the option existed played them too)."""
    return s.n == 2 and s.options.get(TWO_PLAYER_RULES, OPTION_PUBLISHED) == OPTION_PUBLISHED


def caravan_per_section(s: State) -> int:
    return D.caravan_per_section(s.n, published_two_player(s))


def can_build_now(s: State) -> bool:
    """One optional building after the action ("poté hráč může provést akci 4."); under the
    published 2-player rules building replaces the dice action instead (NOTES §2)."""
    if published_two_player(s):
        return s.phase == ACTION and s.bonus == 0
    return s.phase == AFTER and not s.built


def cards_playable(s: State, seat: int) -> bool:
    """ "během svého tahu může hráč kdykoliv zahrát jakoukoliv svou kartu, počáteční hráč navíc i
    před hodem kostkami": at any moment of one's own turn - from rules version 2 also between
    the cubes of a market action, while the mover names the next inspected shop, and while
    deciding about one's own inspected cube in one's own turn (version 1 allowed cards only
    before the roll, before the action and after it). Never in another player's turn: an owner
    deciding about an inspected cube in the mover's turn plays none."""
    if s.phase in (ROLL, ACTION, AFTER):
        return True
    if s.rules_version < 2:
        return False
    if s.phase in (PLACE, INSPECT):
        return True
    return s.phase == CARAVAN and seat == s.actor()


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
    cards = card_commands(s, seat) if cards_playable(s, seat) else []
    if phase == INSPECT:
        return [*cards, *({"type": "choose_inspection", "shop": sh} for sh in s.inspect)]
    if phase == CARAVAN:
        out = [*cards, {"type": "send_to_caravan", "source": "shop"}]
        if s.camels[seat] > 0:
            out.append({"type": "send_to_caravan", "source": "supply"})
        return out
    if phase == PLACE:
        return [
            *cards,
            *(
                {"type": "place_cube", "shop": sh}
                for sh in market_targets(s, seat, s.place_quarter)
            ),
        ]
    if phase == AFTER:
        out = card_commands(s, seat)
        out.extend(_build_command(b, cards) for b, cards in build_options(s, seat))
        out.append({"type": "end_turn"})
        return out
    return []
