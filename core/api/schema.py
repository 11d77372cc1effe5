"""The OpenAPI schema's error answers, per operation (a drf-spectacular hook).

Every error is ``{"code", "message", ...}`` (``core.api.errors``). An operation documents only
the statuses it can answer, each with the enum of its ``code`` values, so a client can switch
on them and Schemathesis checks every refusal against them. Two sources:

- what follows from the operation's shape (``_shared_codes``): any request may be malformed
  (``bad_request``), carry a bad token (``bad_credentials``), ask for a format there is not
  (``not_acceptable``) or be throttled (``rate_limited``); one that needs a user may come
  without (``not_authenticated``); one with a body may be too large, not JSON or invalid; one
  with query parameters may be invalid; a path (a parameter of a form the URL conf refuses) or
  a list's page may name nothing (``not_found``); a write may lack its CSRF token on a session
  (``forbidden``) or find the server busy (``busy``);
- what the view declares (``errors(...)``): its services' own codes, found in ``CODES``.

``ENGINE`` stands for a game engine's own 422 codes (``illegal_command``, ``invalid_options``
and the codes of each game's rules): that 422 lists the platform's codes in its description and
leaves ``code`` open (an engine's ``malformed_command``, ``not_your_turn`` and ``game_over``
are 400 and 409, declared by name). An operation that declares nothing keeps the broad
default list (``_LEGACY_*``), so an endpoint added without a declaration stays documented.
"""

from __future__ import annotations

from typing import Any

ENGINE = "*engine"
_EXTENSION = "x-error-codes"

