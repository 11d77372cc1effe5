"""Issue 15's rule decisions and the interpretations of the rules page, each test named for the
clause it reads (shared/rules/samurai.cs.txt); and the promise that a match keeps the rules it
began with."""

from __future__ import annotations

import json
import pathlib
import random
import re

import pytest

from games.base import IllegalCommand
from games.samurai import ENGINE
from games.samurai import rules as r
from games.samurai.capture import influence
from games.samurai.data import board
from games.samurai.scoring import score
from games.samurai.state import OVER
from games.testing import fold
from tests.games.samurai.scenario import play_state, put, run

VILLAGE, VILLAGE2 = 41, 100  # a buddha and a helmet with the default layout, 2 players
HERE = pathlib.Path(__file__).parent
CORPUS = HERE.parents[1] / "corpus" / "samurai"


def swap(h1: int, k1: str, h2: int, k2: str) -> dict:
    return {
        "type": "swap_figures",
        "first_hex": h1,
        "first_kind": k1,
        "second_hex": h2,
        "second_kind": k2,
    }


def refused(state, command, code) -> None:
    with pytest.raises(IllegalCommand) as err:
        ENGINE.execute(state, state.current, command, random.Random(0))
    assert err.value.code == code, err.value


# --- Obě karty: výměna figur ------------------------------------------------------------------


def test_vymena_figur_swaps_two_figures_of_one_kind_or_of_one_settlement():
    # "S kartou výměna figur může hráč na plánu vzájemně prohodit dvě libovolné figury": any
    # two. Such a swap changes nothing on the map, but it spends the tile (a player may want
    # that: it is the turn's one compulsory tile, and a fresh tile is drawn for it).
    hands = [["figure_exchange", "samurai1", "ship1", "ship1", "ship2"]] * 2
    edo = board(2).edo
    for command in (
        swap(VILLAGE, "buddha", 139, "buddha"),  # one kind, two villages
        swap(edo, "helmet", edo, "buddha"),  # one settlement
    ):
        state = play_state(2, hands=hands)
        figures = {h: list(k) for h, k in state.figures.items()}
        assert command in ENGINE.legal_commands(state, 0)
        events = run(state, 0, command)
        assert [e["type"] for e in events] == ["FiguresSwapped"]
        assert state.figures == figures
        assert state.placed == 1 and "figure_exchange" not in state.hands[0]
        assert {"type": "end_turn"} in ENGINE.legal_commands(state, 0)


def test_vymena_figur_refuses_one_figure_named_twice():
    state = play_state(2, hands=[["figure_exchange", "samurai1", "ship1", "ship1", "ship2"]] * 2)
    refused(state, swap(VILLAGE, "buddha", VILLAGE, "buddha"), r.ONE_FIGURE_NAMED_TWICE)
    assert not any(
        c["type"] == "swap_figures"
        and (c["first_hex"], c["first_kind"]) == (c["second_hex"], c["second_kind"])
        for c in ENGINE.legal_commands(state, 0)
    )


def test_vychozi_postaveni_edo_counts_as_a_city_for_the_city_rule():
    # "Nejdříve se položí 1 přilba, 1 Buddha a 1 rýžové pole do hlavního města Edo" - the
    # capital is a city, so "Ve městě se nemohou nacházet figury stejného druhu" holds there too.
    state = play_state(2, hands=[["figure_exchange", "samurai1", "ship1", "ship1", "ship2"]] * 2)
    edo = board(2).edo
    assert state.figures[edo] == [0, 1, 2]
    refused(state, swap(edo, "helmet", VILLAGE, "buddha"), r.SAME_KIND_IN_CITY)


# --- Jak se přivlastňují figury? / Tah vypadá takto -------------------------------------------


def test_jak_se_privlastnuji_figury_adjacent_land_means_the_spaces_that_take_tiles():
    # "všechna pozemní pole sousedící s figurou obsazena kartami": the land spaces around a
    # figure are the spaces a tile can take; no settlement borders another on any map, so
    # reading "pozemní pole" as "land spaces holding a tile" leaves nothing out.
    for n in (2, 3, 4):
        b = board(n)
        for settlement in b.settlements:
            assert set(b.surround[settlement]) <= b.land
            assert not set(b.influencers[settlement]) & set(b.settlements)


