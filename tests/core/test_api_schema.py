"""The OpenAPI schema builds without a single warning, so clients generated from it are right."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_the_openapi_schema_validates_without_warnings(tmp_path: Path) -> None:
    out = tmp_path / "schema.yml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    text = out.read_text()
    assert "/api/matches/{match_id}/commands" in text and "/api/games" in text
