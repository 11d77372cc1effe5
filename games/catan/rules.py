"""The rules' entry point: ``execute`` checks a command against the rules and returns its events
(never changing the state). The legality queries and the listing are in ``legal.py``, the opening
events in ``setup.py``, points and the outcome in ``scoring.py``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.base import GAME_OVER, NOT_YOUR_TURN, IllegalCommand, Malformed, check_command_shape
from games.catan import annotate as A
from games.catan import commands as C
from games.catan import words as W
from games.catan.commands import well_formed
from games.catan.data import (
    CARD_NAMES,
    COST_CITY,
    COST_ROAD,
    COST_SETTLEMENT,
    DEV_CARDS,
    KNIGHT,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    MONOPOLY,
    RES_INDEX,
    RESOURCES,
    ROAD_BUILDING,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
)
from games.catan.data_board import N_EDGES, N_HEXES, N_NODES, NODE_EDGES, NODE_HEXES
from games.catan.events_awards import road_edges
from games.catan.legal import (
    SETTLEMENTS_FOR_FIRST_CITY,
    WAR_KNIGHT_BONUS,
    WAR_REPARATIONS,
    WAR_SPOILS,
    can_buy_dev,
    can_pay,
    can_place_road,
    card_count,
    draft_limits,
    free_spot,
    harbour_ratios,
    is_active,
    may_play_dev,
    offer_cap_left,
    playable,
    robber_victims,
    touches_own_road,
    trade_partners,
    war_army,
    war_bonus,
    war_pay_cards,
    war_targets,
)
from games.catan.state import (
    DISCARD,
    MAIN,
    OVER,
    ROBBER,
    ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    START_CHOICE,
    WAR_DEFEND,
    WAR_PAY,
    WAR_ROBBER,
    WAR_TAKE,
    State,
)
from games.catan.state import (
    ROAD_BUILDING as PHASE_ROAD_BUILDING,
)

Event = dict[str, Any]
Command = dict[str, Any]


def _refuse(code: str, message: str, cs: str) -> IllegalCommand:
    return IllegalCommand(code, message, cs)


# What a refusal says one may not do yet, in Czech (the infinitive after "nemůžete").
_WHAT_CS = {
    "build a settlement": "stavět osadu",
    "build a road": "stavět cestu",
    "build a city": "stavět město",
    "buy a development card": "koupit akční kartu",
    "choose your starting resources": "vybrat si počáteční suroviny",
    "discard": "odhazovat karty",
    "move the robber": "přesunout zloděje",
    "lay out a point card": "vyložit kartu s vítězným bodem",
    "trade": "obchodovat",
    "make a trade offer": "nabídnout obchod",
    "withdraw an offer": "stáhnout nabídku",
    "end your turn": "ukončit tah",
    "declare war": "vyhlásit válku",
    "defend": "bránit se",
    "hand over war spoils": "odevzdat válečnou kořist",
    "take a card": "vzít si kartu",
    "play a knight": "zahrát rytíře",
    "play Road Building": "zahrát kartu Stavba silnic",
    "play Year of Plenty": "zahrát kartu Vynález",
    "play Monopoly": "zahrát kartu Monopol",
}
# The places a command names by number: "There is no such corner."
_NO_SUCH = {
    "corner": ("There is no such corner.", "Takový roh neexistuje."),
    "edge": ("There is no such edge.", "Taková hrana neexistuje."),
    "hex": ("There is no such hex.", "Takové pole neexistuje."),
}


def _phase_error(what: str) -> IllegalCommand:
    return _refuse(C.WRONG_PHASE, f"You cannot {what} now.", f"Teď nemůžete {_WHAT_CS[what]}.")


def _int_in(value: int, size: int, code: str, what: str) -> None:
    if not 0 <= value < size:
        raise _refuse(code, *_NO_SUCH[what])


def _resource(name: str) -> int:
    r = RES_INDEX.get(name)
    if r is None:
        raise _refuse(
            C.BAD_CARD,
            "That is not a resource (brick, lumber, wool, grain, ore).",
            "To není surovina (cihla, dřevo, vlna, obilí, ruda).",
        )
    return r


def _card(name: str) -> str:
    if name not in CARD_NAMES:
        raise _refuse(C.BAD_CARD, "There is no such card.", "Taková karta neexistuje.")
    return name


def _card_words(name: str) -> tuple[str, str]:
    """A card by its name in the game: "brick" / "cihla", "Monopoly" / "Monopol"."""
    return W.RESOURCE_NAMES.get(name) or W.DEV_NAMES[name]


def _no_card(name: str) -> IllegalCommand:
    en, cs = _card_words(name)
    return _refuse(C.NO_SUCH_CARD, f"You have no {en} card.", f"Takovou kartu nemáte: {cs}.")


def _need(hand: list[int], cost: list[int], what: str) -> None:
    if not can_pay(hand, cost):
        raise _refuse(
            C.CANNOT_AFFORD,
            f"You do not have the resources to {what}.",
            f"Nemáte dost surovin, abyste mohli {_WHAT_CS[what]}.",
        )


def _in_main(s: State, seat: int, what: str) -> None:
    """Building and trading happen after the roll (variant clarification, standard turn order),
    on the player's own turn, outside a draft."""
    if seat != s.current:
        raise _phase_error(what)
    if s.phase == ROLL:
        raise _refuse(
            C.NOT_ROLLED,
            f"You must roll the dice before you {what}.",
            f"Nejdřív hoďte kostkami, teprve potom můžete {_WHAT_CS[what]}.",
        )
    if s.phase != MAIN:
        raise _phase_error(what)
    if s.drafts[seat] is not None:
        raise _refuse(
            C.DRAFT_OPEN,
            "Send or cancel the offer you are composing first.",
            "Nejdřív odešlete nebo zrušte nabídku, kterou sestavujete.",
        )


