"""Words for players (games/WORDS.md): the log lines of Yspahan's events for the actor, another
seat and a spectator in English and Czech, nothing hidden in them, the ending explained as the
rules count it, and the rules pages."""

from __future__ import annotations

import pathlib
import re
from typing import Any

import pytest

from games.base import Event
from games.narration import Lang, Reader
from games.testing import play_random_game
from games.yspahan import ENGINE
from games.yspahan import data as D
from games.yspahan import words as W
from games.yspahan.ending import Ledger

from .helpers import do, rolled, shop, start

NAMES = ("alice", "Bob", "Bot Tereza", "dan")
ROLL = [1, 1, 1, 2, 2, 3, 3, 3, 6]  # camels: three 1s, bags: two 2s, barrels: three 3s, gold: a 6


def said(event: Event, viewer: int | None, n: int = 3) -> tuple[str | None, str | None]:
    """The line of ``event`` as ``viewer`` sees it, in English and Czech."""
    shown = ENGINE.redact(event, viewer)
    names = NAMES[:n]
    return (
        ENGINE.narrate(shown, Reader("en", viewer, names)),
        ENGINE.narrate(shown, Reader("cs", viewer, names)),
    )


# ----------------------------------------------------------------------------- the log


def test_moving_the_supervisor_and_the_inspection_it_causes_for_three_readers() -> None:
    state = rolled(start(3), ROLL)
    state.owner[shop("bag_2#1")] = 1  # beside the 1st space between Bags and Barrels
    state.owner[shop("barrel_0#0")] = 2  # beside it too
    state.camels[1] = 1  # Bob may pay a camel; Bot Tereza may not
    state, moved = do(state, 0, {"type": "move_supervisor", "row": 0, "to": 23})
    assert [e["type"] for e in moved] == ["SupervisorMoved"]
    where = "the 1st space from the centre between Bags and Barrels"
    assert said(moved[0], 0) == (
        f"You use the camels row to move the supervisor 1 space to {where}. "
        "It inspects the cubes beside it: Bob's and Bot Tereza's.",
        "Využíváte řádek velbloudů a posouváte dozorce o 1 pole na 1. pole od středu mezi pytli "
        "a sudy. Dozorce kontroluje kostičky vedle sebe: hráčů Bob a Bot Tereza.",
    )
    assert said(moved[0], 1) == (
        f"alice uses the camels row to move the supervisor 1 space to {where}. "
        "It inspects the cubes beside it: yours and Bot Tereza's.",
        "alice využívá řádek velbloudů a posouvá dozorce o 1 pole na 1. pole od středu mezi "
        "pytli a sudy. Dozorce kontroluje kostičky vedle sebe: vaše a hráče Bot Tereza.",
    )
    assert said(moved[0], None)[0] == (
        f"alice uses the camels row to move the supervisor 1 space to {where}. "
        "It inspects the cubes beside it: Bob's and Bot Tereza's."
    )

    state, chosen = do(state, 0, {"type": "choose_inspection", "shop": shop("barrel_0#0")})
    assert [e["type"] for e in chosen] == ["CubeEnteredCaravan", "InspectionChosen"]
    for viewer in (0, 1, None):
        assert said(chosen[0], viewer) == (
            "Bot Tereza's cube from the 3-point Barrels souk joins the caravan in section 1: "
            "+1 point.",
            "Kostička hráče Bot Tereza z bazaru za 3 body v sektoru sudů jde do 1. sekce "
            "karavany: +1 bod.",
        )
    assert said(chosen[1], 0) == (
        "You inspect Bob's cube in the 3-point Bags souk next: Bob sends it to the caravan, or "
        "pays 1 camel to send one from supply instead.",
        "Dále kontrolujete kostičku hráče Bob v bazaru za 3 body v sektoru pytlů: Bob "
        "rozhoduje, zda do karavany půjde ona, nebo za 1 velblouda kostička ze zásoby.",
    )
    assert said(chosen[1], 1) == (
        "alice inspects your cube in the 3-point Bags souk next: send it to the caravan, or pay "
        "1 camel to send one from your supply instead.",
        "alice dále kontroluje vaši kostičku v bazaru za 3 body v sektoru pytlů: do karavany "
        "pošlete buď ji, nebo za 1 velblouda kostičku ze své zásoby.",
    )
    assert said(chosen[1], None)[1] == (
        "alice dále kontroluje kostičku hráče Bob v bazaru za 3 body v sektoru pytlů: Bob "
        "rozhoduje, zda do karavany půjde ona, nebo za 1 velblouda kostička ze zásoby."
    )

    state, sent = do(state, 1, {"type": "send_to_caravan", "source": "supply"})
    assert sent[0]["type"] == "CubeEnteredCaravan"
    assert said(sent[0], 1) == (
        "You pay 1 camel to send a cube from supply to the caravan in section 1 (+1 point); "
        "your cube stays in the 3-point Bags souk.",
        "Platíte 1 velblouda a posíláte kostičku ze zásoby do 1. sekce karavany (+1 bod); vaše "
        "kostička v bazaru za 3 body v sektoru pytlů zůstává.",
    )
    assert (
        said(sent[0], 0)
        == said(sent[0], None)
        == (
            "Bob pays 1 camel to send a cube from supply to the caravan in section 1 (+1 point); "
            "Bob's cube stays in the 3-point Bags souk.",
            "Bob platí 1 velblouda a posílá kostičku ze zásoby do 1. sekce karavany (+1 bod); "
            "kostička hráče Bob v bazaru za 3 body v sektoru pytlů zůstává.",
        )
    )


