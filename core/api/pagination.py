"""Page-numbered lists: ``?page=`` (from 1) and ``?page_size=`` (1 to 100), both documented on
every list operation (``core.api.schema.document_pagination``). A page past the end is a 404
``not_found``, and so is one that is not a whole number (DRF's own reads a blank one as the
first); a page size that is not a whole number from 1 to 100 is a 400 (DRF's own falls back to
the default without a word, so a client's mistake would go unnoticed).
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.core.exceptions import ImproperlyConfigured
from django.db.models import Model, QuerySet
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.views import APIView

_Model = TypeVar("_Model", bound=Model)
_Row = TypeVar("_Row")


class Pagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 100

    def get_page_number(self, request: Any, paginator: Any) -> Any:
        raw = request.query_params.get(self.page_query_param)
        if raw is None:
            return 1
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 10:
            raise NotFound("Invalid page.")  # as DRF answers one past the last
        return raw

    def get_page_size(self, request: Any) -> int:
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            if self.page_size is None:  # DRF would then not page at all
                raise ImproperlyConfigured("REST_FRAMEWORK['PAGE_SIZE'] is not set.")
            return self.page_size
        size = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 4 else 0
        if not 1 <= size <= self.max_page_size:
            raise ValidationError(
                {"page_size": [f"A whole number from 1 to {self.max_page_size}."]}
            )
        return size

    def paginate_queryset(
        self, queryset: QuerySet[_Model, _Row], request: Request, view: APIView | None = None
    ) -> list[_Row]:
        """The page's rows; never None (DRF's None means "not paged", and a size is always set
        here: ``get_page_size`` answers one or refuses)."""
        rows = super().paginate_queryset(queryset, request, view)
        if rows is None:
            raise ImproperlyConfigured("Pagination gave no page size.")
        return rows
