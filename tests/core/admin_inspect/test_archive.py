"""Export (JSON and NDJSON, versioned) and import into a new match: the same events, the same
final state; a changed file is refused at its first broken link. And the management commands."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from rest_framework.test import APIClient

from core.admin_inspect import archive
from core.admin_inspect.models import AuditEntry
from core.eventstore import store
from core.eventstore.models import Event
from core.matches.models import Match
from core.matches.state import replay_from_zero
from games.registry import get_engine
from tests.core.admin_inspect.conftest import play_randomly, tamper

pytestmark = pytest.mark.django_db


def _content(match: Match) -> list[tuple[Any, ...]]:
    return list(
        Event.objects.of("match", match.pk)
        .order_by("seq")
        .values_list("seq", "type", "payload", "actor", "command_id", "created_at")
    )


def _import(client: APIClient, body: Any, ndjson: bool = False) -> Any:
    if ndjson:
        return client.post("/api/staff/matches/import", body, content_type="application/x-ndjson")
    return client.post("/api/staff/matches/import", body, format="json")


def test_export_then_import_gives_the_same_events_state_and_outcome(
    race_match: Match, staff_client: APIClient, officer_client: APIClient, officer: Any
) -> None:
    res = staff_client.get(f"/api/staff/matches/{race_match.pk}/export")
    assert res.status_code == 200 and "attachment" in res["Content-Disposition"]
    doc = res.json()
    assert (doc["format"], doc["format_version"]) == ("ludoteka-match", 1)
    assert doc["match"]["head_hash"] == race_match.head_hash
    assert len(doc["events"]) == race_match.version
    assert doc["events"][1]["payload"]["secrets"]  # secrets included: staff material
    res = _import(officer_client, doc)
    assert res.status_code == 201, res.json()
    new = Match.objects.get(pk=res.json()["id"])
    assert new.pk != race_match.pk and new.visibility == "private" and not new.rated
    assert _content(new) == _content(race_match)
    engine = get_engine("race")
    assert engine.state_to_json(replay_from_zero(new)) == engine.state_to_json(
        replay_from_zero(race_match)
    )
    assert res.json()["state_digest"] == doc["match"]["state_digest"]
    assert store.verify_chain(new.pk).ok and new.head_hash != race_match.head_hash
    assert officer_client.post(f"/api/staff/matches/{new.pk}/verify").json()["ok"]
    # A second export of the copy carries the same events and the same final state.
    again = staff_client.get(f"/api/staff/matches/{new.pk}/export").json()
    assert again["match"]["state_digest"] == doc["match"]["state_digest"]
    strip = [{k: e[k] for k in ("seq", "type", "payload", "actor", "at")} for e in doc["events"]]
    assert [{k: e[k] for k in strip[0]} for e in again["events"]] == strip
    entry = AuditEntry.objects.get(match=new)
    assert entry.action == "import" and entry.user == officer
    assert entry.details["source_id"] == race_match.pk
    assert entry.details["source_players"] == ["alice", "bob"]
    assert new.status == race_match.status or new.status == "aborted"


def test_a_finished_match_imports_as_finished_with_its_outcome(
    race_game: str, officer_client: APIClient, staff_client: APIClient
) -> None:
    match = play_randomly("race", steps=400)
    assert match.status == "finished"
    doc = staff_client.get(f"/api/staff/matches/{match.pk}/export").json()
    new = Match.objects.get(pk=_import(officer_client, doc).json()["id"])
    assert new.status == "finished" and new.outcome == match.outcome
    assert [s.rank for s in new.seats.all()] == [s.rank for s in match.seats.all()]


def test_ndjson_export_imports_too(
    race_match: Match, staff_client: APIClient, officer_client: APIClient
) -> None:
    res = staff_client.get(f"/api/staff/matches/{race_match.pk}/export", {"format": "ndjson"})
    assert res["Content-Type"] == "application/x-ndjson"
    text = b"".join(res.streaming_content).decode()
    lines = text.splitlines()
    assert len(lines) == race_match.version + 1
    header = json.loads(lines[0])
    assert header["format_version"] == 1 and header["events"] == "lines"
    res = _import(officer_client, text, ndjson=True)
    assert res.status_code == 201, res.json()
    assert _content(Match.objects.get(pk=res.json()["id"])) == _content(race_match)


def test_a_changed_file_is_refused_at_its_first_broken_link(
    race_match: Match, staff_client: APIClient, officer_client: APIClient
) -> None:
    doc = staff_client.get(f"/api/staff/matches/{race_match.pk}/export").json()
    changed = json.loads(json.dumps(doc))
    changed["events"][4]["payload"]["amount"] = 3
    res = _import(officer_client, changed)
    assert res.status_code == 422 and res.json()["code"] == "broken_chain"
    assert res.json()["seq"] == 5
    cut = json.loads(json.dumps(doc))
    cut["events"] = cut["events"][:-1]
    res = _import(officer_client, cut)
    assert res.status_code == 422 and res.json()["code"] == "broken_chain"
    for bad, code in (
        ({**doc, "format_version": 2}, "unsupported_format"),
        ({**doc, "format": "other"}, "unsupported_format"),
        ([1, 2], "unsupported_format"),
        ({**doc, "events": [{"seq": 2}]}, "invalid_export"),
        ({**doc, "match": {**doc["match"], "game": "chess"}}, "unknown_game"),
    ):
        res = _import(officer_client, bad)
        assert res.json()["code"] == code, (code, res.json())
        assert res.status_code in (404, 422)
    null = officer_client.post("/api/staff/matches/import", "null", content_type="application/json")
    assert null.status_code == 422 and null.json()["code"] == "unsupported_format"  # was a 500
    garbage = _import(officer_client, "not json\n", ndjson=True)
    assert garbage.status_code == 422 and garbage.json()["code"] == "invalid_export"
    assert Match.objects.count() == 1 and not AuditEntry.objects.exists()


def test_import_needs_its_permission(race_match: Match, staff_client: APIClient) -> None:
    doc = staff_client.get(f"/api/staff/matches/{race_match.pk}/export").json()
    res = _import(staff_client, doc)
    assert res.status_code == 403 and res.json()["code"] == "missing_permission"


def test_the_commands_inspect_export_import_and_verify(race_match: Match, tmp_path: Path) -> None:
    out = io.StringIO()
    call_command("inspect_match", race_match.pk, stdout=out)
    text = out.getvalue()
    assert f"race #{race_match.pk}" in text and "#2 " in text and "[seen" in text
    out = io.StringIO()
    call_command("inspect_match", race_match.pk, "--at", "4", "--seat", "1", stdout=out)
    assert "#4 " in out.getvalue() and "my_secret" in out.getvalue()
    with pytest.raises(CommandError, match="no event 999"):
        call_command("inspect_match", race_match.pk, "--at", "999")
    for fmt in ("json", "ndjson"):
        out = io.StringIO()
        call_command("export_match", race_match.pk, "--format", fmt, stdout=out)
        path = tmp_path / f"m.{fmt}"
        path.write_text(out.getvalue())
        out = io.StringIO()
        call_command("import_match", str(path), stdout=out)
        new_id = int(out.getvalue().split(" as match ")[1].split(":")[0])
        assert _content(Match.objects.get(pk=new_id)) == _content(race_match)
    corpus = io.StringIO()
    call_command("export_match", race_match.pk, stdout=corpus)
    assert "format" not in json.loads(corpus.getvalue())  # the corpus format, as before
    out = io.StringIO()
    call_command("verify_match", race_match.pk, "--replay", stdout=out)
    assert "replay ok" in out.getvalue()
    victim = Event.objects.of("match", race_match.pk).get(seq=3)
    tamper(victim.pk, payload={**victim.payload, "amount": 1})
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("verify_match", race_match.pk, "--replay", stdout=out)
    assert "BROKEN at event 3" in out.getvalue()


def test_parse_ndjson_reads_the_header_and_lines() -> None:
    text = '{"format": "ludoteka-match", "events": "lines"}\n{"seq": 1}\n\n'
    assert archive.parse_ndjson(text)["events"] == [{"seq": 1}]


def test_an_outcome_that_is_not_one_is_refused_and_odd_names_show_as_none(
    race_match: Match, staff_client: APIClient, officer_client: APIClient
) -> None:
    """What an import keeps or answers is what the match's answers can show (their schema)."""
    doc = staff_client.get(f"/api/staff/matches/{race_match.pk}/export").json()
    for outcome in ("won", {"ranks": [1]}, {"ranks": [1, 2], "scores": [1, "x"]}):
        bad = {**doc, "match": {**doc["match"], "outcome": outcome}}
        res = _import(officer_client, bad)
        assert res.status_code == 422 and res.json()["code"] == "invalid_export", outcome
    seats = [{**s, "user": 5} for s in doc["match"]["seats"]]
    res = _import(officer_client, {**doc, "match": {**doc["match"], "seats": seats}})
    assert res.status_code == 201 and res.json()["source_players"] == [None, None]
