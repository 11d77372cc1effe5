"""Seeded random games: invariants after every event, replay, snapshots, secrets."""

from __future__ import annotations

import json
import random

from games.java.bots import random_command
from games.java.data import COMPONENTS
from games.java.geometry import settlements
from games.java.state import PALACE, RICE, VILLAGE, WATER
from games.java.turn import duty_open
from games.testing import canonical, fold, play_random_game
from tests.games.java.helpers import ENGINE

SCORING = {"LakeScored", "PalaceBuilt", "PalaceEnlarged", "FinalScored"}


class Invariants:
    def __init__(self) -> None:
        self.scores: list[int] = []
        self.count = 0
        self.turns = 0
        self.turns_without_land = 0
        self._turn_start(None)

    def _turn_start(self, s) -> None:
        self.laid = False
        self.final_round = s is not None and s.trigger >= 0
        self.could_lay = s is not None and not s.over and duty_open(s, s.turn)

    def land_duty(self, s, event) -> None:
        """ "Hráč musí za svůj tah položit alespoň jeden nový díl krajiny": every turn outside
        the final round lays land, unless at no moment of it could a tile be laid."""
        kind = event["type"]
        if kind == "LandLaid":
            self.laid = True
        elif kind == "TurnEnded":
            self.turns += 1
            if not self.final_round and not self.laid:
                assert not self.could_lay, "a turn ended without land although a tile fitted"
                assert event["stalled"]
                self.turns_without_land += 1
        if kind in ("GameSetUp", "TurnEnded"):
            self._turn_start(s)
        elif not s.over and s.festival is None and not self.laid:
            self.could_lay = self.could_lay or duty_open(s, s.turn)

    def __call__(self, s, event) -> None:
        self.count += 1
        self.land_duty(s, event)
        if event["type"] == "GameSetUp":
            self.scores = [0] * s.n
        elif event["type"] in SCORING and event["seat"] is not None:
            self.scores[event["seat"]] += event["points"]
        elif event["type"] == "FestivalResolved":
            self.scores = [a + b for a, b in zip(self.scores, event["points"], strict=True)]
        assert s.scores == self.scores
        c = COMPONENTS
        for p in range(s.n):
            on_board = sum(1 for f in s.figure if f == p)
            assert on_board + s.supply[p][0] == c.figures_each
            assert 0 <= s.supply[p][1] <= c.tokens_each
        sizes = s.tile_sizes[1:]
        assert sizes.count(3) == c.three_hex - s.three_left
        assert sizes.count(2) == sum(c.two_hex_each - x[2] for x in s.supply)
        assert sizes.count(1) == sum(c.rice_each - x[3] + c.village_each - x[4] for x in s.supply)
        bids = sum(len(b) for b in s.festival.bids) if s.festival else 0
        cards = sum(map(sum, s.hands)) + len(s.deck) + len(s.discard) + bids
        assert cards + (s.open_card >= 0) == sum(c.card_counts)
        assert all(k >= 0 for h in s.hands for k in h)
        assert all(
            0 <= k <= h
            for kn, hd in zip(s.known, s.hands, strict=True)
            for k, h in zip(kn, hd, strict=True)
        )
        assert s.top.count(WATER) == 3 + c.water - s.water_left
        used = sum(n - left for n, left in zip(c.palaces.values(), s.palaces_left, strict=True))
        assert s.top.count(PALACE) <= used
        for cell, who in enumerate(s.figure):
            if who >= 0:
                assert s.top[cell] in (RICE, VILLAGE) and s.height[cell] > 0
        assert s.ap >= 0
        if self.count % 15 == 0 or event["type"] == "GameEnded":
            _labels, groups, _palaces = settlements(s)
            for cells in groups:
                assert sum(1 for x in cells if s.top[x] == PALACE) <= 1


