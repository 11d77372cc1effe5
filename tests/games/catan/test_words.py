"""Catan's words for players: log lines as each reader sees them, in English and Czech, nothing
hidden named, places as the board shows them, the ending explained as the outcome counts it, and
the award changes the log announces matching the fold."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from games.catan import ENGINE
from games.catan.data import CARD_NAMES, RESOURCES
from games.catan.data_board import N_EDGES, N_HEXES, N_NODES
from games.catan.events_awards import finish
from games.catan.state import MAIN, OVER
from games.catan.words import GLOSSARY
from games.narration import LANGS, Reader
from games.testing import fold, play_random_game
from tests.games.catan.support import (
    FixedDice,
    corner,
    edge,
    give,
    hex_id,
    knights,
    new_game,
    put,
    road,
    run,
    run_with,
    skip_setup,
)

NAMES = ("alice", "Bob", "Bot Tereza", "dan")


def lines(event: dict[str, Any], viewer: int | None, n: int = 3) -> tuple[str | None, str | None]:
    """The event's line for ``viewer`` (redacted first, as the platform does), English and Czech."""
    shown = ENGINE.redact(event, viewer)
    if shown is None:
        return None, None
    en = ENGINE.narrate(shown, Reader("en", viewer, NAMES[:n]))
    cs = ENGINE.narrate(shown, Reader("cs", viewer, NAMES[:n]))
    return en, cs


def only(events: list[dict[str, Any]], etype: str) -> dict[str, Any]:
    found = [e for e in events if e["type"] == etype]
    assert len(found) == 1, events
    return found[0]


# -- places as the board shows them ----------------------------------------------------------------


def test_a_settlement_is_placed_between_the_hexes_that_meet_at_its_corner() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    node = corner(0, 1, 0)  # the top corner of the fields 4, by the desert and the forest 3
    road(s, 0, corner(0, 1, 1), node)
    give(s, 0, brick=1, lumber=1, wool=1, grain=1)
    event = only(run(s, 0, {"type": "build_settlement", "node": node}), "SettlementBuilt")
    assert lines(event, 0) == (
        "You build a settlement between the desert, the forest 3 and the fields 4.",
        "Stavíte vesnici mezi pouští, lesem s trojkou a polem se čtyřkou.",
    )
    expected = (
        "alice builds a settlement between the desert, the forest 3 and the fields 4.",
        "alice staví vesnici mezi pouští, lesem s trojkou a polem se čtyřkou.",
    )
    assert lines(event, 1) == expected
    assert lines(event, None) == expected


def test_a_coastal_corner_names_its_hex_side_and_harbour() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    node = corner(-2, 2, 4)  # the south-west corner of the hills 5, at a 3:1 harbour
    put(s, 1, node)
    give(s, 1, ore=3, grain=2)
    s.current = 1
    event = only(run(s, 1, {"type": "build_city", "node": node}), "CityBuilt")
    assert lines(event, 1) == (
        "You upgrade your settlement to a city at the south-west corner of the hills 5, at the "
        "3:1 harbour.",
        "Stavíte město místo své vesnice na jihozápadním rohu kopců s pětkou, u přístavu 3:1.",
    )
    assert lines(event, 0)[1] == (
        "Bob staví město místo své vesnice na jihozápadním rohu kopců s pětkou, u přístavu 3:1."
    )


def test_roads_lie_between_two_hexes_or_on_a_hexs_coast() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    put(s, 2, corner(0, -2, 0))
    give(s, 2, brick=2, lumber=2)
    s.current = 2
    coast = run(s, 2, {"type": "build_road", "edge": edge(corner(0, -2, 0), corner(0, -2, 5))})
    assert lines(coast[0], None) == (
        "Bot Tereza builds a road on the north-west coast of the mountains 10.",
        "Bot Tereza staví cestu na severozápadním pobřeží hor s desítkou.",
    )
    put(s, 2, corner(0, -1, 1))
    event = run(s, 2, {"type": "build_road", "edge": edge(corner(0, -1, 1), corner(0, -1, 2))})[0]
    assert lines(event, 2) == (
        "You build a road between the hills 6 and the pasture 4.",
        "Stavíte cestu mezi kopci se šestkou a pastvinou se čtyřkou.",
    )


