"""Staff reads: the match list and its filters, the full event stream with who could see each
event, time travel with the diff and any seat's view, verification of chain and snapshots."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from core.eventstore.models import Event, Snapshot
from core.matches import services
from core.matches.models import Match
from games.registry import GAME_MODULES
from tests.conftest import client_for, make_user
from tests.core.admin_inspect.conftest import long_race, play_randomly, tamper

pytestmark = pytest.mark.django_db


def _admin(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _ids(res: Any) -> list[int]:
    assert res.status_code == 200, res.json()
    return [m["id"] for m in res.json()["results"]]


def test_the_list_filters_by_game_status_player_date_and_search(
    race_match: Match, alice: Any, bob: Any, staff_client: APIClient
) -> None:
    carol = make_user("carol")
    lobby = services.match_create(
        user=carol, game="race", n_players=2, visibility="private"
    )  # private: staff still see it
    get = staff_client.get
    assert set(_ids(get("/api/staff/matches"))) == {race_match.pk, lobby.pk}
    assert _ids(get("/api/staff/matches", {"status": "lobby"})) == [lobby.pk]
    assert _ids(get("/api/staff/matches", {"player": "bob"})) == [race_match.pk]
    assert _ids(get("/api/staff/matches", {"game": "samurai"})) == []
    assert _ids(get("/api/staff/matches", {"q": "car"})) == [lobby.pk]
    assert _ids(get("/api/staff/matches", {"q": f"#{race_match.pk}"})) == [race_match.pk]
    today = race_match.created_at.date().isoformat()
    assert len(_ids(get("/api/staff/matches", {"since": today, "until": today}))) == 2
    assert _ids(get("/api/staff/matches", {"until": "2000-01-01"})) == []
    assert _ids(get("/api/staff/matches", {"tournament": 99})) == []
    bad = get("/api/staff/matches", {"since": "yesterday"})
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_input"
    assert get("/api/staff/matches", {"status": "paused"}).status_code == 400


def test_non_staff_are_refused_everywhere(race_match: Match, alice: Any) -> None:
    player = client_for(alice)  # a seat of the match, not staff
    for path in (
        "/api/staff/matches",
        f"/api/staff/matches/{race_match.pk}",
        f"/api/staff/matches/{race_match.pk}/events",
        f"/api/staff/matches/{race_match.pk}/at?seq=1",
        f"/api/staff/matches/{race_match.pk}/export",
        "/api/staff/audit",
    ):
        res = player.get(path)
        assert res.status_code == 403 and res.json()["code"] == "staff_only", path
        assert APIClient().get(path).status_code == 401, path
    res = player.post(f"/api/staff/matches/{race_match.pk}/verify")
    assert res.status_code == 403 and res.json()["code"] == "staff_only"


def test_the_event_stream_shows_everything_and_who_could_see_it(
    race_match: Match, staff_client: APIClient
) -> None:
    res = staff_client.get(f"/api/staff/matches/{race_match.pk}/events")
    assert res.status_code == 200
    events = res.json()["events"]
    assert [e["seq"] for e in events] == list(range(1, race_match.version + 1))
    dealt = next(e for e in events if e["type"] == "SecretsDealt")
    assert dealt["payload"]["secrets"]  # the hidden information, in full
    assert dealt["visible_to"] == {"0": "partial", "1": "partial", "spectator": "hidden"}
    assert dealt["actor"]["kind"] == "system"
    added = next(e for e in events if e["type"] == "Added")
    assert added["visible_to"] == {"0": "full", "1": "full", "spectator": "full"}
    assert added["actor"] == {"kind": "seat", "seat": added["payload"]["seat"]}
    assert added["text"]["en"] in ("Alice made a move.", "Bob made a move.")  # race has no words
    undo = next(e for e in events if e["type"] == "ActionsUndone")
    assert all(e["undone"] for e in events if e["seq"] in undo["payload"]["seqs"])
    detail = staff_client.get(f"/api/staff/matches/{race_match.pk}").json()
    assert detail["rules_version"] == 1 and detail["options"] == {"target": 60}
    assert [s["user"] for s in detail["seats"]] == ["alice", "bob"]
    assert detail["clock"]["time_control"]["kind"] == "none"


def test_time_travel_gives_state_diff_and_each_seats_view(
    race_match: Match, staff_client: APIClient
) -> None:
    url = f"/api/staff/matches/{race_match.pk}/at"
    added = Event.objects.of("match", race_match.pk).filter(type="Added").order_by("seq").first()
    assert added is not None
    res = staff_client.get(url, {"seq": added.seq})
    assert res.status_code == 200, res.json()
    body = res.json()
    assert body["event"]["type"] == "Added"
    assert body["state"]["secrets"]  # the full state, secrets included
    seat = added.payload["seat"]
    assert body["diff"] == [
        {"path": f"points[{seat}]", "op": "changed", "before": 0, "after": 2},
        {"path": "added", "op": "changed", "before": False, "after": True},
    ] or sorted(d["path"] for d in body["diff"]) == sorted(["added", f"points[{seat}]"])
    secrets = body["state"]["secrets"]
    mine = staff_client.get(url, {"seq": added.seq, "seat": "1"}).json()
    assert mine["view"]["my_secret"] == secrets[1]
    watcher = staff_client.get(url, {"seq": added.seq, "seat": "spectator"}).json()
    assert watcher["view"]["my_secret"] is None
    first = staff_client.get(url, {"seq": 1}).json()
    assert first["diff"][0]["path"] == "(state)" and first["diff"][0]["before"] is None
    zero = staff_client.get(url, {"seq": 0}).json()
    assert zero["state"] is None and zero["event"] is None
    for params, status, code in (
        ({"seq": race_match.version + 1}, 422, "seq_out_of_range"),
        ({"seq": 1, "seat": "2"}, 422, "unknown_seat"),
        ({"seq": 1, "seat": "x"}, 422, "unknown_seat"),
        ({"seq": "one"}, 400, "invalid_input"),
        ({}, 400, "invalid_input"),
    ):
        res = staff_client.get(url, params)
        assert (res.status_code, res.json()["code"]) == (status, code), params
    missing = staff_client.get("/api/staff/matches/987654/at", {"seq": 1})
    assert missing.status_code == 404 and missing.json()["code"] == "match_not_found"


def test_time_travel_after_an_undo_shows_the_undone_events_gone(
    race_match: Match, staff_client: APIClient
) -> None:
    undo = Event.objects.of("match", race_match.pk).get(type="ActionsUndone")
    before = staff_client.get(
        f"/api/staff/matches/{race_match.pk}/at", {"seq": undo.seq - 1}
    ).json()
    after = staff_client.get(f"/api/staff/matches/{race_match.pk}/at", {"seq": undo.seq}).json()
    seat = undo.payload["seat"]
    assert after["state"]["points"][seat] < before["state"]["points"][seat]
    assert any(d["path"] == f"points[{seat}]" for d in after["diff"])


def test_verify_reports_a_sound_match(race_match: Match, staff_client: APIClient) -> None:
    assert Snapshot.objects.filter(match=race_match).exists()
    res = staff_client.post(f"/api/staff/matches/{race_match.pk}/verify")
    assert res.status_code == 200
    body = res.json()
    assert body["ok"] and body["chain"]["ok"] and body["replay"]["ok"]
    assert body["chain"]["checked"] == race_match.version
    assert body["replay"]["snapshots_checked"] >= 1


def test_a_tampered_event_is_found_and_shown_with_its_seq(
    race_match: Match, staff_client: APIClient
) -> None:
    victim = Event.objects.of("match", race_match.pk).filter(type="Added").order_by("seq")[1]
    tamper(victim.pk, payload={**victim.payload, "amount": 3})
    body = staff_client.post(f"/api/staff/matches/{race_match.pk}/verify").json()
    assert not body["ok"]
    assert body["chain"]["broken_seq"] == victim.seq
    assert "content" in body["chain"]["reason"]
    assert not body["replay"]["ok"]  # the snapshot after it no longer matches a replay
    assert body["replay"]["broken_seq"] >= victim.seq


def test_a_snapshot_that_disagrees_with_the_replay_is_shown(
    race_match: Match, staff_client: APIClient
) -> None:
    snap = Snapshot.objects.filter(match=race_match).order_by("version").first()
    assert snap is not None
    snap.state = {**snap.state, "points": [99, 99]}
    snap.save()
    body = staff_client.post(f"/api/staff/matches/{race_match.pk}/verify").json()
    assert body["chain"]["ok"] and not body["replay"]["ok"]
    assert body["replay"]["broken_seq"] == snap.version


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_inspection_works_for_every_game(game: str, staff: Any, staff_client: APIClient) -> None:
    match = play_randomly(game, steps=40)
    base = f"/api/staff/matches/{match.pk}"
    events = staff_client.get(f"{base}/events").json()["events"]
    assert len(events) == match.version
    assert all(e["text"]["en"] and set(e["visible_to"]) >= {"0", "spectator"} for e in events)
    for seq in (1, match.version // 2, match.version):
        res = staff_client.get(f"{base}/at", {"seq": seq, "seat": "0"})
        assert res.status_code == 200, res.json()
        assert res.json()["state"] is not None and res.json()["view"] is not None
    assert staff_client.post(f"{base}/verify").json()["ok"]
    page = _admin(staff).get(f"/admin/matches/match/{match.pk}/inspect/")
    assert page.status_code == 200
    assert f"Events ({match.version})" in page.content.decode()


def test_a_2000_event_match_loads_in_a_bounded_number_of_queries(
    alice: Any, bob: Any, race_game: str, staff: Any, staff_client: APIClient
) -> None:
    """Time is for bench/ (figures in the README); here the query count, which a per-event
    query (N+1) over 2,000 events would blow up, whatever the machine's load."""
    match = long_race(alice, bob, 2000)
    assert match.version == 2000
    browser = _admin(staff)
    staff_client.get(f"/api/staff/matches/{match.pk}/events")  # warm up imports
    queries = {}
    for name, call in (
        ("events", lambda: staff_client.get(f"/api/staff/matches/{match.pk}/events")),
        ("at", lambda: staff_client.get(f"/api/staff/matches/{match.pk}/at", {"seq": 1999})),
        ("verify", lambda: staff_client.post(f"/api/staff/matches/{match.pk}/verify")),
        ("page", lambda: browser.get(f"/admin/matches/match/{match.pk}/inspect/")),
    ):
        with CaptureQueriesContext(connection) as captured:
            res = call()
        queries[name] = len(captured.captured_queries)
        assert res.status_code == 200, name
    print("2000-event match, queries:", queries)
    assert all(count < 20 for count in queries.values()), queries
    assert staff_client.post(f"/api/staff/matches/{match.pk}/verify").json()["ok"]


def test_the_admin_list_filters_and_searches_and_the_page_is_staff_only(
    race_match: Match, alice: Any, staff: Any
) -> None:
    from django.contrib.auth.models import Permission

    # The stock list needs Django's view permission on matches; the inspection page, staff.
    staff.user_permissions.add(Permission.objects.get(codename="view_match"))
    browser = _admin(staff)
    base = "/admin/matches/match/"
    for query in ("", "?player=bob", "?q=alice", f"?q=%23{race_match.pk}", "?tournament=none"):
        res = browser.get(base + query)
        assert res.status_code == 200, query
        assert f"{base}{race_match.pk}/inspect/" in res.content.decode(), query
    assert (
        f"{base}{race_match.pk}/inspect/"
        not in browser.get(base + "?player=nobody").content.decode()
    )
    page = browser.get(f"{base}{race_match.pk}/inspect/").content.decode()
    assert "Time travel" in page and "Verify chain" in page and "ins-board" in page
    assert browser.get(f"{base}987654/inspect/").status_code == 404
    player = Client()
    player.force_login(alice)  # not staff: the admin sends them to its log-in
    assert player.get(f"{base}{race_match.pk}/inspect/").status_code == 302
