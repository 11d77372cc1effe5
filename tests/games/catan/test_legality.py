"""``legal_commands`` lists exactly what ``execute`` accepts; the platform-level refusals."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.base import GAME_OVER, MALFORMED, NOT_YOUR_TURN, IllegalCommand
from games.catan import ENGINE
from games.catan.data import CARD_NAMES, RESOURCES
from games.catan.state import State
from games.testing import canonical, play_random_game
from tests.games.catan.support import new_game, refused, skip_setup


def universe(n: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for t in (
        "buy_development_card",
        "roll_dice",
        "play_knight",
        "play_road_building",
        "lay_point_card",
        "draft_offer",
        "cancel_draft",
        "send_offer",
        "withdraw_offer",
        "end_turn",
    ):
        out.append({"type": t})
    out += [{"type": "build_settlement", "node": x} for x in range(-1, 55)]
    out += [{"type": "build_city", "node": x} for x in range(54)]
    out += [{"type": "choose_start_resources", "node": x} for x in range(54)]
    out += [{"type": "build_road", "edge": x} for x in range(-1, 73)]
    for h in range(-1, 20):
        out.append({"type": "move_robber", "hex": h})
        out += [{"type": "move_robber", "hex": h, "victim": v} for v in range(n)]
        out.append({"type": "war_move_robber", "hex": h})
    for name in (*CARD_NAMES, "gold"):
        for t in ("discard", "war_give", "war_take"):
            out.append({"type": t, "card": name})
    for a in (*RESOURCES, "gold"):
        out.append({"type": "play_monopoly", "resource": a})
        for side in ("give", "get", "both"):
            out.append({"type": "draft_add", "side": side, "resource": a})
        for b in RESOURCES:
            out.append({"type": "play_year_of_plenty", "resources": [a, b]})
            out.append({"type": "trade_bank", "give": a, "get": b})
    for flag in (True, False):
        out.append({"type": "answer_offer", "accept": flag})
        out.append({"type": "defend_war", "knight": flag})
    for p in range(-1, n + 1):
        out.append({"type": "trade_with", "seat": p})
        out.append({"type": "declare_war", "defender": p})
    return out


def accepted(s: State, seat: int, command: dict[str, Any]) -> bool:
    try:
        ENGINE.execute(s, seat, command, random.Random(0))
    except IllegalCommand:
        return False
    return True


OPTION_SETS = [
    (2, {"war": True, "lay_out_point_cards": True, "robber_blocks_harbour": True}),
    (3, {}),
    (4, {"variant": True, "choose_start_resources": True, "three_settlements": True}),
    (2, {"city_needs_three_settlements": True, "trade_offers_per_turn": 5}),
]


@pytest.mark.parametrize(("n", "opts"), OPTION_SETS)
def test_legal_commands_are_exactly_the_accepted_ones(n: int, opts: dict[str, Any]) -> None:
    every = universe(n)
    sampled = {"count": 0}

    def check_then_choose(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        sampled["count"] += 1
        if sampled["count"] % 45 == 0:
            check(state)
        return rng.choice(ENGINE.legal_commands(state, seat))

    def check(state: State) -> None:
        before = canonical(ENGINE.state_to_json(state))
        for seat in range(n):
            listed = {canonical(c) for c in ENGINE.legal_commands(state, seat)}
            for command in every:
                assert accepted(state, seat, command) == (canonical(command) in listed), (
                    state.phase,
                    seat,
                    command,
                )
        assert canonical(ENGINE.state_to_json(state)) == before

    for seed in range(2):
        game = play_random_game(
            ENGINE, n, opts, seed=seed, max_commands=60_000, choose=check_then_choose
        )
        assert game.finished


def test_commands_of_the_wrong_shape_are_malformed() -> None:
    s = skip_setup(new_game(2), phase="main")
    for command in (
        {"type": "fly"},
        {"type": "build_road"},
        {"type": "build_road", "edge": "3"},
        {"type": "end_turn", "now": True},
        {"type": ["end_turn"]},
        "end_turn",
    ):
        refused(s, 0, command, MALFORMED)  # type: ignore[arg-type]


def test_a_seat_not_on_turn_is_refused() -> None:
    s = skip_setup(new_game(3))
    refused(s, 1, {"type": "roll_dice"}, NOT_YOUR_TURN)


def test_nothing_is_accepted_after_the_end() -> None:
    game = play_random_game(ENGINE, 2, {}, seed=5)
    assert game.finished
    refused(game.state, 0, {"type": "end_turn"}, GAME_OVER)
    assert ENGINE.legal_commands(game.state, 0) == []
    assert ENGINE.active_seats(game.state) == frozenset()
