"""A finished match's analysis: queued when the match ends and on demand, tagged, recomputable,
deleted with the match, and read only by those who may see the match (every human seat's
points: the game is over)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.db import transaction

from core.analysis import selectors, services
from core.analysis.models import MatchAnalysis
from core.matches.models import Match
from games import analysis as engine_analysis
from tests.conftest import client_for, make_user
from tests.core.analysis.helpers import Eager, between_two

pytestmark = pytest.mark.django_db


def moves(match_id: int, clients: list[Any], eager: Eager, count: int) -> None:
    """``count`` seeded random legal moves by whoever is to move."""
    rng = random.Random(3)
    for n in range(count):
        detail = clients[0].get(f"/api/matches/{match_id}").json()
        seat = detail["active_seats"][0]
        legal = clients[seat].get(f"/api/matches/{match_id}/legal").json()
        body = {"command": rng.choice(legal["commands"]), "command_id": f"m{n}"}
        with eager():
            res = clients[seat].post(f"/api/matches/{match_id}/commands", body, format="json")
        assert res.status_code == 200, res.json()


def finished_by_resignation(eager: Eager, **body: Any) -> tuple[int, list[Any], list[Any]]:
    """A Samurai match of alice and bob: a few moves each, then alice resigns (bob wins)."""
    match_id, clients, users = between_two(eager, **body)
    moves(match_id, clients, eager, 6)
    with eager():
        res = clients[0].post(f"/api/matches/{match_id}/resign", {"command_id": "r"}, format="json")
    assert res.status_code == 200 and res.json()["status"] == "finished", res.json()
    return match_id, clients, users


def test_a_match_is_analysed_when_it_ends_for_every_human_seat(eager: Eager, settings: Any) -> None:
    settings.ANALYSIS_ON_FINISH = True
    match_id, clients, _ = finished_by_resignation(eager)
    row = MatchAnalysis.objects.get(match_id=match_id)
    assert row.status == MatchAnalysis.Status.DONE
    rules = Match.objects.get(pk=match_id).rules_version
    assert row.tags() == {
        "bot": "search",
        "rules_version": rules,
        "analysis_version": engine_analysis.ANALYSIS_VERSION,
        "format_version": services.FORMAT_VERSION,
    }
    got = clients[1].get(f"/api/matches/{match_id}/analysis").json()
    assert got["status"] == "done" and got["current"] is True
    points = got["points"]
    assert {p["seat"] for p in points} == {0, 1}
    seqs = [p["seq_after"] for p in points]
    assert seqs == sorted(seqs)
    for p in points:
        assert 0 <= p["chance_before"] <= 1 and 0 <= p["chance_after"] <= 1 and p["cost"] >= 0
        assert p["preferred_text"]["en"] and p["preferred_text"]["cs"]
    # Each reader reads their own moves as "you", the other's by name.
    mine = next(p for p in points if p["seat"] == 1)["preferred_text"]["en"]
    theirs = next(p for p in points if p["seat"] == 0)["preferred_text"]["en"]
    assert mine.startswith("You ") and theirs.startswith("Alice ")


def test_an_older_match_is_analysed_on_demand(eager: Eager) -> None:
    match_id, clients, _ = finished_by_resignation(eager)
    url = f"/api/matches/{match_id}/analysis"
    assert clients[0].get(url).json()["status"] == "none"
    with eager():
        first = clients[0].post(url)
    assert first.status_code == 202, first.json()
    assert clients[0].get(url).json()["status"] == "done"
    # Asked again: nothing new to do.
    again = clients[0].post(url)
    assert again.status_code == 200 and again.json()["status"] == "done"
    assert MatchAnalysis.objects.get(match_id=match_id).generation == 1


def test_an_analysis_of_another_version_is_made_again_on_request(
    eager: Eager, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, clients, _ = finished_by_resignation(eager)
    url = f"/api/matches/{match_id}/analysis"
    with eager():
        clients[0].post(url)
    version = engine_analysis.ANALYSIS_VERSION
    monkeypatch.setattr(engine_analysis, "ANALYSIS_VERSION", version + 1)
    stale = clients[0].get(url).json()
    assert stale["current"] is False and stale["tags"]["analysis_version"] == version
    with eager():
        assert clients[0].post(url).status_code == 202
    row = MatchAnalysis.objects.get(match_id=match_id)
    assert (row.generation, row.analysis_version, row.status) == (2, version + 1, "done")
    assert clients[0].get(url).json()["current"] is True


def test_a_late_task_of_an_older_generation_changes_nothing(eager: Eager) -> None:
    match_id, clients, _ = finished_by_resignation(eager)
    with eager():
        clients[0].post(f"/api/matches/{match_id}/analysis")
    row = MatchAnalysis.objects.get(match_id=match_id)
    services.analysis_run(match_id=match_id, generation=row.generation + 5)
    services.analysis_run(match_id=match_id, generation=row.generation)  # done already
    after = MatchAnalysis.objects.get(match_id=match_id)
    assert (after.status, after.points, after.finished_at) == (
        row.status,
        row.points,
        row.finished_at,
    )


def test_the_analysis_is_deleted_with_its_match(alice: Any) -> None:
    # A match's events are append-only (never deleted), so a match without any stands for one
    # deleted some day (an account's erasure may come to it): its analysis goes with it.
    match = Match.objects.create(game="samurai", n_players=2, created_by=alice)
    MatchAnalysis.objects.create(
        match=match, bot="search", rules_version=1, analysis_version=1, queued_at=match.created_at
    )
    match.delete()
    assert not MatchAnalysis.objects.exists()


def test_only_those_who_may_see_the_match_read_its_analysis(eager: Eager) -> None:
    match_id, clients, _ = finished_by_resignation(eager, visibility="private")
    url = f"/api/matches/{match_id}/analysis"
    with eager():
        clients[0].post(url)
    outsider = client_for(make_user("eve"))
    for res in (outsider.get(url), outsider.post(url)):
        assert (res.status_code, res.json()["code"]) == (403, "private_match")
    assert clients[1].get(url).status_code == 200
    missing = clients[0].get("/api/matches/999999/analysis")
    assert (missing.status_code, missing.json()["code"]) == (404, "match_not_found")


def test_a_spectator_of_a_public_match_reads_every_seats_points(eager: Eager) -> None:
    match_id, clients, _ = finished_by_resignation(eager)
    url = f"/api/matches/{match_id}/analysis"
    with eager():
        clients[0].post(url)
    got = client_for(make_user("eve")).get(url).json()
    assert {p["seat"] for p in got["points"]} == {0, 1}
    # A spectator reads every move by name.
    assert all(not p["preferred_text"]["en"].startswith("You ") for p in got["points"])


def test_a_running_match_has_no_analysis_yet(eager: Eager) -> None:
    match_id, clients, _ = between_two(eager)
    res = clients[0].post(f"/api/matches/{match_id}/analysis")
    assert (res.status_code, res.json()["code"]) == (409, "match_not_finished")
    assert clients[0].get(f"/api/matches/{match_id}/analysis").json()["status"] == "none"


def test_a_game_whose_bots_cannot_estimate_is_not_analysed(
    eager: Eager, race_game: str, settings: Any
) -> None:
    settings.ANALYSIS_ON_FINISH = True
    match_id, clients, _ = between_two(eager, game=race_game)
    with eager():
        clients[0].post(f"/api/matches/{match_id}/resign", {"command_id": "r"}, format="json")
    assert Match.objects.get(pk=match_id).status == Match.Status.FINISHED
    assert not MatchAnalysis.objects.exists()
    res = clients[0].post(f"/api/matches/{match_id}/analysis")
    assert (res.status_code, res.json()["code"]) == (409, "no_analysis")


def test_the_turning_points_are_a_seats_few_costliest_moves_that_lost_it_chance() -> None:
    def point(seat: int, seq: int, before: float, after: float, cost: float) -> dict[str, Any]:
        return {
            "seq_before": seq,
            "seq_after": seq + 1,
            "seat": seat,
            "chance_before": before,
            "chance_after": after,
            "preferred": None,
            "preferred_chance": after + cost,
            "cost": cost,
        }

    points = [
        point(0, 1, 0.5, 0.5, 0.3),  # cost the chance it might have gained, lost none
        point(0, 3, 0.6, 0.3, 0.05),  # lost much, yet the bot saw nothing better
        *(point(0, 10 + 2 * i, 0.6, 0.4, 0.1 + i / 100) for i in range(5)),
        point(1, 5, 0.7, 0.2, 0.4),
    ]
    out = selectors._points_out(points, viewer=0)
    assert [(p["seat"], p["seq_before"]) for p in out if p["turning"]] == [
        (0, 14),
        (0, 16),
        (0, 18),
        (1, 5),
    ]


def test_an_analysis_pauses_before_each_decision_point(eager: Eager) -> None:
    match_id, _, _ = finished_by_resignation(eager)
    with transaction.atomic():
        row = services.analysis_queue(match=Match.objects.get(pk=match_id))
    pauses: list[int] = []
    services.analysis_run(
        match_id=match_id, generation=row.generation, pause=lambda: pauses.append(1)
    )
    done = MatchAnalysis.objects.get(match_id=match_id)
    assert done.status == "done" and len(pauses) == len(done.points) > 0
