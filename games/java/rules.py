"""Validating commands into events (``execute``) and listing the legal ones (``legal_commands``).

Every rule clause cites the Czech text (``shared/rules/java.cs.txt``). ``execute`` works on a
clone: each emitted event is folded at once so follow-ups (lakes enclosed, the deck reshuffled,
festival results, the end of the turn and of the game) are computed on the board as it now is.
"""

from __future__ import annotations

import random

from games.base import GAME_OVER, NOT_YOUR_TURN, Command, Event
from games.base import check_command_shape as _check_shape
from games.java import events as ev
from games.java import land
from games.java import words as W
from games.java.commands import NOT_A_SPACE, SPECS, parse_cell, parse_cells
from games.java.data import BOARD, CARD_INDEX, COMPONENTS
from games.java.events import cell_of, next_bidder, pair_of
from games.java.geometry import figure_keys, reach_of, region, sole_best
from games.java.legal import (
    DutyGuard,
    duty_guard,
    festival_calls,
    festival_commands,
    figure_commands,
    legal_commands,
    palace_commands,
)
from games.java.scoring import (
    final_points,
    finish_turn,
    keep_cards_flowing,
    lake_events,
    matches_open,
    outcome,
    resolve_festival,
)
from games.java.state import (
    EMPTY,
    FIGURES,
    PALACE,
    PALACE_VALUES,
    RICE,
    TILE_KINDS,
    VILLAGE,
    JavaState,
)
from games.java.turn import (
    DUTY_MESSAGE,
    LAND_DUTY,
    NOT_ENOUGH_AP,
    Emitter,
    active_seats,
    ap_cs,
    ap_en,
    check_points,
    duty_open,
    fail,
    option,
    token_allowed,
    whole_moves,
)

__all__ = [
    "LAND_DUTY",
    "NOT_A_SPACE",
    "NOT_ENOUGH_AP",
    "active_seats",
    "duty_open",
    "execute",
    "festival_calls",
    "festival_commands",
    "figure_commands",
    "final_points",
    "forfeit",
    "legal_commands",
    "matches_open",
    "outcome",
    "palace_commands",
    "token_allowed",
]

# Refusal codes (tests import them).
TILE_OFF_GRID = land.TILE_OFF_GRID
TILE_NOT_FLAT = land.TILE_NOT_FLAT
TILE_COVERS_BLOCKED = land.TILE_COVERS_BLOCKED
TILE_EXACT_COVER = land.TILE_EXACT_COVER
CITIES_JOINED = land.CITIES_JOINED
BAD_TILE = "unknown_tile"
TILE_SHAPE = "tile_shape"
NO_TILE_LEFT = "no_tile_left"
WATER_PLACE = "water_not_on_inner_ground"
NO_FIGURE_LEFT = "no_figure_in_supply"
NOT_YOUR_FIGURE = "not_your_figure"
NOT_LANDSCAPE = "not_landscape"
SPACE_TAKEN = "space_taken"
UNREACHABLE = "unreachable"
FIGURE_ALREADY_MOVED = "figure_already_moved"
NOT_A_VILLAGE = "not_a_village"
ALREADY_A_CITY = "already_a_city"
NO_PALACE = "no_palace"
NOT_HIGHEST = "not_highest_in_village"
PALACE_VALUE = "palace_value"
PALACE_TOO_BIG = "palace_bigger_than_village"
PALACE_CHANGED = "palace_changed_this_turn"
BAD_SOURCE = "unknown_card_source"
CARD_LIMIT = "card_limit"
NO_CARD = "no_card"
BAD_CARD = "unknown_card"
CARD_MISMATCH = "card_does_not_match"
PALACE_FESTIVE = "palace_already_festive"
NO_FIGURE_IN_CITY = "no_figure_in_city"
NO_MATCHING_CARD = "no_matching_card"
FESTIVAL_RUNNING = "festival_running"
NO_FESTIVAL = "no_festival"
NOTHING_LAID = "nothing_laid"
ALREADY_LAID = "already_laid"
MUST_BID = "organiser_must_bid"
TOKEN_UNAVAILABLE = "token_unavailable"

