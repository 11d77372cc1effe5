"""Seeded random games: invariants after every event, replay, snapshots, and no leaked secrets."""

from __future__ import annotations

import json
import random

from games.drunter import ENGINE
from games.drunter.data import BOARD
from games.drunter.scoring import final_scores
from games.drunter.state import (
    ALL_VOTE_CARDS,
    FREE,
    OVER,
    SHRUG_BIT,
    VOTE,
    State,
    clone,
)
from games.drunter.voting import vote_masks
from games.testing import canonical, fold, play_random_game

CONFIGS = [
    (n, {"extended": ext, "goal_deal": deal})
    for n in (2, 3, 4)
    for ext, deal in ((False, "balanced"), (True, "balanced"), (True, "random"))
]


def check_invariants(state: State, initial: list[list[int]]) -> None:
    # Tiles are conserved: in hand, on the board, or gone with a forfeited player.
    on_board = [0] * 9
    for _seat, route, length, _d, _start in state.placed:
        on_board[BOARD.route_kind[route] * 3 + length - 1] += 1
    for i in range(9):
        held = sum(h[i] for h in state.hands)
        dealt = sum(initial[s][i] for s in range(state.n))
        assert held + on_board[i] <= dealt
        if not any(state.forfeited):
            assert held + on_board[i] == dealt
    covered = sum(1 for c in state.cells if c != FREE)
    assert covered == len(BOARD.route_corner) + sum(p[2] for p in state.placed)
    for end in state.ends:
        assert end == -1 or state.cells[end] != FREE
    for seat in range(state.n):
        assert min(state.hands[seat]) >= 0
        assert state.votes[seat] & ~ALL_VOTE_CARDS == 0
        if not state.extended and state.cast[seat] < 0:
            assert state.votes[seat] & SHRUG_BIT  # the shrug is always kept
    if state.phase == OVER:
        scores, _, _ = final_scores(state)
        assert ENGINE.outcome(state)["scores"] == [float(x) for x in scores]


def perturbed(state: State, seat: int) -> State:
    """The same game with every secret of the other seats changed."""
    other = clone(state)
    for p in range(state.n):
        if p == seat:
            continue
        other.building[p] = (state.building[p] + 1) % len(BOARD.building_types)
        other.goals[p] = [(g + 3) % len(BOARD.goal_cards) for g in state.goals[p]]
        if state.goal_choice[p] >= 0:
            other.goal_choice[p] = 1 - state.goal_choice[p]
        if state.phase == VOTE and state.cast[p] > 0:
            hand = state.votes[p] | state.cast[p]
            count = bin(state.cast[p]).count("1")
            same = [m for m in vote_masks(hand) if bin(m).count("1") == count]
            mask = same[-1] if same[-1] != state.cast[p] else same[0]
            other.cast[p], other.votes[p] = mask, hand & ~mask
    return other


def test_300_random_games_end_with_valid_outcomes_and_keep_their_invariants() -> None:
    finished = 0
    for seed in range(300):
        n, options = CONFIGS[seed % len(CONFIGS)]
        initial: list[list[int]] = []

        def after(state: State, event: dict, initial: list[list[int]] = initial) -> None:
            if event["type"] == "GameStarted":
                initial.extend([h[:] for h in event["tiles"]])
            elif initial and event["type"] not in ("BuildingDealt", "GoalsDealt"):
                check_invariants(state, initial)

        def choose(state: State, seat: int, rng: random.Random) -> dict:
            # Between commands some seat must be able to act, never a forfeited one.
            active = ENGINE.active_seats(state)
            assert seat in active and not any(state.forfeited[s] for s in active)
            legal = ENGINE.legal_commands(state, seat)
            assert legal
            return rng.choice(legal)

        game = play_random_game(ENGINE, n, options, seed=seed, after_event=after, choose=choose)
        assert game.finished
        outcome = ENGINE.outcome(game.state)
        assert len(outcome["ranks"]) == n and min(outcome["ranks"]) == 1
        assert all(1 <= r <= n for r in outcome["ranks"])
        best = max(outcome["scores"])
        assert all(
            outcome["ranks"][s] == 1
            for s in range(n)
            if outcome["scores"][s] > best - 1e-9 and outcome["tiebreak"] is None
        )
        if seed % 10 == 0:
            replayed = fold(ENGINE, json.loads(json.dumps(game.events)))
            assert canonical(ENGINE.state_to_json(replayed)) == canonical(
                ENGINE.state_to_json(game.state)
            )
        finished += 1
    assert finished == 300


