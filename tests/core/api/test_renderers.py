"""The API's renderer gives DRF's JSON: the same text for what both encoders know, DRF's own
rendering of dates, decimals and lazy strings, DRF's escapes and pretty-printing."""

from __future__ import annotations

import datetime as dt
import decimal
import json
import uuid

from django.utils.translation import gettext_lazy
from rest_framework import renderers

from core.api.renderers import JSONRenderer

DATA = {
    "name": "Šárka 🎲",
    "at": dt.datetime(2026, 11, 24, 3, 4, 5, 678901, tzinfo=dt.UTC),
    "day": dt.date(2026, 11, 24),
    "price": decimal.Decimal("1.50"),
    "id": uuid.UUID("12345678-1234-5678-1234-567812345678"),
    "lazy": gettext_lazy("Not found."),
    "separators": "a\u2028b\u2029c",
    "nested": [{"on": True, "none": None, "n": -7}, [1, 2, 3]],
    "status": "active",
}


def test_it_renders_the_bytes_drf_renders() -> None:
    assert JSONRenderer().render(DATA) == renderers.JSONRenderer().render(DATA)


def test_dates_keep_drfs_format_and_separators_stay_escaped() -> None:
    out = JSONRenderer().render(DATA)
    assert b'"at":"2026-11-24T03:04:05.678901Z"' in out
    assert b"a\\u2028b\\u2029c" in out
    assert json.loads(out)["price"] == 1.5  # DRF's encoder: a decimal is a number


def test_pretty_printing_is_drfs() -> None:
    media = "application/json; indent=2"
    assert JSONRenderer().render(DATA, media) == renderers.JSONRenderer().render(DATA, media)
    assert b'\n  "name"' in JSONRenderer().render(DATA, media)


def test_none_renders_an_empty_body() -> None:
    assert JSONRenderer().render(None) == b""
