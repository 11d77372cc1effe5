"""Matches for the analysis tests: played to their end through the API with seeded random moves
(the bots' replies run in the request, as in every platform test)."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from tests.conftest import client_for, make_user

Eager = Callable[[], AbstractContextManager[Any]]


def create(client: Any, eager: Eager, **body: Any) -> int:
    with eager():
        res = client.post("/api/matches", body, format="json")
    assert res.status_code == 201, res.json()
    return int(res.json()["id"])


def against_a_bot(user: Any, eager: Eager, game: str = "drunter") -> int:
    """A started two-player match of ``user`` against the random bot."""
    return create(
        client_for(user),
        eager,
        game=game,
        players=2,
        seats=[{"kind": "me"}, {"kind": "bot", "level": "random"}],
    )


def between_two(
    eager: Eager, game: str = "samurai", **body: Any
) -> tuple[int, list[Any], list[Any]]:
    """A started two-player match of alice and bob: its id, their clients and the users."""
    alice, bob = make_user("alice"), make_user("bob")
    a, b = client_for(alice), client_for(bob)
    match_id = create(
        a,
        eager,
        game=game,
        players=2,
        seats=[{"kind": "me"}, {"kind": "user", "username": "bob"}],
        **body,
    )
    with eager():
        joined = b.post(f"/api/matches/{match_id}/join", {}, format="json")
    assert joined.json()["status"] == "active"
    return match_id, [a, b], [alice, bob]


def play_to_the_end(
    match_id: int, clients: dict[int, Any], eager: Eager, seed: int = 5
) -> dict[str, Any]:
    """Random legal moves for the seats in ``clients`` until the match ends; its detail."""
    rng = random.Random(seed)
    any_client = next(iter(clients.values()))
    for n in range(3000):
        detail = any_client.get(f"/api/matches/{match_id}").json()
        if detail["status"] != "active":
            return dict(detail)
        seat = next(s for s in detail["active_seats"] if s in clients)
        legal = clients[seat].get(f"/api/matches/{match_id}/legal").json()
        body = {
            "command": rng.choice(legal["commands"]),
            "command_id": f"t{n}",
            "expected_version": legal["version"],
        }
        with eager():
            res = clients[seat].post(f"/api/matches/{match_id}/commands", body, format="json")
        assert res.status_code == 200, res.json()
    raise AssertionError("the match did not end")
