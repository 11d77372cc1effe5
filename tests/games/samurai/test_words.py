"""Samurai in the players' words (games/WORDS.md): the log lines of the important events for the
actor, another seat and a spectator in English and Czech, nothing hidden named to those who may
not see it, the ending explained as the outcome counts it, the places findable on the map, the
option and bot words, and the rules pages."""

from __future__ import annotations

import math
import pathlib
import random
import re
from typing import Any

import pytest

from games.narration import LANGS, Reader
from games.samurai import ENGINE
from games.samurai import events as ev
from games.samurai import narrate as narrate_module
from games.samurai.data import KINDS, all_hexes, board
from games.samurai.places import GLOSSARY_PLACES, SETTLEMENTS, spaces_for
from games.samurai.state import OVER, State
from games.samurai.words import KIND_WORDS
from games.testing import fold, play_random_game
from tests.games.samurai.scenario import play_state, put, run
from tests.games.test_words import suspects

ENGINE_DIR = pathlib.Path(__file__).resolve().parents[3] / "games" / "samurai"
TWO = ("alice", "Bob")
FOUR = ("alice", "Bob", "Bot Tereza", "dan")
SPECTATOR = None


def read(event: dict[str, Any], names: tuple[str, ...], viewer: int | None) -> dict[str, str]:
    """The line of ``event`` for ``viewer`` in both languages, redacted as the platform does."""
    shown = ENGINE.redact(event, viewer)
    assert shown is not None
    out = {}
    for lang in LANGS:
        text = ENGINE.narrate(shown, Reader(lang, viewer, names))
        assert text is not None
        out[lang] = text
    return out


def test_every_event_type_of_the_engine_has_a_line():
    assert set(narrate_module.LINES) == set(ev.EVENT_TYPES)


# --- lines from real play ---------------------------------------------------------------------

# Village 41, the northern tip of Honshu: its land neighbours are 46 (also by the city 51) and 47.
VILLAGE = 41


