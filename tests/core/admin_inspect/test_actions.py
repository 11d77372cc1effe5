"""Staff actions never edit history: each appends its event (with the reason) and an audit row,
needs its own permission beyond staff, and is refused without a reason."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from core.admin_inspect.models import AuditEntry
from core.api.errors import ApiError
from core.eventstore import store
from core.eventstore.models import Event, Snapshot
from core.matches import platform_events, services
from core.matches.models import Match, Seat
from core.matches.state import load_state_at, replay_from_zero
from games.registry import get_engine
from tests.conftest import client_for
from tests.core.admin_inspect.conftest import make_staff

pytestmark = pytest.mark.django_db

BODIES = {
    "abort": {},
    "award": {"ranks": [2, 1]},
    "replace-seat": {"seat": 1, "level": "greedy"},
    "rollback": {"to": 5},
}


def _post(client: APIClient, match: Match, action: str, **body: Any) -> Any:
    return client.post(f"/api/staff/matches/{match.pk}/{action}", body, format="json")


def _events(match: Match) -> list[tuple[int, str]]:
    return list(Event.objects.of("match", match.pk).order_by("seq").values_list("seq", "type"))


@pytest.mark.parametrize("action", list(BODIES))
def test_each_action_is_refused_without_its_permission_or_a_reason(
    action: str, race_match: Match, alice: Any, staff_client: APIClient, officer_client: APIClient
) -> None:
    before = _events(race_match)
    body = {**BODIES[action], "reason": "dispute"}
    player = _post(client_for(alice), race_match, action, **body)
    assert player.status_code == 403 and player.json()["code"] == "staff_only"
    assert _post(APIClient(), race_match, action, **body).status_code == 401
    staff = _post(staff_client, race_match, action, **body)
    assert staff.status_code == 403 and staff.json()["code"] == "missing_permission"
    # Missing, blank or too long: invalid input, as the schema says; spaces only: no reason.
    for reason, code in (
        (None, "invalid_input"),
        ("", "invalid_input"),
        ("   ", "reason_required"),
    ):
        payload = dict(BODIES[action]) | ({} if reason is None else {"reason": reason})
        res = _post(officer_client, race_match, action, **payload)
        assert res.status_code == 400 and res.json()["code"] == code, reason
        assert reason is not None or "reason" in res.json()["fields"]
    long = _post(officer_client, race_match, action, **BODIES[action], reason="x" * 501)
    assert long.status_code == 400 and long.json()["fields"]["reason"]
    assert _events(race_match) == before and not AuditEntry.objects.exists()


def test_one_permission_allows_only_its_own_action(race_match: Match) -> None:
    aborter = client_for(make_staff("aborter", "abort_match"))
    res = _post(aborter, race_match, "award", ranks=[1, 2], reason="no")
    assert res.status_code == 403 and res.json()["permission"] == "admin_inspect.award_result"
    assert _post(aborter, race_match, "abort", reason="a cheat").status_code == 200


def test_abort_appends_its_event_and_an_audit_row(
    race_match: Match, officer: Any, officer_client: APIClient, alice: Any
) -> None:
    version = race_match.version
    res = _post(officer_client, race_match, "abort", reason="  a cheat was proven ")
    assert res.status_code == 200, res.json()
    assert res.json()["match"]["status"] == "aborted"
    event = Event.objects.of("match", race_match.pk).get(seq=version + 1)
    assert (event.type, event.payload, event.actor) == (
        platform_events.MATCH_ABORTED,
        {"reason": "a cheat was proven"},
        None,
    )
    (entry,) = AuditEntry.objects.all()
    assert (entry.user, entry.action, entry.match_id, entry.seq, entry.reason) == (
        officer,
        "abort",
        race_match.pk,
        version + 1,
        "a cheat was proven",
    )
    assert res.json()["audit"]["user"] == "officer"
    assert not Seat.objects.filter(match=race_match, to_move=True).exists()
    assert store.verify_chain(race_match.pk).ok
    with pytest.raises(ApiError) as refused:
        services.match_submit_command(
            match_id=race_match.pk, user=alice, command={"type": "end_turn"}, command_id="late"
        )
    assert refused.value.status_code == 409
    again = _post(officer_client, race_match, "abort", reason="twice")
    assert again.status_code == 409 and again.json()["code"] == "match_not_active"
    # Players see the event and its reason; a spectator too (a platform event).
    seen = client_for(alice).get(f"/api/matches/{race_match.pk}/events").json()["events"][-1]
    assert seen["type"] == platform_events.MATCH_ABORTED and "a cheat" in seen["text"]["en"]


def test_award_finishes_the_match_with_the_given_ranks(
    race_match: Match, officer_client: APIClient
) -> None:
    for bad, code in (
        ({"ranks": [1]}, "invalid_ranks"),
        ({"ranks": [2, 3]}, "invalid_ranks"),
        ({"ranks": [1, 2], "scores": [1]}, "invalid_scores"),
    ):
        res = _post(officer_client, race_match, "award", reason="r", **bad)
        assert (res.status_code, res.json()["code"]) == (422, code), bad
    assert _post(officer_client, race_match, "award", reason="r", ranks="1,2").status_code == 400
    res = _post(officer_client, race_match, "award", ranks=[2, 1], scores=[3, 9], reason="ruling")
    assert res.status_code == 200, res.json()
    match = Match.objects.get(pk=race_match.pk)
    assert match.status == "finished" and match.outcome["ranks"] == [2, 1]
    assert match.outcome["details"] == {"awarded": True, "reason": "ruling"}
    assert list(match.seats.values_list("rank", flat=True)) == [2, 1]
    last = Event.objects.of("match", match.pk).get(seq=match.version)
    assert last.type == platform_events.RESULT_AWARDED and last.payload["ranks"] == [2, 1]
    assert AuditEntry.objects.get().details == {"ranks": [2, 1]}
    verify = officer_client.post(f"/api/staff/matches/{match.pk}/verify").json()
    assert verify["ok"]  # an awarded outcome is not the replay's, and says so
    assert _post(officer_client, match, "award", ranks=[1, 2], reason="x").status_code == 409


def test_replace_seat_hands_the_seat_to_a_bot_that_plays_on(
    race_match: Match, officer_client: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    match = Match.objects.get(pk=race_match.pk)
    to_move = next(s.index for s in match.seats.all() if s.to_move)
    for bad, status, code in (
        ({"seat": 5}, 422, "unknown_seat"),
        ({"seat": to_move, "level": "genius"}, 422, "unknown_bot_level"),
    ):
        res = _post(officer_client, match, "replace-seat", reason="gone", **bad)
        assert (res.status_code, res.json()["code"]) == (status, code), bad
    with django_capture_on_commit_callbacks(execute=True):
        res = _post(officer_client, match, "replace-seat", seat=to_move, reason="left for good")
    assert res.status_code == 200, res.json()
    seat = Seat.objects.get(match=match, index=to_move)
    assert seat.status == Seat.Status.ZOMBIE and seat.bot_level == "greedy"
    replaced = Event.objects.of("match", match.pk).get(type=platform_events.SEAT_REPLACED_BY_BOT)
    assert replaced.payload == {"seat": to_move, "level": "greedy", "reason": "left for good"}
    # The bot moved at once (its seat was to move): events after the replacement, as a bot's.
    after = Event.objects.of("match", match.pk).filter(seq__gt=replaced.seq).order_by("seq")
    assert after.exists() and after.first().command_id.startswith("bot:")  # type: ignore[union-attr]
    entry = AuditEntry.objects.get()
    assert entry.details["replaced_user"] == seat.user.username  # type: ignore[union-attr]
    again = _post(officer_client, match, "replace-seat", seat=to_move, reason="again")
    assert again.status_code == 409 and again.json()["code"] == "seat_not_replaceable"


def test_rollback_appends_a_compensating_event_and_restores_the_state(
    race_match: Match, officer_client: APIClient, alice: Any, bob: Any
) -> None:
    match = Match.objects.get(pk=race_match.pk)
    engine = get_engine("race")
    snapshots = Snapshot.objects.filter(match=match).count()
    assert snapshots >= 2
    target = Snapshot.objects.filter(match=match).order_by("version").first().version  # type: ignore[union-attr]
    target += 1  # an event just after a snapshot: later snapshots must go
    expected = engine.state_to_json(load_state_at(match, target))
    version = match.version
    for bad, status, code in (
        ({"to": version}, 422, "seq_out_of_range"),
        ({"to": 0}, 400, "invalid_input"),
        ({"to": "3"}, 400, "invalid_input"),
    ):
        res = _post(officer_client, match, "rollback", reason="r", **bad)
        assert (res.status_code, res.json()["code"]) == (status, code), bad
    res = _post(officer_client, match, "rollback", to=target, reason="a bug in scoring")
    assert res.status_code == 200, res.json()
    match = Match.objects.get(pk=match.pk)
    assert match.version == version + 1  # nothing edited, one event more
    rollback = Event.objects.of("match", match.pk).get(seq=match.version)
    assert rollback.type == platform_events.UNDO_EVENT and rollback.payload["rollback_to"] == target
    assert rollback.payload["reason"] == "a bug in scoring"
    assert engine.state_to_json(load_state_at(match, match.version)) == expected
    assert engine.state_to_json(replay_from_zero(match)) == expected
    assert not Snapshot.objects.filter(match=match, version__gt=target).exists()
    assert match.snapshot_version <= target
    # The seat to move then is to move again, and play goes on from there.
    state = load_state_at(match, match.version)
    seat = next(iter(engine.active_seats(state)))
    assert list(Seat.objects.filter(match=match, to_move=True).values_list("index", flat=True)) == [
        seat
    ]
    user = [alice, bob][seat]
    services.match_submit_command(
        match_id=match.pk, user=user, command={"type": "add", "amount": 1}, command_id="after"
    )
    verify = officer_client.post(f"/api/staff/matches/{match.pk}/verify").json()
    assert verify["ok"], verify
    entry = AuditEntry.objects.get()
    assert entry.action == "rollback" and entry.details["to"] == target
    assert entry.seq == rollback.seq
    texts = officer_client.get(f"/api/staff/matches/{match.pk}/events").json()["events"]
    row = next(e for e in texts if e["seq"] == rollback.seq)
    assert row["actor"]["kind"] == "admin" and row["text"]["en"].startswith("The staff took back ")
    taken_back = [
        e
        for e in texts
        if target < e["seq"] < rollback.seq and e["type"] not in platform_events.PLATFORM_EVENTS
    ]
    assert taken_back and all(e["undone"] for e in taken_back)


def test_rollback_across_a_players_undo_of_earlier_events_is_refused(
    race_match: Match, officer_client: APIClient
) -> None:
    undo = Event.objects.of("match", race_match.pk).get(type=platform_events.UNDO_EVENT)
    target = min(undo.payload["seqs"])  # the undo took this one back: it cannot be restored
    res = _post(officer_client, race_match, "rollback", to=target, reason="r")
    assert res.status_code == 409 and res.json()["code"] == "rollback_crosses_undo"
    assert res.json()["seq"] == undo.seq


def test_the_audit_log_lists_actions_by_match(
    race_match: Match, officer_client: APIClient, staff_client: APIClient
) -> None:
    _post(officer_client, race_match, "abort", reason="because")
    listed = staff_client.get("/api/staff/audit", {"match": race_match.pk}).json()["results"]
    assert [(e["action"], e["reason"], e["user"]) for e in listed] == [
        ("abort", "because", "officer")
    ]
    assert staff_client.get("/api/staff/audit", {"match": 987654}).json()["results"] == []
