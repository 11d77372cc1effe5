"""Every registered game, played to its end through the real platform.

Samurai goes through the HTTP API as two users would; every game goes through the command
pipeline with seeded random legal moves, and its stored stream then replays from zero to the same
state as snapshot + tail, with the hash chain intact and no seat's stream leaking another's view.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.eventstore import store
from core.matches import selectors, services
from core.matches.models import Match, Seat
from core.matches.state import load_state, replay_from_zero, state_cache
from games.registry import GAME_MODULES, get_engine
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def samurai_between_two_users() -> tuple[int, list[Any]]:
    """A two-player Samurai match of alice and bob through the API, started: its id and the two
    players' clients."""
    alice, bob = make_user("alice"), make_user("bob")
    a, b = client_for(alice), client_for(bob)
    created = a.post(
        "/api/matches",
        {
            "game": "samurai",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "user", "username": "bob"}],
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    assert b.post(f"/api/matches/{match_id}/join", {}, format="json").json()["status"] == "active"
    return match_id, [a, b]


def test_two_users_play_samurai_to_its_end_through_the_api() -> None:
    match_id, clients = samurai_between_two_users()
    a = clients[0]
    rng, n = random.Random(5), 0
    while n < 2000:
        detail = a.get(f"/api/matches/{match_id}").json()
        if detail["status"] != "active":
            break
        seat = detail["active_seats"][0]
        legal = clients[seat].get(f"/api/matches/{match_id}/legal").json()
        body = {
            "command": rng.choice(legal["commands"]),
            "command_id": f"c{n}",
            "expected_version": legal["version"],
        }
        res = clients[seat].post(f"/api/matches/{match_id}/commands", body, format="json")
        assert res.status_code == 200, res.json()
        n += 1
    final = a.get(f"/api/matches/{match_id}").json()
    assert final["status"] == "finished" and 1 in [s["rank"] for s in final["seats"]]
    assert store.verify_chain(match_id).ok


# Options that keep a uniformly random game short: random Catan players otherwise spend
# thousands of commands composing trade offers card by card, random Java players moving figures
# back and forth. Two random Catan players racing to the variant's 12 points have a long tail
# (engine alone, 30,000 games: one past the loop's 20,000 commands, several past 14,000; a CI run
# met one); to 10 points the longest of 30,000 took 5,342.
SHORT_GAME_OPTIONS = {
    "catan": {"trade_offers_per_turn": 0, "victory_points": 10},
    "java": {"whole_moves": True},
}


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_a_full_match_through_the_pipeline_replays_equal_from_snapshots(
    game: str, django_capture_on_commit_callbacks: Any
) -> None:
    engine = get_engine(game)
    n = engine.min_players
    users = [make_user(f"{game}{i}") for i in range(n)]
    seats = [services.SeatSpec("me")] + [
        services.SeatSpec("user", username=u.username) for u in users[1:]
    ]
    match = services.match_create(
        user=users[0],
        game=game,
        n_players=n,
        seats=seats,
        options=SHORT_GAME_OPTIONS.get(game, {}),
    )
    for u in users[1:]:
        services.match_join(match_id=match.pk, user=u)
    rng = random.Random(11)
    for step in range(20_000):
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.ACTIVE:
            break
        state = load_state(match)
        seat = rng.choice(sorted(engine.active_seats(state)))
        command = rng.choice(engine.legal_commands(state, seat))
        state_cache.put(match.pk, match.version, state)
        services.match_submit_command(
            match_id=match.pk, user=users[seat], command=command, command_id=f"s{step}"
        )
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    assert match.snapshot_version > 0
    state_cache.clear()
    from_snapshot = engine.state_to_json(load_state(match))
    assert from_snapshot == engine.state_to_json(replay_from_zero(match))
    assert store.verify_chain(match.pk).ok
    ranks = sorted(Seat.objects.filter(match=match).values_list("rank", flat=True))
    assert ranks[0] == 1
    match = selectors.match_get(match.pk)
    for user in users:
        events = selectors.match_events(match=match, user=user)
        assert [e["seq"] for e in events] == list(range(1, match.version + 1))


def test_a_samurai_player_takes_back_a_placed_tile_but_not_the_draw(
    django_capture_on_commit_callbacks: Any,
) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    users, clients = [alice, bob], [client_for(alice), client_for(bob)]
    match = services.match_create(
        user=alice,
        game="samurai",
        n_players=2,
        options={"random_starting_tiles": True},
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username="bob")],
    )
    services.match_join(match_id=match.pk, user=bob)
    rng = random.Random(2)
    step = 0
    while True:  # figure placement, until the first tile may be placed
        match = selectors.match_get(match.pk)
        seat = next(s for s in match.seats.all() if s.to_move).index
        legal = selectors.match_legal_commands(match=match, user=users[seat])["commands"]
        tiles = [c for c in legal if c["type"] == "place_tile"]
        if tiles:
            break
        with django_capture_on_commit_callbacks(execute=True):
            services.match_submit_command(
                match_id=match.pk,
                user=users[seat],
                command=rng.choice(legal),
                command_id=f"f{step}",
            )
        step += 1
    me = clients[seat]
    hand_before = me.get(f"/api/matches/{match.pk}").json()["view"]
    placed = me.post(
        f"/api/matches/{match.pk}/commands",
        {"command": tiles[0], "command_id": "t1"},
        format="json",
    )
    assert placed.status_code == 200, placed.json()
    undone = me.post(f"/api/matches/{match.pk}/undo", {"command_id": "u1"}, format="json")
    assert undone.status_code == 200, undone.json()
    assert undone.json()["view"] == hand_before
    me.post(
        f"/api/matches/{match.pk}/commands",
        {"command": tiles[0], "command_id": "t2"},
        format="json",
    )
    ended = me.post(
        f"/api/matches/{match.pk}/commands",
        {"command": {"type": "end_turn"}, "command_id": "t3"},
        format="json",
    )
    assert ended.status_code == 200, ended.json()
    refused = me.post(f"/api/matches/{match.pk}/undo", {"command_id": "u2"}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (422, "nothing_to_undo")
