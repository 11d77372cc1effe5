"""Structured logs: one JSON object per line, carrying the match and command being worked on.

``LUDOTEKA_LOG_FORMAT=json`` (the deployment files set it) formats every record with
``JsonFormatter``; ``plain`` (the default) keeps ``LEVEL logger: message``. Either way the
``context`` filter puts ``match_id`` and ``command_id`` on each record logged inside
``log_context(...)``: the command pipeline, a bot's turn and the match routes set them.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import logging
import os
import time
from collections.abc import Iterator
from typing import Any

_context: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "ludoteka_log_context", default=None
)
FIELDS = ("match_id", "command_id")
# What a LogRecord carries by itself; everything else given in ``extra=`` goes into the JSON.
_STANDARD = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime", *FIELDS}


@contextlib.contextmanager
def log_context(**values: Any) -> Iterator[None]:
    """Within the block, records carry ``values`` (``None`` values are left out)."""
    merged = {**(_context.get() or {}), **{k: v for k, v in values.items() if v is not None}}
    token = _context.set(merged)
    try:
        yield
    finally:
        _context.reset(token)


def log_context_add(**values: Any) -> None:
    """Adds ``values`` to the innermost ``log_context`` block (its own dict: nothing leaks)."""
    current = _context.get()
    if current is not None:  # outside any block: nowhere to put them
        current.update({k: v for k, v in values.items() if v is not None})


def current_context() -> dict[str, Any]:
    return dict(_context.get() or {})


class ContextFilter(logging.Filter):
    """Copies the current ``log_context`` onto the record (never overriding ``extra=``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        for key, value in (_context.get() or {}).items():
            if not hasattr(record, key):
                setattr(record, key, value)
        return True


class JsonFormatter(logging.Formatter):
    """``{"time", "level", "logger", "message", "match_id"?, "command_id"?, "exc"?, ...}``."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "pid": record.process,
        }
        for key in FIELDS:
            value = getattr(record, key, None)
            if value is not None:
                out[key] = value
        for key, value in record.__dict__.items():
            if key not in _STANDARD and not key.startswith("_"):
                out[key] = value if isinstance(value, str | int | float | bool) else repr(value)
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        if record.stack_info:
            out["stack"] = self.formatStack(record.stack_info)
        return json.dumps(out, ensure_ascii=False, default=str)


class PlainFormatter(logging.Formatter):
    """``LEVEL logger: message`` and, inside a ``log_context``, ``[match=… command=…]``."""

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        tags = [f"{k.split('_')[0]}={getattr(record, k)}" for k in FIELDS if hasattr(record, k)]
        return f"{text} [{' '.join(tags)}]" if tags else text


def logging_config(level: str, fmt: str) -> dict[str, Any]:
    """The ``LOGGING`` setting for ``LUDOTEKA_LOG_FORMAT`` ``plain`` or ``json``."""
    if fmt not in ("plain", "json"):
        raise ValueError(f"LUDOTEKA_LOG_FORMAT is plain or json, not {fmt!r}")
    formatter: dict[str, Any] = (
        {"()": "core.ops.logs.JsonFormatter"}
        if fmt == "json"
        else {"()": "core.ops.logs.PlainFormatter", "format": "%(levelname)s %(name)s: %(message)s"}
    )
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"context": {"()": "core.ops.logs.ContextFilter"}},
        "formatters": {"main": formatter},
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": "main",
                "filters": ["context"],
            }
        },
        "root": {"handlers": ["console"], "level": level},
    }


def log_format() -> str:
    return os.environ.get("LUDOTEKA_LOG_FORMAT", "plain").strip().lower() or "plain"
