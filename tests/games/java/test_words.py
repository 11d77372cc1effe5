"""Words for players (games/WORDS.md): the log lines of Java's events for the actor, another
seat and a spectator in English and Czech, nothing hidden named, the glossary's places, and the
ending explained against the outcome."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import games.java as java_package
from games.java import ENGINE
from games.java import events as ev
from games.java.data import BOARD, COMPONENTS
from games.java.state import TOP_NAMES, JavaState
from games.java.words import GLOSSARY, PLACES
from games.narration import Reader
from games.testing import Playout, fold, play_random_game
from tests.games.java.helpers import new_game, put, run, stand

NAMES = ("alice", "Bob", "Bot Tereza")
A, B, C = "symbol_A", "symbol_B", "symbol_C"
AB, AC, BC = "symbol_A+symbol_B", "symbol_A+symbol_C", "symbol_B+symbol_C"


def lines(event: dict[str, Any], viewer: int | None, n: int = 3) -> tuple[str, str]:
    """The event's line for ``viewer`` in English and Czech, redacted as the platform does."""
    shown = ENGINE.redact(event, viewer)
    assert shown is not None
    out = tuple(ENGINE.narrate(shown, Reader(lang, viewer, NAMES[:n])) for lang in ("en", "cs"))
    assert all(isinstance(x, str) for x in out)
    return out  # type: ignore[return-value]


def check(event: dict[str, Any], expected: dict[int | None, tuple[str, str]]) -> None:
    for viewer, pair in expected.items():
        assert lines(event, viewer) == pair, viewer


# --------------------------------------------------------------------------- places


def test_every_space_has_a_name_of_its_own_a_player_can_count_to() -> None:
    places = GLOSSARY["places"]
    assert set(places) == {f"{q},{r}" for q, r in BOARD.coords}
    assert len({en for en, _ in places.values()}) == len(places)
    assert len({cs for _, cs in places.values()}) == len(places)
    # Rows from the mountain side, spaces from the west end (offset columns of the 17 x 9 grid).
    assert places["0,0"] == ("the 1st space of row 1", "1. pole v 1. řadě")
    assert places["3,2"] == ("the 5th space of row 3", "5. pole ve 3. řadě")
    assert places["12,8"] == ("the 17th space of row 9", "17. pole v 9. řadě")
    assert places["7,3"] == ("the middle lake", "prostřední jezero")
    assert places["5,-1"] == (
        "the space off the north edge by the 5th and 6th spaces of row 1",
        "pole za severním okrajem vedle 5. a 6. pole v 1. řadě",
    )
    assert places["-2,3"] == (
        "the space off the west end of row 4",
        "pole za západním koncem 4. řady",
    )


def test_czech_prepositions_follow_the_spoken_number() -> None:
    assert PLACES[BOARD.index[(1, 2)]].cs_from == "ze 3. pole ve 3. řadě"
    assert PLACES[BOARD.index[(3, 2)]].cs_from == "z 5. pole ve 3. řadě"
    assert PLACES[BOARD.index[(3, 2)]].cs_at == "na 5. poli ve 3. řadě"
    assert PLACES[BOARD.index[(3, 4)]].cs_to == "na 6. pole v 5. řadě"


def test_the_glossary_names_tiles_palaces_and_cards_as_the_log_does() -> None:
    assert GLOSSARY["tiles"]["three"] == ("three-space land tile", "trojdílné území")
    assert GLOSSARY["palaces"]["6"] == ("palace of value 6", "palác s hodnotou 6")
    assert GLOSSARY["cards"][AB] == (
        "festival card with symbols A and B",
        "slavnostní karta se symboly A a B",
    )
    assert set(GLOSSARY["cards"]) == set(COMPONENTS.card_names)
    assert tuple(GLOSSARY["terrain"]) == TOP_NAMES


# --------------------------------------------------------------------------- the log


def test_a_land_tile_names_its_kind_level_village_and_cost() -> None:
    event = {
        "type": "LandLaid",
        "seat": 0,
        "tile": "three",
        "rice": [[2, 2], [3, 1]],
        "village": [[3, 2]],
        "level": 2,
        "cost": 1,
    }
    check(
        event,
        {
            0: (
                "You lay a three-space land tile at level 2, its village on the 5th space of row "
                "3, for 1 action point.",
                "Pokládáte trojdílné území do 2. patra, vesnicí na 5. pole ve 3. řadě, za 1 akční "
                "bod.",
            ),
            1: (
                "alice lays a three-space land tile at level 2, its village on the 5th space of "
                "row 3, for 1 action point.",
                "alice pokládá trojdílné území do 2. patra, vesnicí na 5. pole ve 3. řadě, za 1 "
                "akční bod.",
            ),
        },
    )
    overhang = {
        "type": "LandLaid",
        "seat": 1,
        "tile": "rice",
        "rice": [[1, 2]],
        "village": [],
        "level": 1,
        "cost": 1,
    }
    check(
        overhang,
        {
            None: (
                "Bob lays a one-space rice tile at level 1 on the 3rd space of row 3 for 1 action "
                "point.",
                "Bob pokládá jednodílné rýžové území do 1. patra na 3. pole ve 3. řadě za 1 akční "
                "bod.",
            )
        },
    )
    over = {**event, "seat": 2, "village": [[5, -1]], "rice": [[4, -1], [5, 0]], "cost": 3}
    assert lines(over, None) == (
        "Bot Tereza lays a three-space land tile at level 2, its village on the space off the "
        "north edge by the 5th and 6th spaces of row 1, for 3 action points (2 of its spaces "
        "overhang the grid).",
        "Bot Tereza pokládá trojdílné území do 2. patra, vesnicí na pole za severním okrajem "
        "vedle 5. a 6. pole v 1. řadě, za 3 akční body (2 pole přečnívají přes okraj).",
    )


