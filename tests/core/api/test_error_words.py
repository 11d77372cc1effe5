"""The PWA says every API error code in a sentence, in both languages (``pwa/src/errors.ts``,
checked by ``pwa/src/errors.test.ts``). Its list of codes, ``pwa/src/error_codes.json``, is
the registry's (``core.api.schema.CODES``) plus the two the handler answers outside it: this
test fails when a code is added to the API and not to the list."""

from __future__ import annotations

import json
from pathlib import Path

from core.api.schema import CODES

LIST = Path(__file__).resolve().parents[3] / "pwa" / "src" / "error_codes.json"
OUTSIDE_THE_REGISTRY = {"server_error", "method_not_allowed"}


def test_the_pwas_list_of_error_codes_is_the_apis() -> None:
    expected = sorted(set(CODES) | OUTSIDE_THE_REGISTRY)
    listed = json.loads(LIST.read_text())
    assert listed == expected, (
        f"pwa/src/error_codes.json is out of date; write it as:\n{json.dumps(expected, indent=1)}"
        "\n(and give each new code its sentences in pwa/src/errors.ts)"
    )