def test_an_event_stored_before_the_terrain_was_recorded_names_the_position() -> None:
    old = {"type": "RobberMoved", "seat": 0, "hex": hex_id(0, 0)}
    assert lines(old, 1) == (
        "alice moves the robber to the hex in the centre of the island.",
        "alice přesouvá zloděje na políčko uprostřed ostrova.",
    )
    old_settlement = {"type": "SettlementBuilt", "seat": 1, "node": corner(0, -2, 0), "free": True}
    assert lines(old_settlement, 1) == (
        "You place a settlement at the north corner of the hex on the left of the top row.",
        "Umisťujete vesnici na severním rohu políčka vlevo v horní řadě.",
    )


def test_the_glossary_names_every_hex_corner_and_edge_once() -> None:
    for category, size in (("hexes", N_HEXES), ("corners", N_NODES), ("edges", N_EDGES)):
        names = GLOSSARY[category]
        assert set(names) == {str(i) for i in range(size)}
        for lang in (0, 1):
            assert len({pair[lang] for pair in names.values()}) == size, (category, lang)
    assert GLOSSARY["terrains"]["wool"] == ("pasture", "pastvina")
    assert set(GLOSSARY["cards"]) == {*CARD_NAMES, "development"}
    assert GLOSSARY["harbours"]["2:1 ore"] == ("2:1 ore harbour", "přístav 2:1 na rudu")


# -- the turn --------------------------------------------------------------------------------------


def test_a_roll_says_who_gets_what() -> None:
    event = {
        "type": "DiceRolled",
        "seat": 1,
        "dice": [3, 5],
        "gains": [[0, 0, 0, 2, 0], None, [1, 0, 0, 0, 1]],
    }
    assert lines(event, 1) == (
        "You roll an 8 (3 + 5): alice gets 2 grain; Bot Tereza gets 1 brick and 1 ore.",
        "Házíte 8 (3 + 5): alice dostává 2 obilí; Bot Tereza dostává 1 cihlu a 1 rudu.",
    )
    assert lines(event, 2) == (
        "Bob rolls an 8 (3 + 5): you get 1 brick and 1 ore; alice gets 2 grain.",
        "Bob hází 8 (3 + 5): dostáváte 1 cihlu a 1 rudu; alice dostává 2 obilí.",
    )
    assert lines(event, None)[1] == (
        "Bob hází 8 (3 + 5): alice dostává 2 obilí; Bot Tereza dostává 1 cihlu a 1 rudu."
    )
    seven = {"type": "DiceRolled", "seat": 0, "dice": [6, 1], "gains": None}
    assert lines(seven, 0) == (
        "You roll a 7 (6 + 1): everyone holding more than 7 cards discards half of them, then "
        "you move the robber.",
        "Házíte 7 (6 + 1): kdo má víc než 7 karet, odhodí polovinu, a pak přesouváte zloděje.",
    )
    nothing = {"type": "DiceRolled", "seat": 0, "dice": [1, 1], "gains": [None, None, None]}
    assert lines(nothing, None) == (
        "alice rolls a 2 (1 + 1): nobody gets anything.",
        "alice hází 2 (1 + 1): nikdo nic nedostává.",
    )