def test_a_paid_move_to_an_empty_street_and_a_move_to_the_centre() -> None:
    state = rolled(start(3), ROLL)
    state, moved = do(state, 0, {"type": "move_supervisor", "row": 2, "to": 9})
    assert said(moved[0], 1) == (
        "alice uses the barrels row to move the supervisor 1 space to the 1st space from the "
        "centre between Bags and Chests, paying 2 gold. No cube stands beside it.",
        "alice využívá řádek sudů a posouvá dozorce o 1 pole na 1. pole od středu mezi pytli a "
        "truhlami; platí za to 2 peníze. Vedle něj žádná kostička není.",
    )
    back = {**moved[0], "from": 9, "to": D.HUB, "distance": 1, "cost": 0, "affected": []}
    assert said(back, 0) == (
        "You use the barrels row to move the supervisor 1 space to the central crossing. "
        "No cube stands beside it.",
        "Využíváte řádek sudů a posouváte dozorce o 1 pole na křižovatku uprostřed. Vedle něj "
        "žádná kostička není.",
    )


def test_the_roll_names_every_row_with_its_dice() -> None:
    event = {
        "type": "DiceRolled",
        "seat": 0,
        "yellow_bought": 1,
        "white": ROLL,
        "yellow": [6],
    }
    assert said(event, 0) == (
        "You buy 1 yellow die for 1 gold and roll: three 1s for camels, two 2s for bags, three "
        "3s for barrels and two 6s (one yellow) for gold.",
        "Kupujete 1 žlutou kostku za 1 peníz a házíte: 3 jedničky na velbloudy, 2 dvojky na "
        "pytle, 3 trojky na sudy a 2 šestky (z toho 1 žlutá) na peníze.",
    )
    assert said(event, 2) == (
        "alice buys 1 yellow die for 1 gold and rolls: three 1s for camels, two 2s for bags, "
        "three 3s for barrels and two 6s (one yellow) for gold.",
        "alice kupuje 1 žlutou kostku za 1 peníz a hází: 3 jedničky na velbloudy, 2 dvojky na "
        "pytle, 3 trojky na sudy a 2 šestky (z toho 1 žlutá) na peníze.",
    )
    plain = {**event, "yellow_bought": 0, "yellow": [], "white": [5] * 9}
    assert said(plain, None) == (
        "alice rolls: nine 5s for gold.",
        "alice hází: 9 pětek na peníze.",
    )


