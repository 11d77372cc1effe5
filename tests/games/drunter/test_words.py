"""Drunter und Drüber in the players' words (games/WORDS.md): log lines for the actor, another
seat and a spectator in both languages, secrets kept out of the others' lines, the ending
explained as the rules count it, the glossary, and the rules pages."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from games.base import Event
from games.drunter import ENGINE
from games.drunter.data import BOARD
from games.drunter.words import BUILDINGS, GLOSSARY, SPECIALS, SQUARES
from games.narration import LANGS, Reader
from games.testing import fold, play_random_game
from tests.games.drunter.scenario import act, opening, place, start, tile
from tests.games.test_words import suspects

NAMES = ("alice", "Bob", "Bot Tereza")
# wall_2 from (0,14) up to (0,10); one more tile east lands on the outhouse at (1,10).
TO_OUTHOUSE = [tile(0, "wall_2", 3, "N", 0, 13), tile(0, "wall_2", 1, "N", 0, 10)]


def lines(
    event: Event, seat: int | None, names: tuple[str, ...] = NAMES
) -> tuple[str | None, str | None]:
    """The event's line for ``seat`` in English and Czech, redacted as the platform does."""
    shown = ENGINE.redact(event, seat)
    return tuple(ENGINE.narrate(shown, Reader(lang, seat, names)) for lang in LANGS)  # type: ignore[return-value]


VOTE_COMMANDS: list[tuple[int, dict[str, Any]]] = [
    (0, place("wall_2", 1, "E")),
    (0, {"type": "vote", "cards": ["JAAA", "JEIN"]}),
    (1, {"type": "vote", "cards": ["NEEE", "NE"]}),
    (2, {"type": "vote", "cards": ["shrug"]}),
    (0, {"type": "declare_jein", "side": "no"}),
]


def vote_events() -> list[Event]:
    """alice lays a tile on an outhouse; alice JAAA + JEIN, Bob NEEE + NE, Bot Tereza shrugs;
    alice declares the JEIN a no and the outhouse is saved 3 to 6."""
    state = start(n=3, tiles=TO_OUTHOUSE)
    out: list[Event] = []
    for seat, command in VOTE_COMMANDS:
        state, events = act(state, seat, command)
        out += events
    return out


def of_type(events: list[Event], kind: str) -> Event:
    return next(e for e in events if e["type"] == kind)


# --- the log, three readers, two languages --------------------------------------------------------


def test_a_tile_onto_an_outhouse_names_the_route_the_way_and_the_outhouse() -> None:
    placed = of_type(vote_events(), "TilePlaced")
    assert lines(placed, 0) == (
        "You extend town wall 2 east with a 1-square tile, covering the outhouse just south of the"
        " fire station 1: the town votes on whether it stays.",
        "Prodlužujete hradby 2 na východ jednotkovou plackou a zakrýváte kadibudku hned jižně od"
        " hasičárny 1: město hlasuje, zda placka zůstane.",
    )
    other = (
        "alice extends town wall 2 east with a 1-square tile, covering the outhouse just south of"
        " the fire station 1: the town votes on whether it stays.",
        "alice prodlužuje hradby 2 na východ jednotkovou plackou a zakrývá kadibudku hned jižně od"
        " hasičárny 1: město hlasuje, zda placka zůstane.",
    )
    assert lines(placed, 1) == other
    assert lines(placed, None) == other


def test_a_tile_over_buildings_names_them_and_otherwise_where_the_builder_stands() -> None:
    # The street from the stagecoach park (0,0) south: three squares down to (0,3), then east
    # over the inn 1 at (2,3).
    state = start(n=3, tiles=[tile(1, "street", 3, "S", 0, 1)])
    _, events = act(state, 0, place("street", 3, "E"))
    assert lines(events[0], 0) == (
        "You extend the street east with a 3-square tile with a tunnel, covering the inn 1.",
        "Prodlužujete ulici na východ trojkovou plackou s tunelem a zakrýváte hostinec 1.",
    )
    assert lines(events[0], 2) == (
        "alice extends the street east with a 3-square tile with a tunnel, covering the inn 1.",
        "alice prodlužuje ulici na východ trojkovou plackou s tunelem a zakrývá hostinec 1.",
    )
    state = start(n=3, first=1)
    _, events = act(state, 1, place("river", 2, "N"))
    assert lines(events[0], 1) == (
        "You extend the river north with a 2-square tile; its builder now stands 2 squares north"
        " of the waterworks.",
        "Prodlužujete řeku na sever dvojkovou plackou; zedník teď stojí 2 pole severně od"
        " vodního díla.",
    )
    assert lines(events[0], None) == (
        "Bob extends the river north with a 2-square tile; its builder now stands 2 squares north"
        " of the waterworks.",
        "Bob prodlužuje řeku na sever dvojkovou plackou; zedník teď stojí 2 pole severně od"
        " vodního díla.",
    )


