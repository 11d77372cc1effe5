"""Tournaments in the admin: the read models to browse, the event stream read-only (as the
database keeps it). Changes go through the services, which record them as events, so nothing
here edits a row: the one action runs what is due (``tournament_advance``, as the sweep would)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.utils.html import format_html, format_html_join

from core.eventstore.hashing import canonical_json
from core.eventstore.models import Event
from core.tournaments.models import STREAM_KIND, Entrant, Tournament, TournamentMatch
from core.tournaments.services import tournament_advance


class _ReadOnly:
    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False


class EntrantInline(_ReadOnly, admin.TabularInline):
    model = Entrant
    extra = 0
    fields = readonly_fields = (
        "number",
        "name",
        "user",
        "bot_level",
        "seed",
        "withdrawn",
        "registered_at",
    )


class TournamentMatchInline(_ReadOnly, admin.TabularInline):
    model = TournamentMatch
    extra = 0
    fields = readonly_fields = ("round", "table", "match", "seats", "result_recorded")


@admin.register(Tournament)
class TournamentAdmin(_ReadOnly, admin.ModelAdmin):
    list_display = ["id", "name", "game", "format", "status", "round", "entrant_count", "private"]
    list_filter = ["status", "format", "game", "private"]
    search_fields = ["id", "name", "organiser__username"]
    readonly_fields = [
        "name",
        "game",
        "format",
        "players_per_table",
        "private",
        "organiser",
        "status",
        "round",
        "round_finished",
        "round_deadline",
        "starts_at",
        "entrant_count",
        "config",
        "standings",
        "version",
        "head_hash",
        "created_at",
        "started_at",
        "finished_at",
        "events",
    ]
    inlines = [EntrantInline, TournamentMatchInline]
    actions = ["run_what_is_due"]

    @admin.display(description="Events")
    def events(self, tournament: Tournament) -> str:
        """The tournament's stream in the event store, oldest first."""
        rows = Event.objects.of(STREAM_KIND, tournament.pk).order_by("seq")
        lines = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>",
            (
                (e.seq, e.created_at, e.type, e.actor, canonical_json(e.payload))
                for e in rows.iterator()
            ),
        )
        return format_html("<table>{}</table>", lines)

    @admin.action(description="Run what is due now (results, round deadline, next round)")
    def run_what_is_due(self, request: Any, queryset: Any) -> None:
        for tournament in queryset:
            outcome = tournament_advance(tournament_id=tournament.pk)
            self.message_user(request, f"{tournament}: {outcome}")
