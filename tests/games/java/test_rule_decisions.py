"""The rule decisions of issue 23, each named for the clause of ``shared/rules/java.cs.txt`` it
reads: the land duty, the token timing, free figure moves and the stalled island."""

from __future__ import annotations

import json
import pathlib
import random

from games.base import IllegalCommand
from games.java import rules
from games.java.data import BOARD
from games.java.state import FIGURES, TOKENS, TWO, WATER
from games.testing import canonical, fold
from tests.games.java.helpers import (
    ENGINE,
    cell,
    events_of,
    is_legal,
    land,
    new_game,
    put,
    refused,
    run,
    stand,
)

CORPUS = pathlib.Path(__file__).resolve().parents[2] / "corpus" / "java"
P, Q, Z = (4, 4), (5, 4), (6, 4)  # three single rice tiles in a row, on level 1


def only_these_places(s, keep: list[tuple[int, int]]) -> None:
    """Water on every space of the grid but ``keep`` (the ring beyond the grid stays open)."""
    kept = {cell(*qr) for qr in keep}
    for c in range(BOARD.n_board):
        if c not in kept and s.height[c] == 0:
            s.top[c] = WATER


def two_tiles_only(s, seat: int = 0) -> None:
    """The seat holds one two-space tile and nothing else; no three-space tile is left to it."""
    s.supply[seat][TWO:] = [1, 0, 0]
    s.three_left = 0


def row_scene(ap: int, **options):
    """P, Q, Z are single tiles (a two-space tile fits on Q+Z for 1 AP, not on P+Q: the figure);
    elsewhere only a two-space tile overhanging the mountain edge at (5, 0), for 2 AP."""
    s = new_game(**options)
    for qr in (P, Q, Z):
        put(s, [qr])
    only_these_places(s, [P, Q, Z, (5, 0)])
    two_tiles_only(s)
    s.supply[0][TOKENS] = 0
    stand(s, 0, *P)
    s.ap = ap
    return s


def test_hrac_musi_polozit_dil_krajiny_a_figure_may_not_take_the_last_cheap_place() -> None:
    # Issue 23, path 2: the figure's free move onto Q leaves only 2-AP placements with 1 AP left.
    s = row_scene(ap=1)
    assert is_legal(s, 0, land("two", [Q], [Z]))
    move = {"type": "move_figure", "from": list(P), "to": list(Q)}
    refused(s, 0, move, rules.LAND_DUTY)
    assert not is_legal(s, 0, move)
    # Moving on to Z frees P: P+Q takes the tile for 1 AP, so that move keeps the duty.
    onward = {"type": "move_figure", "from": list(P), "to": list(Z)}
    assert is_legal(s, 0, onward)
    after = run(s, 0, onward)
    refused(after, 0, {"type": "end_turn"}, rules.LAND_DUTY)
    assert not is_legal(after, 0, {"type": "end_turn"})
    # With 2 AP the overhanging place at the edge still takes the tile after the move.
    assert is_legal(row_scene(ap=2), 0, move)


def test_hrac_musi_polozit_dil_krajiny_the_token_counts_only_while_still_usable() -> None:
    # Issue 23, path 1: with the official timing any first action spends the token's chance.
    s = new_game()
    s.ap = 1
    card = {"type": "take_card", "source": "deck"}
    refused(s, 0, card, rules.LAND_DUTY)
    assert not is_legal(s, 0, card) and is_legal(s, 0, {"type": "use_token"})
    s = run(s, 0, {"type": "use_token"})
    s = run(s, 0, card)
    refused(s, 0, {"type": "end_turn"}, rules.LAND_DUTY)
    # With the token usable at any time it still pays for the tile after the card.
    s = new_game(token_timing="any_time")
    s.ap = 1
    s = run(s, 0, card)
    assert s.ap == 0 and is_legal(s, 0, {"type": "use_token"})
    refused(s, 0, {"type": "end_turn"}, rules.LAND_DUTY)