def test_a_real_tile_laid_reads_the_same_for_every_reader_but_the_actor() -> None:
    s = new_game(3, seed=4)
    command = next(c for c in ENGINE.legal_commands(s, 0) if c["type"] == "lay_land")
    (event,) = [e for e in ENGINE.execute(s, 0, command, random.Random(0))]
    mine, yours, nobody = lines(event, 0), lines(event, 1), lines(event, None)
    assert mine[0].startswith("You lay a ") and mine[1].startswith("Pokládáte ")
    assert yours == nobody
    assert yours[0].startswith("alice lays a ") and yours[1].startswith("alice pokládá ")


def test_developers_walk_by_places_and_costs() -> None:
    moved = {"type": "FigureMoved", "seat": 1, "from": [3, 2], "to": [1, 2], "cost": 0}
    check(
        moved,
        {
            1: (
                "You move a developer from the 5th space of row 3 to the 3rd space of row 3 for "
                "free.",
                "Přesouváte figurku z 5. pole ve 3. řadě na 3. pole ve 3. řadě zdarma.",
            ),
            0: (
                "Bob moves a developer from the 5th space of row 3 to the 3rd space of row 3 for "
                "free.",
                "Bob přesouvá figurku z 5. pole ve 3. řadě na 3. pole ve 3. řadě zdarma.",
            ),
        },
    )
    entered = {"type": "FigureEntered", "seat": 2, "to": [1, 2], "cost": 2}
    check(
        entered,
        {
            2: (
                "You bring a developer onto the island at the 3rd space of row 3 for 2 action "
                "points.",
                "Nasazujete figurku na 3. pole ve 3. řadě za 2 akční body.",
            ),
            None: (
                "Bot Tereza brings a developer onto the island at the 3rd space of row 3 for 2 "
                "action points.",
                "Bot Tereza nasazuje figurku na 3. pole ve 3. řadě za 2 akční body.",
            ),
        },
    )
    removed = {"type": "FigureRemoved", "seat": 0, "from": [3, 4], "cost": 5}
    assert lines(removed, 1) == (
        "alice takes a developer off the island from the 6th space of row 5 for 5 action points.",
        "alice stahuje z ostrova figurku ze 6. pole v 5. řadě za 5 akčních bodů.",
    )


def test_palaces_say_what_they_score() -> None:
    built = {"type": "PalaceBuilt", "seat": 0, "cell": [3, 2], "value": 6, "points": 3}
    check(
        built,
        {
            0: (
                "You build a palace of value 6 on the 5th space of row 3 and score 3 points: the "
                "village is now a city.",
                "Stavíte palác s hodnotou 6 na 5. poli ve 3. řadě a získáváte 3 body: z vesnice je "
                "město.",
            ),
            2: (
                "alice builds a palace of value 6 on the 5th space of row 3 and scores 3 points: "
                "the village is now a city.",
                "alice staví palác s hodnotou 6 na 5. poli ve 3. řadě a získává 3 body: z vesnice "
                "je město.",
            ),
        },
    )
    enlarged = {"type": "PalaceEnlarged", "seat": 1, "cell": [3, 2], "value": 10, "points": 5}
    assert lines(enlarged, None) == (
        "Bob enlarges the palace on the 5th space of row 3 to value 10 and scores 5 points.",
        "Bob rozšiřuje palác na 5. poli ve 3. řadě na hodnotu 10 a získává 5 bodů.",
    )


def test_a_lake_says_who_scores_it() -> None:
    lake = {
        "type": "LakeScored",
        "seat": 1,
        "by": 0,
        "cells": [[7, 3], [8, 3]],
        "size": 2,
        "points": 6,
    }
    check(
        lake,
        {
            0: (
                "You enclose the middle lake, now 2 water spaces: Bob stands highest on its "
                "shore and scores 6 points.",
                "Obklopujete krajinou prostřední jezero, teď o 2 polích: nejvýše na břehu stojí "
                "Bob a získává 6 bodů.",
            ),
            1: (
                "alice encloses the middle lake, now 2 water spaces: you stand highest on its "
                "shore and score 6 points.",
                "alice obklopuje krajinou prostřední jezero, teď o 2 polích: nejvýše na břehu "
                "stojíte vy a získáváte 6 bodů.",
            ),
        },
    )
    nobody = {**lake, "seat": None, "cells": [[5, 5]], "size": 1, "points": 0}
    assert lines(nobody, None) == (
        "alice encloses a one-space lake on the 8th space of row 6: no one stands alone highest "
        "on its shore, so nobody scores.",
        "alice obklopuje krajinou vodní plochu o 1 poli na 8. poli v 6. řadě: na břehu nikdo "
        "nestojí jednoznačně nejvýše, body nezískává nikdo.",
    )


