"""What the view serves a board besides the state: the ways on from each builder (where a tile
would lie), the meaning of the voting cards and the tally once the votes are face up. All of it
public: the same for every seat, so no secret can leak through it."""

from __future__ import annotations

import random

from games.drunter import ENGINE
from games.drunter.data import BOARD, DELTAS
from games.drunter.state import OVER, clone
from games.testing import canonical, play_random_game
from tests.games.drunter.scenario import act, start, tile
from tests.games.drunter.test_voting import at_vote, vote


def predicted_cells(view: dict, command: dict) -> list[list[int]]:
    """The cells a ``place_tile`` covers, read from the view alone (as the board reads them)."""
    ways = view["openings"][command["route"]]
    way = next(w for w in ways if w["direction"] == command["direction"])
    dx, dy = DELTAS["NESW".index(command["direction"])]
    x, y = way["start"]
    return [[x + dx * i, y + dy * i] for i in range(command["length"])]


def test_openings_tell_where_every_legal_tile_would_lie() -> None:
    checked = 0
    for n, seed, opts in ((2, 3, {}), (3, 4, {"extended": True}), (4, 5, {})):
        rng = random.Random(seed)

        def choose(state, seat, rng=rng):
            nonlocal checked
            legal = ENGINE.legal_commands(state, seat)
            command = rng.choice(legal)
            if command["type"] != "place_tile":
                return command
            view = ENGINE.view(state, seat)
            for c in legal:
                way = [w for w in view["openings"][c["route"]] if w["direction"] == c["direction"]]
                assert len(way) == 1 and way[0]["free"] >= c["length"], (c, view["openings"])
            after, _ = act(clone(state), seat, command)
            lying = ENGINE.view(after, seat)["tiles_on_board"][-1]
            assert lying["cells"] == predicted_cells(view, command)
            checked += 1
            return command

        game = play_random_game(ENGINE, n, opts, seed=seed, choose=choose)
        assert game.state.phase == OVER
    assert checked > 60


def test_a_way_past_a_tunnel_begins_beyond_it() -> None:
    # A 3-tile lying east-west with its tunnel at (5, 3); a street end just north of it.
    tiles = [tile(1, "wall_1", 3, "W", 6, 3), tile(0, "street", 1, "S", 5, 2)]
    state = start(tiles=tiles)
    view = ENGINE.view(state, 0)
    assert view["builders"]["street"] == [5, 2]
    south = [w for w in view["openings"]["street"] if w["direction"] == "S"]
    assert south == [{"direction": "S", "start": [5, 4], "free": 3}]


def test_the_voting_cards_say_their_side_and_votes() -> None:
    cards = ENGINE.view(start(), 0)["layout"]["vote_cards"]
    assert [c["card"] for c in cards] == list(BOARD.vote_cards)
    by_name = {c["card"]: (c["side"], c["votes"]) for c in cards}
    assert by_name["JAAA"] == ("yes", 3) and by_name["NE"] == ("no", 1)
    assert by_name["JEIN"] == ("either", 2) and by_name["shrug"] == ("none", 0)


def test_the_tally_shows_only_once_the_votes_are_face_up() -> None:
    state = at_vote(n=3)
    state, _ = act(state, 0, vote("NEEE", "NE"))
    for seat in (0, 1, 2, None):
        assert ENGINE.view(state, seat)["vote"]["tally"] is None
    state, _ = act(state, 1, vote("JAA", "JEIN"))
    state, _ = act(state, 2, vote("JA"))
    shown = ENGINE.view(state, 2)["vote"]
    assert shown["revealed"] and shown["tally"] == {"yes": 3, "no": 4}  # the JEIN undeclared
    assert canonical(shown) == canonical(ENGINE.view(state, None)["vote"])
