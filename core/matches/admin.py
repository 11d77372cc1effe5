from __future__ import annotations

from typing import Any

from django.contrib import admin

from core.matches.models import ChatMessage, Match, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = readonly_fields = (
        "index",
        "kind",
        "user",
        "bot_level",
        "accepted",
        "status",
        "to_move",
        "rank",
        "score",
    )


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "n_players", "status", "version", "updated_at"]
    list_filter = ["game", "status"]
    search_fields = ["id", "seats__user__username"]
    readonly_fields = ["version", "head_hash", "snapshot_version", "rules_version", "outcome"]
    exclude = ["secret_seed"]
    inlines = [SeatInline]


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ["match", "user", "text", "created_at"]

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False