def test_the_robber_and_the_theft_for_the_thief_the_victim_another_seat_and_a_spectator() -> None:
    s = skip_setup(new_game(3), phase="robber")
    put(s, 1, corner(0, 1, 3))
    give(s, 1, wool=2)
    events = run(s, 0, {"type": "move_robber", "hex": hex_id(0, 1), "victim": 1})
    moved, stolen = events
    assert lines(moved, 2) == (
        "alice moves the robber to the fields 4.",
        "alice přesouvá zloděje na pole se čtyřkou.",
    )
    assert lines(stolen, 0) == ("You steal 1 wool from Bob.", "Okrádáte hráče Bob o 1 vlnu.")
    assert lines(stolen, 1) == ("alice steals 1 wool from you.", "alice vás okrádá o 1 vlnu.")
    hidden = ("alice steals a card from Bob.", "alice okrádá hráče Bob o jednu kartu.")
    assert lines(stolen, 2) == hidden
    assert lines(stolen, None) == hidden


def test_a_robber_left_in_place_stays_on_its_hex() -> None:
    s = skip_setup(new_game(2), phase="robber")  # two players: the variant lets it stay
    event = run(s, 0, {"type": "move_robber", "hex": s.robber})[0]
    assert event["stays"] is True
    assert lines(event, 1, n=2) == (
        "alice leaves the robber on the desert.",
        "alice nechává zloděje na poušti.",
    )


def test_a_bought_card_is_named_only_to_its_buyer() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    give(s, 0, ore=1, wool=1, grain=1)
    event = run(s, 0, {"type": "buy_development_card"})[0]
    name = {"knight": ("Knight", "Rytíř"), "victory_point": ("Victory Point", "Vítězný bod")}
    en, cs = name.get(event["card"], (None, None))
    if en is not None:
        assert lines(event, 0) == (
            f"You buy a development card: {en}.",
            f"Kupujete akční kartu: {cs}.",
        )
    assert lines(event, 1) == ("alice buys a development card.", "alice kupuje akční kartu.")
    assert lines(event, None) == lines(event, 2)


def test_monopoly_says_what_each_player_hands_over() -> None:
    event = {"type": "MonopolyPlayed", "seat": 2, "resource": "wool", "taken": [3, 2, 0]}
    assert lines(event, 2) == (
        "You play Monopoly on wool and take 5 wool: 3 from alice and 2 from Bob.",
        "Hrajete Monopol na vlnu a berete 5 vln: alice odevzdává 3 a Bob odevzdává 2.",
    )
    assert lines(event, 1) == (
        "Bot Tereza plays Monopoly on wool and takes 5 wool: 2 from you and 3 from alice.",
        "Bot Tereza hraje Monopol na vlnu a bere 5 vln: odevzdáváte 2 a alice odevzdává 3.",
    )
    none = {"type": "MonopolyPlayed", "seat": 2, "resource": "ore", "taken": [0, 0, 0]}
    assert lines(none, None) == (
        "Bot Tereza plays Monopoly on ore, but nobody has any.",
        "Bot Tereza hraje Monopol na rudu, ale nikdo nic neodevzdává.",
    )