def test_a_vote_reads_face_down_for_the_others_and_in_full_for_its_voter() -> None:
    events = vote_events()
    alice, bob, tereza = [e for e in events if e["type"] == "VoteCast"]
    assert lines(alice, 0) == (
        "You lay JAAA and JEIN face down (3 for and JEIN).",
        "Vykládáte lícem dolů JAAA a JEIN (3 pro a JEIN).",
    )
    assert (
        lines(alice, 1)
        == lines(alice, None)
        == (
            "alice lays 2 citizen cards face down.",
            "alice vykládá lícem dolů 2 karty občanů.",
        )
    )
    assert lines(bob, 1) == (
        "You lay NEEE and NE face down (4 against).",
        "Vykládáte lícem dolů NEEE a NE (4 proti).",
    )
    assert lines(tereza, 0) == (
        "Bot Tereza lays 1 citizen card face down.",
        "Bot Tereza vykládá lícem dolů 1 kartu občana.",
    )
    assert lines(tereza, 2) == (
        "You lay the shrug face down (no vote).",
        "Vykládáte lícem dolů krčení rameny (bez hlasu).",
    )


def test_the_reveal_the_jein_and_the_count() -> None:
    events = vote_events()
    revealed = of_type(events, "VotesRevealed")
    assert lines(revealed, 1) == (
        "The votes are turned up — alice: JAAA and JEIN; you: NEEE and NE; Bot Tereza: the shrug."
        " For 3, against 4; JEIN still to be declared by alice.",
        "Hlasy se odkrývají — alice: JAAA a JEIN; vy: NEEE a NE; Bot Tereza: krčení rameny."
        " Pro 3, proti 4; čeká se na JEIN: alice.",
    )
    assert lines(revealed, None)[0] == (
        "The votes are turned up — alice: JAAA and JEIN; Bob: NEEE and NE; Bot Tereza: the shrug."
        " For 3, against 4; JEIN still to be declared by alice."
    )
    jein = of_type(events, "JeinDeclared")
    assert lines(jein, 0) == (
        "You declare your JEIN: 2 votes against.",
        "Ohlašujete svůj JEIN: 2 hlasy proti.",
    )
    assert (
        lines(jein, 2)
        == lines(jein, None)
        == (
            "alice declares the JEIN: 2 votes against.",
            "alice ohlašuje svůj JEIN: 2 hlasy proti.",
        )
    )
    decided = of_type(events, "VoteDecided")
    assert not decided["accepted"] and decided["placer"] == 0
    assert lines(decided, None) == (
        "The town votes 3 for, 6 against: the outhouse is saved, alice takes the tile back and"
        " the turn passes.",
        "Město hlasuje 3 pro, 6 proti: kadibudka zůstává, alice bere placku zpět a tah přechází"
        " na dalšího.",
    )
    assert lines(decided, 0) == (
        "The town votes 3 for, 6 against: the outhouse is saved, you take your tile back and the"
        " turn passes.",
        "Město hlasuje 3 pro, 6 proti: kadibudka zůstává, placku berete zpět a tah přechází na"
        " dalšího.",
    )
    # A vote decided before ``placer`` was recorded still reads.
    old = {k: v for k, v in decided.items() if k != "placer"}
    assert lines(old, None) == (
        "The town votes 3 for, 6 against: the outhouse is saved, the tile is taken back and the"
        " turn passes.",
        "Město hlasuje 3 pro, 6 proti: kadibudka zůstává, placka se bere zpět a tah přechází na"
        " dalšího.",
    )
    accepted = {**decided, "yes": 5, "no": 5, "accepted": True}
    assert lines(accepted, 0) == (
        "The town votes 5 for, 5 against: the tile stays and the outhouse is gone.",
        "Město hlasuje 5 pro, 5 proti: placka zůstává a kadibudka mizí.",
    )