FESTIVAL_COMMANDS = frozenset({"bid_card", "finish_bid", "pass_bid"})
# Actions that spend points or take a place without laying land: each must leave a land tile
# layable while the duty binds (a token only adds a point; a land tile meets the duty; ending
# the turn or a festival are refused while it binds).
DUTY_BOUND = frozenset(
    {
        "lay_water",
        "enter_figure",
        "move_figure",
        "remove_figure",
        "build_palace",
        "enlarge_palace",
        "take_card",
    }
)


# --------------------------------------------------------------------------- command handlers


def _use_token(s: JavaState, seat: int, cmd: Command, emit: Emitter, rng: random.Random) -> None:
    if not token_allowed(s, seat):
        when = (
            (".", ".")
            if option(s, "token_timing") == "any_time"
            else (", before its first action.", ", před první akcí tahu.")
        )
        raise fail(
            TOKEN_UNAVAILABLE,
            "An action token may be used once per turn, three times a game" + when[0],
            "Akční žeton smíte použít jednou za tah, třikrát za hru" + when[1],
        )
    emit({"type": ev.TOKEN_USED, "seat": seat})


SHAPE_COUNTS = {"three": (2, 1), "two": (1, 1), "rice": (1, 0), "village": (0, 1)}


def _lay_land(s: JavaState, seat: int, cmd: Command, emit: Emitter, rng: random.Random) -> None:
    kind = cmd["tile"]
    if kind not in TILE_KINDS:
        raise fail(BAD_TILE, "There is no such land tile.", "Takový díl krajiny neexistuje.")
    rice = parse_cells(cmd["rice"], "rice")
    village = parse_cells(cmd["village"], "village")
    if (len(rice), len(village)) != SHAPE_COUNTS[kind]:
        n_rice, n_village = SHAPE_COUNTS[kind]
        raise fail(
            TILE_SHAPE,
            f"A {W.TILE_WORDS[kind][0]} has {n_rice} rice and {n_village} village spaces.",
            f"{W.TILE_WORDS[kind][1].capitalize()} má rýžových polí {n_rice} "
            f"a vesnických polí {n_village}.",
        )
    cells = tuple(sorted(rice + village))
    if len(set(cells)) != len(cells) or not all(
        b in BOARD.neighbours[a] for i, a in enumerate(cells) for b in cells[i + 1 :]
    ):
        raise fail(
            TILE_SHAPE,
            "The spaces of one tile must be distinct and touch each other.",
            "Pole jednoho dílu musí být různá a navzájem sousedit.",
        )
    if not land.tile_available(s, seat, kind):
        en, cs = W.TILE_WORDS[kind]
        raise fail(
            NO_TILE_LEFT,
            f"No {en} is left in your supply.",
            f"Ve vaší zásobě už nezbylo žádné {cs}.",
        )
    cost = land.base_cost(s, cells)
    if isinstance(cost, str):
        raise fail(cost, *land.MESSAGES[cost])
    if village and land.CityIndex(s).joins_cities(village[0], tuple(rice)):
        raise fail(CITIES_JOINED, *land.MESSAGES[CITIES_JOINED])
    if cost > s.ap:
        raise fail(
            NOT_ENOUGH_AP,
            f"This tile costs {ap_en(cost)}; you have {s.ap} left.",
            f"Tento díl stojí {ap_cs(cost)}; zbývá vám {s.ap}.",
        )
    laid: Event = {
        "type": ev.LAND_LAID,
        "seat": seat,
        "tile": kind,
        "rice": [pair_of(c) for c in sorted(rice)],
        "village": [pair_of(c) for c in village],
        "level": s.height[cells[0]] + 1,
        "cost": cost,
    }
    if kind == "three" and s.three_left == 1 and s.trigger < 0:
        # "Hráč, který položí na plán poslední díl o třech polích ze společné zásoby, provede
        # ihned po svém tahu závěrečné bodování": the final round begins. Said in the event for
        # the log line (narrate reads no state); the fold sets the trigger itself.
        laid["last_three"] = True
    emit(laid)
    lake_events(emit, seat, list(cells))


def _lay_water(s: JavaState, seat: int, cmd: Command, emit: Emitter, rng: random.Random) -> None:
    cell = parse_cell(cmd["cell"], "cell")
    if s.water_left <= 0:
        raise fail(
            NO_TILE_LEFT,
            "No water tile is left in the common supply.",
            "Ve společné zásobě nezbyla žádná vodní nádrž.",
        )
    if BOARD.water_forbidden[cell] or s.height[cell] != 0 or s.top[cell] != EMPTY:
        raise fail(
            WATER_PLACE,
            "Water goes straight on the board, on an empty space that is not on its edge.",
            "Voda se pokládá přímo na desku, na prázdné pole, které není na jejím okraji.",
        )
    check_points(s, 1)
    emit({"type": ev.WATER_LAID, "seat": seat, "cell": pair_of(cell), "cost": 1})
    lake_events(emit, seat, [cell], water=True)