# -- building ------------------------------------------------------------------------------


def _build_settlement(s: State, seat: int, cmd: Command, _rng: random.Random) -> list[Event]:
    node = cmd["node"]
    if s.phase == SETUP_SETTLEMENT:
        _int_in(node, N_NODES, C.BAD_NODE, "corner")
        if not free_spot(s, node):
            raise _refuse(
                C.DISTANCE_RULE,
                "A settlement needs an empty corner with no building on the three next to it.",
                "Osada potřebuje volný roh, na jehož třech sousedních rozích nestojí žádná stavba.",
            )
        return [_settlement_event(s, seat, node, True)]
    _in_main(s, seat, "build a settlement")
    _int_in(node, N_NODES, C.BAD_NODE, "corner")
    if s.settlements[seat] >= MAX_SETTLEMENTS:
        raise _refuse(
            C.NO_PIECES,
            "You have no settlement left in your supply.",
            "V zásobě vám nezbyla žádná osada.",
        )
    _need(s.res[seat], COST_SETTLEMENT, "build a settlement")
    if not free_spot(s, node):
        raise _refuse(
            C.DISTANCE_RULE,
            "A settlement needs an empty corner with no building on the three next to it.",
            "Osada potřebuje volný roh, na jehož třech sousedních rozích nestojí žádná stavba.",
        )
    if not touches_own_road(s, seat, node):
        raise _refuse(
            C.NOT_CONNECTED,
            "A settlement must touch one of your roads.",
            "Osada musí stát u některé z vašich cest.",
        )
    return [_settlement_event(s, seat, node, False)]


def _settlement_event(s: State, seat: int, node: int, free: bool) -> Event:
    event = {"type": "SettlementBuilt", "seat": seat, "node": node, "free": free}
    return A.at_node(s, A.settlement_built(s, event, seat, node), node)


def _build_road(s: State, seat: int, cmd: Command, _rng: random.Random) -> list[Event]:
    edge = cmd["edge"]
    if s.phase == SETUP_ROAD:
        _int_in(edge, N_EDGES, C.BAD_EDGE, "edge")
        if s.edge_owner[edge] != -1:
            raise _refuse(C.OCCUPIED, "That edge already has a road.", "Na této hraně už cesta je.")
        if edge not in NODE_EDGES[s.setup_node]:
            raise _refuse(
                C.NOT_CONNECTED,
                "The set-up road must touch the settlement just placed.",
                "Cesta v přípravě musí vést od právě postavené osady.",
            )
        return [_road_event(s, seat, edge, True), *_standard_start_resources(s, seat)]
    free = s.phase == PHASE_ROAD_BUILDING and seat == s.current
    if not free:
        _in_main(s, seat, "build a road")
    _int_in(edge, N_EDGES, C.BAD_EDGE, "edge")
    if s.roads[seat] >= MAX_ROADS:
        raise _refuse(
            C.NO_PIECES,
            "You have no road left in your supply.",
            "V zásobě vám nezbyla žádná cesta.",
        )
    if not free:
        _need(s.res[seat], COST_ROAD, "build a road")
    if s.edge_owner[edge] != -1:
        raise _refuse(C.OCCUPIED, "That edge already has a road.", "Na této hraně už cesta je.")
    if not can_place_road(s, seat, edge):
        raise _refuse(
            C.NOT_CONNECTED,
            "A road must join your road or building, and cannot pass an opponent's building.",
            "Cesta musí navazovat na vaši cestu nebo stavbu a nesmí vést přes stavbu soupeře.",
        )
    return [_road_event(s, seat, edge, free)]


def _road_event(s: State, seat: int, edge: int, free: bool) -> Event:
    event = {"type": "RoadBuilt", "seat": seat, "edge": edge, "free": free}
    return A.at_edge(s, A.road_built(s, event, seat, edge), edge)