def test_every_decided_vote_names_the_placer_and_the_fold_ignores_it() -> None:
    decided = 0
    for n, seed in ((3, 0), (4, 1), (2, 2)):
        played = play_random_game(ENGINE, n, seed=seed)
        placer = None
        for event in played.events:
            if event["type"] == "TilePlaced" and event["vote"]:
                placer = event["seat"]
            elif event["type"] == "VoteDecided":
                decided += 1
                assert event["placer"] == placer
        old = [{k: v for k, v in e.items() if k != "placer"} for e in played.events]
        replayed = fold(ENGINE, old)
        assert ENGINE.state_to_json(replayed) == ENGINE.state_to_json(played.state)
        assert ENGINE.outcome(replayed) == ENGINE.outcome(played.state)
    assert decided


def test_secret_cards_are_named_only_to_their_holder() -> None:
    dealt = {"type": "BuildingDealt", "seat": 2, "building": "fire_station"}
    assert lines(dealt, 2) == (
        "Your secret building is the fire station: at the end you score every fire station left"
        " uncovered.",
        "Vaše tajná budova je hasičárna: na konci získáte body za každou nezakrytou budovu"
        " tohoto typu.",
    )
    assert (
        lines(dealt, 0)
        == lines(dealt, None)
        == (
            "Bot Tereza secretly receives a building card.",
            "Bot Tereza tajně dostává kartu budovy.",
        )
    )
    goals = {"type": "GoalsDealt", "seat": 0, "cards": ["school", "all_3s"]}
    assert lines(goals, 0) == (
        "Your two secret goal cards: the school and every visible 3.",
        "Vaše dvě tajné karty cílů: škola a všechny viditelné trojky.",
    )
    assert lines(goals, 1) == (
        "alice secretly receives two goal cards.",
        "alice tajně dostává dvě karty cílů.",
    )
    chosen = {"type": "GoalChosen", "seat": 1, "card": "lowest_of_each_type"}
    assert lines(chosen, 1) == (
        "You commit your goal: the lowest building of each type; the other card only breaks a tie.",
        "Volíte svůj cíl: nejnižší budova každého typu; druhá karta rozhoduje jen při rovnosti"
        " bodů.",
    )
    assert (
        lines(chosen, 0)
        == lines(chosen, None)
        == ("Bob secretly commits a goal.", "Bob tajně volí svůj cíl.")
    )


def test_turns_skips_routes_and_leaving() -> None:
    assert lines({"type": "TurnStarted", "seat": 1}, 1) == (
        "Your turn: place a tile.",
        "Jste na tahu: přiložte placku.",
    )
    assert lines({"type": "TurnStarted", "seat": 1}, 0) == (
        "Bob is to place a tile.",
        "Na tahu je Bob.",
    )
    skipped = {"type": "PlayerSkipped", "seat": 0}
    assert lines(skipped, 0) == (
        "You have no tile that fits anywhere and miss your turn.",
        "Žádná z vašich placek nikam nepasuje: vynecháváte.",
    )
    assert lines(skipped, None) == (
        "alice has no tile that fits anywhere and misses the turn.",
        "alice vynechává: žádná placka, kterou má, nikam nepasuje.",
    )
    assert lines({"type": "BuilderRemoved", "route": "wall_1"}, 1) == (
        "Town wall 1 is closed in: its builder leaves the board and no tile can extend it any"
        " more.",
        "Zedník hradeb 1 opouští plán: trasa už nemá kudy pokračovat.",
    )
    assert lines({"type": "GoalChoiceStarted", "route": "river"}, None) == (
        "The river can no longer be extended: everyone now secretly picks which of their two goal"
        " cards counts at the end.",
        "Řeku už nelze prodloužit: všichni teď tajně volí, která ze dvou karet cílů bude na"
        " konci platit.",
    )
    left = {"type": "PlayerForfeited", "seat": 2}
    assert lines(left, 2) == (
        "You leave the game: your tiles go back to the box and you rank last.",
        "Opouštíte hru: vaše placky jdou do krabice a končíte poslední.",
    )
    assert lines(left, 1) == (
        "Bot Tereza leaves the game: their tiles go back to the box and they rank last.",
        "Bot Tereza opouští hru: placky jdou do krabice a v pořadí končí poslední.",
    )


