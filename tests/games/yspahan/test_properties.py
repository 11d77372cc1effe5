"""Seeded random games: invariants after every event, replay, snapshots, secrets, exact legality."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from typing import Any

from games.base import IllegalCommand
from games.testing import canonical, fold, play_random_game
from games.yspahan import ENGINE
from games.yspahan import data as D
from games.yspahan.legal import caravan_per_section
from games.yspahan.state import OVER, State
from games.yspahan.views import determinize

OPTION_SETS = [
    dict(
        zip(
            ("building_points", "caravan_entry_points", "souk_clearing", "two_player_rules"),
            combo,
            strict=True,
        )
    )
    for combo in itertools.product(("text", "published"), repeat=4)
]


class Checker:
    """Invariants after every event; points are re-added from the events that give them."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.points = [0] * n
        self.last_vp = [0] * n

    def __call__(self, s: State, e: dict[str, Any]) -> None:
        kind = e["type"]
        if kind == "CubeEnteredCaravan":
            self.points[e["seat"]] += e["points"]
        elif kind in ("CaravanScored", "MarketScored"):
            for seat, p in enumerate(e["points"]):
                self.points[seat] += p
        elif kind == "BuildingBuilt":
            self.points[e["seat"]] += e["points"]
        elif kind == "CardPlayed" and e["card"] == "gold_to_vp":
            self.points[e["seat"]] += e["amount"]
        elif kind == "CardPlayed" and e["card"] == "camels_to_vp":
            self.points[e["seat"]] += 2 * e["amount"]
        assert s.vp == self.points
        assert all(v >= last for v, last in zip(s.vp, self.last_vp, strict=True))
        self.last_vp = s.vp[:]
        cards = Counter(s.deck) + Counter(s.discard)
        for hand in s.hands:
            assert min(hand) >= 0
            cards.update({c: k for c, k in enumerate(hand) if k})
        if kind != "GameStarted":  # the deck arrives with the next event
            assert cards == Counter({c: D.COPIES_PER_CARD for c in range(D.N_CARD_TYPES)})
        assert min(s.money) >= 0 and min(s.camels) >= 0
        for shops in D.SOUK_SHOPS:
            assert len({s.owner[sh] for sh in shops} - {-1}) <= 1
        assert len(s.caravan) <= 3 * caravan_per_section(s)
        if s.phase != OVER:
            seats = ENGINE.active_seats(s)
            assert len(seats) == 1
            (seat,) = seats
            assert not s.out[seat]
            assert ENGINE.legal_commands(s, seat)
            assert sum(s.tower_white) in (0, D.WHITE_DICE)
            assert 1 <= s.epoch <= 3 and 1 <= s.day <= 7


def test_three_hundred_random_games_keep_every_invariant_and_end() -> None:
    for i in range(300):
        n = 2 + i % 3
        options = OPTION_SETS[i % len(OPTION_SETS)]
        checker = Checker(n)
        game = play_random_game(ENGINE, n, options, seed=1000 + i, after_event=checker)
        assert game.finished
        outcome = ENGINE.outcome(game.state)
        assert outcome is not None and len(outcome["ranks"]) == n and min(outcome["ranks"]) == 1
        assert outcome["scores"] == [float(v) for v in game.state.vp]
        assert (game.state.epoch, game.state.day) == (3, 7)
        if i % 10 == 0:
            replayed = fold(ENGINE, json.loads(json.dumps(game.events)))
            assert canonical(ENGINE.state_to_json(replayed)) == canonical(
                ENGINE.state_to_json(game.state)
            )


def test_snapshots_round_trip_at_every_step() -> None:
    def check(s: State, _e: object) -> None:
        data = json.loads(json.dumps(ENGINE.state_to_json(s)))
        restored = ENGINE.state_from_json(data)
        assert canonical(ENGINE.state_to_json(restored)) == canonical(data)
        assert canonical(ENGINE.state_to_json(ENGINE.clone(s))) == canonical(data)

    play_random_game(ENGINE, 3, seed=5, after_event=check)