def _standard_start_resources(s: State, seat: int) -> list[Event]:
    """Standard rules: the last settlement placed in the set-up pays one card per hex. Variant
    rule 3 replaces this by a choice once everybody has placed."""
    if s.options["choose_start_resources"]:
        return []
    if seat in s.setup_steps[s.setup_index + 1 :]:
        return []
    return [_start_event(s, seat, s.setup_node)]


def _start_event(s: State, seat: int, node: int) -> Event:
    gains = [0] * 5
    for h in _node_hexes(node):
        r = s.hex_res[h]
        if r >= 0:
            gains[r] += 1
    event = {"type": "StartingResourcesTaken", "seat": seat, "node": node, "gains": gains}
    return A.at_node(s, event, node)


def _node_hexes(node: int) -> list[int]:
    return list(NODE_HEXES[node])


def _choose_start(s: State, seat: int, cmd: Command, _rng: random.Random) -> list[Event]:
    if s.phase != START_CHOICE:
        raise _phase_error("choose your starting resources")
    node = cmd["node"]
    if node not in s.setup_nodes[seat]:
        raise _refuse(
            C.NOT_A_START_SETTLEMENT,
            "Choose one of your set-up settlements.",
            "Vyberte jednu z osad postavených v přípravě.",
        )
    return [_start_event(s, seat, node)]


def _build_city(s: State, seat: int, cmd: Command, _rng: random.Random) -> list[Event]:
    _in_main(s, seat, "build a city")
    node = cmd["node"]
    _int_in(node, N_NODES, C.BAD_NODE, "corner")
    if s.cities[seat] >= MAX_CITIES:
        raise _refuse(
            C.NO_PIECES,
            "You have no city left in your supply.",
            "V zásobě vám nezbylo žádné město.",
        )
    _need(s.res[seat], COST_CITY, "build a city")
    if s.node_owner[node] != seat or s.node_level[node] != 1:
        raise _refuse(
            C.NOT_YOUR_SETTLEMENT,
            "A city replaces one of your settlements.",
            "Město nahrazuje jednu z vašich osad.",
        )
    if (
        s.options["city_needs_three_settlements"]
        and s.cities[seat] == 0
        and s.settlements[seat] < SETTLEMENTS_FOR_FIRST_CITY
    ):
        raise _refuse(
            C.FIRST_CITY_TOO_EARLY,
            "Rule 8: your first city needs three settlements on the board.",
            "Pravidlo 8: vaše první město vyžaduje tři osady na ostrově.",
        )
    return [A.at_node(s, {"type": "CityBuilt", "seat": seat, "node": node}, node)]


def _buy_dev(s: State, seat: int, _cmd: Command, _rng: random.Random) -> list[Event]:
    _in_main(s, seat, "buy a development card")
    if not s.deck:
        raise _refuse(
            C.DECK_EMPTY, "The development deck is empty.", "Balíček akčních karet je prázdný."
        )
    if not can_buy_dev(s, seat):
        raise _refuse(
            C.CANNOT_AFFORD,
            "A development card costs ore, wool and grain.",
            "Akční karta stojí rudu, vlnu a obilí.",
        )
    return [{"type": "DevelopmentCardBought", "seat": seat, "card": DEV_CARDS[s.deck[-1]]}]


# -- dice and robber -----------------------------------------------------------------------


def _roll(s: State, seat: int, _cmd: Command, rng: random.Random) -> list[Event]:
    if s.phase != ROLL:
        raise _refuse(
            C.ALREADY_ROLLED, "You have already rolled this turn.", "V tomto tahu už jste házeli."
        )
    roll = rng.random  # two dice, as _die draws them (inlined: every turn rolls)
    a = int(roll() * 6) + 1
    b = int(roll() * 6) + 1
    return [{"type": "DiceRolled", "seat": seat, "dice": [a, b], "gains": production(s, a + b)}]


def _die(rng: random.Random) -> int:
    return int(rng.random() * 6) + 1


def production(s: State, total: int) -> list[list[int] | None] | None:
    """What each seat receives for a roll (None: nothing); None for a 7. Bank shortage (standard
    rules): when the bank cannot pay everyone a resource, a single receiver gets what is left,
    several get none."""
    if total == 7:
        return None
    owed: list[list[int] | None] = [None] * s.n
    node_owner, node_level, forfeited, robber = s.node_owner, s.node_level, s.forfeited, s.robber
    need = [0, 0, 0, 0, 0]  # all that is owed of each resource
    for h, r, nodes in s.by_number[total]:
        if h == robber:
            continue
        for node in nodes:
            p = node_owner[node]
            if p != -1 and not forfeited[p]:
                gains = owed[p]
                if gains is None:
                    gains = owed[p] = [0, 0, 0, 0, 0]
                level = node_level[node]
                gains[r] += level
                need[r] += level
    bank = s.bank
    for r in range(5):
        if need[r] > bank[r]:
            takers = [g for g in owed if g is not None and g[r]]
            if len(takers) == 1:
                takers[0][r] = bank[r]
            else:
                for g in takers:
                    g[r] = 0
    return owed


