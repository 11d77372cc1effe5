"""The OpenAPI schema's error answers, documented on every operation (a drf-spectacular hook).

Every error is ``{"code", "message", ...}`` (``core.api.errors``). Which statuses an operation
can answer follows from what it is: any request may be malformed (400), carry a bad token (401),
be refused (403), name something unknown (404) or be rate-limited (429); a request with a body
may be too large (413) or not JSON (415); a write may conflict (409), break a rule (422) or find
the server busy (503, ``Retry-After``). The codes are listed in each description.
"""

from __future__ import annotations

from typing import Any

ERROR_SCHEMA = {
    "type": "object",
    "properties": {
        "code": {"type": "string", "description": "Machine-readable, stable."},
        "message": {"type": "string", "description": "One sentence for a person."},
    },
    "required": ["code", "message"],
}
ALWAYS = {
    "400": "Malformed input: `invalid_input` (with `fields`), `malformed_json`, `bad_request`, "
    "`malformed_command`.",
    "401": "`not_authenticated` (log in first) or `bad_credentials` (a bad token or password).",
    "403": "`forbidden` (no CSRF token on a session write), `private_match`, `not_a_player`, "
    "`not_the_creator`, `foreign_origin`, …",
    "404": "`not_found`, `match_not_found`, `unknown_game`, … (or an unknown page of a list).",
    "405": "`method_not_allowed`.",
    "406": "`not_acceptable`: the `Accept` header asks for a format this answer does not have.",
    "429": "`rate_limited`, with `Retry-After` and `retry_after` (seconds).",
}
WITH_BODY = {
    "413": "`payload_too_large`: the body is over 2.5 MB.",
    "415": "`unsupported_media_type`: send JSON.",
}
WRITES = {
    "409": "A conflict with the current state: `stale_version` (with `current_version`), "
    "`not_your_turn`, `match_not_active`, `match_not_in_lobby`, `already_seated`, "
    "`no_open_seat`, `username_taken`, `conflict`, …",
    "422": "Against the rules or the game: `illegal_command` and the engine's own codes, "
    "`unknown_user`, `weak_password`, …",
    "503": "`busy`: nothing was applied; retry after `Retry-After` seconds (same `command_id`).",
}


def document_errors(result: dict[str, Any], generator: Any, request: Any, public: bool) -> Any:
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    ref = {"$ref": "#/components/schemas/Error"}
    for path, item in result.get("paths", {}).items():
        for method, operation in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            statuses = dict(ALWAYS)
            if "requestBody" in operation:
                statuses.update(WITH_BODY)
            if method != "get":
                statuses.update(WRITES)
            responses = operation.setdefault("responses", {})
            for status, description in statuses.items():
                responses.setdefault(
                    status,
                    {"description": description, "content": {"application/json": {"schema": ref}}},
                )
            if path.endswith("/events") and "200" in responses:
                content = responses["200"].setdefault("content", {})
                content["application/x-ndjson"] = {
                    "schema": {"type": "string", "description": "One event per line."}
                }
    return result