def _redeal_all(s: State, rng: random.Random) -> State:
    c = s.clone()
    pool = list(c.deck)
    for hand in c.hands:
        pool.extend(card for card, k in enumerate(hand) for _ in range(k))
    rng.shuffle(pool)
    for p in range(c.n):
        size = sum(c.hands[p])
        c.hands[p] = [0] * D.N_CARD_TYPES
        for card in pool[:size]:
            c.hands[p][card] += 1
        del pool[:size]
    c.deck = pool
    return c


def test_ad_3_no_view_or_redacted_event_shows_another_seats_cards_or_the_deck_order() -> None:
    for n in (2, 3, 4):
        game = play_random_game(ENGINE, n, seed=77 + n)
        rng = random.Random(n)
        state = fold(ENGINE, game.events[: len(game.events) // 2])
        for seat in range(n):
            # whatever the hidden cards are, the seat's view is the same
            assert canonical(ENGINE.view(state, seat)) == canonical(
                ENGINE.view(determinize(state, seat, rng), seat)
            )
        assert canonical(ENGINE.view(state, None)) == canonical(
            ENGINE.view(_redeal_all(state, rng), None)
        )
        assert ENGINE.view(state, None)["hand"] is None
        for event in game.events:
            for viewer in [*range(n), None]:
                shown = ENGINE.redact(event, viewer)
                assert shown is not None
                if event["type"] == "DeckShuffled":
                    assert "order" not in shown
                if event["type"] == "CardDrawn" and event["seat"] != viewer:
                    assert "card" not in shown
                if event["type"] == "CardDrawn" and event["seat"] == viewer:
                    assert shown == event


def test_determinize_keeps_own_hand_and_every_hand_size() -> None:
    game = play_random_game(ENGINE, 4, seed=9)
    state = fold(ENGINE, game.events[: len(game.events) // 3])
    d = determinize(state, 1, random.Random(3))
    assert d.hands[1] == state.hands[1]
    assert [sum(h) for h in d.hands] == [sum(h) for h in state.hands]
    assert len(d.deck) == len(state.deck) and d.discard == state.discard


def _candidates() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"type": "end_turn"}, {"type": "draw_card"}]
    out += [{"type": "roll", "yellow": y} for y in range(-1, 5)]
    for card in D.CARD_IDS:
        out.append({"type": "play_card", "card": card})
        out.append({"type": "discard_for_bonus", "card": card})
        out += [{"type": "play_card", "card": card, "amount": a} for a in range(-25, 26)]
        out += [{"type": "play_card", "card": card, "shop": sh} for sh in range(-1, D.N_SHOPS + 1)]
    for row in range(-1, 7):
        out.append({"type": "take_row", "row": row})
        out.append({"type": "draw_card", "row": row})
        out += [{"type": "move_supervisor", "row": row, "to": c} for c in range(-1, 31)]
    for sh in range(-1, D.N_SHOPS + 1):
        out.append({"type": "choose_inspection", "shop": sh})
        out.append({"type": "place_cube", "shop": sh})
    out += [{"type": "send_to_caravan", "source": src} for src in ("shop", "supply")]
    for b in D.BUILDING_IDS:
        out.append({"type": "build", "building": b})
        for cards in (["build_no_camels"], ["build_no_gold"], ["build_no_camels", "build_no_gold"]):
            out.append({"type": "build", "building": b, "cards": cards})
    return out


def test_legal_commands_are_exactly_the_accepted_ones() -> None:
    candidates = _candidates()
    checked = 0
    for n in (2, 3, 4):
        game = play_random_game(ENGINE, n, seed=500 + n)
        state = None
        for k, event in enumerate(game.events):
            state = ENGINE.apply(state, event)
            if k % 7 or state.phase == OVER:
                continue
            (seat,) = ENGINE.active_seats(state)
            legal = {canonical(c) for c in ENGINE.legal_commands(state, seat)}
            accepted = set()
            for cmd in candidates:
                try:
                    ENGINE.execute(state, seat, cmd, random.Random(0))
                except IllegalCommand:
                    continue
                accepted.add(canonical(cmd))
            assert accepted == legal, (state.phase, accepted ^ legal)
            checked += 1
    assert checked > 50