def _discard(s: State, seat: int, cmd: Command, _rng: random.Random) -> list[Event]:
    if s.phase != DISCARD or s.discard_left[seat] <= 0:
        raise _phase_error("discard")
    name = _card(cmd["card"])
    if name in DEV_CARDS and not s.options["seven_counts_development_cards"]:
        raise _refuse(
            C.BAD_CARD,
            "Only resource cards are discarded after a 7.",
            "Po sedmičce se odhazují jen karty surovin.",
        )
    if card_count(s, seat, name) <= 0:
        raise _no_card(name)
    return [{"type": "CardDiscarded", "seat": seat, "card": name}]


def _move_robber(s: State, seat: int, cmd: Command, rng: random.Random) -> list[Event]:
    if s.phase != ROBBER or seat != s.current:
        raise _phase_error("move the robber")
    h = cmd["hex"]
    _int_in(h, N_HEXES, C.BAD_HEX, "hex")
    victim = cmd.get("victim")
    if h == s.robber:
        if not s.options["robber_may_stay"]:
            raise _refuse(
                C.ROBBER_MUST_MOVE,
                "The robber must move to another hex.",
                "Zloděj se musí přesunout na jiné pole.",
            )
        if victim is not None:
            raise _refuse(
                C.BAD_VICTIM,
                "A robber left in place steals nothing.",
                "Zloděj, který zůstane na místě, nic nekrade.",
            )
        return [A.at_hex(s, {"type": "RobberMoved", "seat": seat, "hex": h}, h)]
    victims = robber_victims(s, seat, h)
    events: list[Event] = [A.at_hex(s, {"type": "RobberMoved", "seat": seat, "hex": h}, h)]
    if not victims:
        if victim is not None:
            raise _refuse(
                C.BAD_VICTIM,
                "Nobody next to that hex can be robbed.",
                "U tohoto pole není nikdo, koho by šlo okrást.",
            )
        return events
    if victim is None:
        if s.options["theft_optional"]:
            return events  # "chce okrást": robbing is the player's wish (clarification)
        raise _refuse(
            C.VICTIM_REQUIRED,
            "Name the player next to that hex you steal from.",
            "Určete hráče u tohoto pole, kterého okradete.",
        )
    if victim not in victims:
        raise _refuse(
            C.BAD_VICTIM,
            "You can only rob a player with a building next to that hex.",
            "Okrást můžete jen hráče, který má u tohoto pole stavbu.",
        )
    events.append(_steal(s, seat, victim, rng))
    return events


def _steal(s: State, thief: int, victim: int, rng: random.Random) -> Event:
    """A random card from the victim's hand; development cards too with the clarification."""
    pool = list(s.res[victim])
    if s.options["steal_development_cards"]:
        pool += s.dev[victim]
    pick = rng.randrange(sum(pool))
    kind = 0
    while pick >= pool[kind]:
        pick -= pool[kind]
        kind += 1
    return {"type": "CardStolen", "seat": thief, "victim": victim, "card": CARD_NAMES[kind]}


# -- development cards ---------------------------------------------------------------------


def _check_dev(s: State, seat: int, kind: int, what: str) -> None:
    if seat != s.current or s.phase not in (ROLL, MAIN):
        raise _phase_error(what)
    if s.drafts[seat] is not None:
        raise _refuse(
            C.DRAFT_OPEN,
            "Send or cancel the offer you are composing first.",
            "Nejdřív odešlete nebo zrušte nabídku, kterou sestavujete.",
        )
    if s.dev[seat][kind] <= 0:
        raise _no_card(DEV_CARDS[kind])
    if playable(s, seat, kind) <= 0:
        raise _refuse(
            C.CARD_TOO_NEW,
            "A development card cannot be played the turn it is gained.",
            "Akční kartu nelze zahrát v tahu, kdy jste ji získali.",
        )
    if s.dev_ban:
        raise _refuse(
            C.DEV_BANNED,
            "Rule 6.c: after defending with a knight you play no card this turn.",
            "Pravidlo 6.c: po obraně rytířem už v tomto tahu žádnou kartu nehrajete.",
        )
    if not may_play_dev(s, seat):
        raise _refuse(
            C.ONE_CARD_PER_TURN,
            "You may play only one development card per turn.",
            "Za tah smíte zahrát jen jednu akční kartu.",
        )


def _play_knight(s: State, seat: int, _cmd: Command, _rng: random.Random) -> list[Event]:
    _check_dev(s, seat, KNIGHT, "play a knight")
    event: Event = {"type": "KnightPlayed", "seat": seat}
    return A.army_changed(s, [event], [(event, {seat: 1})])