def test_a_card_from_the_deck_is_named_only_to_its_taker() -> None:
    drawn = {"type": "CardTaken", "seat": 2, "source": "deck", "card": AC}
    check(
        drawn,
        {
            2: (
                "You draw a festival card from the deck: the card with symbols A and C.",
                "Dobíráte z balíku slavnostní kartu se symboly A a C.",
            ),
            0: (
                "Bot Tereza draws a festival card from the deck.",
                "Bot Tereza dobírá z balíku slavnostní kartu.",
            ),
            None: (
                "Bot Tereza draws a festival card from the deck.",
                "Bot Tereza dobírá z balíku slavnostní kartu.",
            ),
        },
    )
    opened = {"type": "CardTaken", "seat": 0, "source": "open", "card": B, "open": BC}
    check(
        opened,
        {
            0: (
                "You take the open festival card with symbol B; the new open card shows symbols "
                "B and C.",
                "Berete odkrytou slavnostní kartu se symbolem B; nová odkrytá karta má symboly B "
                "a C.",
            ),
            1: (
                "alice takes the open festival card with symbol B; the new open card shows "
                "symbols B and C.",
                "alice bere odkrytou slavnostní kartu se symbolem B; nová odkrytá karta má "
                "symboly B a C.",
            ),
        },
    )
    assert lines({"type": "DeckReshuffled", "order": [A] * 5, "count": 5}, 1) == (
        "The deck is empty: the discard pile (5 cards) is shuffled into a new deck.",
        "Balík je prázdný: odkládací balíček (5 karet) se zamíchá a je z něj nový balík.",
    )
    assert lines({"type": "OpenCardRevealed", "card": C}, None) == (
        "A new open festival card is turned up: it shows symbol C.",
        "Otáčí se nová odkrytá slavnostní karta: má symbol C.",
    )


def test_the_setup_shows_each_player_their_own_cards_only() -> None:
    setup = {
        "type": "GameSetUp",
        "rules_version": 2,
        "players": 3,
        "options": {"token_timing": "start_of_turn", "whole_moves": False},
        "hands": [[A, A, BC], [C, AB, B], [AC, A, C]],
        "deck": [B] * 20,
        "open": AB,
    }
    check(
        setup,
        {
            0: (
                "The game begins with 3 players; you have the first turn. Your secret festival "
                "cards: 2× A and B+C; the open card shows symbols A and B.",
                "Začíná hra pro 3 hráče; první tah máte vy. Vaše tajné slavnostní karty: 2× A "
                "a B+C; odkrytá karta má symboly A a B.",
            ),
            1: (
                "The game begins with 3 players; alice has the first turn. Your secret festival "
                "cards: C, A+B and B; the open card shows symbols A and B.",
                "Začíná hra pro 3 hráče; první tah má alice. Vaše tajné slavnostní karty: C, A+B "
                "a B; odkrytá karta má symboly A a B.",
            ),
            None: (
                "The game begins with 3 players; alice has the first turn. Everyone holds 3 "
                "secret festival cards; the open card shows symbols A and B.",
                "Začíná hra pro 3 hráče; první tah má alice. Každý drží 3 tajné slavnostní "
                "karty; odkrytá karta má symboly A a B.",
            ),
        },
    )


