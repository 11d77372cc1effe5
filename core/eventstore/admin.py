"""Events are shown, never edited: the admin is read-only here as the database is."""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from core.eventstore.models import Event


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):  # not subscriptable at run time: bare (pyproject.toml)
    list_display = ["stream_kind", "stream_key", "seq", "type", "actor", "created_at"]
    list_filter = ["stream_kind", "type"]
    search_fields = ["=stream_key"]
    ordering = ["stream_kind", "stream_key", "seq"]

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False