def _target(s: JavaState, cell: int) -> None:
    if s.top[cell] != RICE and s.top[cell] != VILLAGE:
        raise fail(
            NOT_LANDSCAPE,
            "Figures stand only on rice or village spaces of laid tiles.",
            "Figurky stojí jen na rýžových nebo vesnických polích položených dílů.",
        )
    if s.figure[cell] >= 0:
        raise fail(
            SPACE_TAKEN,
            "Only one figure may stand on a space.",
            "Na jednom poli smí stát jen jedna figurka.",
        )


def _own_unmoved(s: JavaState, seat: int, cell: int) -> None:
    if s.figure[cell] != seat:
        raise fail(
            NOT_YOUR_FIGURE, "None of your figures stands there.", "Žádná vaše figurka tam nestojí."
        )
    if whole_moves(s) and cell in s.moved:
        raise fail(
            FIGURE_ALREADY_MOVED,
            "This figure already moved since the board last changed; a move goes straight to "
            "its destination by the cheapest way (take the move back to change it).",
            "Tato figurka se od poslední změny desky už pohnula; tah vede rovnou do cíle "
            "nejlevnější cestou (chcete-li ho změnit, vezměte ho zpět).",
        )


def _enter(s: JavaState, seat: int, cmd: Command, emit: Emitter, rng: random.Random) -> None:
    to = parse_cell(cmd["to"], "to")
    if s.supply[seat][FIGURES] <= 0:
        raise fail(
            NO_FIGURE_LEFT,
            "All your figures are on the island.",
            "Všechny vaše figurky už jsou na ostrově.",
        )
    _target(s, to)
    reach = reach_of(s, seat)
    cost = reach.cost_to(reach.from_edge(s.ap), to)
    if cost is None:
        raise fail(
            UNREACHABLE,
            "Figures come on only where a tile touches the edge (lowland 1 AP, mountains 2 AP) "
            "and walk from there; this space cannot be reached with your action points.",
            "Figurky vstupují jen tam, kde se díl dotýká okraje (nížina 1 AB, hory 2 AB), "
            "a odtud jdou pěšky; na toto pole se s vašimi akčními body nedostanete.",
        )
    check_points(s, cost)
    emit({"type": ev.FIGURE_ENTERED, "seat": seat, "to": pair_of(to), "cost": cost})


def _move(s: JavaState, seat: int, cmd: Command, emit: Emitter, rng: random.Random) -> None:
    frm = parse_cell(cmd["from"], "from")
    to = parse_cell(cmd["to"], "to")
    _own_unmoved(s, seat, frm)
    _target(s, to)
    reach = reach_of(s, seat)
    cost = reach.cost_to(reach.from_cell(frm, s.ap), to)
    if cost is None:
        raise fail(
            UNREACHABLE,
            "No way there within your action points: each change between rice and village "
            "costs 1, water, palaces and other players' figures block the way.",
            "Tam se s vašimi akčními body nedostanete: každá změna mezi rýží a vesnicí stojí 1, "
            "voda, paláce a figurky ostatních hráčů cestu zastaví.",
        )
    check_points(s, cost)
    emit(
        {
            "type": ev.FIGURE_MOVED,
            "seat": seat,
            "from": pair_of(frm),
            "to": pair_of(to),
            "cost": cost,
        }
    )


def _remove(s: JavaState, seat: int, cmd: Command, emit: Emitter, rng: random.Random) -> None:
    frm = parse_cell(cmd["from"], "from")
    _own_unmoved(s, seat, frm)
    reach = reach_of(s, seat)
    cost = reach.exit_cost(reach.from_cell(frm, s.ap), s.ap)
    if cost is None:
        raise fail(
            UNREACHABLE,
            "A figure leaves only where a tile touches the edge (lowland 1 AP, mountains 2 AP); "
            "no such way within your action points.",
            "Figurka odchází jen tam, kde se díl dotýká okraje (nížina 1 AB, hory 2 AB); "
            "taková cesta s vašimi akčními body není.",
        )
    check_points(s, cost)
    emit({"type": ev.FIGURE_REMOVED, "seat": seat, "from": pair_of(frm), "cost": cost})