def test_row_actions_name_what_was_gained_and_the_buildings_share() -> None:
    camels = {"type": "RowTaken", "seat": 1, "row": 0, "row_name": "camels", "value": 3, "gain": 4}
    assert said(camels, 1) == (
        "You take the camels row: +4 camels (1 of them from building 1).",
        "Využíváte řádek velbloudů: +4 velbloudi (z toho 1 díky budově 1).",
    )
    assert said(camels, 0) == (
        "Bob takes the camels row: +4 camels (1 of them from building 1).",
        "Bob využívá řádek velbloudů: +4 velbloudi (z toho 1 díky budově 1).",
    )
    gold = {**camels, "row": 5, "row_name": "gold", "value": 5, "gain": 5}
    assert said(gold, None) == (
        "Bob takes the gold row: +5 gold.",
        "Bob využívá řádek peněz: +5 peněz.",
    )
    cubes = {**camels, "row": 4, "row_name": "vase", "value": 2, "gain": 2}
    assert said(cubes, 1) == (
        "You take the vases row: 2 cubes for the Vases quarter.",
        "Využíváte řádek váz: 2 kostičky do sektoru váz.",
    )
    placed = {"type": "CubePlaced", "seat": 1, "shop": shop("vase_2#0")}
    assert said(placed, 1) == (
        "You place a cube in the 12-point Vases souk.",
        "Nasazujete kostičku do bazaru za 12 bodů v sektoru váz.",
    )
    assert said(placed, None) == (
        "Bob places a cube in the 12-point Vases souk.",
        "Bob nasazuje kostičku do bazaru za 12 bodů v sektoru váz.",
    )


def test_a_drawn_card_is_named_to_its_drawer_only() -> None:
    drawn = {"type": "CardDrawn", "seat": 0, "card": "3_gold", "row": 5, "reason": "action"}
    assert said(drawn, 0) == (
        "You use the gold row to draw a card: “3 Gold”.",
        "Využíváte řádek peněz a berete si kartu: „3 peníze“.",
    )
    for viewer in (1, None):
        assert said(drawn, viewer) == (
            "alice uses the gold row to draw a card.",
            "alice využívá řádek peněz a bere si kartu.",
        )
    no_row = {**drawn, "row": None}
    assert said(no_row, 1) == (
        "alice can use no row and draws a card.",
        "alice nemůže využít žádný řádek, a tak si bere kartu.",
    )
    building = {**drawn, "row": None, "reason": "building", "card": None}
    assert said(building, 0) == (
        "You draw a card for building 4, but the deck is empty.",
        "Berete si kartu díky budově 4, ale balíček je prázdný.",
    )


def test_cards_played_say_what_they_did() -> None:
    def played(card: str, **more: Any) -> Event:
        return {"type": "CardPlayed", "seat": 2, "card": card, **more}

    assert said(played("swap_camels_gold", amount=-2), 2) == (
        "You play “Gold and camels exchange”: 2 camels for 2 gold.",
        "Hrajete kartu „Výměna peněz a velbloudů“: 2 velbloudy za 2 peníze.",
    )
    assert said(played("gold_to_vp", amount=5), 0) == (
        "Bot Tereza plays “Gold for points”: 5 gold for 5 points.",
        "Bot Tereza hraje kartu „Peníze za body“: 5 peněz za 5 bodů.",
    )
    assert said(played("camels_to_vp", amount=1), None) == (
        "Bot Tereza plays “Camels for points”: 1 camel for 2 points.",
        "Bot Tereza hraje kartu „Velbloudi za body“: 1 velblouda za 2 body.",
    )
    assert said(played("cube_to_souk", shop=shop("chest_2#3")), 2) == (
        "You play “Cube to a souk” and put a cube in the 8-point Chests souk.",
        "Hrajete kartu „Kostička na tržiště“ a nasazujete kostičku do bazaru za 8 bodů v "
        "sektoru truhel.",
    )
    assert said(played("build_no_gold"), 1) == (
        "Bot Tereza plays “Build without gold”: the building costs no gold.",
        "Bot Tereza hraje kartu „Stavba bez peněz“: budova nestojí žádné peníze.",
    )
    discarded = {"type": "BonusCardDiscarded", "seat": 2, "card": "3_camels"}
    assert said(discarded, 0) == (
        "Bot Tereza discards “3 Camels” to raise the row action by 1.",
        "Bot Tereza odhazuje kartu „3 velbloudi“ a zvyšuje hodnotu akce řádku o 1.",
    )


