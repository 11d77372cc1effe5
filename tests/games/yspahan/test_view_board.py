"""What the view gives a board beyond the state: the streets with their shops and walks from the
supervisor, and for the viewer the dice each row counts and the price of every supervisor stop,
so the board draws the rules' answers instead of computing them."""

from __future__ import annotations

import random

from games.testing import canonical
from games.yspahan import ENGINE
from games.yspahan import data as D
from games.yspahan.views import determinize
from tests.games.yspahan.helpers import do, rolled, start


def test_the_path_lists_every_cell_with_its_shops_and_its_walk_from_the_supervisor() -> None:
    s = rolled(start(3), [1, 1, 2, 3, 3, 4, 5, 6, 6])
    path = ENGINE.view(s, 0)["path"]
    assert [c["cell"] for c in path] == list(D.CELLS)
    by_cell = {c["cell"]: c for c in path}
    assert by_cell[D.HUB]["steps"] == 0 and by_cell[D.HUB]["shops"] == []
    assert by_cell[0]["steps"] == 10  # the far end of the west street
    assert by_cell[11]["shops"] == sorted(
        [D.SHOP_NAMES.index("barrel_0#0"), D.SHOP_NAMES.index("vase_0#0")]
    )


def test_move_costs_price_exactly_the_legal_supervisor_moves() -> None:
    s = rolled(start(3), [1, 1, 2, 3, 3, 4, 5, 6, 6], [2])
    seat = s.first
    assert s.phase == "action"
    yours = ENGINE.view(s, seat)["yours"]
    assert yours["dice"][0] == 2  # the two white ones (yellow one sits in row "bag"), camels
    assert yours["dice"][1] == 1 + 1  # the first player counts the yellow 2 as well
    assert yours["free_steps"] == 0
    legal = {
        (c["row"], c["to"])
        for c in ENGINE.legal_commands(s, seat)
        if c["type"] == "move_supervisor"
    }
    priced = {
        (int(r), int(to))
        for r, stops in yours["move_costs"].items()
        for to, cost in stops.items()
        if cost <= s.money[seat]
    }
    assert legal == priced
    # a stop as far as the dice value is free, one step further costs 1 gold
    value = s.tower_value[0]
    costs = yours["move_costs"]["0"]
    assert costs[str(next(c for c in D.CELLS if D.DISTANCE[D.HUB][c] == value))] == 0
    assert costs[str(next(c for c in D.CELLS if D.DISTANCE[D.HUB][c] == value + 1))] == 1


def test_only_the_acting_seat_gets_prices_and_a_spectator_gets_nothing_of_its_own() -> None:
    s = rolled(start(3), [1, 1, 2, 3, 3, 4, 5, 6, 6])
    other = (s.first + 1) % 3
    assert ENGINE.view(s, other)["yours"]["move_costs"] == {}
    assert ENGINE.view(s, None)["yours"] is None
    s, _ = do(s, s.first, {"type": "take_row", "row": 0})
    assert ENGINE.view(s, s.first)["yours"]["move_costs"] == {}


def test_the_additions_keep_the_view_independent_of_hidden_cards() -> None:
    s = rolled(start(4), [1, 1, 2, 3, 3, 4, 5, 6, 6])
    rng = random.Random(3)
    for seat in range(4):
        assert canonical(ENGINE.view(s, seat)) == canonical(
            ENGINE.view(determinize(s, seat, rng), seat)
        )
