"""Notifications API: the in-app list (read/unread) and marking read."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.pagination import Pagination
from core.notifications import selectors, services


class NotificationListApi(APIView):
    class Filters(serializers.Serializer):
        class Meta:
            ref_name = "NotificationListFilters"

        unread = serializers.BooleanField(required=False, default=False)

    @extend_schema(parameters=[Filters], responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        filters = self.Filters(data=request.query_params)
        filters.is_valid(raise_exception=True)
        qs = selectors.notification_list(user=request.user, **filters.validated_data)
        paginator = Pagination()
        page = paginator.paginate_queryset(qs, request, view=self)
        response = paginator.get_paginated_response([selectors.notification_out(n) for n in page])
        response.data["unread"] = selectors.notification_unread_count(user=request.user)
        return response


class NotificationReadApi(APIView):
    class Input(serializers.Serializer):
        class Meta:
            ref_name = "NotificationReadInput"

        ids = serializers.ListField(
            child=serializers.IntegerField(min_value=1), required=False, max_length=500
        )
        all = serializers.BooleanField(required=False, default=False)

    @extend_schema(request=Input, responses={200: OpenApiTypes.OBJECT})
    def post(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        if not v["all"] and "ids" not in v:
            from core.api.errors import ApiError

            raise ApiError(400, "invalid_input", "Give the ids to mark read, or all: true.")
        changed = services.notification_mark_read(
            user=request.user, ids=None if v["all"] else v["ids"]
        )
        return Response(
            {"marked": changed, "unread": selectors.notification_unread_count(user=request.user)}
        )


class NotificationPreferencesApi(APIView):
    class Input(serializers.Serializer):
        class Meta:
            ref_name = "NotificationPreferencesInput"

        email = serializers.ListField(child=serializers.CharField(max_length=24), max_length=20)

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        return Response({"email": selectors.notification_email_kinds(user=request.user)})

    @extend_schema(request=Input, responses={200: OpenApiTypes.OBJECT})
    def put(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        kinds = services.notification_set_preferences(
            user=request.user, email_kinds=data.validated_data["email"]
        )
        return Response({"email": kinds})