def _play_road_building(s: State, seat: int, _cmd: Command, _rng: random.Random) -> list[Event]:
    _check_dev(s, seat, ROAD_BUILDING, "play Road Building")
    if s.phase == ROLL and s.options["no_road_building_before_roll"]:
        raise _refuse(
            C.ROAD_BUILDING_BEFORE_ROLL,
            "Road Building cannot be played before the roll.",
            "Kartu Stavba silnic nelze zahrát před hodem.",
        )
    if s.roads[seat] >= MAX_ROADS or not road_edges(s, seat):
        raise _refuse(
            C.NO_ROAD_SPOT, "You have no road to place.", "Nemáte žádnou cestu k postavení."
        )
    return [{"type": "RoadBuildingPlayed", "seat": seat}]


def _play_yop(s: State, seat: int, cmd: Command, _rng: random.Random) -> list[Event]:
    _check_dev(s, seat, YEAR_OF_PLENTY, "play Year of Plenty")
    names = cmd["resources"]
    if len(names) != 2 or not all(isinstance(x, str) for x in names):
        raise Malformed("Year of Plenty takes two resources.", "Karta Vynález bere dvě suroviny.")
    a, b = _resource(names[0]), _resource(names[1])
    need = [0] * 5
    need[a] += 1
    need[b] += 1
    if not can_pay(s.bank, need):
        raise _refuse(
            C.BANK_SHORT, "The bank does not have those resources.", "Banka tyto suroviny nemá."
        )
    return [{"type": "YearOfPlentyPlayed", "seat": seat, "resources": [names[0], names[1]]}]


def _play_monopoly(s: State, seat: int, cmd: Command, _rng: random.Random) -> list[Event]:
    _check_dev(s, seat, MONOPOLY, "play Monopoly")
    r = _resource(cmd["resource"])
    taken = [0 if p == seat else s.res[p][r] for p in range(s.n)]
    return [{"type": "MonopolyPlayed", "seat": seat, "resource": RESOURCES[r], "taken": taken}]


def _lay_point(s: State, seat: int, _cmd: Command, _rng: random.Random) -> list[Event]:
    if not s.options["lay_out_point_cards"]:
        raise _refuse(
            C.NOT_LAID_OUT_OPTION,
            "Point cards are laid out only with rule 5.",
            "Karty s vítězným bodem se vykládají jen s pravidlem 5.",
        )
    if seat != s.current or s.phase not in (ROLL, MAIN) or s.drafts[seat] is not None:
        raise _phase_error("lay out a point card")
    if s.dev[seat][VICTORY_POINT] <= 0:
        raise _refuse(
            C.NO_SUCH_CARD, "You have no point card.", "Nemáte žádnou kartu s vítězným bodem."
        )
    if playable(s, seat, VICTORY_POINT) <= 0:
        raise _refuse(
            C.CARD_TOO_NEW,
            "A point card gained this turn counts only to end the game.",
            "Karta s vítězným bodem získaná v tomto tahu se počítá jen k ukončení hry.",
        )
    return [{"type": "PointCardLaid", "seat": seat}]


# -- trade ---------------------------------------------------------------------------------


def _trade_bank(s: State, seat: int, cmd: Command, _rng: random.Random) -> list[Event]:
    _in_main(s, seat, "trade")
    give, get = _resource(cmd["give"]), _resource(cmd["get"])
    if give == get:
        raise _refuse(
            C.SAME_RESOURCE,
            "Trade one resource for a different one.",
            "Měňte jednu surovinu za jinou.",
        )
    ratio = harbour_ratios(s, seat)[give]
    if s.res[seat][give] < ratio:
        en, cs = W.RESOURCE_NOUNS[RESOURCES[give]].count(ratio)
        raise _refuse(
            C.CANNOT_AFFORD,
            f"You need {en} for this trade.",
            f"Na tento obchod potřebujete {cs}.",
        )
    if s.bank[get] <= 0:
        en, cs = W.RESOURCE_NAMES[RESOURCES[get]]
        raise _refuse(
            C.BANK_SHORT,
            f"The bank has no {en} left.",
            f"Banka už nemá žádnou kartu této suroviny: {cs}.",
        )
    return [
        {
            "type": "BankTraded",
            "seat": seat,
            "give": RESOURCES[give],
            "get": RESOURCES[get],
            "ratio": ratio,
        }
    ]


def _responder_ready(s: State, seat: int) -> dict[str, Any]:
    offer = s.offer
    if s.phase != MAIN or offer is None:
        raise _refuse(
            C.NO_OFFER,
            "There is no open offer to answer.",
            "Není tu žádná otevřená nabídka, na kterou by šlo odpovědět.",
        )
    return offer  # a seat that answered is no longer active (NOT_YOUR_TURN before this)


