"""The contract suite: every registered engine, seeded random games, the same checks.

Per-game suites go deeper (rule clauses, worked examples, 300-game property runs); this one proves
that each engine keeps the promises the platform relies on (games/base.py).
"""

from __future__ import annotations

import ast
import json
import pathlib
import random

import pytest

from games.base import MALFORMED, NOT_YOUR_TURN, Engine, IllegalCommand
from games.registry import GAME_MODULES, all_engines, get_engine
from games.testing import canonical, fold, play_random_game

ENGINES = [pytest.param(slug, id=slug) for slug in GAME_MODULES]
GAMES_ROOT = pathlib.Path(__file__).resolve().parents[2] / "games"


def engine_of(slug: str) -> Engine:
    return get_engine(slug)


def test_no_module_under_games_imports_django() -> None:
    for path in GAMES_ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                root = name.split(".")[0]
                assert root not in {"django", "rest_framework", "channels", "celery", "core"}, path


def test_registry_lists_engines_that_follow_the_protocol() -> None:
    for engine in all_engines():
        assert isinstance(engine, Engine)
        assert engine.slug in GAME_MODULES
        assert {"random", "greedy", "search"} <= set(engine.bot_levels)


@pytest.mark.parametrize("slug", ENGINES)
def test_unsupported_player_counts_are_refused_naming_the_allowed_ones(slug: str) -> None:
    engine = engine_of(slug)
    with pytest.raises(IllegalCommand) as err:
        engine.validate_options(engine.max_players + 1, {})
    assert str(engine.min_players) in err.value.message
    with pytest.raises(IllegalCommand):
        engine.validate_options(engine.min_players, {"no_such_option": 1})


@pytest.mark.parametrize("slug", ENGINES)
@pytest.mark.parametrize("seed", range(3))
def test_random_games_end_replay_equal_and_round_trip_json(slug: str, seed: int) -> None:
    engine = engine_of(slug)
    n = engine.min_players + seed % (engine.max_players - engine.min_players + 1)
    game = play_random_game(engine, n, seed=seed)
    assert game.finished, "a random game must reach its end"
    outcome = engine.outcome(game.state)
    assert outcome is not None and len(outcome["ranks"]) == n and min(outcome["ranks"]) == 1
    json.dumps(outcome)
    replayed = fold(engine, json.loads(json.dumps(game.events)))
    assert canonical(engine.state_to_json(replayed)) == canonical(engine.state_to_json(game.state))
    restored = engine.state_from_json(json.loads(json.dumps(engine.state_to_json(game.state))))
    assert canonical(engine.state_to_json(restored)) == canonical(engine.state_to_json(game.state))
    for seat in [*range(n), None]:
        json.dumps(engine.view(game.state, seat))
    json.dumps(engine.admin_view(game.state))


@pytest.mark.parametrize("slug", ENGINES)
def test_execute_does_not_change_state_and_refusals_change_nothing(slug: str) -> None:
    engine = engine_of(slug)
    rng = random.Random(7)
    checked = 0

    def check(state: object, _event: object) -> None:
        nonlocal checked
        if engine.outcome(state) is not None or checked > 40:
            return
        checked += 1
        before = canonical(engine.state_to_json(state))
        seats = sorted(engine.active_seats(state))
        seat = seats[0]
        legal = engine.legal_commands(state, seat)
        engine.execute(state, seat, rng.choice(legal), random.Random(1))
        with pytest.raises(IllegalCommand) as err:
            engine.execute(state, seat, {"type": "no_such_command"}, random.Random(1))
        assert err.value.code == MALFORMED
        idle = [s for s in range(engine.min_players) if s not in seats]
        if idle:
            with pytest.raises(IllegalCommand) as err:
                engine.execute(state, idle[0], legal[0], random.Random(1))
            assert err.value.code == NOT_YOUR_TURN
        assert canonical(engine.state_to_json(state)) == before

    play_random_game(engine, engine.min_players, seed=11, after_event=check)
    assert checked > 0


@pytest.mark.parametrize("slug", ENGINES)
def test_redacted_events_fold_to_nothing_secret(slug: str) -> None:
    """A seat's redacted stream is JSON and never longer than the real one; None means 'hidden'."""
    engine = engine_of(slug)
    game = play_random_game(engine, engine.max_players, seed=3)
    for seat in [*range(engine.max_players), None]:
        for event in game.events:
            shown = engine.redact(event, seat)
            if shown is not None:
                assert shown["type"] == event["type"]
                json.dumps(shown)


@pytest.mark.parametrize("slug", ENGINES)
def test_forfeit_takes_a_seat_out_and_the_game_still_ends(slug: str) -> None:
    engine = engine_of(slug)
    rng = random.Random(5)
    opts = engine.validate_options(engine.min_players, {})
    state = fold(engine, engine.setup(engine.min_players, opts, rng))
    for event in engine.forfeit(state, 0):
        state = engine.apply(state, event)
    steps = 0
    while engine.outcome(state) is None and steps < 20_000:
        seat = min(engine.active_seats(state))
        assert seat != 0, "a forfeited seat is never asked to act"
        command = rng.choice(engine.legal_commands(state, seat))
        for event in engine.execute(state, seat, command, rng):
            state = engine.apply(state, event)
        steps += 1
    outcome = engine.outcome(state)
    assert outcome is not None
    assert outcome["ranks"][0] == max(outcome["ranks"])


@pytest.mark.parametrize("slug", ENGINES)
@pytest.mark.parametrize("level", ["random", "greedy", "search"])
def test_bots_only_choose_legal_commands(slug: str, level: str) -> None:
    engine = engine_of(slug)
    rng = random.Random(2)
    opts = engine.validate_options(engine.min_players, {})
    state = fold(engine, engine.setup(engine.min_players, opts, rng))
    for _ in range(6):
        if engine.outcome(state) is not None:
            break
        seat = min(engine.active_seats(state))
        command = engine.bot_command(state, seat, level, rng, 0.05)
        legal = {canonical(c) for c in engine.legal_commands(state, seat)}
        assert canonical(command) in legal
        for event in engine.execute(state, seat, command, rng):
            state = engine.apply(state, event)


@pytest.mark.parametrize("slug", ENGINES)
def test_bots_leave_the_state_they_are_given_unchanged(slug: str) -> None:
    """Callers hand bots the live state, not a copy (``manage.py simulate``, issue 24): every
    level only reads it."""
    engine = engine_of(slug)
    rng = random.Random(4)
    for level in engine.bot_levels:
        opts = engine.validate_options(engine.min_players, {})
        state = fold(engine, engine.setup(engine.min_players, opts, rng))
        for _ in range(5):
            if engine.outcome(state) is None:
                seat = min(engine.active_seats(state))
                before = canonical(engine.state_to_json(state))
                command = engine.bot_command(state, seat, level, rng, 0.03)
                assert canonical(engine.state_to_json(state)) == before, level
                for event in engine.execute(state, seat, command, rng):
                    state = engine.apply(state, event)