def test_the_game_start_counts_the_tiles_with_czech_plurals() -> None:
    played = play_random_game(ENGINE, 4, seed=1)
    assert lines(played.events[0], None) == (
        "A game for 4 players begins: everyone gets 15 tiles face up (3 of three squares, 6 of two,"
        " 6 of one), a secret building card and eight citizen cards for the outhouse votes.",
        "Začíná hra pro 4 hráče: každý dostává lícem nahoru 15 placek (3 trojkové, 6 dvojkových,"
        " 6 jednotkových), tajnou kartu budovy a osm karet občanů na hlasování o kadibudkách.",
    )
    extended = play_random_game(ENGINE, 3, seed=1, options={"extended": True})
    assert lines(extended.events[0], 0)[1] == (
        "Začíná hra pro 3 hráče podle rozšířených pravidel: každý dostává lícem nahoru 20 placek"
        " (4 trojkové, 8 dvojkových, 8 jednotkových) a dvě tajné karty cílů; o kadibudkách se"
        " nehlasuje."
    )


# --- secrets --------------------------------------------------------------------------------------

SECRET_EVENTS = ("BuildingDealt", "GoalsDealt", "VoteCast", "GoalChosen")
HIDDEN_WORDS = [
    *(w for n in BUILDINGS.values() for w in (n.en, n.nom, n.acc)),
    *(w for n in SPECIALS.values() for w in (n.en, n.nom, n.acc)),
]
CARD_WORD = re.compile(r"\b(JAAA|JAA|JA|NEEE|NEE|NE|JEIN)\b|shrug|krčení")


@pytest.mark.parametrize("extended", [False, True])
def test_the_others_lines_of_a_secret_name_nothing_hidden(extended: bool) -> None:
    for seed in (1, 2, 3):
        played = play_random_game(ENGINE, 3, seed=seed, options={"extended": extended})
        for event in played.events:
            if event["type"] not in SECRET_EVENTS:
                continue
            for viewer in (*(s for s in range(3) if s != event["seat"]), None):
                for text in lines(event, viewer):
                    assert text is not None
                    low = text.lower()
                    named = [
                        w for w in HIDDEN_WORDS if re.search(rf"\b{re.escape(w.lower())}\b", low)
                    ]
                    assert not named, (event, viewer, text)
                    assert not CARD_WORD.search(text), (event, viewer, text)
            # The line depends only on what is shown: another secret reads the same.
            if event["type"] == "BuildingDealt":
                other = {
                    **event,
                    "building": next(b for b in BOARD.building_types if b != event["building"]),
                }
                assert lines(other, None) == lines(event, None)


# --- the ending -----------------------------------------------------------------------------------


def explained(
    state: Any, seat: int | None, lang: str = "en", names: tuple[str, ...] = NAMES
) -> Any:
    return ENGINE.explain(state, Reader(lang, seat, names))  # type: ignore[arg-type]


def points_column(section: dict[str, Any]) -> dict[str, int]:
    table = section["table"]
    return {row[0]: row[-1] for row in table["rows"]}


def test_nothing_is_explained_while_the_game_runs() -> None:
    assert explained(start(n=2), 0) is None


def test_a_basic_game_counts_the_buildings_of_each_players_card() -> None:
    played = play_random_game(ENGINE, 3, seed=1)
    outcome = ENGINE.outcome(played.state)
    assert outcome is not None
    x = explained(played.state, 0)
    assert (
        x["summary"]
        == "Nobody can place another tile: the game is over. Bob wins with 15 points for the"
        " church."
    )
    saved = x["sections"][0]
    assert saved["title"] == "Buildings saved"
    assert points_column(saved) == {"You": 3, "Bob": 15, "Bot Tereza": 0}
    assert [int(s) for s in outcome["scores"]] == [3, 15, 0]
    assert "Bot Tereza — inn: none left standing, 0 points." in saved["lines"]
    assert "Bob — church: 5 + 4 + 3 + 2 + 1 = 15 points." in saved["lines"]
    town = x["sections"][1]["table"]
    assert town["columns"] == ["Building", "Standing", "Covered", "Held by"]
    assert ["fire station", "2, 1", "5, 4, 3", "you"] in town["rows"]
    votes = x["sections"][2]
    assert votes["title"] == "Outhouse votes"
    assert votes["lines"][0].startswith(
        "Outhouses built over after the town voted for it: 3 of 12 — "
    )
    assert "(your tile)" in votes["lines"][0]
    cs = explained(played.state, 2, "cs")
    assert (
        cs["summary"]
        == "Nikdo už nemůže přiložit placku: hra končí. Vítězí Bob s 15 body za kostel."
    )
    assert "Vy — hostinec: žádná nestojí, 0 bodů." in cs["sections"][0]["lines"]