def _draft_offer(s: State, seat: int, _cmd: Command, _rng: random.Random) -> list[Event]:
    if seat == s.current:
        _in_main(s, seat, "make a trade offer")
        if not offer_cap_left(s):
            limit = s.options["trade_offers_per_turn"]
            raise _refuse(
                C.OFFER_LIMIT,
                f"You may make at most {limit} trade offers per turn.",
                f"Za tah smíte nabídnout obchod nejvýš {limit}krát.",
            )
    else:
        _responder_ready(s, seat)
        if s.drafts[seat] is not None:
            raise _refuse(
                C.DRAFT_OPEN,
                "You are already composing a counter-offer.",
                "Protinabídku už sestavujete.",
            )
    if not any(s.res[seat]):
        raise _refuse(
            C.CANNOT_AFFORD,
            "You have no resource to offer.",
            "Nemáte žádnou surovinu, kterou byste mohli nabídnout.",
        )
    return [{"type": "DraftStarted", "seat": seat}]


def _open_draft(s: State, seat: int) -> list[list[int]]:
    draft = s.drafts[seat]
    if draft is None or s.phase != MAIN:
        raise _refuse(
            C.NO_DRAFT, "You are not composing an offer.", "Žádnou nabídku nesestavujete."
        )
    return draft


def _draft_add(s: State, seat: int, cmd: Command, _rng: random.Random) -> list[Event]:
    give, get = _open_draft(s, seat)
    side = cmd["side"]
    if side not in ("give", "get"):
        raise _refuse(
            C.BAD_SIDE,
            "The side of an offer is give or get.",
            "Nabídka má dvě strany: co dáváte a co chcete.",
        )
    r = _resource(cmd["resource"])
    hand, most = draft_limits(s, seat)
    if side == "give":
        if get[r]:
            raise _refuse(
                C.SAME_RESOURCE,
                "A resource cannot be on both sides of a trade.",
                "Jedna surovina nemůže být na obou stranách obchodu.",
            )
        if give[r] >= hand[r]:
            en, cs = W.RESOURCE_NAMES[RESOURCES[r]]
            raise _refuse(
                C.TOO_MANY,
                f"You do not have more {en} to offer.",
                f"Víc karet této suroviny nabídnout nemůžete: {cs}.",
            )
    else:
        if give[r]:
            raise _refuse(
                C.SAME_RESOURCE,
                "A resource cannot be on both sides of a trade.",
                "Jedna surovina nemůže být na obou stranách obchodu.",
            )
        if sum(get) >= most:
            raise _refuse(
                C.TOO_MANY,
                "No possible partner holds that many cards.",
                "Tolik karet nemá žádný možný partner.",
            )
    return [{"type": "DraftExtended", "seat": seat, "side": side, "resource": RESOURCES[r]}]


def _cancel_draft(s: State, seat: int, _cmd: Command, _rng: random.Random) -> list[Event]:
    _open_draft(s, seat)
    return [{"type": "DraftCancelled", "seat": seat}]


def _send_offer(s: State, seat: int, _cmd: Command, _rng: random.Random) -> list[Event]:
    give, get = _open_draft(s, seat)
    if not any(give) or not any(get):
        raise _refuse(
            C.EMPTY_OFFER,
            "A trade gives and gets at least one card; gifts are not allowed.",
            "Obchod dává i bere alespoň jednu kartu; dary nejsou dovoleny.",
        )
    if seat == s.current:
        return [
            {"type": "OfferMade", "seat": seat, "id": s.offer_seq + 1, "give": give, "get": get}
        ]
    assert s.offer is not None
    return [{"type": "CounterOffered", "seat": seat, "id": s.offer["id"], "give": give, "get": get}]


def _answer(s: State, seat: int, cmd: Command, _rng: random.Random) -> list[Event]:
    if seat == s.current:
        raise _refuse(
            C.NO_OFFER,
            "You cannot answer your own offer.",
            "Na vlastní nabídku odpovídat nemůžete.",
        )
    offer = _responder_ready(s, seat)
    if s.drafts[seat] is not None:
        raise _refuse(
            C.DRAFT_OPEN,
            "Send or cancel your counter-offer first.",
            "Nejdřív odešlete nebo zrušte svou protinabídku.",
        )
    accept = cmd["accept"]
    if accept and not can_pay(s.res[seat], offer["get"]):
        raise _refuse(
            C.CANNOT_AFFORD, "You do not hold the cards asked for.", "Požadované karty nemáte."
        )
    return [{"type": "OfferAnswered", "seat": seat, "id": offer["id"], "accept": accept}]


def _trade_with(s: State, seat: int, cmd: Command, _rng: random.Random) -> list[Event]:
    _in_main(s, seat, "trade")
    partner = cmd["seat"]
    if partner not in trade_partners(s):
        raise _refuse(
            C.NO_PARTNER,
            "That player has not accepted or countered with a trade both can pay.",
            "Tento hráč nepřijal ani nenabídl obchod, který můžete zaplatit oba.",
        )
    offer = s.offer
    if offer is not None and offer["answers"][partner] == "accepted":
        give, get = offer["give"], offer["get"]
    else:
        counter = s.counters[partner]
        assert counter is not None
        give, get = counter[1], counter[0]
    return [{"type": "TradeMade", "seat": seat, "partner": partner, "give": give, "get": get}]


