"""Every operation of the schema documents its error answers in the API's error shape, with the
``code`` values each status may carry; every code the services raise is in the registry."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator

from core.api.schema import CODES, errors

ROOT = Path(__file__).resolve().parents[3]
METHODS = ("get", "post", "put", "patch", "delete")


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def _operations(schema: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (path, method, operation)
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    ]


def _codes(response: dict[str, Any]) -> list[str] | None:
    """The response's ``code`` enum, or None where it is left open (an engine's codes)."""
    schema = response["content"]["application/json"]["schema"]
    if "allOf" not in schema:
        return None
    assert schema["allOf"][0] == {"$ref": "#/components/schemas/Error"}
    return list(schema["allOf"][1]["properties"]["code"]["enum"])


def test_every_operation_documents_its_errors(schema: dict[str, Any]) -> None:
    assert set(schema["components"]["schemas"]["Error"]["required"]) == {"code", "message"}
    for path, method, operation in _operations(schema):
        responses = operation["responses"]
        expected = {"400", "401", "406", "429"}
        if method != "get":
            expected |= {"403", "503"}
        if "requestBody" in operation:
            expected |= {"413", "415"}
        missing = expected - set(responses)
        assert not missing, f"{method.upper()} {path} does not document {missing}"
        for status, response in responses.items():
            if status[0] in "45":
                content = response.get("content", {}).get("application/json", {})
                assert "schema" in content, (method, path, status)


def test_each_status_lists_the_codes_it_may_carry(schema: dict[str, Any]) -> None:
    declared = 0
    for path, method, operation in _operations(schema):
        for status, response in operation["responses"].items():
            if status[0] not in "45":
                continue
            codes = _codes(response)
            if codes is None:
                assert status == "422", (method, path, status)  # only an engine's are open
                continue
            declared += 1
            assert codes, (method, path, status)
            for code in codes:
                assert CODES[code][0] == int(status), (method, path, status, code)
                assert f"`{code}`" in response["description"]
    assert declared > 200


def test_an_operation_documents_only_what_it_can_answer(schema: dict[str, Any]) -> None:
    ops = {(p, m): o for p, m, o in _operations(schema)}
    games = ops[("/api/games", "get")]["responses"]
    assert set(games) == {"200", "400", "401", "406", "429"}  # no 404, no 409, no 503
    assert _codes(games["401"]) == ["bad_credentials"]  # anyone may read it; a bad token not
    detail = ops[("/api/matches/{match_id}", "get")]["responses"]
    assert _codes(detail["403"]) == ["private_match"]
    assert _codes(detail["404"]) == ["match_not_found", "not_found"]  # a bad path too
    assert "409" not in detail and "422" not in detail
    command = ops[("/api/matches/{match_id}/commands", "post")]["responses"]
    assert "stale_version" in _codes(command["409"])
    assert _codes(command["422"]) is None and "illegal_command" in command["422"]["description"]


def test_the_registry_knows_every_code_the_services_raise() -> None:
    raised: dict[str, set[int]] = {}
    for source in (ROOT / "core").rglob("*.py"):
        if "migrations" in source.parts:
            continue
        for node in ast.walk(ast.parse(source.read_text())):
            if not (isinstance(node, ast.Call) and len(node.args) >= 2):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            status, code = node.args[0], node.args[1]
            if name == "ApiError" and isinstance(code, ast.Constant):
                assert isinstance(status, ast.Constant), (source, node.lineno)
                raised.setdefault(code.value, set()).add(status.value)
    assert len(raised) > 50
    for code, statuses in raised.items():
        assert code in CODES, f"{code} is raised but not in core.api.schema.CODES"
        assert statuses == {CODES[code][0]}, (code, statuses)


def test_an_unknown_code_cannot_be_declared() -> None:
    with pytest.raises(ValueError):
        errors("match_not_found", "no_such_code")
