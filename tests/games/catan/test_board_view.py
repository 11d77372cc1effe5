"""What the PWA board reads from the view beyond the pieces: the last roll (for everyone, until
the next one) and the viewer's own maritime ratios (never another seat's)."""

from __future__ import annotations

import random

from games.catan import ENGINE
from games.catan.data import RESOURCES
from games.catan.state import state_from_json
from games.testing import canonical
from tests.games.catan.support import FixedDice, corner, new_game, put, run_with, skip_setup


def test_the_last_roll_is_shown_to_every_seat_and_kept_until_the_next_roll() -> None:
    s = skip_setup(new_game(2))
    assert ENGINE.view(s, 0)["last_roll"] is None
    run_with(s, 0, {"type": "roll_dice"}, FixedDice([3, 5]))
    for viewer in (0, 1, None):
        assert ENGINE.view(s, viewer)["last_roll"] == [3, 5]
    run_with(s, 0, {"type": "end_turn"}, random.Random(0))
    assert ENGINE.view(s, 1)["last_roll"] == [3, 5]  # the next player still sees it
    run_with(s, 1, {"type": "roll_dice"}, FixedDice([2, 2]))
    assert ENGINE.view(s, 0)["last_roll"] == [2, 2]


def test_a_snapshot_from_before_the_last_roll_existed_still_loads() -> None:
    s = skip_setup(new_game(2))
    run_with(s, 0, {"type": "roll_dice"}, FixedDice([1, 2]))
    dumped = ENGINE.state_to_json(s)
    assert dumped["dice"] == [1, 2]
    del dumped["dice"]
    old = state_from_json(dumped)
    assert ENGINE.view(old, 0)["last_roll"] is None
    assert canonical(ENGINE.legal_commands(old, 0)) == canonical(ENGINE.legal_commands(s, 0))


def test_only_the_viewer_sees_their_own_trade_ratios() -> None:
    s = skip_setup(new_game(2))
    view = ENGINE.view(s, 0)
    assert view["players"][0]["trade_ratios"] == {r: 4 for r in RESOURCES}
    assert "trade_ratios" not in view["players"][1]
    assert all("trade_ratios" not in p for p in ENGINE.view(s, None)["players"])
    # a settlement on a harbour corner lowers the ratio it names
    harbour = view["board"]["harbours"][0]
    put(s, 0, harbour["nodes"][0])
    s.ratio_cache = [None] * s.n
    ratios = ENGINE.view(s, 0)["players"][0]["trade_ratios"]
    if harbour["kind"] == "3:1":
        assert ratios == {r: 3 for r in RESOURCES}
    else:
        assert ratios[harbour["kind"].split()[1]] == 2


def test_corner_helper_matches_the_view_geometry() -> None:
    s = new_game(2)
    view = ENGINE.view(s, 0)
    hexes = {(h["q"], h["r"]): h for h in view["board"]["hexes"]}
    assert hexes[(0, 0)]["nodes"][0] == corner(0, 0, 0)
