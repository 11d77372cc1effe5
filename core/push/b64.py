"""Base64url without padding, the encoding of every key on the Web Push wire (RFC 8291 §3.2,
RFC 8292 §3.2)."""

from __future__ import annotations

import base64
import binascii
import re

_ALPHABET = re.compile(r"^[A-Za-z0-9_-]*$")


def b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """Decode base64url, padded or not; the standard alphabet is accepted too, because some
    clients still build keys with ``btoa``. Raises ``ValueError`` on anything else."""
    text = text.strip().rstrip("=").replace("+", "-").replace("/", "_")
    if not _ALPHABET.match(text) or len(text) % 4 == 1:
        raise ValueError("not base64url")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except binascii.Error as err:
        raise ValueError("not base64url") from err
