from django.contrib import admin

from core.ratings.models import Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["user", "game", "ordinal", "mu", "sigma", "matches_played", "updated_at"]
    list_filter = ["game"]
    search_fields = ["user__username"]


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ["match", "user", "rank", "ordinal_before", "ordinal_after", "created_at"]
    search_fields = ["user__username"]
