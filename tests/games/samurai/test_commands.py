"""legal_commands lists exactly what execute accepts; log texts; undo barriers."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalCommand
from games.samurai import ENGINE
from games.samurai.data import KINDS, board, full_tile_set
from games.testing import canonical, play_random_game


def all_commands(state, seat):
    """Every command of the right shape over the whole map, legal or not."""
    b = board(state.n)
    spaces = sorted(set(b.hex_ids))
    names = sorted(set(full_tile_set()))
    if state.phase == "choose_tiles":
        return [{"type": "choose_tile", "tile": t} for t in names]
    if state.phase == "place_figures":
        return [{"type": "place_figure", "kind": k, "hex": h} for k in KINDS for h in spaces]
    out = [{"type": "place_tile", "tile": t, "hex": h} for t in names for h in spaces]
    figures = [(h, KINDS[k]) for h in b.settlements for k in state.figures[h]]
    out += [
        {
            "type": "swap_figures",
            "first_hex": h1,
            "first_kind": k1,
            "second_hex": h2,
            "second_kind": k2,
        }
        for i, (h1, k1) in enumerate(figures)
        for h2, k2 in figures[i + 1 :]
    ]
    return [*out, {"type": "end_turn"}]


@pytest.mark.parametrize("n", [2, 3])
def test_legal_commands_are_exactly_the_accepted_ones(n):
    checked = 0
    sampler = random.Random(n)

    def check(state, _event):
        nonlocal checked
        if ENGINE.outcome(state) is not None or checked >= 25 or sampler.random() < 0.6:
            return
        checked += 1
        seat = min(ENGINE.active_seats(state))
        legal = {canonical(c) for c in ENGINE.legal_commands(state, seat)}
        for command in all_commands(state, seat):
            try:
                ENGINE.execute(state, seat, command, random.Random(0))
                accepted = True
            except IllegalCommand:
                accepted = False
            assert accepted == (canonical(command) in legal), command

    play_random_game(
        ENGINE, n, {"capture_timing": "per_tile"} if n == 3 else {}, seed=n, after_event=check
    )
    assert checked >= 20


def test_turn_ends_draws_and_captures_are_undo_barriers_but_placed_tiles_are_not():
    barrier = ENGINE.is_undo_barrier
    assert not barrier({"type": "TilePlaced", "seat": 0, "tile": "ship1", "hex": 33})
    assert not barrier({"type": "FiguresSwapped", "seat": 0})
    assert not barrier({"type": "TileExchangePlayed", "seat": 0})
    for kind in (
        "TurnEnded",
        "TilesDrawn",
        "FigureCaptured",
        "FigureSetAside",
        "TileChosen",
        "GameEnded",
    ):
        assert barrier({"type": kind})


def test_options_are_validated():
    assert ENGINE.validate_options(2, {}) == {
        "random_starting_tiles": False,
        "capture_timing": "per_tile",
        "captured_figures": "auto",
    }
    for bad in ({"capture_timing": "never"}, {"random_starting_tiles": 1}, {"colour": "red"}):
        with pytest.raises(IllegalCommand):
            ENGINE.validate_options(2, bad)


def test_vymena_figur_may_name_the_two_figures_in_either_order():
    from tests.games.samurai.scenario import play_state

    state = play_state(2, hands=[["figure_exchange", "samurai1", "ship1", "ship1", "ship2"]] * 2)
    listed = next(c for c in ENGINE.legal_commands(state, 0) if c["type"] == "swap_figures")
    assert listed["first_hex"] < listed["second_hex"]  # each pair is listed once
    reverse = {
        "type": "swap_figures",
        "first_hex": listed["second_hex"],
        "first_kind": listed["second_kind"],
        "second_hex": listed["first_hex"],
        "second_kind": listed["first_kind"],
    }
    assert ENGINE.execute(state, 0, reverse, random.Random(0))
