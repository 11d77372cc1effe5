"""The tournaments API: creation, registration, the organiser's actions, and every refusal a
clear 4xx ``{code, message}`` that writes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator

from core.eventstore.models import Event
from core.matches import hooks
from core.matches.models import Match, Seat
from core.notifications.models import OutboxItem
from core.ratings.models import Rating
from core.tournaments import services
from core.tournaments import state as st
from core.tournaments.models import Entrant, Tournament
from tests.conftest import client_for, make_user
from tests.core.tournaments.conftest import QUICK, assert_consistent, create, types, with_bots

pytestmark = pytest.mark.django_db

CREATE = {
    "name": "Autumn Swiss",
    "game": "race",
    "format": "swiss",
    "players_per_table": 2,
    "options": QUICK,
    "bots_allowed": True,
    "bot_level": "random",
}


def written(t: Tournament) -> tuple[int, int, int]:
    """What a refusal must leave as it was: events, version, entrants."""
    t.refresh_from_db()
    return (
        Event.objects.of("tournament", t.pk).count(),
        t.version,
        Entrant.objects.count(),
    )


def refused(
    response: Any, status: int, code: str, before: tuple[int, int, int], t: Tournament
) -> None:
    body = response.json()
    assert (response.status_code, body["code"]) == (status, code), body
    assert body["message"]
    assert written(t) == before


def test_an_organiser_creates_a_tournament_and_players_register(race_game: str) -> None:
    org, ann = make_user("org"), make_user("ann")
    created = client_for(org).post("/api/tournaments", CREATE, format="json")
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["status"] == "registration" and body["is_organiser"] is True
    assert body["config"]["time_control"] == {} and body["config"]["bot_level"] == "random"
    tid = body["id"]
    reg = client_for(ann).post(f"/api/tournaments/{tid}/register")
    assert reg.status_code == 200
    assert reg.json()["me"] == {"entrant": 1, "withdrawn": False}
    assert reg.json()["can_withdraw"] is True and reg.json()["can_register"] is False
    listed = client_for(ann).get("/api/tournaments?status=registration").json()
    assert [x["id"] for x in listed["results"]] == [tid]
    history = client_for(ann).get(f"/api/tournaments/{tid}/events").json()["results"]
    assert [e["type"] for e in history] == [st.CREATED, st.REGISTERED]
    assert history[1]["actor"] == "ann"


def test_a_bad_configuration_is_refused_with_422_and_nothing_is_created(race_game: str) -> None:
    org = make_user("org")
    for change, code in [
        ({"players_per_table": 4}, "invalid_tournament"),  # race is for 2-3 players
        ({"options": {"target": 1}}, "invalid_options"),
        ({"time_control": {"kind": "sometimes"}}, "invalid_time_control"),
        ({"game": "chess"}, "unknown_game"),
        ({"format": "series", "max_players": 5}, "invalid_tournament"),
        ({"placement_points": {"2": [0, 1]}}, "invalid_tournament"),
    ]:
        r = client_for(org).post("/api/tournaments", {**CREATE, **change}, format="json")
        assert r.status_code in (404, 422) and r.json()["code"] == code, (change, r.json())
    assert (
        Tournament.objects.count() == 0
        and Event.objects.filter(stream_kind="tournament").count() == 0
    )


def test_refusals_write_nothing(race_game: str, organiser: Any, eager: Any) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    t = create(organiser)
    services.tournament_register(tournament_id=t.pk, user=ann)
    with_bots(organiser, t, 2)
    before = written(t)
    # Not the organiser.
    for path, data in [
        ("start", {}),
        ("bots", {"count": 1}),
        ("cancel", {"reason": "rain"}),
        ("invite", {"usernames": ["bob"]}),
    ]:
        r = client_for(ann).post(f"/api/tournaments/{t.pk}/{path}", data, format="json")
        refused(r, 403, "not_the_organiser", before, t)
    # Withdrawing without being registered; twice.
    refused(
        client_for(bob).post(f"/api/tournaments/{t.pk}/withdraw"), 409, "not_registered", before, t
    )
    client_for(ann).post(f"/api/tournaments/{t.pk}/withdraw")
    before = written(t)
    refused(
        client_for(ann).post(f"/api/tournaments/{t.pk}/withdraw"),
        409,
        "already_withdrawn",
        before,
        t,
    )
    # Registering twice.
    client_for(bob).post(f"/api/tournaments/{t.pk}/register")
    before = written(t)
    refused(
        client_for(bob).post(f"/api/tournaments/{t.pk}/register"),
        409,
        "already_registered",
        before,
        t,
    )
    # A reason is required for an organiser's correction.
    refused(
        client_for(organiser).post(
            f"/api/tournaments/{t.pk}/cancel", {"reason": "  "}, format="json"
        ),
        400,
        "reason_required",
        before,
        t,
    )
    with eager():
        services.tournament_start(tournament_id=t.pk, user=organiser)
    before = written(t)
    # Registering after the start; starting twice.
    refused(
        client_for(ann).post(f"/api/tournaments/{t.pk}/register"),
        409,
        "registration_closed",
        before,
        t,
    )
    refused(
        client_for(organiser).post(f"/api/tournaments/{t.pk}/start"),
        409,
        "already_started",
        before,
        t,
    )
    refused(
        client_for(organiser).post(
            f"/api/tournaments/{t.pk}/result",
            {"round": 9, "table": 1, "ranks": [1, 2], "reason": "typo"},
            format="json",
        ),
        409 if t.status == "finished" else 404,
        "not_running" if t.status == "finished" else "round_not_found",
        before,
        t,
    )
    refused(client_for(ann).get("/api/tournaments/999999"), 404, "tournament_not_found", before, t)
    # Malformed input: 400, never a 500.
    refused(
        client_for(organiser).post(
            f"/api/tournaments/{t.pk}/points", {"entrant": "x"}, format="json"
        ),
        400,
        "invalid_input",
        before,
        t,
    )


def test_a_private_tournament_exists_only_for_those_it_concerns(
    race_game: str, organiser: Any
) -> None:
    ann, eve = make_user("ann"), make_user("eve")
    t = create(organiser, private=True)
    before = written(t)
    for user in (ann, eve):
        r = client_for(user).get(f"/api/tournaments/{t.pk}")
        refused(r, 404, "tournament_not_found", before, t)
        refused(
            client_for(user).post(f"/api/tournaments/{t.pk}/register"),
            404,
            "tournament_not_found",
            before,
            t,
        )
    assert client_for(eve).get("/api/tournaments").json()["results"] == []
    r = client_for(organiser).post(
        f"/api/tournaments/{t.pk}/invite", {"usernames": ["ann"]}, format="json"
    )
    assert r.status_code == 200
    assert client_for(ann).get(f"/api/tournaments/{t.pk}").json()["can_register"] is True
    assert client_for(ann).post(f"/api/tournaments/{t.pk}/register").status_code == 200
    assert client_for(eve).get(f"/api/tournaments/{t.pk}").status_code == 404
    # Its matches are private as well: nobody outside sees them.
    with_bots(organiser, t, 1)
    services.tournament_start(tournament_id=t.pk, user=organiser)
    match = Match.objects.get(tournament_table__tournament=t)
    assert match.visibility == Match.Visibility.PRIVATE
    assert client_for(eve).get(f"/api/matches/{match.pk}").status_code == 403
    assert client_for(ann).get(f"/api/matches/{match.pk}").status_code == 200


def test_entry_conditions_are_checked_at_registration(race_game: str, organiser: Any) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    Rating.objects.create(user=bob, game="race", mu=30, sigma=3, ordinal=21)
    t = create(organiser, min_rating=10)
    before = written(t)
    refused(
        client_for(ann).post(f"/api/tournaments/{t.pk}/register"), 403, "rating_too_low", before, t
    )
    assert client_for(bob).post(f"/api/tournaments/{t.pk}/register").status_code == 200
    t2 = create(organiser, min_finished_matches=1)
    before = written(t2)
    refused(
        client_for(bob).post(f"/api/tournaments/{t2.pk}/register"),
        403,
        "too_few_matches",
        before,
        t2,
    )
    match = Match.objects.create(game="race", n_players=2, status=Match.Status.FINISHED)
    Seat.objects.create(match=match, index=0, kind=Seat.Kind.HUMAN, user=bob)
    assert client_for(bob).post(f"/api/tournaments/{t2.pk}/register").status_code == 200


def test_players_hear_of_each_round_and_a_withdrawal_resigns_the_running_match(
    race_game: str, organiser: Any, eager: Any
) -> None:
    players = [make_user(name) for name in ("ann", "bob", "cat")]
    t = create(organiser, format="round_robin")
    for user in players:
        services.tournament_register(tournament_id=t.pk, user=user)
    with eager():
        services.tournament_start(tournament_id=t.pk, user=organiser)
    rounds = client_for(players[0]).get(f"/api/tournaments/{t.pk}/rounds").json()["results"]
    assert len(rounds) == 1 and len(rounds[0]["tables"]) == 1 and len(rounds[0]["byes"]) == 1
    notes = OutboxItem.objects.filter(kind=OutboxItem.Kind.TOURNAMENT_ROUND)
    table = rounds[0]["tables"][0]
    assert {(n.user_id, n.match_id, n.payload["round"]) for n in notes} == {
        (u.pk, table["match"] if u.public_name in [s["name"] for s in table["seats"]] else None, 1)
        for u in players
    }
    # A player at the table withdraws: the match is resigned, the opponent wins it.
    who = next(u for u in players if u.public_name == table["seats"][0]["name"])
    with eager():
        r = client_for(who).post(f"/api/tournaments/{t.pk}/withdraw")
    assert r.status_code == 200 and r.json()["me"]["withdrawn"] is True
    state = assert_consistent(t)
    number = state.user_entrant(who.pk).number
    assert [(f["entrant"], f["reason"]) for f in state.forfeits] == [(number, "resigned")]
    first = state.rounds[0].tables[0].result
    assert first is not None and first.entrant_ranks()[number] == 2
    assert state.rounds[0].finished and len(state.rounds) == 2  # and the next round began
    assert all(number not in tb.seats for tb in state.rounds[1].tables)
    assert number not in state.rounds[1].byes


def test_the_organiser_corrects_results_and_points_with_a_reason(
    race_game: str, organiser: Any, eager: Any
) -> None:
    t = create(organiser, format="swiss", rounds=2, round_start="manual")
    with_bots(organiser, t, 4)
    with eager():
        services.tournament_start(tournament_id=t.pk, user=organiser)
    t.refresh_from_db()
    assert (t.status, t.round, t.round_finished) == ("running", 1, True)  # waits for the organiser
    org = client_for(organiser)
    r = org.post(
        f"/api/tournaments/{t.pk}/result",
        {"round": 1, "table": 1, "ranks": [2, 1], "reason": "the bot crashed; replayed by hand"},
        format="json",
    )
    assert r.status_code == 200, r.json()
    r = org.post(
        f"/api/tournaments/{t.pk}/points",
        {"entrant": 3, "points": -0.5, "reason": "late arrival"},
        format="json",
    )
    assert r.status_code == 200
    state = assert_consistent(t)
    assert state.rounds[0].tables[0].adjusted_reason == "the bot crashed; replayed by hand"
    assert state.adjustments == [(3, -0.5, "late arrival")]
    assert next(row for row in t.standings if row["entrant"] == 3)["adjustments"] == -0.5
    with eager():
        assert org.post(f"/api/tournaments/{t.pk}/next-round").status_code == 200
    t.refresh_from_db()
    # The last round's end finishes the tournament by itself, manual start or not.
    assert t.status == "finished" and types(t)[-1] == st.FINISHED


def test_manual_round_start_refuses_while_tables_play(race_game: str, organiser: Any) -> None:
    t = create(organiser, round_start="manual")
    with_bots(organiser, t, 2)
    services.tournament_start(tournament_id=t.pk, user=organiser)  # no bot moves: tables play on
    before = written(t)
    refused(
        client_for(organiser).post(f"/api/tournaments/{t.pk}/next-round"),
        409,
        "round_not_finished",
        before,
        t,
    )
    other = make_user("other")
    refused(
        client_for(other).post(f"/api/tournaments/{t.pk}/next-round"),
        403,
        "not_the_organiser",
        before,
        t,
    )


def test_the_schema_documents_every_tournament_endpoint() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    paths = [p for p in schema["paths"] if p.startswith("/api/tournaments")]
    assert len(paths) == 14
    for path in paths:
        for method, op in schema["paths"][path].items():
            assert "401" in op["responses"], (path, method)
            assert any(code.startswith("2") for code in op["responses"]), (path, method)


def test_the_admin_shows_a_tournament_and_runs_what_is_due(
    race_game: str, organiser: Any, eager: Any, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hooks, "_MATCH_ENDED", [])  # the task after the match is lost
    t = create(organiser, rounds=1)
    with_bots(organiser, t, 2)
    admin_user = make_user("admin")
    admin_user.is_staff = admin_user.is_superuser = True
    admin_user.save()
    client.force_login(admin_user)
    page = client.get(f"/admin/tournaments/tournament/{t.pk}/change/")
    assert page.status_code == 200 and b"PlayerRegistered" in page.content
    events = client.get("/admin/eventstore/event/", {"stream_kind": "tournament"})
    assert events.status_code == 200 and b"PlayerRegistered" in events.content
    with eager():
        services.tournament_start(tournament_id=t.pk, user=organiser)
    t.refresh_from_db()
    assert t.status == "running"  # its one match is over, but nobody said so
    r = client.post(
        "/admin/tournaments/tournament/",
        {"action": "run_what_is_due", "_selected_action": [t.pk]},
    )
    assert r.status_code == 302
    t.refresh_from_db()
    assert t.status == "finished"
