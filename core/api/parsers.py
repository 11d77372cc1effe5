"""DRF's JSON parser with the nesting of a body bounded before it is parsed (core/boundedjson.py):
a body nested too deep is a 400 ``malformed_json`` like any other JSON DRF cannot read, never
the ``RecursionError`` (a 500) the standard library's parser raised on it."""

from __future__ import annotations

import codecs
from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError
from rest_framework.utils.json import strict_constant

from core import boundedjson


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        encoding = parsers.get_encoding(parser_context or {})  # type: ignore[attr-defined]  # DRF >=3.16.1; not in the stubs
        try:
            text = codecs.getreader(encoding)(stream).read()
            return boundedjson.loads(text, parse_constant=strict_constant if self.strict else None)
        except ValueError as exc:
            raise ParseError(f"JSON parse error - {exc}") from exc
