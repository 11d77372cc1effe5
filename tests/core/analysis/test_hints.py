"""Hints during play: only where fair (a friendly match whose seats agreed, or one against bots
alone; never rated or tournament matches), for the seat to move, recorded in the stream as
``HintUsed`` for every seat to read."""

from __future__ import annotations

from typing import Any

import pytest

from core.eventstore.models import Event
from core.matches.models import Match
from core.tournaments import services as tournaments
from core.tournaments.models import Tournament
from tests.conftest import client_for, make_user
from tests.core.analysis.helpers import Eager, against_a_bot, between_two

pytestmark = pytest.mark.django_db


def refused(res: Any, status: int, code: str) -> None:
    body = res.json()
    assert (res.status_code, body["code"]) == (status, code), body
    assert body["message"]


def hint_events(match_id: int) -> list[Event]:
    return list(Event.objects.of("match", match_id).filter(type="HintUsed").order_by("seq"))


def test_a_hint_in_a_friendly_match_is_recorded_and_read_by_the_other_seat(eager: Eager) -> None:
    match_id, (a, b), _ = between_two(eager, rated=False, hints=True)
    assert a.get(f"/api/matches/{match_id}").json()["hints"] is True
    version = a.get(f"/api/matches/{match_id}").json()["version"]
    with eager():
        res = a.post(f"/api/matches/{match_id}/hint")
    assert res.status_code == 200, res.json()
    hint = res.json()
    legal = a.get(f"/api/matches/{match_id}/legal").json()["commands"]
    assert hint["command"] in legal
    assert hint["text"]["en"].startswith("You ") and hint["text"]["cs"]
    assert hint["version"] == version + 1
    [recorded] = hint_events(match_id)
    assert (recorded.payload, recorded.actor) == ({"seat": 0}, 0)
    # Bob reads it in his log, in words and by name.
    events = b.get(f"/api/matches/{match_id}/events", {"since": version}).json()["events"]
    assert [(e["type"], e["text"]["en"], e["text"]["cs"]) for e in events] == [
        ("HintUsed", "Alice used a hint.", "Alice si bere nápovědu.")
    ]
    # Asked again before anyone moves: the same move, recorded once.
    again = a.post(f"/api/matches/{match_id}/hint").json()
    assert again["command"] == hint["command"] and len(hint_events(match_id)) == 1
    # The hint changed nothing of the game: alice plays on from where she was.
    with eager():
        played = a.post(
            f"/api/matches/{match_id}/commands",
            {"command": hint["command"], "command_id": "h1"},
            format="json",
        )
    assert played.status_code == 200, played.json()


def test_a_hint_is_for_the_seat_to_move_only(eager: Eager) -> None:
    match_id, clients, _ = between_two(eager, game="drunter", rated=False, hints=True)
    [moving] = clients[0].get(f"/api/matches/{match_id}").json()["active_seats"]
    waiting = clients[1 - moving]
    refused(waiting.post(f"/api/matches/{match_id}/hint"), 409, "not_your_turn")
    spectator = client_for(make_user("eve"))
    refused(spectator.post(f"/api/matches/{match_id}/hint"), 403, "not_a_player")
    assert hint_events(match_id) == []


def test_a_rated_match_never_offers_hints(eager: Eager) -> None:
    match_id, (a, _), _ = between_two(eager)
    assert a.get(f"/api/matches/{match_id}").json()["hints"] is False
    refused(a.post(f"/api/matches/{match_id}/hint"), 403, "hints_not_allowed")
    refused(
        client_for(make_user("carol")).post(
            "/api/matches",
            {"game": "samurai", "players": 2, "hints": True},
            format="json",
        ),
        422,
        "hints_in_rated_match",
    )


def test_a_friendly_match_offers_hints_only_when_its_creator_did(eager: Eager) -> None:
    match_id, (a, _), _ = between_two(eager, rated=False)
    refused(a.post(f"/api/matches/{match_id}/hint"), 403, "hints_not_allowed")


def test_a_match_against_bots_offers_hints(eager: Eager, alice: Any) -> None:
    match_id = against_a_bot(alice, eager)
    a = client_for(alice)
    detail = a.get(f"/api/matches/{match_id}").json()
    assert (detail["rated"], detail["hints"]) == (False, True)
    with eager():
        res = a.post(f"/api/matches/{match_id}/hint")
    assert res.status_code == 200, res.json()
    assert res.json()["command"] in a.get(f"/api/matches/{match_id}/legal").json()["commands"]


def test_a_tournament_match_never_offers_hints(eager: Eager, race_game: str) -> None:
    organiser, ann = make_user("organiser"), make_user("ann")
    t = Tournament.objects.get(
        pk=client_for(organiser)
        .post(
            "/api/tournaments",
            {
                "name": "Cup",
                "game": race_game,
                "format": "swiss",
                "players_per_table": 2,
                "options": {"target": 6},
                "bots_allowed": True,
                "bot_level": "random",
            },
            format="json",
        )
        .json()["id"]
    )
    assert client_for(ann).post(f"/api/tournaments/{t.pk}/register").status_code == 200
    tournaments.tournament_add_bots(tournament_id=t.pk, user=organiser, count=1)
    with eager():
        tournaments.tournament_start(tournament_id=t.pk, user=organiser)
    match = Match.objects.get(tournament_table__tournament=t)
    # Even a table's match somehow marked friendly with hints stays without them.
    Match.objects.filter(pk=match.pk).update(rated=False, hints=True)
    refused(client_for(ann).post(f"/api/matches/{match.pk}/hint"), 403, "hints_not_allowed")


def test_a_finished_match_gives_no_hint(eager: Eager) -> None:
    match_id, (a, _), _ = between_two(eager, rated=False, hints=True)
    with eager():
        a.post(f"/api/matches/{match_id}/resign", {"command_id": "r"}, format="json")
    refused(a.post(f"/api/matches/{match_id}/hint"), 409, "match_not_active")


def test_an_unknown_or_private_match_gives_no_hint(eager: Eager) -> None:
    match_id, _, _ = between_two(eager, rated=False, hints=True, visibility="private")
    eve = client_for(make_user("eve"))
    refused(eve.post(f"/api/matches/{match_id}/hint"), 403, "private_match")
    refused(eve.post("/api/matches/999999/hint"), 404, "match_not_found")
