"""Schemathesis again over every operation, with what issue 40 found: each request carries a
forged ``X-Forwarded-For`` (several addresses, garbage, a loopback and an IPv6 one), and each
body is replaced by JSON nested 100,000 deep. Every answer must still be documented, in its
schema, and never a 5xx; a body too deep is refused as ``malformed_json`` where the body is
read (a 400 for another reason, such as a query parameter, may come first)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.schema.test_schemathesis import (  # noqa: F401  (the fixtures, shared)
    _connections_kept_open,
    _schema,
    player,
)

EXAMPLES = int(os.environ.get("SCHEMATHESIS_DEEP_EXAMPLES", "3"))
DEEP = ("[" * 100_000).encode()
FORGED = {"X-Forwarded-For": "203.0.113.9, <script>, 127.0.0.1, ::1, 999.1.1.1, , fe80::1%eth0"}
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
READ_BODY_REFUSALS = {"malformed_json", "invalid_input", "bad_request", "malformed_command"}

schema = _schema()
schema.config.generation.update(allow_x00=False)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
@pytest.mark.django_db
def test_deep_bodies_and_forged_forwarded_headers_keep_to_the_schema(
    case: Any,
    player: dict[str, str],  # noqa: F811  (the fixture)
) -> None:
    headers = {**player, **FORGED}
    if case.operation.body:
        response = case.call_and_validate(headers=headers, checks=CHECKS, data=DEEP)
        if response.status_code == 400:
            assert response.json()["code"] in READ_BODY_REFUSALS, response.json()
    else:
        case.call_and_validate(headers=headers, checks=CHECKS)
