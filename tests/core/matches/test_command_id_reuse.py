"""Issue 40, finding 8: a ``command_id`` reused with a different body was answered 200
``replayed: true`` with the first result, so the client took a move it never made for made.
A retry is answered with the first result only when it asks the same thing; otherwise 409
``command_id_reused`` and nothing is applied. Runs on SQLite (the general path) and, in the
PostgreSQL pass, through the hot path (commands) and the general path (undo, resignation)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from core.accounts.services import user_token
from core.hotlane.tokens import token_cache
from core.matches import services
from core.matches.models import Match
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    token_cache.clear()
    cache.clear()
    yield
    token_cache.clear()


@pytest.fixture
def race(race_game: str) -> dict[str, Any]:
    alice, bob = make_user("alice"), make_user("bob")
    match = services.match_create(
        user=alice,
        game=race_game,
        n_players=2,
        options={"target": 40},
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username="bob")],
    )
    services.match_join(match_id=match.pk, user=bob)
    return {
        "id": match.pk,
        "alice": user_token(user=alice),
        "bob": user_token(user=bob),
    }


def _send(token: str, path: str, body: dict[str, Any]) -> Any:
    return Client().post(
        path, body, content_type="application/json", HTTP_AUTHORIZATION=f"Token {token}"
    )


def _command(race: dict[str, Any], command_id: str, amount: int, who: str = "alice") -> Any:
    body = {"command_id": command_id, "command": {"type": "add", "amount": amount}}
    return _send(race[who], f"/api/matches/{race['id']}/commands", body)


def _version(race: dict[str, Any]) -> int:
    return Match.objects.get(pk=race["id"]).version


def test_a_command_id_reused_for_another_move_is_refused_and_applies_nothing(
    race: dict[str, Any],
) -> None:
    first = _command(race, "move-1", 1)
    assert first.status_code == 200, first.content
    version = _version(race)
    # Twice: the first request fills the token cache, the second takes the fast lane.
    for _ in range(2):
        again = _command(race, "move-1", 3)
        assert again.status_code == 409, again.content
        assert again.json()["code"] == "command_id_reused"
    assert _version(race) == version


def test_a_true_retry_still_gets_the_first_result(race: dict[str, Any]) -> None:
    first = _command(race, "move-1", 2)
    assert first.status_code == 200, first.content
    body = {"command": {"amount": 2, "type": "add"}, "command_id": "move-1"}  # keys reordered
    again = _send(race["alice"], f"/api/matches/{race['id']}/commands", body)
    assert again.status_code == 200, again.content
    assert again.json()["replayed"] is True
    assert again.json()["version"] == first.json()["version"]
    assert again.json()["events"] == first.json()["events"]


def test_a_command_id_reused_for_an_undo_or_a_resignation_is_refused(
    race: dict[str, Any],
) -> None:
    assert _command(race, "move-1", 1).status_code == 200
    version = _version(race)
    undo = _send(
        race["alice"], f"/api/matches/{race['id']}/undo", {"command_id": "move-1", "scope": "step"}
    )
    assert (undo.status_code, undo.json()["code"]) == (409, "command_id_reused")
    resign = _send(race["alice"], f"/api/matches/{race['id']}/resign", {"command_id": "move-1"})
    assert (resign.status_code, resign.json()["code"]) == (409, "command_id_reused")
    assert _version(race) == version


def test_an_undo_retried_with_another_scope_is_refused(race: dict[str, Any]) -> None:
    assert _command(race, "move-1", 1).status_code == 200
    assert _command(race, "move-2", 1).status_code == 200
    path = f"/api/matches/{race['id']}/undo"
    step = _send(race["alice"], path, {"command_id": "undo-1", "scope": "step"})
    assert step.status_code == 200, step.content
    same = _send(race["alice"], path, {"command_id": "undo-1", "scope": "step"})
    assert same.status_code == 200 and same.json()["replayed"] is True
    turn = _send(race["alice"], path, {"command_id": "undo-1", "scope": "turn"})
    assert (turn.status_code, turn.json()["code"]) == (409, "command_id_reused")


def test_a_command_id_of_another_seat_is_refused(race: dict[str, Any]) -> None:
    assert _command(race, "move-1", 1).status_code == 200
    end = _send(
        race["alice"],
        f"/api/matches/{race['id']}/commands",
        {"command_id": "end-1", "command": {"type": "end_turn"}},
    )
    assert end.status_code == 200, end.content
    stolen = _command(race, "move-1", 1, who="bob")
    assert (stolen.status_code, stolen.json()["code"]) == (409, "command_id_reused")


def test_the_service_refuses_a_reused_id_on_every_path(race: dict[str, Any]) -> None:
    """Called as the sockets and the bots call it, not through HTTP."""
    match = Match.objects.get(pk=race["id"])
    alice = match.seats.get(index=0).user
    services.match_submit_command(
        match_id=match.pk, user=alice, command={"type": "add", "amount": 1}, command_id="svc"
    )
    with pytest.raises(services.ApiError) as caught:
        services.match_submit_command(
            match_id=match.pk, user=alice, command={"type": "add", "amount": 2}, command_id="svc"
        )
    assert caught.value.code == "command_id_reused"
    replay = services.match_submit_command(
        match_id=match.pk, user=alice, command={"type": "add", "amount": 1}, command_id="svc"
    )
    assert replay["replayed"] is True