def test_buildings_name_their_price_and_points() -> None:
    built = {
        "type": "BuildingBuilt",
        "seat": 0,
        "building": "extra_movement",
        "camels": 2,
        "gold": 2,
        "points": 5,
        "main": False,
    }
    assert said(built, 0) == (
        "You build building 3 (free moves) for 2 camels and 2 gold: +5 points.",
        "Stavíte budovu 3 (posun zdarma) za 2 velbloudy a 2 peníze: +5 bodů.",
    )
    assert said(built, 1) == (
        "alice builds building 3 (free moves) for 2 camels and 2 gold: +5 points.",
        "alice staví budovu 3 (posun zdarma) za 2 velbloudy a 2 peníze: +5 bodů.",
    )
    free = {**built, "building": "extra_camel", "camels": 0, "gold": 0, "points": 0, "main": True}
    assert said(free, None, 2) == (
        "Instead of a dice action, alice builds building 1 (+1 camel) for free: no points.",
        "Místo akce s kostkami staví alice budovu 1 (+1 velbloud) zdarma: žádné body.",
    )


def test_the_end_of_a_day_and_of_a_week() -> None:
    day = {
        "type": "RoundEnded",
        "seat": 2,
        "epoch": 1,
        "day": 3,
        "returned": [shop("bag_0#0"), shop("bag_0#1"), shop("vase_1#0"), 7, 8],
        "cleared": False,
        "next": {"epoch": 1, "day": 4, "first": 1, "order": [1, 2, 0]},
    }
    assert said(day, 1) == (
        "Day 3 of week 1 is over: 5 cubes from unfinished souks go back to their owners. "
        "Week 1, day 4: you start.",
        "Končí 3. den 1. týdne: z nedokončených bazarů se majitelům vrací 5 kostiček. "
        "Týden 1, den 4: začínáte vy.",
    )
    one = {**day, "returned": [7]}
    assert said(one, 0) == (
        "Day 3 of week 1 is over: 1 cube from an unfinished souk goes back to its owner. "
        "Week 1, day 4: Bob starts.",
        "Končí 3. den 1. týdne: z nedokončených bazarů se majitelům vrací 1 kostička. "
        "Týden 1, den 4: začíná Bob.",
    )
    last_day = {
        **day,
        "epoch": 3,
        "day": 6,
        "returned": [],
        "next": {"epoch": 3, "day": 7, "first": 3, "order": [3, 0, 2, 1]},
    }
    assert said(last_day, 2, 4) == (
        "Day 6 of week 3 is over. On the last day the fewest points play first: dan, alice, "
        "you and Bob.",
        "Končí 6. den 3. týdne. Poslední den hrají nejdřív ti s nejméně body: dan, alice, vy a "
        "Bob.",
    )
    three = {**last_day, "next": {"epoch": 3, "day": 7, "first": 1, "order": [1, 2, 0]}}
    assert said(three, 0) == (
        "Day 6 of week 3 is over. Week 3, day 7: Bob starts.",
        "Končí 6. den 3. týdne. Týden 3, den 7: začíná Bob.",
    )
    market = {
        "type": "MarketScored",
        "epoch": 2,
        "points": [0, 14, 4],
        "souks": [["vase_2", 1, 14], ["bag_3", 2, 4]],
    }
    assert said(market, 1) == (
        "End of week 2, the completed souks score: you 14 points (12-point Vases souk +2 for "
        "building 5); Bot Tereza 4 points (4-point Bags souk).",
        "Konec 2. týdne, body za zaplněné bazary: vy 14 bodů (bazar za 12 bodů v sektoru váz "
        "+2 za budovu 5); Bot Tereza 4 body (bazar za 4 body v sektoru pytlů).",
    )
    caravan = {"type": "CaravanScored", "reason": "epoch", "points": [3, 0, 6]}
    assert said(caravan, 0) == (
        "End of the week, the caravan scores (each player's cubes × the section of their last "
        "one): you 3 points, Bot Tereza 6 points; its cubes stay.",
        "Konec týdne, boduje karavana (počet kostiček hráče × sekce jeho poslední): vy 3 body, "
        "Bot Tereza 6 bodů; kostičky v ní zůstávají.",
    )
    week = {**day, "epoch": 2, "day": 7, "cleared": True, "returned": []}
    week["next"] = {"epoch": 3, "day": 1, "first": 0, "order": [0, 1, 2]}
    assert said(week, None) == (
        "Week 2 is over: all cubes leave the marketplace. Week 3, day 1: alice starts.",
        "Končí 2. týden: všechny kostičky opouštějí tržiště. Týden 3, den 1: začíná alice.",
    )
    final = {**week, "epoch": 3, "next": None}
    ended = {"type": "GameEnded", "scores": [40, 52, 47]}
    assert said(final, 0)[0] == (
        "Week 3 is over: all cubes leave the marketplace. That was the last day."
    )
    assert said(ended, 0) == (
        "The game is over. Points: Bob 52 points, Bot Tereza 47 points, you 40 points.",
        "Hra končí. Body: Bob 52 bodů, Bot Tereza 47 bodů, vy 40 bodů.",
    )


