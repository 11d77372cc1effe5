"""The API's JSON renderer: DRF's, with the encoding done by orjson.

A ``GET .../legal`` of Java's opening is ~2,400 commands (160 kB): the standard library's encoder
took as long as building the list. orjson gives the same JSON text (numbers may be spelt
differently: ``1e-5`` for ``1e-05``) about ten times faster. What it does not know the way DRF
does (dates, times, decimals, lazy strings) goes through DRF's own encoder, so every
value renders as before; pretty-printing (``; indent=``, the browsable API) stays DRF's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson
from rest_framework import renderers
from rest_framework.utils.encoders import JSONEncoder

_OPTIONS = (
    orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_NON_STR_KEYS
)
_default = JSONEncoder().default


class JSONRenderer(renderers.JSONRenderer):
    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        if data is None:
            return b""
        if self.get_indent(accepted_media_type or "", renderer_context or {}) is not None:
            return self._drf_render(data, accepted_media_type, renderer_context)
        try:
            out = orjson.dumps(data, default=_default, option=_OPTIONS)
        except (TypeError, orjson.JSONEncodeError):  # past 64-bit integers, odd keys
            return self._drf_render(data, accepted_media_type, renderer_context)
        # As DRF: the line and paragraph separators escaped, so the JSON is a JavaScript subset.
        if b"\xe2\x80\xa8" in out or b"\xe2\x80\xa9" in out:
            out = out.replace(b"\xe2\x80\xa8", b"\\u2028").replace(b"\xe2\x80\xa9", b"\\u2029")
        return out

    def _drf_render(
        self, data: Any, media_type: str | None, context: Mapping[str, Any] | None
    ) -> bytes:
        """DRF's own rendering (indented, or what orjson refuses): bytes, its stubs say Any."""
        rendered: bytes = super().render(data, media_type, context)
        return rendered