def test_trading_with_the_bank_a_harbour_and_a_player() -> None:
    bank = {"type": "BankTraded", "seat": 0, "give": "brick", "get": "ore", "ratio": 4}
    assert lines(bank, 0) == (
        "You trade 4 brick for 1 ore with the bank.",
        "Měníte s bankem 4 cihly za 1 rudu.",
    )
    harbour = {"type": "BankTraded", "seat": 0, "give": "wool", "get": "ore", "ratio": 2}
    assert lines(harbour, 1) == (
        "alice trades 2 wool for 1 ore at the 2:1 wool harbour.",
        "alice mění 2 vlny za 1 rudu v přístavu 2:1 na vlnu.",
    )
    offer = {"type": "OfferMade", "seat": 0, "id": 1, "give": [1, 0, 1, 0, 0], "get": [0] * 4 + [1]}
    assert lines(offer, 0) == (
        "You offer 1 brick and 1 wool for 1 ore.",
        "Nabízíte 1 cihlu a 1 vlnu za 1 rudu.",
    )
    assert lines(offer, 1) == (
        "alice offers 1 brick and 1 wool for 1 ore: you may accept, decline or make a "
        "counter-offer.",
        "alice nabízí 1 cihlu a 1 vlnu za 1 rudu: můžete přijmout, odmítnout, nebo dát "
        "protinabídku.",
    )
    assert lines(offer, None)[0] == "alice offers 1 brick and 1 wool for 1 ore."
    trade = {"type": "TradeMade", "seat": 0, "partner": 1, "give": [1, 0, 0, 0, 0]}
    trade["get"] = [0, 0, 0, 0, 1]
    assert lines(trade, 0) == (
        "You trade with Bob: you give 1 brick and get 1 ore.",
        "Vy a Bob spolu obchodujete: dáváte 1 cihlu a dostáváte 1 rudu.",
    )
    assert lines(trade, 1) == (
        "alice trades with you: you give 1 ore and get 1 brick.",
        "alice a vy spolu obchodujete: dáváte 1 rudu a dostáváte 1 cihlu.",
    )
    assert lines(trade, None) == (
        "alice trades 1 brick for 1 ore with Bob.",
        "alice a Bob spolu obchodují: alice dává 1 cihlu za 1 rudu.",
    )


def test_a_draft_is_told_only_to_its_author() -> None:
    started = {"type": "DraftExtended", "seat": 0, "side": "get", "resource": "ore"}
    assert lines(started, 0) == (
        "You add 1 ore to what you ask for.",
        "Přidáváte 1 rudu k tomu, co chcete.",
    )
    assert lines(started, 1) == (None, None)
    assert lines(started, None) == (None, None)


def test_longest_road_changing_hands_is_announced_with_the_road() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    a = [corner(-1, -1, k) for k in (4, 5, 0, 1, 2, 3)]  # around the fields 12
    b = [corner(1, 1, k) for k in (4, 5, 0, 1, 2, 3)]  # around the pasture 5
    put(s, 1, b[0])
    road(s, 1, *b)  # Bob: 5 roads, Longest Road
    assert s.lr_holder == 1
    put(s, 0, a[0])
    road(s, 0, *a[:5])  # alice: 4 roads
    give(s, 0, brick=2, lumber=2)
    first = run(s, 0, {"type": "build_road", "edge": edge(a[4], a[5])})[0]
    assert s.lr_holder == 1  # a tie: the holder keeps it
    assert "longest_road" not in first
    second = run(s, 0, {"type": "build_road", "edge": edge(a[5], a[0])})[0]
    assert s.lr_holder == 0
    assert second["longest_road"] == {"from": 1, "to": 0, "value": 6}
    en, cs = lines(second, 1)
    assert en is not None and cs is not None
    assert en.endswith(" alice takes Longest Road from you (6 roads).")
    assert cs.endswith(" alice získává Nejdelší cestu (6 cest) a vy o ni přicházíte.")
    en, cs = lines(second, 0)
    assert en is not None and en.endswith(" You take Longest Road from Bob (6 roads).")
    assert cs is not None and cs.endswith(" Získáváte Nejdelší cestu (6 cest) a Bob o ni přichází.")


def test_a_tie_sends_longest_road_to_the_bank_with_the_variant() -> None:
    s = skip_setup(new_game(2), phase=MAIN)  # two players: the variant, ties go to the bank
    a = [corner(-1, -1, k) for k in (4, 5, 0, 1, 2, 3)]
    b = [corner(1, 1, k) for k in (4, 5, 0, 1, 2, 3)]
    put(s, 1, b[0])
    road(s, 1, *b)
    put(s, 0, a[0])
    road(s, 0, *a[:5])
    give(s, 0, brick=1, lumber=1)
    event = run(s, 0, {"type": "build_road", "edge": edge(a[4], a[5])})[0]
    assert s.lr_holder == -1
    assert lines(event, 1, n=2) == (
        "alice builds a road between the fields 12 and the forest 11. You lose Longest Road: "
        "nobody leads alone with at least 5 roads now.",
        "alice staví cestu mezi polem s dvanáctkou a lesem s jedenáctkou. Přicházíte o "
        "Nejdelší cestu: teď nikdo nevede sám s alespoň 5 cestami.",
    )