def test_the_opening_the_shuffles_and_leaving() -> None:
    two = {
        "type": "GameStarted",
        "n_players": 2,
        "options": {"two_player_rules": "published"},
        "first": 1,
        "order": [1, 0, 1],
        "rules_version": 2,
    }
    assert said(two, 1, 2) == (
        "Yspahan begins for 2 players: 3 weeks of 7 days; you start the first day. With two, "
        "each day's first player takes the first and the third turn.",
        "Začíná Yspahan pro 2 hráče: 3 týdny po 7 dnech; první den začínáte vy. Ve dvou hraje "
        "počáteční hráč každého dne první a třetí tah.",
    )
    assert said({**two, "n_players": 4, "first": 0}, None, 4)[1] == (
        "Začíná Yspahan pro 4 hráče: 3 týdny po 7 dnech; první den začíná alice."
    )
    first = {"type": "DeckShuffled", "order": list(range(18)), "count": 18}
    again = {"type": "DeckShuffled", "order": [3, 1, 4, 1, 5, 2, 6], "count": 7}
    assert said(first, 0) == (
        "All 18 cards are shuffled face down into the deck.",
        "Všech 18 karet se zamíchá lícem dolů do balíčku.",
    )
    assert said(again, None) == (
        "The deck is empty: the played cards are shuffled into a new deck of 7 cards.",
        "Balíček došel: zahrané karty se zamíchají do nového balíčku (7 karet).",
    )
    left = {"type": "SeatForfeited", "seat": 2}
    assert said(left, 2) == (
        "You leave the game; your cubes stay on the board.",
        "Opouštíte hru; vaše kostičky na plánu zůstávají.",
    )
    assert said(left, 0) == (
        "Bot Tereza leaves the game; the cubes stay on the board.",
        "Bot Tereza opouští hru; kostičky na plánu zůstávají.",
    )


# ----------------------------------------------------------------------------- secrets