def test_no_view_or_redacted_event_shows_another_seats_secrets() -> None:
    for seed in range(12):
        n, options = CONFIGS[seed % len(CONFIGS)]
        checked = 0

        def after(state: State, _event: dict) -> None:
            nonlocal checked
            if state.phase == OVER or not state.hands:
                return
            for seat in [*range(state.n), None]:
                mine = ENGINE.view(state, seat)
                for p in range(state.n):
                    if p == seat:
                        continue
                    leak = perturbed(state, -1 if seat is None else seat)
                    assert canonical(ENGINE.view(leak, seat)) == canonical(mine)
                    checked += 1
                    break

        game = play_random_game(ENGINE, n, options, seed=1000 + seed, after_event=after)
        assert checked > 0
        for event in game.events:
            for seat in [*range(n), None]:
                shown = ENGINE.redact(event, seat)
                if event.get("seat") != seat and event["type"] in (
                    "BuildingDealt",
                    "GoalsDealt",
                    "VoteCast",
                    "GoalChosen",
                ):
                    assert set(shown) <= {"type", "seat", "count"}
                json.dumps(shown)


def test_a_snapshot_round_trips_at_every_step() -> None:
    game = play_random_game(ENGINE, 3, {}, seed=5)
    state = None
    for event in game.events:
        state = ENGINE.apply(state, event)
        data = json.loads(json.dumps(ENGINE.state_to_json(state)))
        restored = ENGINE.state_from_json(data)
        assert canonical(ENGINE.state_to_json(restored)) == canonical(ENGINE.state_to_json(state))


def test_the_admin_view_shows_every_secret() -> None:
    game = play_random_game(ENGINE, 4, {"extended": True}, seed=9, max_commands=10)
    admin = ENGINE.admin_view(game.state)
    assert [s["goals"] for s in admin["all_secrets"]] == [
        [BOARD.goal_cards[g] for g in pair] for pair in game.state.goals
    ]


def test_forfeit_removes_the_seats_tiles_and_it_ranks_last() -> None:
    rng = random.Random(4)
    for n in (2, 3, 4):
        game = play_random_game(ENGINE, n, {}, seed=n, max_commands=7)
        state = game.state
        for e in ENGINE.forfeit(state, 1):
            state = ENGINE.apply(state, e)
        assert state.hands[1] == [0] * 9
        while ENGINE.outcome(state) is None:
            seat = min(ENGINE.active_seats(state))
            assert seat != 1
            command = rng.choice(ENGINE.legal_commands(state, seat))
            for e in ENGINE.execute(state, seat, command, rng):
                state = ENGINE.apply(state, e)
        ranks = ENGINE.outcome(state)["ranks"]
        assert ranks[1] == max(ranks) and ranks.count(ranks[1]) == 1


def test_forfeit_during_a_vote_lets_the_vote_finish_without_it() -> None:
    from tests.games.drunter.scenario import act
    from tests.games.drunter.test_voting import at_vote, vote

    state = at_vote(n=3)
    state, _ = act(state, 0, vote("JA"))
    for e in ENGINE.forfeit(state, 1):
        state = ENGINE.apply(state, e)
    assert ENGINE.active_seats(state) == frozenset({2})
    state, events = act(state, 2, vote("NE"))
    assert [e["type"] for e in events][:2] == ["VoteCast", "VotesRevealed"]
    assert state.turn == 2  # seat 1 is out, so seat 2 follows the placer


def test_with_one_player_left_the_game_ends() -> None:
    state = fold(ENGINE, ENGINE.setup(2, ENGINE.validate_options(2, {}), random.Random(0)))
    events = ENGINE.forfeit(state, 1)
    assert events[-1]["type"] == "GameEnded"
    for e in events:
        state = ENGINE.apply(state, e)
    assert ENGINE.outcome(state)["ranks"] == [1, 2]