def test_largest_army_is_announced_with_the_third_knight() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    knights(s, 2, 2)
    give(s, 2, knight=1)
    s.current = 2
    event = run(s, 2, {"type": "play_knight"})[0]
    assert s.la_holder == 2
    assert lines(event, None) == (
        "Bot Tereza plays a Knight and moves the robber. Bot Tereza takes Largest Army "
        "(3 knights): 2 points.",
        "Bot Tereza hraje rytíře a přesune zloděje. Bot Tereza získává Největší armádu "
        "(3 rytíři): 2 body.",
    )


def test_war_from_the_attacker_the_defender_and_a_spectator() -> None:
    s = skip_setup(new_game(3, variant=True, war=True), phase=MAIN)
    knights(s, 0, 2)
    give(s, 1, brick=2)
    events = run_with(
        s, 0, {"type": "declare_war", "defender": 1}, FixedDice([6, 6, 5, 4, 1, 2, 3, 3])
    )
    declared, decided, spoils = events
    assert lines(declared, 0) == (
        "You declare war on Bob: your attack 14 (rolls 12 and 9, +2 for the larger army) "
        "against defence 6 (rolls 3 and 6).",
        "Vyhlašujete válku hráči Bob: váš útok 14 (hody 12 a 9, +2 za větší armádu) proti "
        "obraně 6 (hody 3 a 6).",
    )
    assert lines(declared, 1) == (
        "alice declares war on you: attack 14 (rolls 12 and 9, +2 for the larger army) against "
        "your defence 6 (rolls 3 and 6).",
        "alice vám vyhlašuje válku: útok 14 (hody 12 a 9, +2 za větší armádu) proti vaší obraně "
        "6 (hody 3 a 6).",
    )
    assert lines(decided, None) == (
        "Attack 14 against defence 6: alice wins the war and plunders up to 7 cards.",
        "Útok 14 proti obraně 6: válku vyhrává alice a plení až 7 karet.",
    )
    assert lines(spoils, 1) == (
        "alice plunders 2 cards from you: 2 brick.",
        "alice plení vaši zemi a bere vám 2 karty: 2 cihly.",
    )
    assert lines(spoils, 2) == (
        "alice plunders 2 cards from Bob.",
        "alice plení zemi hráče Bob a bere 2 karty.",
    )


def test_the_game_created_and_a_forfeit() -> None:
    created = ENGINE.setup(3, ENGINE.validate_options(3, {}), random.Random(1))[0]
    first = created["first"]
    en, cs = lines(created, first)
    assert en == "A game for 3 players begins, played to 10 points; you place first."
    assert cs == "Začíná hra pro 3 hráče do 10 bodů; jako první stavíte vy."
    left = {"type": "SeatForfeited", "seat": 1}
    assert lines(left, None)[1] == (
        "Bob opouští hru: karty se vracejí do banku a pod balíček akčních karet, stavby "
        "zůstávají na plánu a nic nevynášejí."
    )


# -- secrets ---------------------------------------------------------------------------------------

_CARD_WORDS = re.compile(
    r"\b(brick|lumber|wool|grain|ore|Knight|Victory Point|Road Building|Year of Plenty|Monopoly|"
    r"cihl\w*|dřev\w*|vln\w*|obilí|rud\w*|rytíř\w*|vítězným bodem|Stavba silnic|Vynález|Monopol)\b"
)
_SECRET = {"DevelopmentCardBought", "CardStolen", "WarCardTaken", "WarSpoilsTaken", "CardDiscarded"}