def test_no_line_for_another_seat_or_a_spectator_names_a_hidden_card() -> None:
    """Whatever card another seat drew, and whatever the deck's order, a reader who may not know
    reads the same line, and it names no card."""
    card_names = [w for pair in W.CARD.values() for w in pair]
    checked = 0
    for n, seed in ((2, 11), (4, 12)):
        played = play_random_game(ENGINE, n, seed=seed)
        for event in played.events:
            if event["type"] not in ("CardDrawn", "DeckShuffled"):
                continue
            variants = [event]
            if event["type"] == "CardDrawn" and event["card"] is not None:
                variants = [{**event, "card": card} for card in D.CARD_IDS]
            if event["type"] == "DeckShuffled":
                variants = [event, {**event, "order": list(reversed(event["order"]))}]
            readers = [v for v in [*range(n), None] if v != event.get("seat")]
            for viewer in readers:
                for lang in ("en", "cs"):
                    reader = Reader(lang, viewer, NAMES[:n])
                    lines = {ENGINE.narrate(ENGINE.redact(v, viewer), reader) for v in variants}
                    assert len(lines) == 1, lines
                    line = lines.pop()
                    assert line and not any(name in line for name in card_names), line
                    checked += 1
    assert checked > 100


# ----------------------------------------------------------------------------- the ending


def _explained(state: Any, viewer: int | None, lang: Lang, n: int, events: Any = None) -> Any:
    return ENGINE.explain(state, Reader(lang, viewer, NAMES[:n]), events)


def _rows(explanation: Any, index: int = 0) -> dict[str, list[Any]]:
    return {row[0]: row[1:] for row in explanation["sections"][index]["table"]["rows"]}


