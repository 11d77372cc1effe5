"""Issue 40, finding 7: a non-member's ``join`` or ``leave`` of a private match answered 403
``private_match`` in the lobby but 409 ``match_not_in_lobby`` once it ran, telling a stranger
its status. Authorization now comes before state: every action answers an outsider the same
whatever the private match's status (and an unknown id stays a 404)."""

from __future__ import annotations

from typing import Any

import pytest

from core.matches import services
from core.matches.models import Match
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db

ACTIONS = (
    ("post", "join", {}),
    ("post", "leave", {}),
    ("post", "start", {}),
    ("post", "commands", {"command_id": "x", "command": {"type": "end_turn"}}),
    ("post", "undo", {"command_id": "x"}),
    ("post", "resign", {"command_id": "x"}),
    ("post", "chat", {"text": "hello"}),
    ("get", "chat", None),
    ("get", "events", None),
    ("get", "legal", None),
    ("get", "", None),
)


def _private_match(race_game: str, status: str) -> Match:
    alice, bob = make_user(), make_user()
    match = services.match_create(
        user=alice,
        game=race_game,
        n_players=2,
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username=bob.username)],
        visibility=Match.Visibility.PRIVATE,
    )
    if status in ("active", "finished"):
        services.match_join(match_id=match.pk, user=bob)
    if status == "finished":
        services.match_resign(match_id=match.pk, user=alice, command_id="gg")
    if status == "aborted":
        services.match_leave(match_id=match.pk, user=alice)
    match.refresh_from_db()
    assert match.status == status
    return match


def _answers(client: Any, match_id: int) -> dict[str, tuple[int, str]]:
    out = {}
    for method, action, body in ACTIONS:
        path = f"/api/matches/{match_id}/{action}".rstrip("/")
        res = client.post(path, body, format="json") if method == "post" else client.get(path)
        out[f"{method} {action}"] = (res.status_code, res.json().get("code"))
    return out


def test_an_outsider_learns_nothing_of_a_private_match_from_any_answer(race_game: str) -> None:
    # A stranger of their own per match: no throttle's count carries from one to the next.
    seen = {
        status: _answers(client_for(make_user()), _private_match(race_game, status).pk)
        for status in ("lobby", "active", "finished", "aborted")
    }
    assert seen["lobby"] == seen["active"] == seen["finished"] == seen["aborted"], seen
    assert seen["lobby"]["post join"] == (403, "private_match")
    assert seen["lobby"]["post leave"] == (403, "private_match")
    assert all(status == 403 for status, _ in seen["lobby"].values()), seen["lobby"]


def test_an_invited_player_still_hears_that_the_match_has_started(race_game: str) -> None:
    match = _private_match(race_game, "active")
    invited = match.seats.get(index=1).user
    res = client_for(invited).post(f"/api/matches/{match.pk}/join", {}, format="json")
    assert (res.status_code, res.json()["code"]) == (409, "match_not_in_lobby")


def test_an_unknown_match_is_still_a_404(race_game: str) -> None:
    res = client_for(make_user()).post("/api/matches/999999/leave", {}, format="json")
    assert (res.status_code, res.json()["code"]) == (404, "match_not_found")
