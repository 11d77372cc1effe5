"""``autostart: false`` waits for the creator; chat belongs to the players."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def test_a_full_match_without_autostart_waits_for_its_creator(race_game: str) -> None:
    alice, bob = make_user(), make_user()
    a, b = client_for(alice), client_for(bob)
    body = {
        "game": "race",
        "players": 2,
        "seats": [{"kind": "me"}, {"kind": "user", "username": bob.username}],
        "autostart": False,
    }
    match = a.post("/api/matches", body, format="json").json()
    assert match["autostart"] is False and match["status"] == "lobby"
    joined = b.post(f"/api/matches/{match['id']}/join", {}, format="json").json()
    assert joined["status"] == "lobby"  # every seat filled, and still waiting
    assert b.post(f"/api/matches/{match['id']}/start", {}, format="json").status_code == 403
    started = a.post(f"/api/matches/{match['id']}/start", {}, format="json").json()
    assert started["status"] == "active" and started["version"] > 0


def test_with_autostart_the_last_seat_filled_starts_it(race_game: str) -> None:
    alice, bob = make_user(), make_user()
    match = client_for(alice).post("/api/matches", {"game": "race", "players": 2}, format="json")
    joined = client_for(bob).post(f"/api/matches/{match.json()['id']}/join", {}, format="json")
    assert joined.json()["status"] == "active"


def test_chat_is_read_and_written_by_the_players_only(race_game: str) -> None:
    alice, bob, carol = make_user(), make_user(), make_user()
    a, b, c = client_for(alice), client_for(bob), client_for(carol)
    body = {
        "game": "race",
        "players": 2,
        "seats": [{"kind": "me"}, {"kind": "user", "username": bob.username}],
    }
    match_id = a.post("/api/matches", body, format="json").json()["id"]
    chat = f"/api/matches/{match_id}/chat"
    assert a.post(chat, {"text": "welcome"}, format="json").status_code == 201
    for client in (b, c):  # bob is only invited so far; carol a spectator of a public match
        assert client.get(chat).status_code == 403
        assert client.post(chat, {"text": "hi"}, format="json").status_code == 403
    b.post(f"/api/matches/{match_id}/join", {}, format="json")
    assert [m["text"] for m in b.get(chat).json()["results"]] == ["welcome"]


def test_a_private_match_is_joined_on_invitation_only(race_game: str) -> None:
    alice, bob, carol = make_user(), make_user(), make_user()
    body: dict[str, Any] = {
        "game": "race",
        "players": 3,
        "seats": [{"kind": "me"}, {"kind": "user", "username": bob.username}, {"kind": "open"}],
        "visibility": "private",
    }
    match = client_for(alice).post("/api/matches", body, format="json").json()
    assert match["visibility"] == "private"
    refused = client_for(carol).post(f"/api/matches/{match['id']}/join", {}, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "private_match"
    assert client_for(carol).get(f"/api/matches/{match['id']}").status_code == 403
    ok = client_for(bob).post(f"/api/matches/{match['id']}/join", {}, format="json")
    assert ok.status_code == 200