# Every code the API answers with: (status, meaning). tests/core/api/test_schema_errors.py
# checks that each ApiError raised in core/ is here, with the same status.
CODES: dict[str, tuple[int, str]] = {
    # 400: the request itself
    "bad_request": (400, "the request is malformed (a bad Content-Length, a bad host)"),
    "malformed_json": (400, "the body is not valid JSON"),
    "invalid_input": (400, "a field is missing or not as the schema says (see `fields`)"),
    "malformed_command": (400, "the command is of no shape the game knows"),
    "reason_required": (400, "an organiser's correction needs a reason"),
    "reason_too_long": (400, "a staff action's reason is over 500 characters"),
    # 401
    "not_authenticated": (401, "log in first (session or API token)"),
    "bad_credentials": (401, "the token, or the user name and password, are not valid"),
    # 403
    "forbidden": (403, "a session write without its CSRF token"),
    "foreign_origin": (403, "log in and register only from this site's pages"),
    "wrong_password": (403, "the current password given is not right"),
    "private_match": (403, "the match is private and not yours"),
    "not_a_player": (403, "you have no seat in this match"),
    "not_the_creator": (403, "only the match's creator may do that"),
    "not_the_organiser": (403, "only the tournament's organiser may do that"),
    "not_invited": (403, "the tournament is private and you are not invited"),
    "rating_too_low": (403, "your rating is below the tournament's minimum"),
    "too_few_matches": (403, "you have finished fewer matches than the tournament asks"),
    "staff_only": (403, "only staff may inspect matches"),
    "hints_not_allowed": (403, "this match offers no hints (rated, a tournament's, or not agreed)"),
    "missing_permission": (403, "this staff action needs its own permission (see `permission`)"),
    # 404
    "not_found": (404, "nothing at this address (a path of the wrong form, a page past the end)"),
    "match_not_found": (404, "there is no such match"),
    "seat_not_found": (404, "there is no such seat"),
    "unknown_game": (404, "there is no such game"),
    "user_not_found": (404, "there is no such user"),
    "vacation_not_found": (404, "you have no such vacation"),
    "subscription_not_found": (404, "you have no such push subscription"),
    "device_not_found": (404, "you have no such device logged in"),
    "tournament_not_found": (404, "no such tournament (or a private one you are not part of)"),
    "round_not_found": (404, "there is no such round"),
    "table_not_found": (404, "there is no such table"),
    "entrant_not_found": (404, "there is no such entrant"),
    # 406, 413, 415
    "not_acceptable": (406, "the Accept header asks for a format this answer does not have"),
    "payload_too_large": (413, "the body is over the size limit (2.5 MB)"),
    "unsupported_media_type": (415, "send JSON (`Content-Type: application/json`)"),
    # 409: not now, in the current state
    "stale_version": (409, "the match moved on (see `current_version`); reload, try again"),
    "not_your_turn": (409, "it is not your seat's turn"),
    "game_over": (409, "the game has ended"),
    "match_not_active": (409, "the match is not running"),
    "no_analysis": (409, "this game's bots cannot analyse a match yet"),
    "match_not_finished": (409, "the match has not ended: its analysis comes after"),
    "match_not_in_lobby": (409, "the match has already started or ended"),
    "already_seated": (409, "you already have a seat here"),
    "no_open_seat": (409, "there is no open seat for you"),
    "seats_not_filled": (409, "every seat needs a player or a bot first"),
    "seat_taken_over": (409, "you ran out of time; a bot plays your seat"),
    "no_push_subscription": (409, "no device of yours takes notifications: allow them first"),
    "already_resigned": (409, "you have already resigned"),
    "command_id_reused": (409, "that command_id was used by another seat or for another command"),
    "conflict": (409, "another request changed this first; retry"),
    "username_taken": (409, "the user name is taken"),
    "no_pending_email": (409, "no e-mail address is waiting for verification"),
    "account_deleted": (409, "the account has already been deleted"),
    "vacation_overlap": (409, "you already have a vacation then (see `vacation`)"),
    "vacation_cancelled": (409, "that vacation was already cancelled"),
    "vacation_over": (409, "that vacation is already over"),
    "already_registered": (409, "you are registered already"),
    "already_started": (409, "the tournament has started"),
    "already_withdrawn": (409, "the entrant has withdrawn already"),
    "bots_not_allowed": (409, "the tournament takes no bots"),
    "bracket_moved_on": (409, "the bracket has moved past that table"),
    "not_enough_players": (409, "too few entrants to start"),
    "not_private": (409, "only a private tournament takes invitations"),
    "not_registered": (409, "you are not registered"),
    "not_running": (409, "the tournament is not running"),
    "registration_closed": (409, "registration is closed"),
    "round_not_finished": (409, "the current round has not finished"),
    "tournament_full": (409, "the tournament is full"),
    "tournament_over": (409, "the tournament is over"),
    "seat_not_replaceable": (409, "the seat is not a human seat still playing"),
    "rollback_crosses_undo": (409, "a later undo reached back before that event (see `seq`)"),
    # 422: well-formed, but refused by the rules
    "illegal_command": (422, "the game's rules refuse this command now"),
    "invalid_options": (422, "the game refuses these options or this number of players"),
    "nothing_to_undo": (422, "nothing of yours to take back since the last barrier"),
    "version_out_of_range": (422, "the match has no such version"),
    "seat_count": (422, "give exactly as many seats as players"),
    "creator_seat": (422, "exactly one seat must be yours (`me`)"),
    "unknown_user": (422, "there is no user of that name"),
    "duplicate_player": (422, "that user already has a seat"),
    "unknown_bot_level": (422, "the game has no bot of that level"),
    "hints_in_rated_match": (422, "hints are only for friendly (unrated) matches"),
    "invalid_time_control": (422, "the time control is not one the platform runs"),
    "weak_password": (422, "the password is too weak"),
    "invalid_email": (422, "not an e-mail address"),
    "invalid_link": (422, "the mailed link has expired, was used, or is not one"),
    "vacation_in_the_past": (422, "a vacation cannot start before today"),
    "vacation_ends_before_start": (422, "a vacation ends on or after its start"),
    "vacation_too_long": (422, "a vacation is too long"),
    "not_enough_vacation_days": (422, "not enough vacation days left (see `days_left`)"),
    "unknown_channel": (422, "no such notification channel"),
    "unknown_notification_kind": (422, "no such notification kind"),
    "unknown_notification_mode": (422, "no such notification mode"),
    "unknown_timezone": (422, "no such time zone"),
    "invalid_quiet_hours": (422, "quiet hours are times like 22:30"),
    "invalid_digest_hour": (422, "the digest hour is a whole hour, 0 to 23"),
    "webhook_url_missing": (422, "give a webhook URL before turning webhooks on"),
    "invalid_webhook_url": (422, "the webhook URL is not a public http(s) address"),
    "invalid_endpoint": (422, "the push endpoint is not an absolute https URL"),
    "insecure_endpoint": (422, "the push endpoint must use https"),
    "endpoint_not_allowed": (422, "the push endpoint must be a public push service"),
    "invalid_p256dh": (422, "keys.p256dh is not a P-256 public key"),
    "invalid_auth": (422, "keys.auth is not a 16-byte secret"),
    "invalid_tournament": (422, "a tournament configuration the game or the format refuses"),
    "seq_out_of_range": (422, "the match has no such event"),
    "unknown_seat": (422, "the match has no such seat"),
    "invalid_ranks": (422, "give one place, 1 to the number of players, per seat"),
    "invalid_scores": (422, "give one number per seat"),
    "not_a_playable_point": (422, "the match was not in play after that event"),
    "nothing_to_roll_back": (422, "no game event came after that one"),
    "unsupported_format": (422, "not a match export of a format version this server reads"),
    "invalid_export": (422, "the export file is incomplete or malformed (see `seq`)"),
    "broken_chain": (422, "the file's hash chain breaks: it changed after export (see `seq`)"),
    "replay_failed": (422, "the file's events do not replay under its game"),
    "state_mismatch": (422, "the events replay to another state than the one exported"),
    # 429, 503
    "rate_limited": (429, "too many requests; see `Retry-After` and `retry_after`"),
    "busy": (503, "nothing was applied; retry after `Retry-After` seconds (same command_id)"),
}
_ENGINE_TEXT = "`illegal_command`, `invalid_options` and the game's own rule codes (its README)"