def test_tah_vypada_takto_figures_taken_together_go_in_space_order():
    # Step 2, "Jedna nebo více figur se odebere": several at once are resolved settlement by
    # settlement in space order; taking a figure changes no influence, so the order cannot
    # change who gets what.
    state = play_state(
        2,
        hands=[["samurai1", "ronin1", "ship1", "ship1", "ship2"]] * 2,
        options={"capture_timing": "after_placing"},
    )
    put(state, 47, 1, "samurai2")
    put(state, 82, 1, "samurai2")
    run(state, 0, {"type": "place_tile", "tile": "ronin1", "hex": 101})
    before = influence(state, VILLAGE, 1)
    run(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": 46})
    events = run(state, 0, {"type": "end_turn"})
    taken = [e["hex"] for e in events if e["type"] == "FigureCaptured"]
    assert taken == [VILLAGE, VILLAGE2]
    assert influence(state, VILLAGE, 1) == [before[0] + 1, before[1]]


def test_tah_vypada_takto_when_nobody_can_place_a_tile_the_game_ends():
    # "Musí položit nejméně jednu kartu" - the text is silent when nobody can: the game ends.
    state = play_state(2)
    state.hands = [["samurai1"], ["tile_exchange", "figure_exchange"]]
    state.supplies = [[], []]
    state.figures = {h: ([0] if h == board(2).edo else []) for h in state.figures}
    run(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": 101})
    events = run(state, 0, {"type": "end_turn"})
    assert events[-1] == {"type": "GameEnded", "reason": "no_moves"}
    assert state.phase == OVER


# --- Vítěz ------------------------------------------------------------------------------------


def test_vitez_nobody_holding_a_majority_means_no_winner_and_a_draw():
    # "Na vítězství mohou pomýšlet jen ti hráči, kteří mají od některého druhu figur většinu":
    # with no majority anywhere, nobody can win. Every player still in shares the one place
    # (a draw: the platform needs a best place), the outcome names no winner.
    captured = [[1, 1, 0], [1, 0, 1], [0, 1, 1]]
    result = score(captured, [True] * 3)
    assert result["ranks"] == [1, 1, 1]
    assert result["details"]["winners"] == []
    assert result["tiebreak"] == "no_majority"
    assert result["scores"] == [0.0, 0.0, 0.0]
    # A player who left still ranks below the drawn players.
    result = score([[1, 1, 0], [1, 1, 0], [5, 5, 5]], [True, True, False])
    assert result["ranks"] == [1, 1, 3] and result["details"]["winners"] == []


def test_vitez_the_outcome_names_the_winners():
    result = score([[3, 1, 1], [1, 3, 1], [0, 0, 0]], [True] * 3)
    assert result["details"]["winners"] == [0, 1] and result["tiebreak"] is None
    state = play_state(2)
    state.captured = [[1, 1, 0], [1, 1, 0]]
    state.phase = OVER
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome["tiebreak"] == "no_majority"


# --- Leaving the game (the text has no such rule; the rules page's own) -------------------------


def test_leaving_the_game_the_tiles_stay_but_exert_no_influence():
    state = play_state(3)
    put(state, 47, 2, "samurai2")
    assert influence(state, VILLAGE, 1) == [0, 0, 2]
    for event in ENGINE.forfeit(state, 2):
        ENGINE.apply(state, event)
    assert state.tiles[47] == (2, "samurai2")
    assert influence(state, VILLAGE, 1) == [0, 0, 0]


# --- Rules versions: a match keeps the rules it began with ------------------------------------


def test_a_match_begun_under_rules_version_1_keeps_its_rules():
    # Its GameStarted names no version; its stored options say after_placing (the old default).
    v1 = json.loads((CORPUS / "2p-seed0.json").read_text())
    assert v1["rules_version"] == 1 and "rules_version" not in v1["events"][0]
    state = fold(ENGINE, [{k: v for k, v in e.items() if k != "actor"} for e in v1["events"]])
    assert state.rules_version == 1 and state.options["capture_timing"] == "after_placing"
    outcome = ENGINE.outcome(state)
    assert outcome is not None and "winners" not in outcome["details"]
    # Version 1 refused figure swaps that change nothing, and still does for such a match.
    old = play_state(
        2, hands=[["figure_exchange", "samurai1", "ship1", "ship1", "ship2"]] * 2, rules_version=1
    )
    assert old.rules_version == 1
    refused(old, swap(VILLAGE, "buddha", 139, "buddha"), r.SWAP_CHANGES_NOTHING)
    assert swap(VILLAGE, "buddha", 139, "buddha") not in ENGINE.legal_commands(old, 0)
    old_outcome = score([[1, 1, 0], [1, 1, 0]], [True, True], 1)
    assert old_outcome["tiebreak"] is None and "winners" not in old_outcome["details"]


def test_a_match_begun_now_names_its_rules_version():
    events = ENGINE.setup(2, ENGINE.validate_options(2, {}), random.Random(0))
    assert events[0]["rules_version"] == ENGINE.rules_version == 2
    state = fold(ENGINE, events)
    assert state.rules_version == 2
    restored = ENGINE.state_from_json(ENGINE.state_to_json(state))
    assert restored.rules_version == 2
    v2 = json.loads((CORPUS / "2p-seed0-v2.json").read_text())
    state = fold(ENGINE, [{k: v for k, v in e.items() if k != "actor"} for e in v2["events"]])
    assert state.rules_version == 2 and state.options["capture_timing"] == "per_tile"
    # A snapshot written before version 2 has no rules_version: it is a version 1 match.
    old = ENGINE.state_to_json(state)
    del old["rules_version"]
    assert ENGINE.state_from_json(old).rules_version == 1


# --- the rules page ---------------------------------------------------------------------------

CLAUSES = (
    "priprava_hry",
    "figury_a_karty",
    "vymena_figur",
    "vymena_karet",
    "jak_se_privlastnuji_figury",
    "zvlastni_pripad",
    "vychozi_postaveni",
    "tah_vypada_takto",
    "konec_hry",
    "vitez",
    "leaving_the_game",
)


def test_every_interpretation_on_the_rules_page_names_a_test_carrying_its_clause():
    page = (HERE.parents[2] / "games" / "samurai" / "README.md").read_text()
    section = page.split("## Interpretations", 1)[1].split("\n## ", 1)[0]
    named = re.findall(r"`(test_\w+)`", section)
    assert len(named) >= 15
    sources = "".join(p.read_text() for p in HERE.glob("test_*.py"))
    for name in named:
        assert f"def {name}(" in sources, f"the rules page names {name}, which does not exist"
        assert any(clause in name for clause in CLAUSES), f"{name} names no clause"