def _may_see(event: dict[str, Any], viewer: int | None) -> bool:
    if event["type"] in ("CardStolen", "WarCardTaken", "WarSpoilsTaken"):
        return viewer in (event["seat"], event["victim"])
    if event["type"] == "CardDiscarded":
        return viewer == event["seat"] or event["card"] in RESOURCES
    return viewer == event["seat"]


@pytest.mark.parametrize("seed", [11, 12])
def test_lines_for_others_name_no_hidden_card(seed: int) -> None:
    options = {
        "variant": True,
        "war": True,
        "steal_development_cards": True,
        "seven_counts_development_cards": True,
    }
    game = play_random_game(ENGINE, 3, options, seed=seed)
    checked = 0
    for event in game.events:
        if event["type"] not in _SECRET:
            continue
        for viewer in (0, 1, 2, None):
            if _may_see(event, viewer):
                continue
            for lang in LANGS:
                shown = ENGINE.redact(event, viewer)
                assert shown is not None
                text = ENGINE.narrate(shown, Reader(lang, viewer, NAMES[:3]))
                assert text and not _CARD_WORDS.search(text), (event, viewer, text)
                # The same line whatever the hidden card was.
                other = _swap_secret(event)
                shown_other = ENGINE.redact(other, viewer)
                assert shown_other is not None
                assert ENGINE.narrate(shown_other, Reader(lang, viewer, NAMES[:3])) == text
                checked += 1
    assert checked > 0


def _swap_secret(event: dict[str, Any]) -> dict[str, Any]:
    """The event with another hidden card (of the same visibility)."""
    if "cards" in event:
        return {**event, "cards": ["knight"] * len(event["cards"])}
    card = event["card"]
    if event["type"] == "CardDiscarded":
        return {**event, "card": "monopoly" if card != "monopoly" else "knight"}
    return {**event, "card": "ore" if card != "ore" else "victory_point"}


def test_the_end_of_a_turn_names_who_is_next_skipping_who_left() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    seat = s.current
    after = (seat + 1) % 3
    event = run(s, seat, {"type": "end_turn"})[0]
    assert event == {"type": "TurnEnded", "seat": seat, "next": after} and s.current == after
    assert lines({"type": "TurnEnded", "seat": 0, "next": 1}, 0) == (
        "You end your turn; Bob is next.",
        "Končíte tah; na tahu je Bob.",
    )
    assert lines({"type": "TurnEnded", "seat": 0, "next": 1}, 1) == (
        "alice ends the turn; you are next.",
        "alice končí tah; na tahu jste vy.",
    )
    assert lines({"type": "TurnEnded", "seat": 2, "next": 1}, None) == (
        "Bot Tereza ends the turn; Bob is next.",
        "Bot Tereza končí tah; na tahu je Bob.",
    )
    s = skip_setup(new_game(3), phase=MAIN)
    seat = s.current
    s.forfeited[(seat + 1) % 3] = True
    assert run(s, seat, {"type": "end_turn"})[0]["next"] == (seat + 2) % 3 == s.current


def test_a_turn_end_stored_before_next_was_recorded_still_reads_and_folds_the_same() -> None:
    assert lines({"type": "TurnEnded", "seat": 0}, 1) == (
        "alice ends the turn.",
        "alice končí tah.",
    )
    game = play_random_game(ENGINE, 3, seed=2)
    state = None
    ended = 0
    for event in game.events:
        state = ENGINE.apply(state, event)
        if event["type"] == "TurnEnded":
            ended += 1
            assert event["next"] == state.current
    assert ended > 10
    old = [{k: v for k, v in e.items() if k != "next"} for e in game.events]
    replayed = fold(ENGINE, old)
    assert ENGINE.state_to_json(replayed) == ENGINE.state_to_json(game.state)
    assert ENGINE.outcome(replayed) == ENGINE.outcome(game.state)