def test_a_festival_from_call_to_result() -> None:
    called = {"type": "FestivalCalled", "seat": 1, "cell": [3, 2], "bidders": [1, 2, 0]}
    check(
        called,
        {
            1: (
                "You hold a festival in the palace on the 5th space of row 3; bidding order: "
                "you, Bot Tereza, alice.",
                "Pořádáte slavnost v paláci na 5. poli ve 3. řadě; pořadí v dražbě: vy, Bot "
                "Tereza, alice.",
            ),
            0: (
                "Bob holds a festival in the palace on the 5th space of row 3; bidding order: "
                "Bob, Bot Tereza, you.",
                "Bob pořádá slavnost v paláci na 5. poli ve 3. řadě; pořadí v dražbě: Bob, Bot "
                "Tereza, vy.",
            ),
        },
    )
    bid = {"type": "CardBid", "seat": 0, "card": AB}
    assert lines(bid, 0) == (
        "You lay the festival card with symbols A and B.",
        "Vykládáte slavnostní kartu se symboly A a B.",
    )
    assert lines({"type": "BidFinished", "seat": 0}, None) == (
        "alice stops laying cards for this round of the auction.",
        "alice v tomto kole dražby už kartu nevykládá.",
    )
    assert lines({"type": "BidPassed", "seat": 2}, 2) == (
        "You pass and leave the festival auction.",
        "Pasujete a z dražby o slavnost odstupujete.",
    )
    resolved = {
        "type": "FestivalResolved",
        "seat": 1,
        "cell": [3, 2],
        "value": 8,
        "bidders": [1, 2, 0],
        "symbols": [3, 1, 2],
        "winners": [1],
        "points": [0, 4, 0],
    }
    check(
        resolved,
        {
            1: (
                "Festival in the palace of value 8 on the 5th space of row 3, matching symbols: "
                "you 3, Bot Tereza 1, alice 2. You win and score 4 points.",
                "Slavnost v paláci s hodnotou 8 na 5. poli ve 3. řadě, odpovídající symboly: vy "
                "3, Bot Tereza 1, alice 2. Vyhráváte a získáváte 4 body.",
            ),
            None: (
                "Festival in the palace of value 8 on the 5th space of row 3, matching symbols: "
                "Bob 3, Bot Tereza 1, alice 2. Bob wins and scores 4 points.",
                "Slavnost v paláci s hodnotou 8 na 5. poli ve 3. řadě, odpovídající symboly: Bob "
                "3, Bot Tereza 1, alice 2. Bob vyhrává a získává 4 body.",
            ),
        },
    )
    tied = {**resolved, "symbols": [2, 1, 2], "winners": [1, 0], "points": [2, 2, 0]}
    assert lines(tied, 0)[0].endswith(
        "Tied for the most symbols (Bob and you): each scores 2 points."
    )
    assert lines(tied, 0)[1].endswith("Shoda v počtu symbolů (Bob a vy): každý získává 2 body.")
    small = {**tied, "value": 2, "points": [0, 0, 0]}
    assert lines(small, None)[0].endswith(
        "Tied for the most symbols (Bob and alice): a palace of value 2 gives tied winners no "
        "points."
    )


def test_turns_tokens_the_end_and_forfeits() -> None:
    ended = {"type": "TurnEnded", "seat": 0, "next": 1, "stalled": False}
    check(
        ended,
        {
            0: ("You end the turn; Bob is next.", "Končíte tah; na tahu je Bob."),
            1: ("alice ends the turn; it is your turn.", "alice končí tah; jste na tahu."),
            None: ("alice ends the turn; Bob is next.", "alice končí tah; na tahu je Bob."),
        },
    )
    stalled = {"type": "TurnEnded", "seat": 2, "next": None, "stalled": True}
    assert lines(stalled, 2) == (
        "You end the turn without land, as no land tile fits anywhere; that was the last turn.",
        "Končíte tah bez krajiny, žádný díl se nikam nevejde; to byl poslední tah.",
    )
    assert lines({"type": "TokenUsed", "seat": 1}, 1) == (
        "You use an action token: one more action point this turn.",
        "Používáte akční žeton: v tomto tahu máte o akční bod víc.",
    )
    final = {
        "type": "FinalScored",
        "seat": 0,
        "points": 13,
        "cities": [
            {"cell": [3, 2], "value": 10, "place": 1, "points": 10},
            {"cell": [1, 2], "value": 6, "place": 2, "points": 3},
        ],
    }
    check(
        final,
        {
            0: (
                "Your final scoring: 13 points, first in the city of the palace 10, second in the "
                "city of the palace 6.",
                "V závěrečném bodování získáváte 13 bodů: 1. místo ve městě s palácem 10, "
                "2. místo ve městě s palácem 6.",
            ),
            1: (
                "alice's final scoring: 13 points, first in the city of the palace 10, second in "
                "the city of the palace 6.",
                "alice v závěrečném bodování získává 13 bodů: 1. místo ve městě s palácem 10, "
                "2. místo ve městě s palácem 6.",
            ),
        },
    )
    island = {"type": "IslandCompleted", "seat": 1}
    assert lines(island, 0) == (
        "Nobody could lay a land tile for a whole round, so the island is complete: Bob scores "
        "the final scoring now, and everyone else has one last turn.",
        "Celé kolo nikdo nemohl položit díl krajiny, ostrov je tedy hotový: Bob hned provádí "
        "závěrečné bodování a ostatní mají ještě jeden poslední tah.",
    )
    left = {"type": "PlayerForfeited", "seat": 2}
    check(
        left,
        {
            2: (
                "You leave the game: your developers leave the island and your festival cards "
                "are discarded face up.",
                "Vzdáváte hru: vaše figurky opouštějí ostrov a vaše slavnostní karty jdou lícem "
                "nahoru na odkládací balíček.",
            ),
            0: (
                "Bot Tereza leaves the game: their developers leave the island and their "
                "festival cards are discarded face up.",
                "Bot Tereza vzdává hru: všechny své figurky stahuje z ostrova a své slavnostní "
                "karty odkládá lícem nahoru.",
            ),
        },
    )
    over = {"type": "GameEnded", "scores": [30, 41, 30]}
    assert lines(over, 0) == (
        "The game is over. Points: Bob 41, you 30, Bot Tereza 30.",
        "Hra končí. Body: Bob 41, vy 30, Bot Tereza 30.",
    )


# --------------------------------------------------------------------------- secrets


