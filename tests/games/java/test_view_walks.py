"""The view's walking costs (``walks``): what a board shows as a move's cost is what the move
really costs."""

from __future__ import annotations

import json
import random

from games.java import ENGINE
from games.java.bots import random_command
from games.java.data import BOARD
from games.testing import play_random_game

from .helpers import new_game, run, stand


def _cost(view: dict, command: dict) -> int | None:
    walks = view["walks"]
    if command["type"] == "remove_figure":
        return next(f["exit"] for f in walks["figures"] if f["cell"] == command["from"])
    to = BOARD.index[tuple(command["to"])]
    area = walks["area"][to]
    if command["type"] == "enter_figure":
        return walks["enter"][area]
    start = next(f for f in walks["figures"] if f["cell"] == command["from"])
    return start["costs"][area]


def test_walks_give_the_points_every_figure_command_costs() -> None:
    checked = 0
    for seed in range(4):
        game = play_random_game(ENGINE, 2, seed=seed, choose=random_command, max_commands=90)
        s = game.state
        if s.over or s.festival is not None:
            continue
        seat = s.turn
        view = ENGINE.view(s, seat)
        assert len(view["walks"]["area"]) == len(view["cells"])
        moves = [
            c
            for c in ENGINE.legal_commands(s, seat)
            if c["type"] in ("enter_figure", "move_figure", "remove_figure")
        ]
        for command in random.Random(seed).sample(moves, min(25, len(moves))):
            after = run(s, seat, command)
            assert _cost(view, command) == s.ap - after.ap, command
            checked += 1
    assert checked > 40


def test_walks_show_a_figure_its_way_and_the_way_off() -> None:
    s = new_game(2)
    for q, r in [(3, 3), (4, 3)]:
        c = BOARD.index[(q, r)]
        s.height[c], s.top[c], s.tile[c] = 1, 1, 1  # rice, one tile
    stand(s, 0, 3, 3)
    view = ENGINE.view(s, 0)
    walks = view["walks"]
    (fig,) = walks["figures"]
    assert fig["cell"] == [3, 3]
    area = walks["area"][BOARD.index[(4, 3)]]
    assert area >= 0 and fig["costs"][area] == 0  # same colour: free


def test_only_the_seat_to_act_gets_walks_and_they_hold_no_secret() -> None:
    s = new_game(2)
    assert ENGINE.view(s, 0)["walks"] is not None
    assert ENGINE.view(s, 1)["walks"] is None
    assert ENGINE.view(s, None)["walks"] is None
    assert "hand" not in json.dumps(ENGINE.view(s, 0)["walks"])
