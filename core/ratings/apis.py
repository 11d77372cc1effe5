"""Ratings API: a game's leaderboard and one player's ratings."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import fields as strict
from core.api.pagination import Pagination
from core.api.schema import errors
from core.ratings import selectors


class RatingOut(serializers.Serializer[Any]):
    user = serializers.CharField()
    name = serializers.CharField()
    game = serializers.CharField()
    rating = serializers.FloatField(help_text="mu - 3 sigma, rounded to 2 places.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    matches_played = serializers.IntegerField()
    updated_at = serializers.DateTimeField()


class RatingRowOut(RatingOut):
    position = serializers.IntegerField(help_text="1 for the best.")


class RatingPageOut(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = RatingRowOut(many=True)


class UserRatingsOut(serializers.Serializer[Any]):
    results = RatingOut(many=True)


class RatingListApi(APIView):
    """``?game=<slug>``: the game's players, best first (by ``rating``, mu - 3 sigma)."""

    class Filters(serializers.Serializer[Any]):
        class Meta:
            ref_name = "RatingListFilters"

        game = strict.CharField(max_length=32)

    @extend_schema(
        operation_id="ratings_list",
        parameters=[Filters],
        responses={200: RatingPageOut},
        extensions=errors("unknown_game"),
    )
    def get(self, request: Request) -> Response:
        filters = self.Filters(data=request.query_params)
        filters.is_valid(raise_exception=True)
        qs = selectors.rating_leaderboard(game=filters.validated_data["game"])
        paginator = Pagination()
        page = paginator.paginate_queryset(qs, request, view=self)
        first = paginator.page.start_index() if paginator.page and page else 1
        rows = [{"position": first + i, **selectors.rating_out(r)} for i, r in enumerate(page)]
        return paginator.get_paginated_response(rows)


class UserRatingsApi(APIView):
    @extend_schema(
        operation_id="user_ratings",
        responses={200: UserRatingsOut},
        extensions=errors("user_not_found"),
    )
    def get(self, request: Request, username: str) -> Response:
        ratings = selectors.user_ratings(username=username)
        return Response({"results": [selectors.rating_out(r) for r in ratings]})