def _palace_value(s: JavaState, value: int, size: int) -> None:
    if value not in PALACE_VALUES:
        raise fail(
            PALACE_VALUE,
            "Palaces have the values 2, 4, 6, 8 and 10.",
            "Paláce mají hodnoty 2, 4, 6, 8 a 10.",
        )
    if value > size:
        raise fail(
            PALACE_TOO_BIG,
            f"A palace may not be worth more than its village has spaces ({size}).",
            f"Palác nesmí mít vyšší hodnotu, než kolik má jeho vesnice polí ({size}).",
        )
    if s.palaces_left[PALACE_VALUES.index(value)] <= 0:
        raise fail(
            NO_TILE_LEFT,
            f"No palace tile of value {value} is left.",
            f"Žádný palác s hodnotou {value} už nezbyl.",
        )


def _leader(s: JavaState, seat: int, cells: list[int]) -> None:
    if sole_best(figure_keys(s, cells)) != seat:
        raise fail(
            NOT_HIGHEST,
            "Only the player whose figure stands highest in the village (ties decided by further "
            "figures) may build or enlarge its palace.",
            "Palác ve vesnici smí postavit nebo rozšířit jen hráč, jehož figurka v ní stojí "
            "nejvýš (při shodě rozhodují další figurky).",
        )


def _build(s: JavaState, seat: int, cmd: Command, emit: Emitter, rng: random.Random) -> None:
    cell = parse_cell(cmd["cell"], "cell")
    value = cmd["value"]
    if s.top[cell] != VILLAGE:
        raise fail(
            NOT_A_VILLAGE,
            "A palace is built on a village space.",
            "Palác se staví na vesnické pole.",
        )
    if s.figure[cell] >= 0:
        raise fail(
            SPACE_TAKEN,
            "A palace needs a free village space.",
            "Palác potřebuje volné vesnické pole.",
        )
    cells = region(s, cell)
    if any(s.top[c] == PALACE for c in cells):
        raise fail(
            ALREADY_A_CITY,
            "This village already has a palace (a city holds one).",
            "Tato vesnice už palác má (ve městě stojí jeden).",
        )
    _leader(s, seat, cells)
    _palace_value(s, value, len(cells))
    check_points(s, 1)
    emit(
        {
            "type": ev.PALACE_BUILT,
            "seat": seat,
            "cell": pair_of(cell),
            "value": value,
            "points": value // 2,
        }
    )


def _enlarge(s: JavaState, seat: int, cmd: Command, emit: Emitter, rng: random.Random) -> None:
    cell = parse_cell(cmd["cell"], "cell")
    value = cmd["value"]
    if s.top[cell] != PALACE:
        raise fail(
            NO_PALACE, "There is no palace on this space.", "Na tomto poli žádný palác není."
        )
    if cell in s.changed:
        raise fail(
            PALACE_CHANGED,
            "A palace may change only once per turn and not in the turn it was built.",
            "Palác se smí změnit jen jednou za tah, a ne v tahu, kdy byl postaven.",
        )
    cells = region(s, cell)
    _leader(s, seat, cells)
    if value <= s.palace[cell]:
        raise fail(
            PALACE_VALUE,
            "Enlarging lays a tile of a higher value on the palace.",
            "Při rozšíření se na palác pokládá díl s vyšší hodnotou.",
        )
    _palace_value(s, value, len(cells))
    check_points(s, 1)
    emit(
        {
            "type": ev.PALACE_ENLARGED,
            "seat": seat,
            "cell": pair_of(cell),
            "value": value,
            "points": value // 2,
        }
    )