def _hide(event: dict[str, Any]) -> dict[str, Any]:
    """The same event with every secret swapped for another card: hands, deck, a drawn card."""
    other = {
        name: COMPONENTS.card_names[(i + 1) % 6] for i, name in enumerate(COMPONENTS.card_names)
    }
    out = dict(event)
    if event["type"] == "GameSetUp":
        out["hands"] = [[other[c] for c in h] for h in event["hands"]]
        out["deck"] = [other[c] for c in event["deck"]]
    elif event["type"] == "CardTaken" and event["source"] == "deck":
        out["card"] = other[event["card"]]
    elif event["type"] == "DeckReshuffled":
        out["order"] = [other[c] for c in event["order"]]
    return out


def _card_hungry(state: JavaState, seat: int, rng: random.Random) -> dict[str, Any]:
    """Random play that takes festival cards whenever it may: many draws and reshuffles."""
    legal = ENGINE.legal_commands(state, seat)
    cards = [c for c in legal if c["type"] == "take_card"]
    return rng.choice(cards) if cards and rng.random() < 0.8 else rng.choice(legal)


@pytest.mark.parametrize("n", [2, 4])
def test_no_line_names_a_secret_to_another_seat_or_a_spectator(n: int) -> None:
    """Changing what a reader may not see (another's hand, the deck, a card drawn by someone
    else) changes nothing in that reader's line."""
    played = play_random_game(ENGINE, n, seed=11, choose=_card_hungry)
    names = (*NAMES, "dan")[:n]
    secret = [
        e
        for e in played.events
        if e["type"] in ("GameSetUp", "DeckReshuffled")
        or (e["type"] == "CardTaken" and e["source"] == "deck")
    ]
    assert {e["type"] for e in secret} >= {"GameSetUp", "CardTaken"}
    for event in secret:
        owner = event.get("seat") if event["type"] == "CardTaken" else None
        for viewer in [*range(n), None]:
            if viewer is not None and viewer == owner:
                continue
            changed = _hide(event)
            if event["type"] == "GameSetUp" and viewer is not None:
                # Only the reader's own hand may be told: keep it, change all the others.
                changed["hands"][viewer] = event["hands"][viewer]
            for lang in ("en", "cs"):
                reader = Reader(lang, viewer, names)
                before = ENGINE.narrate(ENGINE.redact(event, viewer), reader)
                after = ENGINE.narrate(ENGINE.redact(changed, viewer), reader)
                assert before == after, (event["type"], viewer, lang)


def test_a_drawn_card_never_shows_in_another_readers_line() -> None:
    drawn = {"type": "CardTaken", "seat": 0, "source": "deck", "card": BC}
    for viewer in (1, 2, None):
        for text in lines(drawn, viewer):
            assert "B" not in text.replace("Bob", "").replace("Bot", "") and "C" not in text


# --------------------------------------------------------------------------- the last tile


def _three_tile_laid(three_left: int) -> tuple[JavaState, dict[str, Any]]:
    """Seat 0 lays a three-space tile when ``three_left`` remain in the common supply."""
    s = new_game(2)
    s.three_left = three_left
    command = next(c for c in ENGINE.legal_commands(s, 0) if c.get("tile") == "three")
    event = ENGINE.execute(s, 0, command, random.Random(0))[0]
    return s, event


def test_the_last_three_space_tile_announces_the_final_round() -> None:
    s, event = _three_tile_laid(1)
    assert event["type"] == "LandLaid" and event["last_three"] is True
    after = ENGINE.apply(ENGINE.clone(s), event)
    assert after.trigger == 0 and after.three_left == 0
    en, cs = lines(event, 0)
    assert en.endswith(
        " It is the last three-space land tile: you score the final scoring right after this "
        "turn, and everyone else has one last turn."
    )
    assert cs.endswith(
        " Je to poslední trojdílné území: hned po tomto tahu provádíte závěrečné bodování a "
        "ostatní hráči mají ještě po jednom posledním tahu."
    )
    en, cs = lines(event, 1)
    assert en.endswith(
        " It is the last three-space land tile: alice scores the final scoring right after this "
        "turn, and everyone else has one last turn."
    )
    assert cs.endswith(
        " Je to poslední trojdílné území: hned po tomto tahu provádí alice závěrečné bodování a "
        "ostatní hráči mají ještě po jednom posledním tahu."
    )
    # An event stored before the field reads as any other tile.
    old = {k: v for k, v in event.items() if k != "last_three"}
    assert lines(old, 1)[0] == lines(event, 1)[0].split(" It is the last")[0]


def test_only_the_tile_that_starts_the_final_round_is_marked() -> None:
    assert "last_three" not in _three_tile_laid(2)[1]
    s = new_game(2)
    s.three_left, s.trigger = 1, 1  # the island stalled: the final round has begun already
    command = next(c for c in ENGINE.legal_commands(s, 0) if c.get("tile") == "three")
    assert "last_three" not in ENGINE.execute(s, 0, command, random.Random(0))[0]


