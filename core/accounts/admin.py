from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from core.accounts.models import User, Vacation

admin.site.register(User, UserAdmin)


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    list_display = ["user", "starts_on", "ends_on", "days", "bank_year", "cancelled_at"]
    search_fields = ["user__username"]
