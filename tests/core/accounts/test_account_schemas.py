"""The account's operations answer as their schema says, with real data: the profile, the
devices, a password change, the export of a player with a finished match (every field it
sends named by the schema), and deletion."""

from __future__ import annotations

from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator

from core.matches import services
from tests.conftest import make_user
from tests.core.api.test_response_schemas import Checked, openapi  # noqa: F401  (the fixture)
from tests.core.async_play.conftest import ADD, END, play, start_race

pytestmark = pytest.mark.django_db


def unnamed(value: Any, schema: dict[str, Any], components: dict[str, Any], at: str) -> list[str]:
    """Fields of ``value`` that ``schema`` does not name (free-form objects excepted)."""
    if "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[-1]]
    for key in ("allOf", "oneOf", "anyOf"):
        if key in schema:
            return unnamed(value, schema[key][0], components, at)
    if isinstance(value, dict) and "properties" in schema:
        out = [f"{at}.{k}" for k in value if k not in schema["properties"]]
        for k, v in value.items():
            if k in schema["properties"]:
                out += unnamed(v, schema["properties"][k], components, f"{at}.{k}")
        return out
    if isinstance(value, list) and "items" in schema:
        return [
            m
            for i, v in enumerate(value)
            for m in unnamed(v, schema["items"], components, f"{at}[{i}]")
        ]
    return []


def test_the_accounts_operations_answer_as_their_schema_says(
    openapi: Any,  # noqa: F811
    race_game: str,
) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    match = start_race(alice, bob, {"kind": "none"})
    play(match, alice, ADD, END)
    services.chat_post(match_id=match.pk, user=alice, text="well played")
    services.match_resign(match_id=match.pk, user=bob, command_id="r1")
    a = Checked(openapi, alice)
    a.call("GET", "/api/accounts/me", expect=200)
    a.call("PATCH", "/api/accounts/me", body={"email": "alice@example.org"}, expect=200)
    a.call("GET", "/api/accounts/me/devices", expect=200)
    a.call(
        "POST",
        "/api/accounts/me/password",
        body={"current_password": "pass-word-123", "new_password": "a-new-long-one"},
        expect=200,
    )
    a.call("POST", "/api/accounts/me/devices/revoke-others", expect=200)
    exported = a.call("GET", "/api/accounts/me/export", expect=200)
    assert exported["matches"][0]["my_chat"][0]["text"] == "well played"
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    assert unnamed(exported, {"$ref": "#/AccountExportOut"}, components, "export") == []
    a.call("POST", "/api/accounts/me/delete", body={"password": "a-new-long-one"}, expect=204)