def errors(*codes: str) -> dict[str, Any]:
    """``extend_schema(extensions=errors("match_not_found", ...))``: the codes this operation's
    own services answer with, beyond those its shape implies (see the module's docstring)."""
    unknown = [c for c in codes if c != ENGINE and c not in CODES]
    if unknown:
        raise ValueError(f"error codes not in core.api.schema.CODES: {unknown}")
    return {_EXTENSION: list(codes)}


ERROR_SCHEMA = {
    "type": "object",
    "properties": {
        "code": {"type": "string", "description": "Machine-readable, stable."},
        "message": {"type": "string", "description": "One sentence for a person."},
        "text": {
            "type": "object",
            "description": "A game engine's refusal of a command (400, 409, 422): its sentence "
            "in each language the app speaks, for the player to read, with no internal names "
            "(`message` keeps the English detail for API clients). An engine without its own "
            "Czech gives the platform's words for its codes (malformed command, not your turn, "
            "game over), else its English and the generic Czech of the rules.",
            "properties": {"en": {"type": "string"}, "cs": {"type": "string"}},
            "required": ["en", "cs"],
        },
    },
    "required": ["code", "message"],
}

# The broad list of an operation that declares nothing (statuses and what they may say).
_LEGACY_ALWAYS = {
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
_LEGACY_WITH_BODY = {
    "413": "`payload_too_large`: the body is over 2.5 MB.",
    "415": "`unsupported_media_type`: send JSON.",
}
_LEGACY_WRITES = {
    "409": "A conflict with the current state: `stale_version` (with `current_version`), "
    "`not_your_turn`, `match_not_active`, `match_not_in_lobby`, `already_seated`, "
    "`no_open_seat`, `username_taken`, `conflict`, …",
    "422": "Against the rules or the game: `illegal_command` and the engine's own codes, "
    "`unknown_user`, `weak_password`, …",
    "503": "`busy`: nothing was applied; retry after `Retry-After` seconds (same `command_id`).",
}


def _is_paginated(operation: dict[str, Any], schemas: dict[str, Any]) -> bool:
    ok = operation.get("responses", {}).get("200", {})
    schema = ok.get("content", {}).get("application/json", {}).get("schema", {})
    if "$ref" in schema:
        schema = schemas.get(schema["$ref"].rsplit("/", 1)[-1], {})
    return {"count", "next", "previous", "results"} <= set(schema.get("properties", {}))


def _shared_codes(method: str, operation: dict[str, Any], schemas: dict[str, Any]) -> list[str]:
    codes = ["bad_request", "bad_credentials", "not_acceptable", "rate_limited"]
    if {} not in operation.get("security", [{}]):
        codes.append("not_authenticated")
    if "requestBody" in operation:
        codes += ["malformed_json", "invalid_input", "payload_too_large", "unsupported_media_type"]
    if any(p.get("in") == "query" for p in operation.get("parameters", [])):
        codes.append("invalid_input")
    has_path_parameters = any(p.get("in") == "path" for p in operation.get("parameters", []))
    if has_path_parameters or _is_paginated(operation, schemas):
        codes.append("not_found")
    if method != "get":
        codes += ["forbidden", "busy"]
    return codes


def _response(status: int, codes: list[str], ref: dict[str, str]) -> dict[str, Any]:
    named = sorted({c for c in codes if c != ENGINE})
    lines = [f"`{c}`: {CODES[c][1]}." for c in named]
    if ENGINE in codes:
        lines.append(f"The game engine's own: {_ENGINE_TEXT}.")
        schema: dict[str, Any] = ref
    else:
        schema = {"allOf": [ref, {"properties": {"code": {"enum": named}}}]}
    return {
        "description": "\n\n".join(lines),
        "content": {"application/json": {"schema": schema}},
    }


def _document(method: str, operation: dict[str, Any], schemas: dict[str, Any]) -> None:
    ref = {"$ref": "#/components/schemas/Error"}
    declared = operation.pop(_EXTENSION, None)
    responses = operation.setdefault("responses", {})
    if declared is None:  # the broad default
        statuses = dict(_LEGACY_ALWAYS)
        if "requestBody" in operation:
            statuses.update(_LEGACY_WITH_BODY)
        if method != "get":
            statuses.update(_LEGACY_WRITES)
        for legacy_status, description in statuses.items():
            responses.setdefault(
                legacy_status,
                {"description": description, "content": {"application/json": {"schema": ref}}},
            )
        return
    by_status: dict[int, list[str]] = {}
    for code in [*_shared_codes(method, operation, schemas), *declared]:
        status = 422 if code == ENGINE else CODES[code][0]
        by_status.setdefault(status, []).append(code)
    for status in sorted(by_status):
        responses[str(status)] = _response(status, by_status[status], ref)


def document_errors(result: dict[str, Any], generator: Any, request: Any, public: bool) -> Any:
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["Error"] = ERROR_SCHEMA
    for path, item in result.get("paths", {}).items():
        for method, operation in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            _document(method, operation, schemas)
            responses = operation.get("responses", {})
            if path.endswith("/events") and "200" in responses:
                content = responses["200"].setdefault("content", {})
                content["application/x-ndjson"] = {
                    "schema": {"type": "string", "description": "One event per line."}
                }
    return result


PAGE_PARAMETERS = [
    {
        "in": "query",
        "name": "page",
        "schema": {"type": "integer", "minimum": 1},
        "description": "The page, from 1; past the last one: 404 `not_found`.",
    },
    {
        "in": "query",
        "name": "page_size",
        "schema": {"type": "integer", "minimum": 1, "maximum": 100},
        "description": "Items per page (20 unless given).",
    },
]


def document_pagination(result: dict[str, Any], generator: Any, request: Any, public: bool) -> Any:
    """The page parameters of every list (``core.api.pagination``), which views that paginate
    by hand would otherwise leave out; run before ``document_errors``, which then gives the
    list its 400 ``invalid_input``."""
    schemas = result.get("components", {}).get("schemas", {})
    for item in result.get("paths", {}).values():
        operation = item.get("get")
        if operation is None or not _is_paginated(operation, schemas):
            continue
        parameters = operation.setdefault("parameters", [])
        names = {p.get("name") for p in parameters if p.get("in") == "query"}
        parameters.extend(p for p in PAGE_PARAMETERS if p["name"] not in names)
    return result


# A character Python's str.strip() keeps (str.isspace() is False), spelt alike for Python's re
# and ECMA-262 (JSON Schema's regexes), whose \\s differ (\\x1c-\\x1f, \\x85, \\ufeff).
SOMETHING = (
    r"[^\t\n\u000b\u000c\r\u001c-\u0020\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f"
    r"\u205f\u3000]"
)


def _says_something(schema: dict[str, Any]) -> None:
    """A request's non-blank text: DRF trims it before it checks that it is not blank, so one
    of spaces only is refused; ``pattern: SOMETHING`` says so. Recurses into objects, arrays
    and maps."""
    if schema.get("type") == "string":
        plain = not ({"pattern", "enum", "format"} & schema.keys())
        if plain and schema.get("minLength", 0) >= 1:
            schema["pattern"] = SOMETHING
    for key in ("properties",):
        for sub in schema.get(key, {}).values():
            _says_something(sub)
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            _says_something(schema[key])
    for key in ("oneOf", "anyOf", "allOf"):
        for sub in schema.get(key, []):
            _says_something(sub)


def document_text(result: dict[str, Any], generator: Any, request: Any, public: bool) -> Any:
    """``_says_something`` over every request body's component and every query parameter."""
    for name, schema in result.get("components", {}).get("schemas", {}).items():
        if name.endswith("Request"):
            _says_something(schema)
    for item in result.get("paths", {}).values():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                for parameter in operation.get("parameters", []):
                    if parameter.get("in") == "query" and "schema" in parameter:
                        _says_something(parameter["schema"])
    return result