def test_award_changes_in_the_log_match_the_fold() -> None:
    options = {"variant": True, "war": True, "tied_awards_to_bank": False}
    for seed, n, opts in ((3, 3, options), (4, 4, {}), (5, 2, {"war": True})):
        state = None
        seen = 0
        game = play_random_game(ENGINE, n, opts, seed=seed)
        for event in game.events:
            before = None if state is None else (state.lr_holder, state.la_holder)
            state = ENGINE.apply(state, event)
            if before is None:
                continue
            for key, old, new in (
                ("longest_road", before[0], state.lr_holder),
                ("largest_army", before[1], state.la_holder),
            ):
                change = event.get(key)
                if old == new:
                    assert change is None, (event, old, new)
                else:
                    seen += 1
                    assert change is not None, (event, old, new)
                    assert (change["from"], change["to"]) == (
                        None if old < 0 else old,
                        None if new < 0 else new,
                    )
        assert seen > 0, seed


# -- the ending ------------------------------------------------------------------------------------


def _texts(explained: dict[str, Any]) -> str:
    parts = [explained["summary"]]
    for section in explained["sections"]:
        parts += [section["title"], *section["lines"]]
    return "\n".join(parts)


def _table(explained: dict[str, Any], title: str) -> dict[str, list[Any]]:
    section = next(s for s in explained["sections"] if s["title"] == title)
    return {row[0]: row[1:] for row in section["table"]["rows"]}


def _cities(s: Any, seat: int, *spots: tuple[int, int, int]) -> None:
    for q, r, k in spots:
        put(s, seat, corner(q, r, k), city=True)


def test_a_standard_win_with_a_hidden_tie_is_explained_as_the_outcome_counts() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    _cities(s, 0, (0, -2, 0), (1, -2, 0), (2, -2, 0), (-2, 0, 4))
    give(s, 0, victory_point=1)  # alice: 9 before her settlement
    _cities(s, 1, (-2, 2, 3), (0, 2, 3), (2, 0, 2), (1, 1, 2))
    give(s, 1, victory_point=2)  # Bob: 8 + 2 hidden = 10, but not on his turn
    _cities(s, 2, (-1, -1, 5), (-2, 1, 4), (1, -1, 1))
    knights(s, 2, 3)
    give(s, 2, victory_point=2)  # Bot Tereza: 6 + Largest Army 2 + 2 hidden = 10
    road(s, 0, corner(0, 0, 0), corner(0, 0, 1), corner(0, 0, 2))
    give(s, 0, brick=1, lumber=1, wool=1, grain=1)
    run(s, 0, {"type": "build_settlement", "node": corner(0, 0, 2)})
    assert s.phase == OVER
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome["scores"] == [10.0, 10.0, 10.0] and outcome["ranks"] == [1, 2, 2]
    explained = ENGINE.explain(s, Reader("en", 1, NAMES[:3]))
    assert explained is not None
    assert explained["summary"] == (
        "alice wins with 10 points: the player who has 10 points on their turn wins at once. "
        "Others: you 10, Bot Tereza 10."
    )
    table = _table(explained, "Victory points")
    assert table["Total"] == [10, 10, 10] and table["Place"] == [1, 2, 2]
    assert table["Victory Point cards in hand"] == [1, 2, 2]
    assert table["Largest Army"] == [0, 0, 2]
    text = _texts(explained)
    assert (
        "You also have 10 points counting point cards in hand, but only the player on turn wins."
        in text
    )
    assert "You and Bot Tereza share place 2 with 10 points." in text
    cs = ENGINE.explain(s, Reader("cs", None, NAMES[:3]))
    assert cs is not None
    assert cs["summary"].startswith("alice vyhrává s 10 body: kdo má na svém tahu 10 bodů, ihned")
    assert "Bob a Bot Tereza se dělí o 2. místo s 10 body." in _texts(cs)