def test_hrac_musi_polozit_dil_krajiny_water_and_palaces_keep_the_duty_too() -> None:
    s = new_game()
    only_these_places(s, [(4, 5), (5, 5)])  # ground: the two-space tile fits there only
    two_tiles_only(s)
    s.supply[0][TOKENS] = 0
    s.top[cell(4, 5)] = s.top[cell(5, 5)] = 0
    refused(s, 0, {"type": "lay_water", "cell": [4, 5]}, rules.LAND_DUTY)
    assert not any(c["type"] == "lay_water" for c in ENGINE.legal_commands(s, 0))
    # A palace on the only place the tile fits (a village of three single tiles).
    s = new_game()
    for qr in (P, Q, Z):
        put(s, [], [qr])
    only_these_places(s, [P, Q, Z])
    two_tiles_only(s)
    s.supply[0][TOKENS] = 0
    stand(s, 0, *P)
    s.ap = 1
    build = {"type": "build_palace", "cell": list(Q), "value": 2}
    refused(s, 0, build, rules.LAND_DUTY)
    assert not is_legal(s, 0, build)
    s.ap = 2
    assert not is_legal(s, 0, build)  # no other place at any cost
    s.supply[0][TWO:] = [0, 1, 0]  # a single rice tile fits on Z beside the palace
    assert is_legal(s, 0, build)
    assert run(s, 0, build).palace[cell(*Q)] == 2


def test_no_tile_fits_the_player_is_excused_and_bound_again_once_one_does() -> None:
    # The text is silent on a full island; nobody is held to the impossible. A turn in which no
    # land tile can be laid may end without one; an action that frees a place binds it again.
    s = new_game()
    put(s, [(5, 0)])
    put(s, [(6, 0)])
    only_these_places(s, [(5, 0), (6, 0)])
    two_tiles_only(s)
    stand(s, 0, 5, 0)
    assert is_legal(s, 0, {"type": "end_turn"})
    ended = events_of(s, 0, {"type": "end_turn"})
    assert ended[-1]["type"] == "TurnEnded" and ended[-1]["stalled"] is True
    s = run(s, 0, {"type": "remove_figure", "from": [5, 0]})  # the mountain edge: 2 AP
    assert s.ap == 4 and s.supply[0][FIGURES] == 12
    refused(s, 0, {"type": "end_turn"}, rules.LAND_DUTY)
    s = run(s, 0, land("two", [(5, 0)], [(6, 0)]))
    assert s.height[cell(5, 0)] == 2 and is_legal(s, 0, {"type": "end_turn"})


def _blocked_island(n: int = 2):
    s = new_game(n)
    only_these_places(s, [])
    for p in range(n):
        s.supply[p][TWO:] = [0, 0, 0]
    return s


def test_konec_hry_a_stalled_island_ends_as_after_the_last_three_space_tile() -> None:
    # "Hráč, který položí na plán poslední díl o třech polích ... provede ihned po svém tahu
    # závěrečné bodování. Po něm ještě provedou svůj poslední tah popořadě ostatní hráči": when
    # nobody could lay land for a whole round that tile can never come; the end then runs as if
    # the player closing the round had laid it.
    s = _blocked_island()
    s = run(s, 0, {"type": "end_turn"})
    types = [e["type"] for e in events_of(s, 1, {"type": "end_turn"})]
    assert types == ["IslandCompleted", "FinalScored", "TurnEnded"]
    s = run(s, 1, {"type": "end_turn"})
    assert s.trigger == 1 and s.final_done == [False, True] and s.turn == 0 and not s.over
    s = run(s, 0, {"type": "end_turn"})
    assert s.over and s.final_done == [True, True]


