"""Replay: GET /api/matches/<id>/replay?version=N is the requester's view at version N and
nothing more — the same view the engine gives that seat of the state folded up to N."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework.test import APIClient

from core.eventstore.models import Event
from core.matches.state import fold_events
from games.registry import get_engine
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def _command(client: APIClient, match_id: int, cmd: dict[str, Any], cid: str) -> Any:
    res = client.post(
        f"/api/matches/{match_id}/commands", {"command": cmd, "command_id": cid}, format="json"
    )
    assert res.status_code == 200, res.json()
    return res.json()


def _state_at(match_id: int, game: str, version: int) -> Any:
    """The oracle: every event up to ``version`` folded from nothing (no snapshot, no cache)."""
    rows = list(
        Event.objects.of("match", match_id)
        .filter(seq__lte=version)
        .order_by("seq")
        .values_list("seq", "type", "payload")
    )
    return fold_events(get_engine(game), None, rows)


def _replay(client: APIClient, match_id: int, version: Any) -> Any:
    return client.get(f"/api/matches/{match_id}/replay", {"version": version})


@pytest.fixture
def played(alice: Any, bob: Any, race_game: str) -> tuple[int, APIClient, APIClient]:
    """A race between alice (seat 0) and bob (seat 1), a few turns in, with an undo."""
    a, b = client_for(alice), client_for(bob)
    res = a.post(
        "/api/matches", {"game": "race", "players": 2, "options": {"target": 30}}, format="json"
    )
    match_id = res.json()["id"]
    assert b.post(f"/api/matches/{match_id}/join", {}, format="json").json()["status"] == "active"
    clients = [a, b]
    for turn in range(4):
        seat = a.get(f"/api/matches/{match_id}").json()["active_seats"][0]
        _command(clients[seat], match_id, {"type": "add", "amount": 2}, f"add{turn}")
        if turn == 2:
            undo = clients[seat].post(
                f"/api/matches/{match_id}/undo", {"command_id": f"undo{turn}"}, format="json"
            )
            assert undo.status_code == 200, undo.json()
            _command(clients[seat], match_id, {"type": "add", "amount": 3}, f"again{turn}")
        _command(clients[seat], match_id, {"type": "end_turn"}, f"end{turn}")
    return match_id, a, b


def test_each_version_shows_the_seats_own_view_of_that_moment(played: Any) -> None:
    match_id, a, b = played
    engine = get_engine("race")
    version = a.get(f"/api/matches/{match_id}").json()["version"]
    for v in range(1, version + 1):
        state = _state_at(match_id, "race", v)
        for seat, client in enumerate((a, b)):
            res = _replay(client, match_id, v)
            assert res.status_code == 200, res.json()
            body = res.json()
            assert body["version"] == v and body["seat"] == seat
            assert body["view"] == engine.view(state, seat)
            assert body["active_seats"] == sorted(engine.active_seats(state))


def test_a_replay_never_shows_another_seats_secret(played: Any) -> None:
    match_id, a, b = played
    secrets = Event.objects.of("match", match_id).get(type="SecretsDealt").payload["secrets"]
    spectator = client_for(make_user("carol"))
    version = a.get(f"/api/matches/{match_id}").json()["version"]
    for v in range(1, version + 1):
        mine = _replay(a, match_id, v).json()["view"]
        theirs = _replay(b, match_id, v).json()["view"]
        public = _replay(spectator, match_id, v).json()
        assert public["seat"] is None and public["view"]["my_secret"] is None
        if v >= 2:  # the secrets are dealt at version 2
            assert mine["my_secret"] == secrets[0] and theirs["my_secret"] == secrets[1]
        # Nothing in alice's view carries bob's secret under any key, and the other way round.
        assert "secrets" not in json.dumps(mine) and "secrets" not in json.dumps(theirs)


def test_the_view_before_an_undo_keeps_the_undone_move_and_the_latest_matches_the_match(
    played: Any,
) -> None:
    match_id, a, _ = played
    undo = Event.objects.of("match", match_id).get(type="ActionsUndone")
    undone = undo.payload["seqs"][0]
    before = _replay(a, match_id, undo.seq - 1).json()["view"]
    after = _replay(a, match_id, undo.seq).json()["view"]
    assert before != after  # the undone "add 2" still counts just before the undo
    assert after == _replay(a, match_id, undone - 1).json()["view"]
    detail = a.get(f"/api/matches/{match_id}").json()
    assert _replay(a, match_id, detail["version"]).json()["view"] == detail["view"]


def test_a_version_outside_the_match_is_refused_in_words(played: Any) -> None:
    match_id, a, _ = played
    version = a.get(f"/api/matches/{match_id}").json()["version"]
    res = _replay(a, match_id, version + 1)
    assert res.status_code == 422 and res.json()["code"] == "version_out_of_range"
    assert str(version) in res.json()["message"]
    for bad in ("0", "-3", "x", ""):
        res = _replay(a, match_id, bad)
        assert res.status_code == 400 and res.json()["code"], bad
    assert a.get(f"/api/matches/{match_id}/replay").status_code == 400
    assert _replay(a, 999999, 1).status_code == 404
    assert APIClient().get(f"/api/matches/{match_id}/replay?version=1").status_code == 401


def test_a_real_engine_replays_a_finished_bot_match_as_the_player_saw_it(alice: Any) -> None:
    """Samurai against a bot: the secret tile pick of the bot never shows in the player's
    replay, and the last step is the final view of the match."""
    a = client_for(alice)
    res = a.post(
        "/api/matches",
        {
            "game": "samurai",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}],
            "options": {"random_starting_tiles": True},
        },
        format="json",
    )
    assert res.status_code == 201, res.json()
    match_id = res.json()["id"]
    engine = get_engine("samurai")
    for n in range(8):
        detail = a.get(f"/api/matches/{match_id}").json()
        if detail["status"] != "active" or 0 not in detail["active_seats"]:
            break
        legal = a.get(f"/api/matches/{match_id}/legal").json()["commands"]
        _command(a, match_id, legal[0], f"s{n}")
    detail = a.get(f"/api/matches/{match_id}").json()
    assert detail["version"] > 3
    for v in (1, detail["version"] // 2, detail["version"]):
        state = _state_at(match_id, "samurai", v)
        view = _replay(a, match_id, v).json()["view"]
        assert view == engine.view(state, 0)
        assert view != engine.view(state, 1) or v == 1
    assert _replay(a, match_id, detail["version"]).json()["view"] == detail["view"]