@pytest.mark.parametrize(("n", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_the_ending_counts_points_as_the_rules_do(n: int, seed: int) -> None:
    played = play_random_game(ENGINE, n, seed=seed)
    result = ENGINE.outcome(played.state)
    assert result is not None
    scores = [int(s) for s in result["scores"]]
    book = Ledger.of(n, played.events)
    last_week_caravan = [e for e in played.events if e["type"] == "CaravanScored"][-1]
    assert last_week_caravan["reason"] == "epoch"

    # From the final state alone: buildings and the caravan of week 3 exactly, the rest summed.
    plain = _rows(_explained(played.state, 0, "en", n))
    assert plain["Buildings"] == book.buildings
    assert plain["Caravan at the end of week 3"] == last_week_caravan["points"]
    assert plain["Total"] == scores
    assert [sum(col) for col in zip(*plain.values(), strict=True)] == [2 * s for s in scores]

    # With the events: every source, adding up to the total.
    full = _rows(_explained(played.state, None, "cs", n, played.events))
    assert full["Celkem"] == scores
    sources = [values for label, values in full.items() if label != "Celkem"]
    assert [sum(col) for col in zip(*sources, strict=True)] == scores
    weekly = sum(sum(book.souks[q]) for q in D.QUARTERS)
    assert weekly == sum(
        gain for e in played.events if e["type"] == "MarketScored" for gain in e["points"]
    )

    # The summary names who won, as the outcome ranks.
    winners = [seat for seat in range(n) if result["ranks"][seat] == 1]
    for viewer in [*range(n), None]:
        summary = _explained(played.state, viewer, "en", n)["summary"]
        assert summary.startswith("The game ends after the scoring of the third week")
        if len(winners) == 1 and winners[0] == viewer:
            assert f"You win with {scores[viewer]} points." in summary
        elif len(winners) == 1:
            assert f"{NAMES[winners[0]]} wins with {scores[winners[0]]} points." in summary
        if viewer is not None and result["ranks"][viewer] > 1:
            assert (
                f"You finish {W.ordinal(result['ranks'][viewer])} with {scores[viewer]}" in summary
            )


def test_equal_points_share_first_place_without_a_tie_break() -> None:
    played = play_random_game(ENGINE, 3, seed=31)
    state = played.state
    state.vp = [44, 44, 30]
    result = ENGINE.outcome(state)
    assert result is not None and result["ranks"] == [1, 1, 3] and result["tiebreak"] is None
    assert _explained(state, 1, "en", 3)["summary"] == (
        "The game ends after the scoring of the third week, as the rules say. You and alice "
        "share first place with 44 points: the rules name no tie-break."
    )
    assert _explained(state, 2, "cs", 3)["summary"] == (
        "Hra podle pravidel končí bodováním třetího týdne. Společné první místo s 44 body: alice "
        "a Bob; pomocné kritérium pravidla neurčují. Končíte na 3. místě s 30 body."
    )
    ranking = _explained(state, None, "en", 3)["sections"][1]["table"]["rows"]
    assert ranking == [[1, "alice", 44], [1, "Bob", 44], [3, "Bot Tereza", 30]]


def test_a_game_ended_by_leaving_is_explained_as_such() -> None:
    played = play_random_game(ENGINE, 2, seed=41, max_commands=60)
    state = played.state
    assert ENGINE.outcome(state) is None
    state.vp = [30, 12]
    for event in ENGINE.forfeit(state, 0):
        state = ENGINE.apply(state, event)
    result = ENGINE.outcome(state)
    assert result is not None and result["ranks"] == [2, 1]
    assert result["details"] == {"forfeited": [0]}
    mine = _explained(state, 0, "en", 2)
    assert mine["summary"] == (
        "The game ends early: every other player has left it. Bob wins with 12 points. "
        "You finish 2nd with 30 points."
    )
    assert _explained(state, 1, "cs", 2)["summary"] == (
        "Hra končí předčasně: všichni ostatní hráči ji opustili. Vyhráváte s 12 body."
    )
    assert (
        "Whoever leaves the game ranks below everyone who stayed, whatever the points: you."
        in mine["sections"][1]["lines"]
    )
    assert "Caravan at the end of week 3" not in _rows(mine)
    assert _rows(mine)["Total"] == [30, 12]


def test_the_ending_waits_for_the_end() -> None:
    state = rolled(start(3), ROLL)
    assert ENGINE.explain(state, Reader("en", 0, NAMES[:3])) is None


# ----------------------------------------------------------------------------- options, bots, rules


def test_bot_strength_quotes_the_readmes_figures() -> None:
    readme = (pathlib.Path(D.__file__).parent / "README.md").read_text()
    bots = readme[readme.index("## Bots") : readme.index("## Česky")]
    for level in ENGINE.player_bot_levels:
        for text in ENGINE.bot_words[level].strength:
            for figure in re.findall(r"(\d+) %", text):
                assert f"{figure} %" in bots, (level, figure)
    assert ENGINE.default_bot_level == "greedy"
    assert [ENGINE.bot_words[level].label[0] for level in ENGINE.player_bot_levels] == [
        "Beginner",
        "Casual",
        "Strong",
    ]


RULES = pathlib.Path(D.__file__).parent
HEADINGS = {
    "en": ["Setup", "A day", "A turn", "Scoring", "The end"],
    "cs": ["Příprava", "Průběh dne", "Tah", "Bodování", "Konec hry"],
}


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_rules_pages_cover_the_game_and_mark_every_option(lang: str) -> None:
    text = (RULES / f"rules.{lang}.md").read_text()
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    for heading in HEADINGS[lang]:
        assert heading in headings, heading
    blocks = re.findall(r"^:::option (\w+)=(\w+)\n(.*?)\n:::$", text, re.MULTILINE | re.DOTALL)
    assert text.count(":::option") == len(blocks), "every option block is closed"
    marked = {(name, value) for name, value, _ in blocks}
    for option in ENGINE.options:
        for value in option.choices:
            assert (option.name, value) in marked, (option.name, value)
    # No identifiers outside the option fences: no snake_case names, no codes.
    prose = re.sub(r"^:::option .*$", "", text, flags=re.MULTILINE)
    assert not re.findall(r"\b[a-z]+_[a-z0-9_]+\b", prose)


def test_both_rules_pages_mark_the_same_options() -> None:
    marks = [
        re.findall(r"^:::option (\w+=\w+)$", (RULES / f"rules.{lang}.md").read_text(), re.M)
        for lang in ("en", "cs")
    ]
    assert marks[0] == marks[1]