def _withdraw(s: State, seat: int, _cmd: Command, _rng: random.Random) -> list[Event]:
    _in_main(s, seat, "withdraw an offer")
    if s.offer is None:
        raise _refuse(C.NO_OFFER, "You have no open offer.", "Nemáte žádnou otevřenou nabídku.")
    return [{"type": "OfferWithdrawn", "seat": seat, "id": s.offer["id"]}]


def _end_turn(s: State, seat: int, _cmd: Command, _rng: random.Random) -> list[Event]:
    _in_main(s, seat, "end your turn")
    return [A.turn_passed(s, {"type": "TurnEnded", "seat": seat})]


# -- war (variant rule 6) ------------------------------------------------------------------


def _declare_war(s: State, seat: int, cmd: Command, rng: random.Random) -> list[Event]:
    if not s.options["war"]:
        raise _refuse(
            C.NO_WAR, "War is played only with rule 6.", "Válka se hraje jen s pravidlem 6."
        )
    if seat != s.current or s.phase not in (ROLL, MAIN) or s.drafts[seat] is not None:
        raise _phase_error("declare war")
    if s.war_done:
        raise _refuse(
            C.NO_WAR,
            "Rule 6.a: you may wage war only once per turn.",
            "Pravidlo 6.a: válku smíte vést jen jednou za tah.",
        )
    if war_army(s, seat) < 2:
        raise _refuse(
            C.NO_WAR,
            "Rule 6.b: war needs two knights laid out before this turn's knights.",
            "Pravidlo 6.b: válka vyžaduje dva rytíře vyložené před rytíři z tohoto tahu.",
        )
    defender = cmd["defender"]
    if defender not in war_targets(s, seat):
        raise _refuse(
            C.BAD_SEAT,
            "Choose another player still in the game to attack.",
            "Vyberte k útoku jiného hráče, který je ještě ve hře.",
        )
    att = [[_die(rng), _die(rng)] for _ in range(2)]
    dfn = [[_die(rng), _die(rng)] for _ in range(2)]
    bonus = war_bonus(war_army(s, seat), s.knights[defender])
    events: list[Event] = [
        {
            "type": "WarDeclared",
            "seat": seat,
            "defender": defender,
            "attack_rolls": att,
            "defence_rolls": dfn,
            "bonus": bonus,
        }
    ]
    if s.dev[defender][KNIGHT] > 0:
        return events  # the defender decides on a knight from hand (rule 6.c)
    attack = max(sum(r) for r in att) + bonus
    defence = max(sum(r) for r in dfn)
    return events + _decide_war(s, seat, defender, attack, defence, False)


def _decide_war(
    s: State, attacker: int, defender: int, attack: int, defence: int, knight: bool
) -> list[Event]:
    """Rule 6.c: the attacker wins only with more; ties go to the defender."""
    winner = "attacker" if attack > defence else "defender"
    decided: Event = {
        "type": "WarDecided",
        "seat": defender,
        "attacker": attacker,
        "knight": knight,
        "attack": attack,
        "defence": defence,
        "winner": winner,
    }
    events: list[Event] = [decided]
    army: list[tuple[Event, dict[int, int]]] = [(decided, {defender: 1})] if knight else []
    if winner == "attacker":
        # Rule 6.d: 7 cards of the defender's; the defender chooses when holding more.
        cards = _all_cards(s, defender, minus_knight=knight)
        if len(cards) <= WAR_SPOILS:
            events.append(
                {"type": "WarSpoilsTaken", "seat": attacker, "victim": defender, "cards": cards}
            )
    else:
        returned: Event = {"type": "KnightReturned", "seat": attacker}
        events.append(returned)
        army.append((returned, {attacker: -1}))
    return A.army_changed(s, events, army)


def _all_cards(s: State, seat: int, minus_knight: bool = False) -> list[str]:
    out: list[str] = []
    for r in range(5):
        out += [RESOURCES[r]] * s.res[seat][r]
    for k in range(5):
        count = s.dev[seat][k] - (1 if minus_knight and k == KNIGHT else 0)
        out += [DEV_CARDS[k]] * count
    return out


def _defend_war(s: State, seat: int, cmd: Command, _rng: random.Random) -> list[Event]:
    war = s.war
    if s.phase != WAR_DEFEND or war is None:
        raise _phase_error("defend")
    knight = cmd["knight"]  # this step exists only for a defender holding a knight
    defence = war["defence"] + (WAR_KNIGHT_BONUS if knight else 0)
    return _decide_war(s, war["attacker"], seat, war["attack"], defence, knight)