@pytest.mark.parametrize(("n", "seed"), [(2, 5), (3, 11)])
def test_a_played_last_tile_is_marked_once_and_the_fold_ignores_the_mark(n: int, seed: int) -> None:
    played = played_game(n, seed)
    marked = [e for e in played.events if e.get("last_three")]
    assert len(marked) == 1 and marked[0]["seat"] == played.state.trigger
    old = [{k: v for k, v in e.items() if k != "last_three"} for e in played.events]
    replayed = fold(ENGINE, old)
    assert ENGINE.state_to_json(replayed) == ENGINE.state_to_json(played.state)
    assert ENGINE.outcome(replayed) == ENGINE.outcome(played.state)


# --------------------------------------------------------------------------- the ending


@cache
def played_game(n: int, seed: int) -> Playout:
    """A random game, played once for all the tests that read it."""
    return play_random_game(ENGINE, n, seed=seed)


def explained(state: JavaState, viewer: int | None, lang: str = "en") -> dict[str, Any]:
    out = ENGINE.explain(state, Reader(lang, viewer, NAMES[: state.n]))
    assert out is not None
    return dict(out)


def section(exp: dict[str, Any], title: str) -> dict[str, Any]:
    return next(s for s in exp["sections"] if s["title"] == title)


def test_there_is_no_explanation_while_the_game_runs() -> None:
    assert ENGINE.explain(new_game(2), Reader("en", 0, NAMES[:2])) is None


@pytest.mark.parametrize(("n", "seed"), [(2, 5), (4, 7)])
def test_the_points_by_source_add_up_to_the_outcome(n: int, seed: int) -> None:
    played = played_game(n, seed)
    result = ENGINE.outcome(played.state)
    assert result is not None
    for lang, title, total in (
        ("en", "Points by source", "Total"),
        ("cs", "Body podle původu", "Celkem"),
    ):
        exp = explained(played.state, 0, lang)
        table = section(exp, title)["table"]
        rows = {row[0]: row[1:] for row in table["rows"]}
        assert rows[total] == [int(x) for x in result["scores"]]
        sources = [v for k, v in rows.items() if k != total]
        assert [sum(col) for col in zip(*sources, strict=True)] == rows[total]
        ranking = exp["sections"][-1]["table"]["rows"]
        assert [row[0] for row in ranking] == sorted(result["ranks"])
    winners = [p for p in range(n) if result["ranks"][p] == 1]
    summary = explained(played.state, None)["summary"]
    assert all(NAMES[p] in summary for p in winners)


def _finished_by_the_last_tile(tied: bool) -> JavaState:
    """Two players: a palace each, a festival in Bob's, both final scorings and the end; alice
    (seat 0) laid the last three-space tile. Bob wins the festival alone (alice 9, Bob 8), or
    both tie on symbols and Bob is also second in alice's city (10 each)."""
    s = new_game(2, seed=1)
    s.three_left = 0
    s.trigger = 0
    festival = {
        "type": "FestivalResolved",
        "seat": 1,
        "cell": [9, 6],
        "value": 4,
        "bidders": [1, 0],
        "symbols": [1, 1] if tied else [2, 1],
        "winners": [1, 0] if tied else [1],
        "points": [1, 1] if tied else [0, 2],
    }
    bob_cities = [{"cell": [9, 6], "value": 4, "place": 1, "points": 4}]
    if tied:
        bob_cities.append({"cell": [3, 2], "value": 6, "place": 2, "points": 3})
    events: list[dict[str, Any]] = [
        {"type": "PalaceBuilt", "seat": 0, "cell": [3, 2], "value": 6, "points": 3},
        {"type": "PalaceBuilt", "seat": 1, "cell": [9, 6], "value": 4, "points": 2},
        {"type": "FestivalCalled", "seat": 1, "cell": [9, 6], "bidders": [1, 0]},
        festival,
        {
            "type": "FinalScored",
            "seat": 0,
            "points": 6,
            "cities": [{"cell": [3, 2], "value": 6, "place": 1, "points": 6}],
        },
        {
            "type": "FinalScored",
            "seat": 1,
            "points": sum(c["points"] for c in bob_cities),
            "cities": bob_cities,
        },
    ]
    for e in events:
        s = ENGINE.apply(s, e)
    return ENGINE.apply(s, {"type": "GameEnded", "scores": s.scores[:]})