def test_a_tile_and_the_figure_it_takes_read_in_the_games_terms_for_every_reader():
    state = play_state(2, layout={VILLAGE: ["helmet"]})
    put(state, 47, 1, "samurai2")
    placed, captured = run(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": 46})
    at_en = "next to the city north-east of Edo and the village at the northern tip of Honshu"
    at_cs = "vedle města severovýchodně od Eda a vesnice na severním cípu Honšú"
    assert read(placed, TWO, 0) == {
        "en": f"You place a samurai of strength 1 {at_en}.",
        "cs": f"Pokládáte samuraje se silou 1 {at_cs}.",
    }
    assert (
        read(placed, TWO, 1)
        == read(placed, TWO, SPECTATOR)
        == {
            "en": f"alice places a samurai of strength 1 {at_en}.",
            "cs": f"alice pokládá samuraje se silou 1 {at_cs}.",
        }
    )
    # Two players: won figures are in the open, so everyone reads the kind.
    where = ("the village at the northern tip of Honshu", "vesnice na severním cípu Honšú")
    assert read(captured, TWO, 1) == {
        "en": f"You win the helmet from {where[0]} with influence 2 (alice 1).",
        "cs": f"Získáváte přilbu z {where[1]} s vlivem 2 (alice 1).",
    }
    assert read(captured, TWO, 0) == {
        "en": f"Bob wins the helmet from {where[0]} with influence 2 (you 1).",
        "cs": f"Bob získává přilbu z {where[1]} s vlivem 2 (vy 1).",
    }
    assert read(captured, TWO, SPECTATOR) == {
        "en": f"Bob wins the helmet from {where[0]} with influence 2 (alice 1).",
        "cs": f"Bob získává přilbu z {where[1]} s vlivem 2 (alice 1).",
    }


def test_a_figure_won_behind_the_screen_keeps_its_kind_from_the_others():
    state = play_state(4, layout={VILLAGE: ["buddha"]})
    put(state, 47, 1, "samurai2")
    _, captured = run(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": 46})
    assert captured["screened"]
    where = ("the village at the northern tip of Honshu", "vesnice na severním cípu Honšú")
    assert read(captured, FOUR, 1) == {
        "en": f"You win the Buddha from {where[0]} with influence 2 (alice 1) and put it behind "
        "your screen.",
        "cs": f"Získáváte Buddhu z {where[1]} s vlivem 2 (alice 1) a stavíte ho za svou zástěnu.",
    }
    assert read(captured, FOUR, 0) == {
        "en": f"Bob wins a figure from {where[0]} with influence 2 (you 1) and puts it behind "
        "their screen.",
        "cs": f"Bob získává figurku z {where[1]} s vlivem 2 (vy 1) a staví ji za svou zástěnu.",
    }
    assert read(captured, FOUR, SPECTATOR) == {
        "en": f"Bob wins a figure from {where[0]} with influence 2 (alice 1) and puts it behind "
        "their screen.",
        "cs": f"Bob získává figurku z {where[1]} s vlivem 2 (alice 1) a staví ji za svou zástěnu.",
    }


def test_the_end_of_a_turn_names_who_is_next():
    state = play_state(2)
    run(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": 101})
    events = run(state, 0, {"type": "end_turn"})
    drawn, ended = events
    assert drawn["type"] == "TilesDrawn" and ended["type"] == "TurnEnded"
    assert read(ended, TWO, 0) == {
        "en": "You end your turn; Bob is next.",
        "cs": "Končíte tah; na tahu je Bob.",
    }
    assert read(ended, TWO, 1) == {
        "en": "alice ends their turn; you are next.",
        "cs": "alice končí tah; na tahu jste vy.",
    }
    assert read(ended, TWO, SPECTATOR) == {
        "en": "alice ends their turn; Bob is next.",
        "cs": "alice končí tah; na tahu je Bob.",
    }
    assert read(drawn, TWO, 1) == {
        "en": "alice draws 1 tile from their supply.",
        "cs": "alice si dobírá ze zásoby 1 kartu.",
    }


# --- lines from short event lists -------------------------------------------------------------


def test_the_secret_choice_and_the_draw_show_the_tiles_to_their_owner_only():
    chosen = {"type": "TileChosen", "seat": 0, "tile": "ship2"}
    assert read(chosen, TWO, 0) == {
        "en": "You take a ship of strength 2 behind your screen.",
        "cs": "Berete si za zástěnu loď se silou 2.",
    }
    assert (
        read(chosen, TWO, 1)
        == read(chosen, TWO, SPECTATOR)
        == {
            "en": "alice secretly chooses a starting tile.",
            "cs": "alice si tajně vybírá počáteční kartu.",
        }
    )
    drawn = {"type": "TilesDrawn", "seat": 1, "tiles": ["helmet3", "tile_exchange"], "count": 2}
    assert read(drawn, TWO, 1) == {
        "en": "You draw a helmet of strength 3 and the tile exchange from your supply.",
        "cs": "Dobíráte si ze zásoby přilbu se silou 3 a výměnu karet.",
    }
    assert (
        read(drawn, TWO, 0)
        == read(drawn, TWO, SPECTATOR)
        == {
            "en": "Bob draws 2 tiles from their supply.",
            "cs": "Bob si dobírá ze zásoby 2 karty.",
        }
    )
    five = {**drawn, "tiles": ["helmet3", "helmet4", "ship1", "ship1", "ronin1"], "count": 5}
    assert read(five, TWO, 0)["cs"] == "Bob si dobírá ze zásoby 5 karet."


def test_figures_set_out_swapped_and_set_aside():
    placed = {"type": "FigurePlaced", "seat": 1, "kind": "rice_field", "hex": 28}
    assert read(placed, FOUR, 1) == {
        "en": "You put a rice field in the city on Hokkaido.",
        "cs": "Stavíte rýžové pole do města na Hokkaidó.",
    }
    assert read(placed, FOUR, 2) == {
        "en": "Bob puts a rice field in the city on Hokkaido.",
        "cs": "Bob staví rýžové pole do města na Hokkaidó.",
    }
    swapped = {
        "type": "FiguresSwapped",
        "seat": 0,
        "first_hex": 109,
        "first_kind": "helmet",
        "second_hex": 71,
        "second_kind": "buddha",
    }
    assert read(swapped, TWO, 0) == {
        "en": "You play the figure exchange: the helmet in Edo and the Buddha in the village "
        "north-west of Edo change places.",
        "cs": "Hrajete výměnu figur: přilba z Eda a Buddha z vesnice severozápadně od Eda si "
        "vyměňují místa.",
    }
    same_place = {**swapped, "second_hex": 109}
    assert read(same_place, TWO, SPECTATOR) == {
        "en": "alice plays the figure exchange: the helmet and the Buddha in Edo change places, "
        "which changes nothing on the map.",
        "cs": "alice hraje výměnu figur: přilba a Buddha z Eda si vyměňují místa, na plánu se "
        "tím nic nemění.",
    }
    tie = {"type": "FigureSetAside", "hex": 123, "kind": "helmet", "influence": [3, 3]}
    assert read(tie, TWO, 1) == {
        "en": "The helmet from the city west of Edo goes beside the board and belongs to "
        "nobody: alice and you tie for the most influence (3 each).",
        "cs": "Přilba z města západně od Eda jde vedle plánu a nepatří nikomu: nejvyšší vliv "
        "(3) má víc hráčů (alice a vy).",
    }
    nobody = {**tie, "kind": "buddha", "influence": [0, 0]}
    assert read(nobody, TWO, SPECTATOR) == {
        "en": "The Buddha from the city west of Edo goes beside the board and belongs to "
        "nobody: nobody has any influence on it.",
        "cs": "Buddha z města západně od Eda jde vedle plánu a nepatří nikomu: nikdo na něj "
        "nemá vliv.",
    }


def test_the_tile_exchange_a_skipped_turn_a_forfeit_and_the_ending():
    exchange = {"type": "TileExchangePlayed", "seat": 1, "hex": 110, "taken_back": "helmet4"}
    assert read(exchange, TWO, 1) == {
        "en": "You play the tile exchange next to Edo and the village east of it: you take back "
        "your helmet of strength 4 to place it again at once.",
        "cs": "Hrajete výměnu karet vedle Eda a vesnice východně od něj: berete si zpět svou "
        "přilbu se silou 4 a hned ji znovu položíte.",
    }
    assert read(exchange, TWO, 0) == {
        "en": "Bob plays the tile exchange next to Edo and the village east of it: they take "
        "back their helmet of strength 4 to place it again at once.",
        "cs": "Bob hraje výměnu karet vedle Eda a vesnice východně od něj: bere si zpět svou "
        "přilbu se silou 4 a hned ji znovu položí.",
    }
    skipped = {"type": "TurnSkipped", "seat": 0}
    assert read(skipped, TWO, 0) == {
        "en": "You cannot place any tile and miss your turn.",
        "cs": "Nemůžete položit žádnou kartu a vynecháváte tah.",
    }
    left = {"type": "SeatForfeited", "seat": 2}
    assert read(left, FOUR, 0) == {
        "en": "Bot Tereza leaves the game: their tiles stay on the map without influence, and "
        "their figures count for no majority.",
        "cs": "Bot Tereza opouští hru: své karty nechává na plánu bez vlivu a své figurky mimo "
        "počítání většin.",
    }
    ended = {"type": "GameEnded", "reason": "figures"}
    assert read(ended, TWO, SPECTATOR) == {
        "en": "The game ends: no figure of one kind is left on the map, or a fourth figure "
        "stands beside the board. The screens are lifted and the figures counted.",
        "cs": "Hra končí: na plánu už nezbývá žádná figurka jednoho druhu, nebo vedle plánu "
        "stojí čtvrtá figurka. Zástěny se odkrývají a figurky se počítají.",
    }


# --- facts the log needs, recorded in the event at execute time (capture.game_ended) ---------


def test_the_end_by_the_figures_says_which_kind_ran_out_or_how_many_stand_beside():
    gone = {"type": "GameEnded", "reason": "figures", "kinds_gone": ["helmet"]}
    assert read(gone, TWO, 0) == {
        "en": "The game ends: no helmet is left on the map. The screens are lifted and the "
        "figures counted.",
        "cs": "Hra končí: na plánu už není žádná přilba. Zástěny se odkrývají a figurky se "
        "počítají.",
    }
    both = {"type": "GameEnded", "reason": "figures", "kinds_gone": ["buddha"], "beside": 5}
    assert read(both, FOUR, SPECTATOR) == {
        "en": "The game ends: no Buddha is left on the map and 5 figures stand beside the "
        "board. The screens are lifted and the figures counted.",
        "cs": "Hra končí: na plánu už není žádný Buddha a vedle plánu stojí 5 figurek. Zástěny "
        "se odkrývají a figurky se počítají.",
    }
    beside = {"type": "GameEnded", "reason": "figures", "beside": 4}
    assert read(beside, FOUR, 1)["cs"].startswith("Hra končí: vedle plánu stojí 4 figurky.")


@pytest.mark.parametrize(("n", "seed"), [(2, 0), (3, 5), (3, 1), (4, 2)])
def test_a_played_end_records_what_the_final_map_shows_and_the_fold_ignores_it(n, seed):
    played = play_random_game(ENGINE, n, seed=seed)
    end = played.events[-1]
    assert end["type"] == "GameEnded" and end["reason"] == "figures"
    on_map = [0, 0, 0]
    for kinds in played.state.figures.values():
        for k in kinds:
            on_map[k] += 1
    assert end.get("kinds_gone", []) == [KINDS[k] for k in range(3) if on_map[k] == 0]
    beside = sum(played.state.beside)
    assert end.get("beside") == (beside if beside >= 4 else None)
    assert "kinds_gone" in end or "beside" in end
    # An event stored before these fields folds to the same state and outcome.
    old = [{k: v for k, v in e.items() if k not in ("kinds_gone", "beside")} for e in played.events]
    replayed = fold(ENGINE, old)
    assert ENGINE.state_to_json(replayed) == ENGINE.state_to_json(played.state)
    assert ENGINE.outcome(replayed) == ENGINE.outcome(played.state)
    assert read(old[-1], FOUR[:n], 0)["en"].startswith("The game ends: no figure of one kind")


@pytest.mark.parametrize(
    ("n", "options", "en", "cs"),
    [
        (
            2,
            {},
            "A game of Samurai for 2 players begins on Honshu, with 7 helmets, 7 Buddhas and 7 "
            "rice fields. Each player secretly chooses 5 of their 20 tiles.",
            "Začíná hra Samuraj pro 2 hráče na ostrově Honšú; ve hře je 7 přileb, 7 Buddhů a 7 "
            "rýžových polí. Každý si tajně vybírá 5 ze svých 20 karet.",
        ),
        (
            4,
            {"random_starting_tiles": True},
            "A game of Samurai for 4 players begins on the whole map of Japan, with 13 helmets, "
            "13 Buddhas and 13 rice fields. Each player gets 5 of their 20 tiles at random.",
            "Začíná hra Samuraj pro 4 hráče na celé mapě Japonska; ve hře je 13 přileb, 13 "
            "Buddhů a 13 rýžových polí. Každý dostává 5 ze svých 20 karet náhodně.",
        ),
    ],
)
def test_the_opening_line_names_the_map_the_figures_and_the_choice(n, options, en, cs):
    opts = ENGINE.validate_options(n, options)
    started = ENGINE.setup(n, opts, random.Random(0))[0]
    assert read(started, FOUR[:n], SPECTATOR) == {"en": en, "cs": cs}


# --- nothing hidden in the lines of the others ------------------------------------------------

TILE_WORDS_EN = ("helmet", "buddha", "rice", "samurai", "ronin", "ship", "exchange", "strength")
TILE_WORDS_CS = ("přilb", "buddh", "rýž", "samuraj", "jezd", "loď", "výměn", "silou")
KIND_WORDS_ANY = ("helmet", "buddha", "rice", "přilb", "buddh", "rýž")


@pytest.mark.parametrize("seed", [4, 5])
def test_the_others_and_a_spectator_read_nothing_hidden(seed):
    played = play_random_game(ENGINE, 4, seed=seed)
    secret = 0
    for event in played.events:
        kind = event["type"]
        if kind in ("TileChosen", "TilesDrawn"):
            hidden = TILE_WORDS_EN + TILE_WORDS_CS
        elif kind == "FigureCaptured" and event["screened"]:
            hidden = KIND_WORDS_ANY
        else:
            continue
        secret += 1
        owner = event["seat"]
        own = read(event, FOUR, owner)
        assert any(w in own["en"].lower() for w in hidden), own  # the owner does read it
        for viewer in [*(s for s in range(4) if s != owner), SPECTATOR]:
            for lang, text in read(event, FOUR, viewer).items():
                assert not [w for w in hidden if w in text.lower()], (kind, viewer, lang, text)
    assert secret > 40


# --- the ending -------------------------------------------------------------------------------


def ended(n: int, captured: list[tuple[int, int, int]], **changes: Any) -> State:
    """A finished game with these figures won (helmets, Buddhas, rice fields per seat)."""
    state = play_state(n)
    state.captured = [list(c) for c in captured]
    for name, value in changes.items():
        setattr(state, name, value)
    state.phase = OVER
    state.end_reason = state.end_reason or "figures"
    return state


def explained(state: State, viewer: int | None, lang: str, names: tuple[str, ...] = FOUR):
    result = ENGINE.explain(state, Reader(lang, viewer, names[: state.n]))
    assert result is not None
    return result


def rows(section: dict[str, Any]) -> dict[str, list[Any]]:
    return {row[0]: row[1:] for row in section["table"]["rows"]}


def test_the_ending_is_none_while_the_game_runs():
    assert ENGINE.explain(play_state(2), Reader("en", 0, TWO)) is None


def test_a_tie_on_figures_beyond_the_majorities_is_decided_by_all_figures():
    # The rules' second example: red (helmets) and yellow (Buddhas) both have 3 beyond their
    # majorities; red has 9 figures, yellow 8.
    state = ended(4, [(2, 1, 3), (1, 2, 3), (6, 2, 1), (2, 5, 1)])
    state.figures = {h: [k for k in kinds if k != 0] for h, kinds in state.figures.items()}
    result = ENGINE.outcome(state)
    assert result is not None and result["tiebreak"] == "all_figures"
    en = explained(state, 3, "en")
    assert en["summary"] == (
        "The game ends because no helmet is left on the map; the turn under way was played to "
        "its end. Bot Tereza wins: level on figures beyond the majorities (3), Bot Tereza has "
        "more figures in all (9 to 8)."
    )
    cs = explained(state, 2, "cs")
    assert cs["summary"] == (
        "Hra končí, protože na plánu už není žádná přilba; rozehraný tah se dohrál do konce. "
        "Vyhráváte: ve figurkách mimo většinu je shoda (3), rozhodují tedy všechny figurky "
        "(9 proti 8)."
    )
    count = en["sections"][2]
    assert (
        "You and Bot Tereza tie with 3 left over, so all their figures decide: Bot Tereza 9, "
        "you 8." in count["lines"]
    )
    assert rows(count)["Place"] == result["ranks"] == [3, 3, 1, 2]
    assert rows(count)["Beyond the majority"] == ["—", "—", 3, 3]
    assert count["lines"][-1] == "Places: 1. Bot Tereza; 2. you; 3. alice and Bob."
    majorities = cs["sections"][0]
    assert (
        majorities["lines"][2] == "Rýžová pole: shoda na 3 (alice a Bob), většinu tedy nemá nikdo."
    )
    assert rows(majorities)["Všechny figurky"] == result["details"]["all_figures"]


def test_the_majority_in_two_kinds_wins_outright():
    state = ended(2, [(3, 3, 0), (1, 1, 9)], beside=[2, 1, 1])
    assert ENGINE.outcome(state)["ranks"] == [1, 2]
    assert explained(state, 1, "en", TWO)["summary"] == (
        "The game ends because 4 figures stand beside the board; the turn under way was played "
        "to its end. alice wins with majorities in two kinds: helmets and Buddhas."
    )
    cs = explained(state, 0, "cs", TWO)
    assert cs["summary"].endswith("Vyhráváte s většinou ve dvou druzích (přilby a Buddhové).")
    assert (
        "Vedle plánu bez majitele: 2 přilby, 1 Buddha a 1 rýžové pole."
        in cs["sections"][1]["lines"][0]
    )


def test_nobody_holding_a_majority_means_nobody_wins():
    state = ended(2, [(2, 2, 0), (2, 2, 0)], end_reason="no_moves")
    result = ENGINE.outcome(state)
    assert result["tiebreak"] == "no_majority" and result["ranks"] == [1, 1]
    assert explained(state, SPECTATOR, "en", TWO)["summary"] == (
        "The game ends because nobody can place a tile any more. Nobody wins: nobody holds the "
        "majority of any kind."
    )
    assert explained(state, 0, "cs", TWO)["sections"][0]["lines"][2] == (
        "Rýžová pole: nikdo nezískal žádné, většinu tedy nemá nikdo."
    )


def test_a_forfeit_is_said_as_such_and_the_player_who_left_ranks_last():
    state = play_state(3)
    run(state, 0, {"type": "place_tile", "tile": "samurai1", "hex": 101})
    for seat in (1, 2):
        for event in ENGINE.forfeit(state, seat):
            ENGINE.apply(state, event)
    result = ENGINE.outcome(state)
    assert result is not None and result["ranks"] == [1, 2, 2]
    assert result["details"]["winners"] == []
    assert explained(state, 1, "en")["summary"] == (
        "The game ends because only one player is left in it: alice. Nobody holds the majority "
        "of any kind, so nobody wins; alice ranks first as the only player still in the game."
    )
    cs = explained(state, 0, "cs")
    assert cs["summary"] == (
        "Hra končí, protože ve hře zbývá jediný hráč: vy. Nikdo nemá většinu v žádném druhu "
        "figurek, a tak nikdo nevyhrává; jako jediný hráč, který zůstal ve hře, jste na prvním "
        "místě."
    )
    count = cs["sections"][2]
    assert "Odchod ze hry, a tedy poslední místo: Bob a Bot Tereza." in count["lines"]
    assert rows(count)["Místo"] == result["ranks"]
    assert cs["sections"][0]["table"]["columns"] == [
        "",
        "vy",
        "Bob (mimo hru)",
        "Bot Tereza (mimo hru)",
    ]


@pytest.mark.parametrize(("n", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_the_explanation_of_a_played_game_agrees_with_its_outcome(n, seed):
    played = play_random_game(ENGINE, n, seed=seed)
    result = ENGINE.outcome(played.state)
    assert result is not None
    winners = [
        s for s in range(n) if result["ranks"][s] == 1 and result["details"]["contenders"][s]
    ]
    for viewer in [*range(n), SPECTATOR]:
        r = Reader("en", viewer, FOUR[:n])
        out = ENGINE.explain(played.state, r)
        count = out["sections"][2]
        assert rows(count)["Place"] == result["ranks"]
        beyond = [
            v if result["details"]["contenders"][s] else "—"
            for s, v in enumerate(result["details"]["figures_beyond_majorities"])
        ]
        assert rows(count)["Beyond the majority"] == beyond
        winner_sentence = out["summary"].split(". ", 1)[1]
        if not winners:
            assert "nobody wins" in winner_sentence.lower(), out["summary"]
            continue
        for seat in range(n):
            named = re.search(rf"\b{re.escape(r.name(seat))}\b", winner_sentence, re.IGNORECASE)
            assert bool(named) == (seat in winners), (seat, out["summary"])


# --- places -----------------------------------------------------------------------------------


def _xy(hex_id: int) -> tuple[float, float]:
    h = all_hexes()[hex_id]
    return h["q"] + h["r"] / 2, -h["r"] * math.sqrt(3) / 2  # y grows northward


_ANGLE = {"e": 0, "ne": 45, "n": 90, "nw": 135, "w": 180, "sw": 225, "s": 270, "se": 315}


def _bearing(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360


def _off(angle: float, direction: str) -> float:
    return abs((angle - _ANGLE[direction] + 180) % 360 - 180)


def test_every_settlement_is_described_where_a_player_finds_it_on_the_map():
    hexes = all_hexes()
    settled = {i for i, h in enumerate(hexes) if h.get("settlement")}
    assert set(SETTLEMENTS) == settled
    assert len({s.en for s in SETTLEMENTS.values()}) == len(settled)
    assert len({s.cs for s in SETTLEMENTS.values()}) == len(settled)
    for hex_id, town in SETTLEMENTS.items():
        if town.where is None:
            continue
        how, ref, direction = town.where
        here = _xy(hex_id)
        if how == "from":
            # Within the compass sector named (and the hex grid's 60° steps on its edge).
            assert _off(_bearing(_xy(int(ref)), here), direction) <= 30, (hex_id, town.en)
            continue
        island = [i for i in settled if hexes[i]["part"] == ref]
        if how in ("tip", "end"):
            # The farthest settlement of its island that way.
            a = math.radians(_ANGLE[direction])
            reach = {i: _xy(i)[0] * math.cos(a) + _xy(i)[1] * math.sin(a) for i in island}
            assert reach[hex_id] == max(reach.values()), (hex_id, town.en)
        else:
            centre = tuple(sum(_xy(i)[c] for i in island) / len(island) for c in (0, 1))
            assert _off(_bearing(centre, here), direction) <= 45, (hex_id, town.en)


def test_every_space_has_a_name_and_no_map_names_an_island_it_lacks():
    assert set(GLOSSARY_PLACES) == {str(i) for i in range(len(all_hexes()))}
    absent = {
        2: ("Kyushu", "Shikoku", "Hokkaido", "Kjúšú", "Šikoku", "Hokkaidó"),
        3: ("Hokkaido", "Hokkaidó"),
        4: (),
    }
    for n, missing in absent.items():
        b = board(n)
        spaces = spaces_for(n)
        assert set(spaces) == set(b.hex_ids) - set(b.settlement_type)
        for hex_id, space in spaces.items():
            for text in (*space.at, *space.name):
                assert not [w for w in missing if w in text], (n, hex_id, text)
            # A space's phrase names every settlement a tile there influences.
            near = b.near_settlements[hex_id]
            assert ("next to no settlement" in space.at[0]) == (not near), space.at
            for settlement in near:
                town = SETTLEMENTS[settlement]
                named = town.locator[0] if town.locator else town.en
                assert named in space.at[0], (n, hex_id, space.at, town.en)


def test_a_ship_in_a_strait_names_both_islands_only_where_both_are_on_the_map():
    # Sea space 99 lies between Kyushu and the western end of Honshu.
    assert (
        spaces_for(2)[99].at[0]
        == "in the sea next to the village at the western end of Honshu, on its west side"
    )
    assert spaces_for(3)[99].at[0] == (
        "in the sea next to the village in the north-east of Kyushu and the village at the "
        "western end of Honshu"
    )
    assert GLOSSARY_PLACES["99"] == (
        "the sea next to the village at the western end of Honshu, on its west side",
        "mořské pole vedle vesnice na západním konci Honšú, na západní straně",
    )


def test_the_glossary_names_every_tile_and_figure_the_view_uses():
    view = ENGINE.view(play_state(2), 0)
    assert set(ENGINE.glossary["tiles"]) == set(view["tile_types"])
    assert set(ENGINE.glossary["figures"]) == set(KINDS) == set(KIND_WORDS)
    assert ENGINE.glossary["tiles"]["rice_field4"] == (
        "rice field of strength 4",
        "rýžové pole se silou 4",
    )
    assert set(ENGINE.glossary["settlements"]) == {
        s["settlement"] for s in view["map"] if s["settlement"]
    }


# --- options, bots, rules pages ---------------------------------------------------------------


def test_the_bot_levels_are_the_shared_family_with_the_casual_one_by_default():
    assert ENGINE.player_bot_levels == ("random", "greedy", "search")
    assert ENGINE.default_bot_level == "greedy"
    labels = {level: ENGINE.bot_words[level].label for level in ENGINE.player_bot_levels}
    assert labels == {
        "random": ("Beginner", "Začátečník"),
        "greedy": ("Casual", "Rekreační hráč"),
        "search": ("Strong", "Silný"),
    }
    readme = (ENGINE_DIR / "README.md").read_text(encoding="utf-8")
    # The strong bot's figures are the README's 200-game measurements.
    for figure in ("99.5 %", "84.8 %", "53.9 %"):
        assert figure in readme
    assert "99.5 %" in ENGINE.bot_words["search"].strength[0]
    assert "99,5 %" in ENGINE.bot_words["search"].strength[1]


FENCE = re.compile(r"^:::option (\w+)=(\S+)$")
SECTIONS = {
    "en": ("## Setup", "## A turn", "## The end", "## Scoring", "## On our board"),
    "cs": ("## Příprava", "## Tah", "## Konec hry", "## Kdo vyhrává", "## Jak to vypadá u nás"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_pages_cover_the_game_and_mark_every_option(lang):
    text = (ENGINE_DIR / f"rules.{lang}.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    for heading in SECTIONS[lang]:
        assert heading in lines, heading
    options = {o.name: o for o in ENGINE.options}
    fenced: dict[str, set[str]] = {}
    open_fence = False
    for line in lines:
        match = FENCE.match(line)
        if match:
            assert not open_fence, line
            name, value = match.groups()
            assert name in options, line
            option = options[name]
            allowed = {"true", "false"} if option.kind == "bool" else set(option.choices)
            assert value in allowed, line
            fenced.setdefault(name, set()).add(value)
            open_fence = True
        elif line == ":::":
            assert open_fence
            open_fence = False
    assert not open_fence
    # Every value of every option is described where it changes the rules.
    assert fenced == {
        "random_starting_tiles": {"true", "false"},
        "capture_timing": {"per_tile", "after_placing"},
        "captured_figures": {"auto", "open", "screened"},
    }
    found = [s for line in lines if not FENCE.match(line) for s in suspects(line)]
    assert not found, found