def _war_give(s: State, seat: int, cmd: Command, _rng: random.Random) -> list[Event]:
    war = s.war
    if s.phase != WAR_PAY or war is None:
        raise _phase_error("hand over war spoils")
    name = _card(cmd["card"])
    if name not in war_pay_cards(s, seat):
        en, cs = _card_words(name)
        raise _refuse(
            C.NO_SUCH_CARD,
            f"You have no more {en} cards to hand over.",
            f"Karty tohoto druhu už nemáte co odevzdat: {cs}.",
        )
    events: list[Event] = [{"type": "WarCardChosen", "seat": seat, "card": name}]
    picked = [*war["picked"], name]
    if len(picked) == WAR_SPOILS:
        events.append(
            {"type": "WarSpoilsTaken", "seat": war["attacker"], "victim": seat, "cards": picked}
        )
    return events


def _war_move_robber(s: State, seat: int, cmd: Command, _rng: random.Random) -> list[Event]:
    war = s.war
    if s.phase != WAR_ROBBER or war is None:
        raise _phase_error("move the robber")
    h = cmd["hex"]
    _int_in(h, N_HEXES, C.BAD_HEX, "hex")
    moved = {"type": "RobberMoved", "seat": seat, "hex": h, "war": True}
    events: list[Event] = [A.at_hex(s, moved, h)]
    attacker = war["attacker"]
    cards = _all_cards(s, attacker)
    if len(cards) < WAR_REPARATIONS:
        # Rule 6.e: an attacker who cannot pay both cards gives a second knight and any card left.
        captured: Event = {"type": "KnightCaptured", "seat": seat, "victim": attacker}
        events.append(captured)
        A.army_changed(s, events, [(captured, {attacker: -1, seat: 1})])
        for name in cards:
            events.append({"type": "WarCardTaken", "seat": seat, "victim": attacker, "card": name})
        events.append({"type": "WarEnded", "seat": attacker})
    return events


def _war_take(s: State, seat: int, cmd: Command, _rng: random.Random) -> list[Event]:
    war = s.war
    if s.phase != WAR_TAKE or war is None:
        raise _phase_error("take a card")
    name = _card(cmd["card"])
    attacker = war["attacker"]
    if card_count(s, attacker, name) <= 0:
        en, cs = _card_words(name)
        raise _refuse(
            C.NO_SUCH_CARD,
            f"The attacker has no {en} card.",
            f"Útočník takovou kartu nemá: {cs}.",
        )
    events: list[Event] = [{"type": "WarCardTaken", "seat": seat, "victim": attacker, "card": name}]
    if war["taken"] + 1 >= WAR_REPARATIONS:
        events.append({"type": "WarEnded", "seat": attacker})
    return events


HANDLERS: dict[str, Callable[[State, int, Command, random.Random], list[Event]]] = {
    "build_settlement": _build_settlement,
    "build_road": _build_road,
    "build_city": _build_city,
    "buy_development_card": _buy_dev,
    "choose_start_resources": _choose_start,
    "roll_dice": _roll,
    "discard": _discard,
    "move_robber": _move_robber,
    "play_knight": _play_knight,
    "play_road_building": _play_road_building,
    "play_year_of_plenty": _play_yop,
    "play_monopoly": _play_monopoly,
    "lay_point_card": _lay_point,
    "trade_bank": _trade_bank,
    "draft_offer": _draft_offer,
    "draft_add": _draft_add,
    "cancel_draft": _cancel_draft,
    "send_offer": _send_offer,
    "answer_offer": _answer,
    "trade_with": _trade_with,
    "withdraw_offer": _withdraw,
    "end_turn": _end_turn,
    "declare_war": _declare_war,
    "defend_war": _defend_war,
    "war_give": _war_give,
    "war_move_robber": _war_move_robber,
    "war_take": _war_take,
}
assert set(HANDLERS) == set(C.COMMAND_SPECS)


def forfeit(s: State, seat: int) -> list[Event]:
    """The seat leaves (resignation or timeout); the fold returns its cards (README, Forfeit)."""
    if s.phase == OVER or s.forfeited[seat]:
        return []
    return [A.seat_left(s, {"type": "SeatForfeited", "seat": seat}, seat)]


def execute(s: State, seat: int, command: Command, rng: random.Random) -> list[Event]:
    phase = s.phase
    if phase == OVER:
        raise IllegalCommand(GAME_OVER, "The game is over.", "Hra skončila.")
    # is_active, spelled out (it runs before every command): the player on turn first.
    if not (seat == s.current and phase in (MAIN, ROLL)) and not is_active(s, seat):
        raise IllegalCommand(NOT_YOUR_TURN, "It is not your turn to act.", "Nejste na tahu.")
    if not well_formed(command):
        check_command_shape(C.COMMAND_SPECS, command)  # raises Malformed with the reason
    return HANDLERS[command["type"]](s, seat, command, rng)