def _take_card(s: JavaState, seat: int, cmd: Command, emit: Emitter, rng: random.Random) -> None:
    source = cmd["source"]
    if source not in ("open", "deck"):
        raise fail(
            BAD_SOURCE,
            "Take the open card or the top of the deck.",
            "Vezměte odkrytou kartu, nebo vrchní kartu balíku.",
        )
    if s.cards_taken >= COMPONENTS.cards_per_turn:
        raise fail(
            CARD_LIMIT,
            "At most two festival cards may be taken per turn.",
            "Za tah smíte vzít nejvýš dvě slavnostní karty.",
        )
    if (source == "open" and s.open_card < 0) or (source == "deck" and not s.deck):
        raise fail(
            NO_CARD,
            "There is no open card to take." if source == "open" else "The deck is empty.",
            "Žádná odkrytá karta tu není." if source == "open" else "Balík je prázdný.",
        )
    check_points(s, 1)
    names = COMPONENTS.card_names
    if source == "open":
        after = names[s.deck[-1]] if s.deck else None
        emit(
            {
                "type": ev.CARD_TAKEN,
                "seat": seat,
                "source": "open",
                "card": names[s.open_card],
                "open": after,
            }
        )
    else:
        emit({"type": ev.CARD_TAKEN, "seat": seat, "source": "deck", "card": names[s.deck[-1]]})
    keep_cards_flowing(emit, rng)


def festival_bidders(s: JavaState, seat: int, cells: list[int]) -> list[int]:
    present = {s.figure[c] for c in cells}
    return [
        p for p in ((seat + k) % s.n for k in range(s.n)) if p in present and not s.forfeited[p]
    ]


def _hold_festival(
    s: JavaState, seat: int, cmd: Command, emit: Emitter, rng: random.Random
) -> None:
    cell = parse_cell(cmd["cell"], "cell")
    if s.top[cell] != PALACE:
        raise fail(NO_PALACE, "A festival is held in a palace.", "Slavnost se koná v paláci.")
    if s.festive[cell]:
        raise fail(
            PALACE_FESTIVE,
            "This palace shows its red number: a new festival needs a larger palace first.",
            "Tento palác ukazuje červené číslo: nová slavnost nejdřív potřebuje větší palác.",
        )
    cells = region(s, cell)
    if not any(s.figure[c] == seat for c in cells):
        raise fail(
            NO_FIGURE_IN_CITY,
            "You need a figure in the city to hold a festival there.",
            "Ke slavnosti ve městě v něm potřebujete figurku.",
        )
    if not any(n and matches_open(s, k) for k, n in enumerate(s.hands[seat])):
        raise fail(
            NO_MATCHING_CARD,
            "You need a festival card showing a symbol of the open card to hold a festival.",
            "Ke slavnosti potřebujete slavnostní kartu se symbolem odkryté karty.",
        )
    if duty_open(s, seat):
        raise fail(
            LAND_DUTY,
            "A festival ends your turn: lay this turn's land tile first.",
            "Slavnost ukončí váš tah: nejdřív položte díl krajiny tohoto tahu.",
        )
    emit(
        {
            "type": ev.FESTIVAL_CALLED,
            "seat": seat,
            "cell": pair_of(cell),
            "bidders": festival_bidders(s, seat, cells),
        }
    )


def _bid_card(s: JavaState, seat: int, cmd: Command, emit: Emitter, rng: random.Random) -> None:
    kind = CARD_INDEX.get(cmd["card"]) if isinstance(cmd["card"], str) else None
    if kind is None:
        raise fail(
            BAD_CARD, "There is no such festival card.", "Taková slavnostní karta neexistuje."
        )
    if s.hands[seat][kind] <= 0:
        raise fail(NO_CARD, "You do not hold that festival card.", "Tuto slavnostní kartu nemáte.")
    if not matches_open(s, kind):
        raise fail(
            CARD_MISMATCH,
            "Every card laid must show a symbol of the open card.",
            "Každá vyložená karta musí mít symbol odkryté karty.",
        )
    emit({"type": ev.CARD_BID, "seat": seat, "card": cmd["card"]})


def _finish_bid(s: JavaState, seat: int, cmd: Command, emit: Emitter, rng: random.Random) -> None:
    f = s.festival
    assert f is not None
    if f.laid_now == 0:
        raise fail(
            NOTHING_LAID,
            "Lay at least one card, or pass for good.",
            "Vyložte alespoň jednu kartu, nebo definitivně pasujte.",
        )
    emit({"type": ev.BID_FINISHED, "seat": seat})


def _pass_bid(s: JavaState, seat: int, cmd: Command, emit: Emitter, rng: random.Random) -> None:
    f = s.festival
    assert f is not None
    if f.laid_now > 0:
        raise fail(
            ALREADY_LAID,
            "You laid cards this round: finish the round instead.",
            "V tomto kole jste karty vyložili: místo toho kolo dokončete.",
        )
    if not f.opened and seat == f.organiser:
        raise fail(
            MUST_BID,
            "The organiser opens the festival with one or more cards.",
            "Pořadatel zahajuje slavnost jednou nebo více kartami.",
        )
    emit({"type": ev.BID_PASSED, "seat": seat})
    if emit.sim.festival is not None and next_bidder(emit.sim.festival, -1) < 0:
        resolve_festival(emit, rng)