def test_konec_hry_matches_of_rules_version_one_keep_their_stall_ending() -> None:
    s = _blocked_island()
    s.rules = 1
    s = run(s, 0, {"type": "end_turn"})
    types = [e["type"] for e in events_of(s, 1, {"type": "end_turn"})]
    assert types == ["TurnEnded", "FinalScored", "FinalScored", "GameEnded"]


def test_new_matches_record_their_rules_version_and_old_ones_read_as_version_one() -> None:
    setup = ENGINE.setup(2, ENGINE.validate_options(2, {}), random.Random(0))
    assert setup[0]["rules_version"] == ENGINE.rules_version == 2
    assert fold(ENGINE, setup).rules == 2
    old = dict(setup[0])
    del old["rules_version"]
    assert fold(ENGINE, [old]).rules == 1
    snapshot = ENGINE.state_to_json(fold(ENGINE, [old]))
    del snapshot["rules"]  # a snapshot stored before the field existed
    assert ENGINE.state_from_json(snapshot).rules == 1


def test_an_old_corpus_match_keeps_whole_moves_and_the_any_time_token() -> None:
    doc = json.loads((CORPUS / "2p-seed0.json").read_text())
    assert doc["rules_version"] == 1 and doc["options"] == {"token_timing": "any_time"}
    s = None
    checked = 0
    for event in doc["events"]:
        s = ENGINE.apply(s, event)
        if s.over or s.festival is not None or not s.moved:
            continue
        seat = s.turn
        moved = [c for c in s.moved if s.figure[c] == seat]
        if not moved:
            continue
        again = {"type": "remove_figure", "from": list(BOARD.coords[moved[0]])}
        refused(s, seat, again, rules.FIGURE_ALREADY_MOVED)
        assert not any(
            c["type"] in ("move_figure", "remove_figure") and c["from"] == again["from"]
            for c in ENGINE.legal_commands(s, seat)
        )
        if s.supply[seat][TOKENS] and not s.token_used:
            assert is_legal(s, seat, {"type": "use_token"})  # any time, after acting
        checked += 1
    assert checked > 0 and s.rules == 1


def _candidates(s, seat: int) -> list[dict]:
    """Every non-land command that could make sense anywhere, plus the listed placements."""
    pairs = [list(BOARD.coords[c]) for c in range(len(BOARD.coords))]
    out: list[dict] = [{"type": "use_token"}, {"type": "end_turn"}]
    out += [{"type": "take_card", "source": x} for x in ("open", "deck")]
    own = [list(BOARD.coords[c]) for c, who in enumerate(s.figure) if who == seat]
    for to in pairs:
        out.append({"type": "enter_figure", "to": to})
        out.append({"type": "lay_water", "cell": to})
        out += [{"type": "move_figure", "from": f, "to": to} for f in own]
        out += [{"type": k, "cell": to} for k in ("hold_festival",)]
        for v in (2, 4, 6, 8, 10):
            out.append({"type": "build_palace", "cell": to, "value": v})
            out.append({"type": "enlarge_palace", "cell": to, "value": v})
    out += [{"type": "remove_figure", "from": f} for f in own]
    return out


def test_legal_commands_are_exactly_the_accepted_ones_under_the_land_duty() -> None:
    from games.java.bots import random_command
    from games.testing import play_random_game

    checked = 0
    for seed in range(6):
        options = {"token_timing": "any_time"} if seed % 2 else {}
        game = play_random_game(
            ENGINE, 2 + seed % 3, options, seed=seed, choose=random_command, max_commands=25
        )
        s = game.state
        if s.over or s.festival is not None:
            continue
        seat = s.turn
        for ap in (1, 2, s.ap):
            s.ap = ap
            legal = {canonical(c) for c in ENGINE.legal_commands(s, seat)}
            for command in _candidates(s, seat):
                try:
                    ENGINE.execute(s, seat, command, random.Random(0))
                    accepted = True
                except IllegalCommand:
                    accepted = False
                assert accepted == (canonical(command) in legal), (seed, ap, command)
            checked += 1
    assert checked >= 6
