"""Input fields that take a JSON body at its word: a string where the schema says string, a
number where it says integer, ``true``/``false`` where it says boolean.

DRF's own fields coerce (``0`` becomes ``"0"``, ``"3"`` becomes ``3``, ``"yes"`` becomes
``True``), so a body the OpenAPI schema calls invalid would be accepted. Query parameters are
strings by nature and keep DRF's integer and boolean parsing.
"""

from __future__ import annotations

from typing import Any

from django.core.validators import RegexValidator
from rest_framework import serializers

from core.api.schema import SOMETHING


class CharField(serializers.CharField):
    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class _SchemaPattern(RegexValidator):
    """A pattern the OpenAPI schema states (drf-spectacular reads a field's RegexValidators)
    and the service enforces, refusing with its own code."""

    def __call__(self, value: Any) -> None:
        return None


class TextField(CharField):
    """Text that must say something: the schema says ``pattern: SOMETHING`` (not only spaces). An
    empty one is refused here; one of spaces only reaches the service (no trimming here), which
    strips it and refuses it with its own code."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("trim_whitespace", False)
        super().__init__(**kwargs)
        self.validators.append(_SchemaPattern(SOMETHING))


class RegexField(serializers.RegexField):
    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class IntegerField(serializers.IntegerField):
    def to_internal_value(self, data: Any) -> int:
        integral_float = isinstance(data, float) and data.is_integer()
        if isinstance(data, bool) or not (isinstance(data, int) or integral_float):
            self.fail("invalid")
        return int(super().to_internal_value(data))


class BooleanField(serializers.BooleanField):
    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class QueryIntegerField(serializers.IntegerField):
    """An integer query parameter: ASCII digits (an optional minus) only. ``int()`` also reads
    other scripts' digits, and DRF's field a trailing ``.0``."""

    def to_internal_value(self, data: Any) -> int:
        text = data if isinstance(data, str) else ""
        digits = text[1:] if text.startswith("-") else text
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 20:
            self.fail("invalid")
        return int(super().to_internal_value(text))


class _BlankIsAValue:
    """A query parameter sent blank (``?status=``) is a value to check, not "no filter": DRF's
    form semantics read a blank field that is not required as absent."""

    field_name: str | None

    def get_value(self, dictionary: Any) -> Any:
        if self.field_name in dictionary:
            return dictionary[self.field_name]
        return serializers.empty


class QueryChoiceField(_BlankIsAValue, serializers.ChoiceField):
    """A choice in the query string: a blank one is a wrong choice."""


class QueryCharField(_BlankIsAValue, serializers.CharField):
    """An optional text filter in the query string: a blank one is refused."""


class QueryBooleanField(_BlankIsAValue, serializers.BooleanField):
    """A boolean filter in the query string: a blank one is no boolean."""


class QueryDateField(_BlankIsAValue, serializers.DateField):
    """A date filter in the query string (YYYY-MM-DD): a blank one is no date."""
