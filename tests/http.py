"""A JSON request to a live test server, as another device makes it: no cookie, its own token."""

from __future__ import annotations

import json
import urllib.request
from typing import Any


def request_json(
    url: str, method: str = "GET", body: Any = None, token: str | None = None, timeout: float = 30
) -> Any:
    """The answer's body; an error status raises ``urllib.error.HTTPError``."""
    request = urllib.request.Request(
        url,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    if token:
        request.add_header("Authorization", f"Token {token}")
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.loads(response.read() or b"null")
