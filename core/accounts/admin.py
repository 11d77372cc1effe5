from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from core.accounts.models import ApiToken, User, Vacation

admin.site.register(User, UserAdmin)


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    list_display = ["user", "starts_on", "ends_on", "days", "bank_year", "cancelled_at"]
    search_fields = ["user__username"]


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Devices logged in (the keys themselves are never stored): deleting one logs it out."""

    list_display = ["user", "client", "created_at", "last_used_at"]
    search_fields = ["user__username"]
    readonly_fields = ["user", "digest", "session_key", "client", "created_at", "last_used_at"]

    def has_add_permission(self, request: Any) -> bool:
        return False  # a token is made by logging in; one made here would have no key to give
