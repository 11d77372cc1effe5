"""The admin's face of inspection: the match list with its filters and an Inspect link, the
inspection page (``/admin/matches/match/<id>/inspect/``), and the audit log (read-only).

The page is rendered here from the same selectors as the staff API; its time travel, verify
and action buttons call that API (``/api/staff/...``) with the admin session.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from core.admin_inspect import actions, inspection
from core.admin_inspect.models import AuditEntry
from core.api.errors import ApiError
from core.matches.admin import MatchAdmin
from core.matches.models import Match
from core.tournaments.models import Tournament


class PlayerFilter(admin.SimpleListFilter):
    """``?player=<user name>``: the matches where that user has a seat (linked from the
    inspection page; the search box finds players by part of their name)."""

    title = "player"
    parameter_name = "player"

    def lookups(self, request: Any, model_admin: Any) -> list[tuple[str, str]]:
        value = self.value()
        return [(value, value)] if value else []

    def queryset(self, request: Any, queryset: QuerySet[Match]) -> QuerySet[Match]:
        value = self.value()
        return queryset.filter(seats__user__username__iexact=value) if value else queryset


class TournamentFilter(admin.SimpleListFilter):
    title = "tournament"
    parameter_name = "tournament"

    def lookups(self, request: Any, model_admin: Any) -> list[tuple[str, str]]:
        recent = Tournament.objects.order_by("-pk").values_list("pk", "name")[:30]
        return [("none", "(not in a tournament)")] + [(str(pk), f"#{pk} {n}") for pk, n in recent]

    def queryset(self, request: Any, queryset: QuerySet[Match]) -> QuerySet[Match]:
        value = self.value()
        if value == "none":
            return queryset.filter(tournament_table__isnull=True)
        if value and value.isdecimal():
            return queryset.filter(tournament_table__tournament_id=int(value))
        return queryset


admin.site.unregister(Match)


@admin.register(Match)
class InspectableMatchAdmin(MatchAdmin):
    list_display = [
        "id",
        "game",
        "players",
        "status",
        "version",
        "created_at",
        "updated_at",
        "inspect",
    ]
    list_filter = ["game", "status", "visibility", "created_at", PlayerFilter, TournamentFilter]
    search_fields = ["=id", "seats__user__username", "seats__user__display_name"]
    date_hierarchy = "created_at"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Match]:
        return super().get_queryset(request).prefetch_related("seats__user")

    @admin.display(description="players")
    def players(self, match: Match) -> str:
        return ", ".join(inspection.staff_match_row(match)["players"])

    @admin.display(description="")
    def inspect(self, match: Match) -> str:
        url = reverse("admin:matches_match_inspect", args=[match.pk])
        return format_html('<a href="{}">Inspect</a>', url)

    def get_search_results(self, request: Any, queryset: Any, search_term: str) -> Any:
        return super().get_search_results(request, queryset, search_term.strip().lstrip("#"))

    def get_urls(self) -> list[Any]:
        own = [
            path(
                "<int:object_id>/inspect/",
                self.admin_site.admin_view(self.inspect_view),
                name="matches_match_inspect",
            )
        ]
        return own + super().get_urls()

    def inspect_view(self, request: HttpRequest, object_id: int) -> HttpResponse:
        try:
            actions.check_staff(request.user)
            match = inspection.staff_match_get(object_id)
        except ApiError as err:
            if err.status_code == 404:
                raise Http404(err.message) from err
            raise PermissionDenied(err.message) from err
        detail = inspection.staff_match_detail(match)
        events = inspection.staff_match_events(match)
        for e in events:
            e["payload_json"] = json.dumps(e["payload"], ensure_ascii=False, indent=1)
            e["seen"] = " ".join(
                f"{who}:{what[0]}" for who, what in e["visible_to"].items() if what != "full"
            )
        allowed = {
            action: request.user.has_perm(perm) for action, perm in actions.PERMISSIONS.items()
        }
        context = {
            **self.admin_site.each_context(request),
            "title": f"Inspect {match.game} #{match.pk}",
            "opts": self.model._meta,
            "match": match,
            "detail": detail,
            "detail_json": json.dumps(detail, ensure_ascii=False, indent=1),
            "events": events,
            "seats": range(match.n_players),
            "audit": AuditEntry.objects.filter(match=match)[:50],
            "can": {str(k): v for k, v in allowed.items()},
            "api": f"/api/staff/matches/{match.pk}",
        }
        return TemplateResponse(request, "admin_inspect/match_inspect.html", context)


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["created_at", "username", "action", "match", "seq", "reason"]
    list_filter = ["action"]
    search_fields = ["username", "=match__id", "reason"]
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False