def test_a_finished_game_is_explained_as_the_rules_count_it() -> None:
    s = _finished_by_the_last_tile(tied=False)
    result = ENGINE.outcome(s)
    assert result is not None and result["ranks"] == [1, 2] and s.scores == [9, 8]
    exp = explained(s, 1)
    assert exp["summary"] == (
        "alice laid the last three-space tile: alice scored the final scoring right after that "
        "turn, and everyone else had one last turn and scored right after it. alice wins with "
        "9 points."
    )
    table = section(exp, "Points by source")["table"]
    assert table["columns"] == ["", "alice", "You"]
    assert table["rows"] == [
        ["Lakes", 0, 0],
        ["Palaces built and enlarged", 3, 2],
        ["Festivals", 0, 2],
        ["Final scoring", 6, 4],
        ["Total", 9, 8],
    ]
    assert section(exp, "Palaces")["lines"] == [
        "alice: a palace of value 6 built on the 5th space of row 3, 3 points.",
        "You: a palace of value 4 built on the 13th space of row 7, 2 points.",
    ]
    assert section(exp, "Festivals")["lines"] == [
        "The palace of value 4 on the 13th space of row 7 (held by you), matching symbols: you "
        "2, alice 1. You win and score 2 points."
    ]
    final = section(exp, "Final scoring")["lines"]
    assert final[0].endswith("Each player scored right after their last turn, in this order:")
    assert final[1:] == [
        "alice: 6 points: first in the city of the palace 6 on the 5th space of row 3 (6).",
        "You: 4 points: first in the city of the palace 4 on the 13th space of row 7 (4).",
    ]
    assert section(exp, "Lakes")["lines"] == ["No lake was enclosed."]
    cs = explained(s, 1, "cs")
    assert cs["summary"] == (
        "alice pokládá poslední trojdílné území: hned po svém tahu provádí závěrečné bodování "
        "a ostatní ještě po jednom posledním tahu, každý hned po něm. Vítězí alice: 9 bodů."
    )
    assert section(cs, "Paláce")["lines"][1] == (
        "Vy: palác s hodnotou 4 postavený na 13. poli v 7. řadě, 2 body."
    )
    assert section(cs, "Závěrečné bodování")["lines"][2] == (
        "Vy: 4 body: 1. místo ve městě s palácem 4 na 13. poli v 7. řadě (4)."
    )
    assert section(cs, "Pořadí")["table"]["rows"] == [[1, "alice", 9], [2, "Vy", 8]]


def test_equal_points_share_the_victory() -> None:
    s = _finished_by_the_last_tile(tied=True)
    result = ENGINE.outcome(s)
    assert result is not None and result["ranks"] == [1, 1] and s.scores == [10, 10]
    assert explained(s, 0)["summary"].endswith("Shared victory: you and Bob, 10 points each.")
    assert explained(s, None, "cs")["summary"].endswith(
        "Dělené vítězství: alice a Bob, každý 10 bodů."
    )
    festival = section(explained(s, None), "Festivals")["lines"][0]
    assert festival.endswith("Tied for the most symbols (Bob and alice): each scores 1 point.")
    ranking = explained(s, None)["sections"][-1]
    assert ranking["lines"] == [
        "Most points wins; equal points share the place (the rules name no further tie-break)."
    ]
    assert ranking["table"]["rows"] == [[1, "alice", 10], [1, "Bob", 10]]


def test_a_game_ended_by_forfeits_says_so() -> None:
    s = new_game(3, seed=2)
    s = run(s, 0, {"type": "use_token"})
    for seat in (2, 1):
        for e in ENGINE.forfeit(s, seat):
            s = ENGINE.apply(s, e)
    result = ENGINE.outcome(s)
    assert result is not None and result["ranks"][0] == 1
    assert result["details"] == {"forfeited": [1, 2]}
    en = explained(s, 0)
    assert en["summary"] == "Bob and Bot Tereza left the game, so it ended. You win with 0 points."
    assert explained(s, 1)["summary"] == (
        "You and Bot Tereza left the game, so it ended. alice wins with 0 points."
    )
    cs = explained(s, 2, "cs")
    assert cs["summary"] == "Hru vzdáváte vy a Bob: hra tím končí. Vítězí alice: 0 bodů."
    assert cs["sections"][-1]["lines"][1] == "Na posledním místě po vzdání hry: Bob a vy."
    final = section(en, "Final scoring")["lines"]
    assert final[0].endswith("The game ended before it.")


def test_a_stalled_island_ends_as_after_the_last_tile() -> None:
    s = new_game(2, seed=3)
    assert s.three_left > 0
    for e in (
        {"type": "IslandCompleted", "seat": 1},
        {"type": "FinalScored", "seat": 1, "points": 0, "cities": []},
        {"type": "FinalScored", "seat": 0, "points": 0, "cities": []},
        {"type": "GameEnded", "scores": [0, 0]},
    ):
        s = ENGINE.apply(s, e)
    exp = explained(s, 0)
    assert exp["summary"].startswith(
        "For a whole round nobody could lay a land tile, so the island was complete: Bob, who "
        "closed that round, scored the final scoring at once"
    )
    assert section(exp, "Final scoring")["lines"][1:] == [
        "Bob: no points, first or second in no city.",
        "You: no points, first or second in no city.",
    ]


def test_a_first_rules_match_scored_everybody_at_once_when_the_island_stalled() -> None:
    s = new_game(2, seed=3)
    for e in (
        {"type": "TurnEnded", "seat": 0, "next": None, "stalled": True},
        {"type": "FinalScored", "seat": 0, "points": 0, "cities": []},
        {"type": "FinalScored", "seat": 1, "points": 0, "cities": []},
        {"type": "GameEnded", "scores": [0, 0]},
    ):
        s = ENGINE.apply(s, e)
    exp = explained(s, None, "cs")
    assert exp["summary"].startswith(
        "Celé kolo nikdo nemohl položit díl krajiny, ostrov je tedy hotový a všichni provádějí "
        "závěrečné bodování najednou"
    )
    assert section(exp, "Závěrečné bodování")["lines"][0].endswith("Všichni bodují najednou:")