def _end_turn(s: JavaState, seat: int, cmd: Command, emit: Emitter, rng: random.Random) -> None:
    if duty_open(s, seat):
        raise fail(
            LAND_DUTY,
            "Lay at least one land tile (rice or village) this turn.",
            "V tomto tahu položte alespoň jeden díl krajiny (rýži nebo vesnici).",
        )
    finish_turn(emit, seat, rng)


HANDLERS = {
    "use_token": _use_token,
    "lay_land": _lay_land,
    "lay_water": _lay_water,
    "enter_figure": _enter,
    "move_figure": _move,
    "remove_figure": _remove,
    "build_palace": _build,
    "enlarge_palace": _enlarge,
    "take_card": _take_card,
    "hold_festival": _hold_festival,
    "end_turn": _end_turn,
    "bid_card": _bid_card,
    "finish_bid": _finish_bid,
    "pass_bid": _pass_bid,
}


def execute(s: JavaState, seat: int, cmd: Command, rng: random.Random) -> list[Event]:
    if s.over:
        raise fail(GAME_OVER, "The game is over.", "Hra skončila.")
    if seat not in active_seats(s):
        raise fail(NOT_YOUR_TURN, "It is not your turn.", "Nejste na tahu.")
    spec = _check_shape(SPECS, cmd)
    in_festival = s.festival is not None
    if in_festival and spec.type not in FESTIVAL_COMMANDS:
        raise fail(
            FESTIVAL_RUNNING,
            "A festival auction is running: lay cards or pass.",
            "Probíhá dražba slavnosti: vyložte karty, nebo pasujte.",
        )
    if not in_festival and spec.type in FESTIVAL_COMMANDS:
        raise fail(
            NO_FESTIVAL,
            "There is no festival auction now.",
            "Teď žádná dražba slavnosti neprobíhá.",
        )
    guard = duty_guard(s, seat) if spec.type in DUTY_BOUND else None
    emit = Emitter(s)
    HANDLERS[spec.type](s, seat, cmd, emit, rng)
    if guard is not None and guard.bound and not _duty_kept(guard, emit.events[0]):
        # Judged on the board as the action leaves it: a figure or water on the last cheap
        # place counts as much as the points spent (and a token the action makes unusable).
        raise fail(LAND_DUTY, *DUTY_MESSAGE)
    return emit.events


def _duty_kept(guard: DutyGuard, event: Event) -> bool:
    """Does the action of ``event`` (its first event) leave a land tile layable?"""
    kind = event["type"]
    if kind == ev.FIGURE_MOVED:
        return guard.keeps(
            event["cost"], blocked=cell_of(event["to"]), freed=cell_of(event["from"])
        )
    if kind == ev.FIGURE_ENTERED:
        return guard.keeps(event["cost"], blocked=cell_of(event["to"]))
    if kind == ev.FIGURE_REMOVED:
        return guard.keeps(event["cost"], freed=cell_of(event["from"]))
    if kind == ev.WATER_LAID:
        return guard.keeps(1, blocked=cell_of(event["cell"]))
    if kind == ev.PALACE_BUILT:
        return guard.keeps_palace(cell_of(event["cell"]))
    return guard.keeps(1)  # a card taken, a palace enlarged: points only


# --------------------------------------------------------------------------- forfeit


def forfeit(s: JavaState, seat: int) -> list[Event]:
    if s.over or s.forfeited[seat]:
        return []
    emit = Emitter(s)
    emit({"type": ev.PLAYER_FORFEITED, "seat": seat})
    sim = emit.sim
    alive = [p for p in range(sim.n) if not sim.forfeited[p]]
    if len(alive) <= 1:
        emit({"type": ev.GAME_ENDED, "scores": sim.scores[:]})
        return emit.events
    rng = random.Random()
    if sim.festival is not None:
        if next_bidder(sim.festival, -1) < 0:
            resolve_festival(emit, rng)
    elif sim.turn == seat:
        finish_turn(emit, seat, rng)
    return emit.events
