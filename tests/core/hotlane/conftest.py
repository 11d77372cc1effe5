"""The hot lane's tests' match: a started race between two players, with a stranger."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from core.accounts.services import user_token
from core.matches import services
from tests.conftest import make_user


@pytest.fixture
def play(race_game: str) -> dict[str, Any]:
    """A started race: alice (seat 0, to move), bob, and a stranger, with tokens trusted."""
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    match = services.match_create(
        user=alice,
        game=race_game,
        n_players=2,
        options={"target": 30},
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username="bob")],
    )
    services.match_join(match_id=match.pk, user=bob)
    tokens = {u.username: user_token(user=u) for u in (alice, bob, carol)}
    for key in tokens.values():  # one request each through the full stack fills the cache
        Client().get("/api/games/race", HTTP_AUTHORIZATION=f"Token {key}")
        assert Client().get("/api/accounts/me", HTTP_AUTHORIZATION=f"Token {key}").status_code
    return {"id": match.pk, "tokens": tokens}


def token(play: dict[str, Any], name: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Token {play['tokens'][name]}"}