def test_a_tie_broken_by_the_votes_left() -> None:
    played = play_random_game(ENGINE, 2, seed=11)
    outcome = ENGINE.outcome(played.state)
    assert outcome is not None and outcome["tiebreak"] == "votes_left"
    assert outcome["ranks"] == [2, 1] and outcome["scores"] == [13.0, 13.0]
    names = NAMES[:2]
    x = explained(played.state, 0, names=names)
    assert x["summary"] == (
        "Nobody can place another tile: the game is over. Bob wins with 13 points for the church;"
        " the tie on points is broken by the votes left on citizen cards."
    )
    tie = x["sections"][-1]
    assert tie["title"] == "Tie-break"
    assert tie["lines"] == [
        "Bob and you have 13 points each: the votes left on citizen cards decide (Bob 1, you 0)."
    ]
    cs = explained(played.state, 1, "cs", names=names)
    assert cs["sections"][-1]["lines"] == [
        "Vy a alice máte shodně 13 bodů: rozhodují hlasy na zbylých kartách občanů (vy 1, alice 0)."
    ]
    assert cs["summary"].endswith(
        "Vítězíte s 13 body za kostel; rovnost bodů rozhodují hlasy na zbylých kartách občanů."
    )


def test_a_tie_still_equal_is_a_shared_place() -> None:
    played = play_random_game(ENGINE, 2, seed=5)
    outcome = ENGINE.outcome(played.state)
    assert outcome is not None and outcome["ranks"] == [1, 1] and outcome["tiebreak"] is None
    x = explained(played.state, None, "cs", names=NAMES[:2])
    assert (
        x["summary"]
        == "Nikdo už nemůže přiložit placku: hra končí. Vítězství se dělí: alice a Bob, shodně s"
        " 4 body."
    )
    assert x["sections"][-1]["lines"][-1] == "Stále shodně: alice a Bob se dělí o 1. místo."


def test_an_extended_game_counts_the_committed_goals_and_breaks_a_tie_by_the_other_card() -> None:
    played = play_random_game(ENGINE, 2, seed=15, options={"extended": True})
    outcome = ENGINE.outcome(played.state)
    assert outcome is not None and outcome["tiebreak"] == "other_goal_card"
    names = NAMES[:2]
    x = explained(played.state, 0, names=names)
    goals = x["sections"][0]
    assert goals["title"] == "Goals"
    assert points_column(goals) == {"You": 8, "Bob": 8}
    assert "You — the town hall: 5 + 2 + 1 = 8 points." in goals["lines"]
    assert "Bob — every visible 4: 4 + 4 = 8 points." in goals["lines"]
    # The reader's own second card is named; nobody else's is.
    assert "Your other card, the school, would have scored 15 points." in goals["lines"]
    spectator = explained(played.state, None, names=names)
    assert not any("other card" in line for line in spectator["sections"][0]["lines"])
    assert spectator["sections"][-1]["lines"] == [
        "alice and Bob have 8 points each: what the other goal card would score decides (alice"
        " 15, Bob 9)."
    ]


def test_a_game_won_by_forfeits_says_so() -> None:
    state = start(n=3)
    for seat in (1, 2):
        for event in ENGINE.forfeit(state, seat):
            state = ENGINE.apply(state, event)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome["ranks"][0] == 1
    x = explained(state, 1)
    assert x["summary"] == "Only alice is left in the game, so the game ends. alice wins."
    left = x["sections"][-1]
    assert left["title"] == "Left the game"
    assert left["lines"] == [
        "You left the game before the end (resigned or out of time), so you rank last whatever"
        " the points.",
        "Bot Tereza left the game before the end (resigned or out of time) and ranks last"
        " whatever the points.",
    ]
    cs = explained(state, 0, "cs")
    assert cs["summary"] == "Ve hře zůstáváte jen vy, a tím hra končí. Vítězíte."
    # No tie-break between players who left: they rank last whatever the points.
    assert all(s["title"] != "Rozhodnutí při rovnosti" for s in cs["sections"])


def shown_to(events: list[Event], seat: int | None) -> list[Event]:
    """The match's events as the platform passes them to ``explain``: redacted for the reader."""
    return [e for e in (ENGINE.redact(event, seat) for event in events) if e is not None]