def test_three_hundred_random_games_end_validly_with_invariants_and_replay() -> None:
    turns = without_land = 0
    for seed in range(300):
        n = 2 + seed % 3
        options = {"token_timing": "start_of_turn" if seed % 2 else "any_time"}
        if seed % 3 == 0:
            options["whole_moves"] = True
        check = Invariants()
        game = play_random_game(
            ENGINE, n, options, seed=seed, after_event=check, choose=random_command
        )
        assert game.finished, seed
        outcome = ENGINE.outcome(game.state)
        assert outcome is not None and len(outcome["ranks"]) == n and min(outcome["ranks"]) == 1
        assert all(game.state.final_done), seed  # every player had the final scoring
        if seed % 10 == 0:
            replayed = fold(ENGINE, json.loads(json.dumps(game.events)))
            live = canonical(ENGINE.state_to_json(game.state))
            assert canonical(ENGINE.state_to_json(replayed)) == live
            restored = ENGINE.state_from_json(json.loads(live))
            assert canonical(ENGINE.state_to_json(restored)) == live
        turns += check.turns
        without_land += check.turns_without_land
    # Turns excused because no tile fitted are rare (about one in a thousand).
    assert without_land * 100 < turns


def test_hrac_musi_polozit_dil_krajiny_in_every_turn_of_uniformly_random_games() -> None:
    for seed in range(2):
        check = Invariants()
        game = play_random_game(ENGINE, 2 + seed, seed=seed, after_event=check)
        assert game.finished and check.turns > 20


def test_uniform_random_games_over_all_legal_commands_end() -> None:
    for seed in range(3):
        game = play_random_game(ENGINE, 2 + seed, seed=seed)
        assert game.finished


def _hidden_free(view: dict, seat: int | None) -> None:
    for p in view["players"]:
        assert ("hand" in p) == (p["seat"] == seat)
    text = json.dumps(view)
    assert "deck_order" not in text and "hands" not in text


def test_no_view_shows_another_seats_cards_or_the_deck_order() -> None:
    game = play_random_game(ENGINE, 4, seed=5, choose=random_command, max_commands=120)
    s = game.state
    rng = random.Random(1)
    for seat in [0, 1, 2, 3, None]:
        view = ENGINE.view(s, seat)
        _hidden_free(view, seat)
        if seat is not None:
            # Re-dealing everything the seat cannot know leaves its view unchanged.
            assert canonical(ENGINE.view(ENGINE.determinize(s, seat, rng), seat)) == canonical(view)
    assert "deck_order" in ENGINE.admin_view(s) and "hands" in ENGINE.admin_view(s)


def test_redacted_events_hide_dealt_and_drawn_cards() -> None:
    game = play_random_game(ENGINE, 3, seed=8, choose=random_command)
    setup = game.events[0]
    for seat in (0, 1, 2, None):
        shown = ENGINE.redact(setup, seat)
        assert shown["deck"] == []
        for p, hand in enumerate(shown["hands"]):
            assert hand == (setup["hands"][p] if p == seat else [])
    draws = [e for e in game.events if e["type"] == "CardTaken" and e["source"] == "deck"]
    assert draws
    for e in draws:
        assert "card" in ENGINE.redact(e, e["seat"])
        assert "card" not in ENGINE.redact(e, (e["seat"] + 1) % 3)
        assert "card" not in ENGINE.redact(e, None)
    for e in game.events:
        if e["type"] == "DeckReshuffled":
            assert "order" not in ENGINE.redact(e, 0)


def test_undo_barriers_are_draws_reveals_and_turn_ends() -> None:
    assert ENGINE.is_undo_barrier({"type": "TurnEnded"})
    assert ENGINE.is_undo_barrier({"type": "CardTaken"})
    assert ENGINE.is_undo_barrier({"type": "FestivalCalled"})
    assert ENGINE.is_undo_barrier({"type": "IslandCompleted"})
    assert not ENGINE.is_undo_barrier({"type": "LandLaid"})
    assert not ENGINE.is_undo_barrier({"type": "FigureMoved"})


def test_every_listed_command_is_accepted_and_execute_leaves_the_state_alone() -> None:
    game = play_random_game(ENGINE, 2, seed=4, choose=random_command, max_commands=60)
    s = game.state
    seat = min(ENGINE.active_seats(s))
    before = canonical(ENGINE.state_to_json(s))
    legal = ENGINE.legal_commands(s, seat)
    assert len({canonical(c) for c in legal}) == len(legal)
    for command in legal:
        ENGINE.execute(s, seat, command, random.Random(0))
    assert canonical(ENGINE.state_to_json(s)) == before


def test_every_event_type_has_a_line_in_the_log() -> None:
    from games.java.events import APPLY
    from games.java.narrate import NARRATORS

    assert set(APPLY) <= set(NARRATORS)
