"""The kinds of stream the store holds, each registered by the app that owns it.

A stream's head (its ``version`` and ``head_hash``) is a column pair of the row that owns the
stream (a match's, a tournament's), moved by the store with a compare-and-set in the statement
that appends: the owner's row is what every writer of that stream already locks, and a reader of
the owner gets its version without a join. The store learns the owner's table here, from the
app's ``AppConfig.ready``, and so imports no app.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models


@dataclass(frozen=True)
class StreamKind:
    name: str  # the stream's kind, as stored (``Event.stream_kind``) and hashed
    head: type[models.Model]  # the owner: columns ``version``, ``head_hash``, ``updated_at``

    @property
    def table(self) -> str:
        return self.head._meta.db_table


_BY_NAME: dict[str, StreamKind] = {}
_BY_MODEL: dict[type[models.Model], StreamKind] = {}


def register(name: str, head: type[models.Model]) -> StreamKind:
    """Make ``head``'s rows the owners of the streams of kind ``name``; returns the kind."""
    kind = StreamKind(name, head)
    known = _BY_NAME.get(name)
    if known is not None and known != kind:
        raise ValueError(f"stream kind {name!r} is already owned by {known.head.__name__}")
    _BY_NAME[name] = kind
    _BY_MODEL[head] = kind
    return kind


def named(name: str) -> StreamKind:
    try:
        return _BY_NAME[name]
    except KeyError:
        raise LookupError(f"no stream kind {name!r} is registered") from None


def of(owner: models.Model) -> StreamKind:
    """The kind of the streams ``owner`` (a registered model's instance) heads."""
    kind = _BY_MODEL.get(type(owner))
    if kind is None:
        kind = _BY_MODEL.get(owner._meta.concrete_model)  # type: ignore[arg-type]
        if kind is None:
            raise LookupError(f"{type(owner).__name__} heads no registered stream kind")
    return kind
