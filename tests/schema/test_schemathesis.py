"""Schemathesis against the API's own OpenAPI schema, in-process (WSGI), logged in with a token.

For every operation it sends inputs the schema calls valid and inputs it calls invalid, and
checks: no 5xx, every status and content type documented, every body (errors' codes included)
as its schema says, invalid inputs refused and valid ones not refused as malformed. Bounded:
``SCHEMATHESIS_EXAMPLES`` per operation (10 by default; the whole run takes a minute or two),
throttles raised so that the fuzzing meets no 429 of its own.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.openapi.checks import RejectedPositiveData
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from core.matches import services
from tests.conftest import make_user

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "10"))

# A request the schema calls valid may still be refused for the state of things (401, 403,
# 404, 409, 429) or by a rule that depends on other data (422: an unknown user, a date in the
# past, a game's own rules). It may not be refused as malformed (400, 413, 415), except where
# the schema cannot say what is well formed: a game's command is a free-form object, and only
# its game knows its shapes.
MALFORMED = {400, 413, 415}
MALFORMED_YET_VALID = {"malformed_command"}


def valid_input_is_accepted(ctx: Any, response: Any, case: Any) -> bool | None:
    """Schemathesis' ``positive_data_acceptance`` with the statuses above (its own treats every
    422 as a refusal of valid data, which rules that depend on other data are not)."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return None
    if response.status_code not in MALFORMED:
        return None
    try:
        code = response.json().get("code")
    except ValueError:
        code = None
    if code in MALFORMED_YET_VALID:
        return None
    raise RejectedPositiveData(
        operation=case.operation.label,
        message=f"Valid data should have been accepted, not refused as {code!r}.",
        status_code=response.status_code,
        allowed_statuses=["2xx", "401", "403", "404", "409", "422", "429"],
    )


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
    valid_input_is_accepted,
]


def _schema() -> Any:
    from core.wsgi import application

    return schemathesis.openapi.from_wsgi("/api/schema/", application)


# Bounded and repeatable: the same examples every run.
FUZZING = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)

schema = _schema()  # no database needed: the URL conf and the engines
# Text never takes a NUL character (DRF refuses it as invalid input): not fuzzed as valid.
schema.config.generation.update(allow_x00=False)


@pytest.fixture(autouse=True)
def _connections_kept_open() -> Iterator[None]:
    """Calls straight into the WSGI handler fire request_started/finished, whose
    close_old_connections would close the test's connection inside its transaction; Django's
    test client disconnects it for the same reason."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def player(race_game: str, settings: Any, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A player with a token, a started match and a lobby of their own (ids 1 and 2 are the
    likeliest a generator tries), and throttles out of the way."""
    from rest_framework.throttling import SimpleRateThrottle

    rates = dict.fromkeys(SimpleRateThrottle.THROTTLE_RATES, "1000000/min")
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)
    settings.AXES_ENABLED = False
    user, other = make_user(), make_user()
    services.match_create(
        user=user,
        game="race",
        n_players=2,
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username=other.username)],
    )
    from core.accounts.services import user_token

    return {"Authorization": f"Token {user_token(user=user)}"}


@schema.parametrize()
@FUZZING
@pytest.mark.django_db
def test_the_api_keeps_to_its_schema(case: Any, player: dict[str, str]) -> None:
    case.call_and_validate(headers=player, checks=CHECKS)


# The staff operations again, as staff: above, they only ever answer a player's 403.
staff_schema = _schema().include(path_regex="^/api/staff/")
staff_schema.config.generation.update(allow_x00=False)


@pytest.fixture
def staff(player: dict[str, str]) -> dict[str, str]:
    """A staff member holding every action's permission, with a token, beside the player's
    matches (one started, with events)."""
    from core.accounts.services import user_token

    admin = make_user()
    admin.is_staff = admin.is_superuser = True
    admin.save(update_fields=["is_staff", "is_superuser"])
    return {"Authorization": f"Token {user_token(user=admin)}"}


@staff_schema.parametrize()
@FUZZING
@pytest.mark.django_db
def test_the_staff_api_keeps_to_its_schema_as_staff(case: Any, staff: dict[str, str]) -> None:
    case.call_and_validate(headers=staff, checks=CHECKS)
