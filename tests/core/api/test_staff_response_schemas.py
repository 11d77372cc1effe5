"""Real answers of the staff API (``/api/staff/``), checked against the OpenAPI schema: every one
of its 12 operations on a played match, the actions, an export imported again, a few refusals.
Beyond Schemathesis' validation, an answer may carry no field its schema does not name (the
schema leaves extra fields open unless it says ``additionalProperties``), so the documented
answer is the whole answer."""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from drf_spectacular.generators import SchemaGenerator

from core.matches import services
from tests.conftest import make_user
from tests.core.admin_inspect.conftest import ACTION_PERMISSIONS, make_staff, play_race
from tests.core.api.test_response_schemas import Checked

pytestmark = pytest.mark.django_db

MATCH = "/api/staff/matches/{match_id}"


@pytest.fixture(scope="module")
def raw_schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


@pytest.fixture(scope="module")
def openapi(raw_schema: dict[str, Any]) -> Any:
    return schemathesis.openapi.from_dict(raw_schema)


def undocumented(schema: dict[str, Any], value: Any, components: dict[str, Any], at: str) -> list:
    """The places in ``value`` that carry a field ``schema`` does not name."""
    if "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[-1]]
    out: list[str] = []
    for sub in schema.get("allOf", []):
        out += undocumented(sub, value, components, at)
    if isinstance(value, dict) and "properties" in schema:
        props = schema["properties"]
        if "additionalProperties" not in schema:
            out += [f"{at}.{k}" for k in value if k not in props]
        for key, item in value.items():
            if key in props:
                out += undocumented(props[key], item, components, f"{at}.{key}")
    if isinstance(value, dict) and isinstance(schema.get("additionalProperties"), dict):
        for key, item in value.items():
            out += undocumented(schema["additionalProperties"], item, components, f"{at}.{key}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            out += undocumented(schema["items"], item, components, f"{at}[{i}]")
    return out


class Strict(Checked):
    """``Checked``, and no undocumented field in a successful JSON answer (errors carry extra
    fields by design: ``fields``, ``permission``, ``seq``…)."""

    def __init__(self, openapi: Any, raw: dict[str, Any], user: Any) -> None:
        super().__init__(openapi, user)
        self.raw = raw

    def call(self, method: str, template: str, *, expect: int, body: Any = None, **kw: Any) -> Any:
        answer = super().call(method, template, expect=expect, body=body, **kw)
        if isinstance(answer, dict) and expect < 300:
            operation = self.raw["paths"][template][method.lower()]
            content = operation["responses"][str(expect)]["content"]["application/json"]
            extra = undocumented(content["schema"], answer, self.raw["components"]["schemas"], "")
            assert not extra, (method, template, expect, extra)
        return answer


def test_the_staff_api_answers_as_its_schema_says(
    openapi: Any, raw_schema: dict[str, Any], race_game: str, settings: Any
) -> None:
    settings.SNAPSHOT_EVERY = 4
    alice, bob = make_user(), make_user()
    match = play_race(alice, bob)  # with an undo, snapshots, still active
    ours = {"match_id": match.pk}
    staff = Strict(openapi, raw_schema, make_staff("officer", *ACTION_PERMISSIONS))
    plain = Strict(openapi, raw_schema, make_staff("inspector"))
    player = Strict(openapi, raw_schema, alice)

    # Reads.
    page = staff.call("GET", "/api/staff/matches", query={"q": alice.username}, expect=200)
    assert [row["id"] for row in page["results"]] == [match.pk]
    staff.call("GET", "/api/staff/matches", query={"page": "9"}, expect=404)
    detail = staff.call("GET", MATCH, path=ours, expect=200)
    assert detail["clock"]["clock_version"] >= 0 and len(detail["seats"]) == 2
    events = staff.call("GET", MATCH + "/events", path=ours, expect=200)
    assert any(e["undone"] for e in events["events"])
    staff.call("GET", MATCH + "/events", path=ours, query={"since": "3"}, expect=200)
    staff.call("GET", MATCH + "/at", path=ours, query={"seq": "0"}, expect=200)
    at = staff.call("GET", MATCH + "/at", path=ours, query={"seq": "5", "seat": "1"}, expect=200)
    assert at["seat"] == 1 and at["diff"]
    spectator = {"seq": "5", "seat": "spectator"}
    assert staff.call("GET", MATCH + "/at", path=ours, query=spectator, expect=200)["seat"] is None
    staff.call("GET", MATCH + "/at", path=ours, query={"seq": "999"}, expect=422)
    staff.call("GET", MATCH + "/at", path=ours, query={"seq": "1", "seat": "7"}, expect=422)
    assert staff.call("POST", MATCH + "/verify", path=ours, expect=200)["ok"] is True
    doc = staff.call("GET", MATCH + "/export", path=ours, expect=200)
    staff.call("GET", MATCH + "/export", path=ours, query={"format": "ndjson"}, expect=200)
    staff.call("GET", MATCH, path={"match_id": 999999}, expect=404)

    # An export imported again, and a broken one refused.
    imported = staff.call("POST", "/api/staff/matches/import", body=doc, expect=201)
    assert imported["source_id"] == match.pk and imported["events"] == match.version
    staff.call("POST", "/api/staff/matches/import", body={**doc, "format": "x"}, expect=422)

    # The actions, each answered with its audit entry and the match after it.
    reason = {"reason": "schema walk"}
    staff.call("POST", MATCH + "/abort", path=ours, body={}, expect=400)  # no reason
    plain.call("POST", MATCH + "/abort", path=ours, body=reason, expect=403)  # no permission
    player.call("GET", MATCH, path=ours, expect=403)  # not staff
    to = events["events"][-4]["seq"]
    rolled = staff.call(
        "POST", MATCH + "/rollback", path=ours, body={**reason, "to": to}, expect=200
    )
    assert rolled["audit"]["action"] == "rollback"
    staff.call("POST", MATCH + "/rollback", path=ours, body={**reason, "to": 10**6}, expect=422)
    replaced = staff.call(
        "POST", MATCH + "/replace-seat", path=ours, body={**reason, "seat": 1}, expect=200
    )
    assert replaced["match"]["seats"][1]["status"] == "zombie"
    staff.call("POST", MATCH + "/replace-seat", path=ours, body={**reason, "seat": 1}, expect=409)
    staff.call("POST", MATCH + "/award", path=ours, body={**reason, "ranks": [1, 1, 1]}, expect=422)
    awarded = staff.call(
        "POST", MATCH + "/award", path=ours, body={**reason, "ranks": [2, 1]}, expect=200
    )
    assert awarded["match"]["status"] == "finished" and awarded["match"]["outcome"]
    staff.call("POST", MATCH + "/abort", path=ours, body=reason, expect=409)  # finished
    lobby = services.match_create(
        user=alice,
        game="race",
        n_players=2,
        seats=[services.SeatSpec("me"), services.SeatSpec("open")],
    )
    aborted = staff.call(
        "POST", MATCH + "/abort", path={"match_id": lobby.pk}, body=reason, expect=200
    )
    assert aborted["match"]["status"] == "aborted"
    audit = staff.call("GET", "/api/staff/audit", expect=200)
    assert {e["action"] for e in audit["results"]} == {
        "import",
        "rollback",
        "replace_seat",
        "award_result",
        "abort",
    }
    staff.call("GET", "/api/staff/audit", query={"match": str(match.pk)}, expect=200)

    # Every staff operation answered for real at least once.
    seen = {(m, t) for m, t, s in staff.seen if s < 300}
    staff_operations = {
        (method.upper(), path)
        for path, item in raw_schema["paths"].items()
        if path.startswith("/api/staff/")
        for method in item
        if method in ("get", "post")
    }
    assert len(staff_operations) == 12
    assert staff_operations <= seen