VOTE_TITLES = ("Outhouse votes", "Hlasování o kadibudkách")


def votes_of(explanation: Any) -> Any:
    return next(s for s in explanation["sections"] if s["title"] in VOTE_TITLES)


def votes_section(state: Any, seat: int | None, events: list[Event], lang: str = "en") -> Any:
    return votes_of(ENGINE.explain(state, Reader(lang, seat, NAMES), shown_to(events, seat)))


def played_out(commands: list[tuple[int, dict[str, Any]]], leave: tuple[int, ...]) -> Any:
    """The vote scenario's match from its first event: ``commands``, then ``leave`` forfeit."""
    events = opening(n=3, tiles=TO_OUTHOUSE)
    state = fold(ENGINE, events)
    for seat, command in commands:
        state, more = act(state, seat, command)
        events += more
    for seat in leave:
        more = ENGINE.forfeit(state, seat)
        for e in more:
            state = ENGINE.apply(state, e)
        events += more
    assert ENGINE.outcome(state) is not None
    return state, events


def test_the_ending_lists_each_outhouse_vote_from_the_events() -> None:
    state, events = played_out(VOTE_COMMANDS, leave=(1, 2))
    assert votes_section(state, 1, events)["lines"][:2] == [
        "Outhouse votes held: 1; outhouses built over: 0 of 12.",
        "The outhouse just south of the fire station 1 (tile: alice): 3 for, 6 against — saved,"
        " the tile was taken back.",
    ]
    assert votes_section(state, 0, events, "cs")["lines"][:2] == [
        "Hlasování o kadibudkách: 1; zastavěné kadibudky: 0 z 12.",
        "Kadibudka hned jižně od hasičárny 1 (vaše placka): 3 pro, 6 proti — zachráněná, placka"
        " se vrátila.",
    ]
    # Without the events, the final state shows no vote at all (the saved tile left the board).
    x = explained(state, 1)
    assert x["sections"][2]["lines"][0] == "No outhouse was built over: all 12 are still standing."


def test_a_vote_the_end_cut_short_is_said_undecided_and_builds_nothing_over() -> None:
    state, events = played_out(VOTE_COMMANDS[:1], leave=(1, 2))
    lines = votes_section(state, None, events)["lines"]
    assert lines[:2] == [
        "Outhouse votes held: 1; outhouses built over: 0 of 12.",
        "The outhouse just south of the fire station 1 (tile: alice): not decided, the game ended"
        " first.",
    ]
    assert explained(state, None)["sections"][2]["lines"][0].startswith("No outhouse was built")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_state_from_a_snapshot_with_the_events_explains_as_one_folded_from_zero(n: int) -> None:
    names = ("alice", "Bob", "Bot Tereza", "dan")[:n]
    held = 0
    for seed in range(3):
        played = play_random_game(ENGINE, n, seed=seed)
        loaded = ENGINE.state_from_json(ENGINE.state_to_json(played.state))
        from_zero = fold(ENGINE, played.events)
        decided = [e for e in played.events if e["type"] == "VoteDecided"]
        for viewer in (*range(n), None):
            for lang in LANGS:
                reader = Reader(lang, viewer, names)
                events = shown_to(played.events, viewer)
                with_events = ENGINE.explain(loaded, reader, events)
                assert with_events == ENGINE.explain(from_zero, reader, events)
                assert ENGINE.explain(loaded, reader) == ENGINE.explain(from_zero, reader)
                assert with_events is not None
                votes = votes_of(with_events)
                assert len(votes["lines"]) == len(decided) + 2
        held += len(decided)
    assert held, "the random games hold outhouse votes"


@pytest.mark.parametrize(("n", "extended"), [(2, False), (3, True), (4, False), (4, True)])
def test_every_explanation_agrees_with_the_outcome(n: int, extended: bool) -> None:
    for seed in range(6):
        played = play_random_game(ENGINE, n, seed=seed, options={"extended": extended})
        outcome = ENGINE.outcome(played.state)
        assert outcome is not None
        names = ("alice", "Bob", "Bot Tereza", "dan")[:n]
        for viewer in (*range(n), None):
            x = explained(played.state, viewer, names=names)
            table = x["sections"][0]["table"]
            by_name = {row[0]: row[-1] for row in table["rows"]}
            for seat in range(n):
                label = "You" if seat == viewer else names[seat]
                assert by_name[label] == outcome["scores"][seat]
            # Ranked as the outcome ranks them.
            order = [row[0] for row in table["rows"]]
            ranks = [outcome["ranks"][names.index(o) if o != "You" else viewer] for o in order]
            assert ranks == sorted(ranks)
            winners = [s for s in range(n) if outcome["ranks"][s] == 1]
            for seat in winners:
                who = "you" if seat == viewer else names[seat].lower()
                assert who in x["summary"].lower()