def test_a_state_from_a_snapshot_explains_what_the_final_board_shows() -> None:
    played = played_game(2, 5)
    loaded = ENGINE.state_from_json(ENGINE.state_to_json(played.state))
    assert played.state.ledger is not None and loaded.ledger is None
    exp = explained(loaded, 0)
    assert exp["summary"] == explained(played.state, 0)["summary"]
    points = section(exp, "Points")
    assert points["table"]["rows"] == [["Total", *played.state.scores]]
    assert section(exp, "Cities at the end")["lines"]


def shown_to(events: list[dict[str, Any]], viewer: int | None) -> list[dict[str, Any]]:
    """The match's events as the platform passes them to ``explain``: redacted for the reader."""
    return [e for e in (ENGINE.redact(event, viewer) for event in events) if e is not None]


@pytest.mark.parametrize(("n", "seed"), [(2, 5), (4, 7)])
def test_a_state_from_a_snapshot_with_the_events_explains_every_scoring(n: int, seed: int) -> None:
    played = played_game(n, seed)
    loaded = ENGINE.state_from_json(ENGINE.state_to_json(played.state))
    assert loaded.ledger is None
    for viewer in (0, n - 1, None):
        for lang in ("en", "cs"):
            reader = Reader(lang, viewer, NAMES[:n])
            events = shown_to(played.events, viewer)
            from_zero = ENGINE.explain(fold(ENGINE, played.events), reader)
            assert ENGINE.explain(loaded, reader, events) == from_zero
            assert ENGINE.explain(played.state, reader, events) == from_zero
    exp = ENGINE.explain(loaded, Reader("en", 0, NAMES[:n]), shown_to(played.events, 0))
    assert exp is not None
    titles = [s["title"] for s in exp["sections"]]
    assert titles[:2] == ["Points by source", "Lakes"] and "Cities at the end" not in titles


def test_the_ledger_read_from_the_events_is_the_one_the_fold_keeps() -> None:
    for n, seed in ((2, 5), (4, 7), (3, 11)):
        played = played_game(n, seed)
        assert ev.ledger_of(played.events) == fold(ENGINE, played.events).ledger
        assert ev.ledger_of(shown_to(played.events, None)) == played.state.ledger


def test_the_ledger_is_not_part_of_the_saved_state() -> None:
    s = new_game(2)
    put(s, [], [(4, 4), (5, 4)])
    stand(s, 0, 4, 4)
    after = run(s, 0, {"type": "build_palace", "cell": [5, 4], "value": 2})
    assert after.ledger == (
        {"type": "PalaceBuilt", "seat": 0, "cell": [5, 4], "value": 2, "points": 1},
    )
    assert "ledger" not in ENGINE.state_to_json(after)
    assert s.ledger == ()  # the fold of a clone leaves the original alone


def test_the_ledger_of_a_replay_matches_the_live_one() -> None:
    played = played_game(4, 7)
    replayed = fold(ENGINE, played.events)
    assert replayed.ledger == played.state.ledger
    scoring = {"LakeScored", "PalaceBuilt", "PalaceEnlarged", "FestivalResolved", "FinalScored"}
    assert replayed.ledger is not None
    assert [e["type"] for e in replayed.ledger] == [
        e["type"] for e in played.events if e["type"] in scoring
    ]


# --------------------------------------------------------------------------- the form


def test_the_form_offers_the_three_levels_with_casual_first_chosen() -> None:
    assert ENGINE.player_bot_levels == ("random", "greedy", "search")
    assert ENGINE.default_bot_level == "greedy"
    labels = {level: ENGINE.bot_words[level].label for level in ENGINE.player_bot_levels}
    assert labels == {
        "random": ("Beginner", "Začátečník"),
        "greedy": ("Casual", "Rekreační hráč"),
        "search": ("Strong", "Silný"),
    }
    assert "66 %" in ENGINE.bot_words["search"].strength[0]
    assert set(ENGINE.option_words) == {o.name for o in ENGINE.options}
    timing = ENGINE.option_words["token_timing"]
    assert timing.choices is not None and set(timing.choices) == {"start_of_turn", "any_time"}


def test_the_rules_pages_fence_every_option_value_that_changes_a_rule() -> None:
    folder = Path(java_package.__file__).parent
    for lang in ("en", "cs"):
        text = (folder / f"rules.{lang}.md").read_text()
        for heading in (
            ("## Setup", "## A turn", "## Scoring", "## The end")
            if lang == "en"
            else (
                "## Příprava",
                "## Tah",
                "## Bodování",
                "## Konec hry",
            )
        ):
            assert heading in text
        for fence in (
            ":::option token_timing=start_of_turn",
            ":::option token_timing=any_time",
            ":::option whole_moves=true",
            ":::option whole_moves=false",
        ):
            assert fence in text, (lang, fence)
        assert text.count(":::option") * 2 == text.count(":::")
        for identifier in ("symbol_", "token_timing ", "whole_moves ", "q,r", "seat"):
            assert identifier not in text.replace(":::option ", "::: "), (lang, identifier)