def test_the_variant_caps_the_loser_and_gives_the_series_margin() -> None:
    s = skip_setup(new_game(2), phase=MAIN)
    _cities(s, 1, (0, -2, 0), (1, -2, 0), (2, -2, 0), (-2, 2, 3))
    give(s, 1, victory_point=4)  # Bob: 8 on the table and 4 in hand: 12, capped at 11
    _cities(s, 0, (-2, 0, 4), (2, 0, 2), (0, 2, 3), (-1, -1, 5))
    put(s, 0, corner(1, 1, 1))
    put(s, 0, corner(-2, 1, 4))
    give(s, 0, victory_point=1)  # alice: 10 on the table and 1 in hand
    road(s, 0, corner(0, 0, 0), corner(0, 0, 1), corner(0, 0, 2))
    give(s, 0, brick=1, lumber=1, wool=1, grain=1)
    run(s, 0, {"type": "build_settlement", "node": corner(0, 0, 2)})  # 12
    outcome = ENGINE.outcome(s)
    assert outcome is not None and outcome["scores"] == [12.0, 11.0]
    assert outcome["details"]["margin"] == 1
    explained = ENGINE.explain(s, Reader("cs", 0, NAMES[:2]))
    assert explained is not None
    assert explained["summary"] == (
        "Vyhráváte s 12 body: hra končí ve chvíli, kdy někdo získá 12. bod. Ostatní: Bob 11."
    )
    table = _table(explained, "Vítězné body")
    assert table["Strop poraženého (pravidlo 1)"] == [0, -1]
    assert table["Celkem"] == [12, 11]
    text = _texts(explained)
    assert "Bob: 12 bodů se počítá jako 11." in text
    assert "Tato hra vám přičítá 1 bod." in text


def test_a_forfeit_is_explained_as_such() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    put(s, 1, corner(0, -2, 0), city=True)
    for seat in (1, 2):
        for e in ENGINE.forfeit(s, seat):
            ENGINE.apply(s, e)
    outcome = ENGINE.outcome(s)
    assert outcome is not None and outcome["ranks"][0] == 1
    explained = ENGINE.explain(s, Reader("en", None, NAMES[:3]))
    assert explained is not None
    assert explained["summary"].startswith("alice wins: every other player has left the game.")
    text = _texts(explained)
    assert "Bob left the game and ranks last." in text
    assert "Bot Tereza left the game and ranks last." in text
    table = _table(explained, "Victory points")
    assert table["Place"] == outcome["ranks"]
    assert table["Total"] == [int(v) for v in outcome["scores"]]


@pytest.mark.parametrize(("n", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_every_explanation_adds_up_to_the_outcome(n: int, seed: int) -> None:
    game = play_random_game(ENGINE, n, {}, seed=seed)
    outcome = ENGINE.outcome(game.state)
    assert outcome is not None
    for viewer in [*range(n), None]:
        for lang in LANGS:
            explained = ENGINE.explain(game.state, Reader(lang, viewer, NAMES[:n]))
            assert explained is not None
            title = "Victory points" if lang == "en" else "Vítězné body"
            table = _table(explained, title)
            total = table["Total" if lang == "en" else "Celkem"]
            assert total == [int(v) for v in outcome["scores"]]
            assert table["Place" if lang == "en" else "Pořadí"] == outcome["ranks"]
            sources = [
                row
                for label, row in table.items()
                if label not in ("Total", "Celkem", "Place", "Pořadí")
            ]
            assert [sum(col) for col in zip(*sources, strict=True)] == total
            winner = outcome["ranks"].index(1)
            assert Reader(lang, viewer, NAMES[:n]).name(winner) in explained["summary"] or (
                viewer == winner
            )


def test_no_explanation_while_the_game_runs() -> None:
    s = skip_setup(new_game(3), phase=MAIN)
    assert ENGINE.explain(s, Reader("en", 0, NAMES[:3])) is None
    finish(s, 0)
    assert ENGINE.explain(s, Reader("en", 0, NAMES[:3])) is not None