# --- the glossary ---------------------------------------------------------------------------------


def test_every_square_has_a_name_and_every_landmark_a_unique_one() -> None:
    places = GLOSSARY["places"]
    assert len(places) == BOARD.n_cells
    things = [
        places["{},{}".format(*BOARD.xy(c))]
        for c in range(BOARD.n_cells)
        if SQUARES[c].noun is not None
    ]
    assert len(things) == len(BOARD.buildings) + sum(BOARD.outhouse) + len(BOARD.route_ids)
    for lang in (0, 1):
        names = [t[lang] for t in things]
        assert len(set(names)) == len(names), "two buildings, outhouses or corners read alike"
    assert places["6,6"] == ("town hall 5", "radnice 5")
    assert places["0,0"] == ("stagecoach park", "parkoviště dostavníků")
    assert places["1,10"] == (
        "outhouse just south of the fire station 1",
        "kadibudka hned jižně od hasičárny 1",
    )
    assert places["14,13"] == ("just north of the waterworks", "hned severně od vodního díla")


def test_the_glossary_names_routes_tiles_and_cards_as_the_board_does() -> None:
    assert GLOSSARY["routes"] == {
        "street": ("street", "ulice"),
        "wall_1": ("town wall 1", "hradby 1"),
        "wall_2": ("town wall 2", "hradby 2"),
        "river": ("river", "řeka"),
    }
    assert GLOSSARY["tiles"]["river:3"] == (
        "river 3-square tile with a tunnel",
        "trojková placka s tunelem (řeka)",
    )
    assert set(GLOSSARY["goal_cards"]) == set(BOARD.goal_cards)
    assert set(GLOSSARY["vote_cards"]) == set(BOARD.vote_cards)
    assert GLOSSARY["buildings"]["fire_station"] == ("fire station", "hasičárna")


# --- options, bots and the rules pages ------------------------------------------------------------


def test_bots_are_the_shared_family_with_casual_as_default() -> None:
    assert ENGINE.default_bot_level == "greedy"
    assert ENGINE.player_bot_levels == ("random", "greedy", "search")
    labels = {level: ENGINE.bot_words[level].label for level in ENGINE.player_bot_levels}
    assert labels == {
        "random": ("Beginner", "Začátečník"),
        "greedy": ("Casual", "Rekreační hráč"),
        "search": ("Strong", "Silný"),
    }
    assert "98 %" in ENGINE.bot_words["search"].strength[0]


RULES = Path(__file__).resolve().parents[3] / "games" / "drunter"
FENCE = re.compile(r"^:::option (\w+)=(\w+)$")


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_rules_pages_have_their_sections_and_mark_every_option(lang: str) -> None:
    text = (RULES / f"rules.{lang}.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    wanted = {
        "en": ["Setup", "A turn", "Scoring", "The end"],
        "cs": ["Příprava", "Tah", "Počítání bodů", "Konec hry"],
    }[lang]
    assert all(h in headings for h in wanted), headings
    fenced: set[tuple[str, str]] = set()
    depth = 0
    for line in text.splitlines():
        m = FENCE.match(line)
        if m:
            assert depth == 0, "option blocks do not nest"
            depth = 1
            fenced.add((m.group(1), m.group(2)))
        elif line == ":::":
            assert depth == 1
            depth = 0
        else:
            assert not suspects(line), line
    assert depth == 0
    values = {"true": True, "false": False}
    options = {o.name: o for o in ENGINE.options}
    for name, value in fenced:
        option = options[name]
        v = values.get(value, value)
        assert v in (option.choices if option.kind == "choice" else (True, False)), (name, value)
    # Every option that changes a rule is marked, each of its values.
    for option in ENGINE.options:
        for value in option.choices if option.kind == "choice" else (True, False):
            assert (option.name, str(value).lower()) in fenced, (option.name, value)
