"""JSON from clients, with its nesting bounded before it is parsed.

The standard library's parser recurses once per level of nesting: 100,000 ``[`` make it raise
``RecursionError``, which is no ``ValueError`` and so came out of every parser as a 500 (and
the few thousand levels below that cost a deep recursion of their own, and of whatever walks
the result). Every JSON body (DRF's parser, the fast lane, the staff's NDJSON import) and every
WebSocket frame goes through ``loads``, which refuses a text nested deeper than ``MAX_DEPTH``
with ``TooDeep``, a ``ValueError``: each caller already answers those as 400 ``malformed_json``.

Nothing the API takes comes near the bound: a command, a match's options and a tournament's
configuration are a few levels deep, a match export about ten.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

MAX_DEPTH = 64

# Escapes first (a string's \\" is not its end), then strings, whose brackets are text. Each
# pattern fails at once or runs to its match: linear, whatever the input.
_ESCAPE = re.compile(rb"\\.", re.DOTALL)
_STRING = re.compile(rb'"[^"]*+"')
_ONE_KIND = bytes.maketrans(b"{}", b"[]")
_NOT_A_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")


class TooDeep(ValueError):
    @staticmethod
    def message() -> str:
        return f"nested deeper than {MAX_DEPTH} levels"


def deeper_than(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether ``text`` nests arrays and objects more than ``limit`` deep (or, when its brackets
    do not pair up, whether it might: that text is no JSON either way).

    Linear passes in C: the common case (at most ``limit`` brackets) is two counts; otherwise
    escapes and strings are dropped, the brackets kept as one kind, and each ``replace`` of
    ``[]`` removes exactly one level (it does not rescan what it has joined), at most ``limit``
    times. Adversarial bodies of the 2.5 MB limit cost about what parsing them does."""
    if text.count("[") + text.count("{") <= limit:
        return False
    data = text.encode("utf-8", "surrogatepass")  # no bracket hides in a multi-byte character
    skeleton = _STRING.sub(b"", _ESCAPE.sub(b"", data)).translate(_ONE_KIND, _NOT_A_BRACKET)
    for _ in range(limit):
        inner_removed = skeleton.replace(b"[]", b"")
        if not inner_removed:
            return False
        if len(inner_removed) == len(skeleton):
            return True  # unpaired brackets: refused before the parser can recurse on them
        skeleton = inner_removed
    return True


def loads(text: str, *, parse_constant: Callable[[str], Any] | None = None) -> Any:
    """``json.loads(text)``, refusing with ``TooDeep`` (a ``ValueError``) a text nested deeper
    than ``MAX_DEPTH`` before the parser sees it."""
    if deeper_than(text):
        raise TooDeep(TooDeep.message())
    return json.loads(text, parse_constant=parse_constant)
