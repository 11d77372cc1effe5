"""The hot requests leave nothing to the garbage collector: reference counting frees each
request, its view and its answer once it is sent (core/hotlane/lane.py, ``_let_go``). Left in
cycles, some 30 objects a request made the collector run the more often and promoted
survivors to the generation whose full passes stop a server for tens of milliseconds."""

from __future__ import annotations

import gc
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.http import HttpRequest, HttpResponseBase
from django.test.client import ClientHandler
from rest_framework.views import APIView

pytestmark = pytest.mark.django_db


def _request(handler: ClientHandler, method: str, path: str, key: str, body: Any = None) -> Any:
    """One request through Django's handler (the test client's, which leaves the test's
    transaction open; not the client itself, which ties each answer to itself in a cycle),
    as the server's bridge sends it."""
    data = b"" if body is None else json.dumps(body).encode()
    environ = {
        "REQUEST_METHOD": method,
        "SCRIPT_NAME": "",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "testserver",
        "HTTP_AUTHORIZATION": f"Token {key}",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(data)),
        "wsgi.input": io.BytesIO(data),
        "wsgi.url_scheme": "http",
        "wsgi.errors": io.StringIO(),
    }
    response = handler(environ)  # read and closed by the handler, as a WSGI server would
    return response.status_code, json.loads(response.content or b"null")


@pytest.fixture
def saved_garbage() -> Iterator[list[Any]]:
    """What the collector finds unreachable while the test runs, kept for a look."""
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_a_hot_request_is_freed_by_reference_counting(
    play: dict[str, Any], saved_garbage: list[Any]
) -> None:
    handler = ClientHandler()
    key, match_id = play["tokens"]["alice"], play["id"]
    legal_path = f"/api/matches/{match_id}/legal"
    status, legal = _request(handler, "GET", legal_path, key)
    assert status == 200, legal
    body = {
        "command": legal["commands"][0],
        "command_id": "g1",
        "expected_version": legal["version"],
    }
    status, answer = _request(handler, "POST", f"/api/matches/{match_id}/commands", key, body)
    assert status == 200, answer
    gc.collect()
    left = sorted(
        type(o).__name__
        for o in saved_garbage
        if isinstance(o, HttpRequest | HttpResponseBase | APIView)
    )
    assert left == []
