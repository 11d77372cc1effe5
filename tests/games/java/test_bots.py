"""Bots choose legal commands, plan whole turns and never need hidden information."""

from __future__ import annotations

import random
from typing import Any

from games.java.bots import random_command
from games.java.views import determinize
from games.testing import canonical, play_random_game
from tests.games.java.helpers import ENGINE


def _mid_game(seed: int = 2, n: int = 2):
    return play_random_game(ENGINE, n, seed=seed, choose=random_command, max_commands=80).state


def test_every_bot_level_chooses_legal_commands_through_a_turn() -> None:
    rng = random.Random(3)
    for level in ("random", "greedy", "search"):
        s = _mid_game()
        for _ in range(8):
            if ENGINE.outcome(s) is not None:
                break
            seat = min(ENGINE.active_seats(s))
            command = ENGINE.bot_command(s, seat, level, rng, 0.05)
            assert canonical(command) in {canonical(c) for c in ENGINE.legal_commands(s, seat)}
            for e in ENGINE.execute(s, seat, command, rng):
                s = ENGINE.apply(s, e)


def test_greedy_beats_random_in_a_short_game() -> None:
    rng = random.Random(0)
    s = play_random_game(ENGINE, 2, seed=9, choose=random_command, max_commands=1).state
    levels = ["greedy", "random"]
    while ENGINE.outcome(s) is None:
        seat = min(ENGINE.active_seats(s))
        command = ENGINE.bot_command(s, seat, levels[seat], rng, 0.01)
        for e in ENGINE.execute(s, seat, command, rng):
            s = ENGINE.apply(s, e)
    assert s.scores[0] > s.scores[1]


def test_determinize_keeps_own_hand_counts_and_known_cards() -> None:
    s = _mid_game(seed=11, n=3)
    d = determinize(s, 0, random.Random(1))
    assert d.hands[0] == s.hands[0]
    for p in (1, 2):
        assert sum(d.hands[p]) == sum(s.hands[p])
        assert all(a >= b for a, b in zip(d.hands[p], s.known[p], strict=True))
    assert len(d.deck) == len(s.deck)
    total = [sum(x) for x in zip(*(d.hands[1], d.hands[2]), strict=True)]
    assert sum(total) + len(d.deck) == sum(s.hands[1]) + sum(s.hands[2]) + len(s.deck)


def test_the_search_stops_planning_a_turn_once_its_time_is_up(monkeypatch: Any) -> None:
    # A clock that moves a second at every look: the deadline (0.05 s) passes after the plan's
    # first step, so the search weighs that one greedy step and stops — neither the rest of
    # the turn nor the opponent's answer (the whole first plan took 4.1 s before, under load).
    from games.java import bots

    ticks = iter(range(10**6))
    monkeypatch.setattr(bots, "clock", lambda: float(next(ticks)))
    steps: list[dict[str, Any]] = []
    greedy = bots.greedy_command

    def counted(*args: Any, **kwargs: Any) -> dict[str, Any]:
        steps.append(greedy(*args, **kwargs))
        return steps[-1]

    monkeypatch.setattr(bots, "greedy_command", counted)
    bots._PLANS.clear()
    s = _mid_game()
    seat = min(ENGINE.active_seats(s))
    command = bots.search_command(s, seat, random.Random(5), 0.05)
    assert steps == [command]
    assert canonical(command) in {canonical(c) for c in ENGINE.legal_commands(s, seat)}
