"""Notifications API: the in-app list (read/unread) and marking read."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.http import HttpResponseRedirect
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.accounts.caller import signed_in
from core.accounts.models import User
from core.api import fields as strict
from core.api.errors import ApiError
from core.api.pagination import Pagination
from core.api.schema import errors
from core.notifications import email, selectors, services
from core.notifications.models import Kind, Mode
from core.notifications.preferences import (
    email_unsubscribe,
    preferences_update,
    webhook_secret_rotate,
)
from core.notifications.webhooks import webhook_check_url


class NotificationTextsOut(serializers.Serializer[Any]):
    en = serializers.CharField()
    cs = serializers.CharField()


class NotificationOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Kind.choices)
    match = serializers.IntegerField(allow_null=True)
    payload = serializers.DictField(help_text="Kind-specific.")
    title = NotificationTextsOut(help_text="What push and e-mail say, in both languages.")
    body = NotificationTextsOut(help_text="One sentence: the game, the players, what happened.")
    created_at = serializers.DateTimeField()
    read = serializers.BooleanField()


class NotificationPageOut(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = NotificationOut(many=True)
    unread = serializers.IntegerField(help_text="Unread notifications in all.")


class NotificationsMarkedOut(serializers.Serializer[Any]):
    marked = serializers.IntegerField(help_text="Notifications marked read by this request.")
    unread = serializers.IntegerField(help_text="Unread notifications left.")


class QuietHoursOut(serializers.Serializer[Any]):
    start = serializers.CharField(help_text="HH:MM, local time.")
    end = serializers.CharField(help_text="HH:MM, local time.")


class WebhookOut(serializers.Serializer[Any]):
    url = serializers.CharField(allow_blank=True)
    secret = serializers.CharField(allow_blank=True, help_text="Signs each delivery.")


class NotificationPreferencesOut(serializers.Serializer[Any]):
    channels = serializers.DictField(
        child=serializers.DictField(child=serializers.ChoiceField(choices=Mode.choices)),
        help_text="Per channel (push, email, webhook), per kind, a mode.",
    )
    timezone = serializers.CharField()
    quiet_hours = QuietHoursOut(allow_null=True)
    digest_hour = serializers.IntegerField()
    webhook = WebhookOut()
    kinds = serializers.ListField(child=serializers.ChoiceField(choices=Kind.choices))
    modes = serializers.ListField(child=serializers.ChoiceField(choices=Mode.choices))


class NotificationListApi(APIView):
    class Filters(serializers.Serializer[Any]):
        class Meta:
            ref_name = "NotificationListFilters"

        unread = strict.QueryBooleanField(required=False, default=False)

    @extend_schema(parameters=[Filters], responses={200: NotificationPageOut}, extensions=errors())
    def get(self, request: Request) -> Response:
        filters = self.Filters(data=request.query_params)
        filters.is_valid(raise_exception=True)
        qs = selectors.notification_list(user=signed_in(request), **filters.validated_data)
        paginator = Pagination()
        page = paginator.paginate_queryset(qs, request, view=self)
        response = paginator.get_paginated_response(selectors.notifications_out(page or []))
        response.data["unread"] = selectors.notification_unread_count(user=signed_in(request))
        return response


class NotificationReadApi(APIView):
    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "NotificationReadInput"

        ids = serializers.ListField(
            # Ids are 64-bit: a bigger number is no id (and would overflow the database).
            child=strict.IntegerField(min_value=1, max_value=2**63 - 1),
            required=False,
            max_length=500,
        )
        all = strict.BooleanField(required=False, default=False)

    @extend_schema(request=Input, responses={200: NotificationsMarkedOut}, extensions=errors())
    def post(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        # Neither ids nor all: true marks nothing (the schema calls that body valid).
        changed = services.notification_mark_read(
            user=signed_in(request), ids=None if v["all"] else v.get("ids", [])
        )
        return Response(
            {
                "marked": changed,
                "unread": selectors.notification_unread_count(user=signed_in(request)),
            }
        )


class QuietHoursIn(serializers.Serializer[Any]):
    start = strict.CharField(max_length=8, help_text="HH:MM, local time.")
    end = strict.CharField(max_length=8, help_text="HH:MM, local time.")


_PREFERENCE_ERRORS = errors(
    "unknown_channel",
    "unknown_notification_kind",
    "unknown_notification_mode",
    "unknown_timezone",
    "invalid_quiet_hours",
    "invalid_digest_hour",
    "webhook_url_missing",
    "invalid_webhook_url",
)


class NotificationPreferencesApi(APIView):
    """Per channel (push, email, webhook) and kind, a mode: off, always, only when I am not
    looking at the match (not_looking), or the daily digest. Also the time zone, quiet hours
    (push and webhooks wait until they end), the digest hour and the webhook URL. PUT and PATCH
    both change only the fields given."""

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "NotificationPreferencesInput"

        channels = serializers.DictField(
            child=serializers.DictField(child=strict.CharField(max_length=24)),
            required=False,
        )
        timezone = strict.CharField(max_length=64, required=False)
        quiet_hours = QuietHoursIn(required=False, allow_null=True, help_text="null: none.")
        digest_hour = strict.IntegerField(required=False, help_text="0 to 23.")
        webhook_url = strict.CharField(max_length=500, required=False, allow_blank=True)

    @extend_schema(responses={200: NotificationPreferencesOut}, extensions=errors())
    def get(self, request: Request) -> Response:
        return Response(selectors.notification_preferences(user=signed_in(request)))

    @extend_schema(
        request=Input,
        responses={200: NotificationPreferencesOut},
        extensions=_PREFERENCE_ERRORS,
    )
    def patch(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        preferences_update(
            user=signed_in(request), changes=data.validated_data, check_url=webhook_check_url
        )
        return Response(selectors.notification_preferences(user=signed_in(request)))

    @extend_schema(
        request=Input,
        responses={200: NotificationPreferencesOut},
        extensions=_PREFERENCE_ERRORS,
    )
    def put(self, request: Request) -> Response:
        return self.patch(request)


class WebhookSecretApi(APIView):
    """A new signing secret for the player's webhook (the old one stops working at once)."""

    @extend_schema(request=None, responses={200: WebhookOut}, extensions=errors())
    def post(self, request: Request) -> Response:
        webhook_secret_rotate(user=signed_in(request))
        return Response(selectors.notification_preferences(user=signed_in(request))["webhook"])


class UnsubscribeApi(APIView):
    """One-click unsubscribe (RFC 8058) from the e-mails of one kind, or from the daily
    digest: the ``List-Unsubscribe`` URL of every notification e-mail. No log-in: the signed
    ``token`` is the proof. A mail client POSTs to it (any body, which is not read); a person
    who opens it (GET) is sent to the app's page that asks first."""

    permission_classes = [AllowAny]

    class Filters(serializers.Serializer[Any]):
        class Meta:
            ref_name = "UnsubscribeFilters"

        token = strict.CharField(max_length=300, help_text="From the e-mail's link.")

    class Output(serializers.Serializer[Any]):
        class Meta:
            ref_name = "UnsubscribedOut"

        channel = serializers.ChoiceField(choices=["email"])
        kinds = serializers.ListField(
            child=serializers.ChoiceField(choices=Kind.choices),
            help_text="The kinds whose e-mail is now off (none: it already was).",
        )

    def _user_and_kind(self, request: Request) -> tuple[User, str]:
        filters = self.Filters(data=request.query_params)
        filters.is_valid(raise_exception=True)
        found = email.unsubscribe_read(filters.validated_data["token"])
        user = None
        if found is not None:
            user = User.objects.filter(pk=found[0], deleted_at__isnull=True).first()
        if user is None:
            raise ApiError(422, "invalid_link", "This unsubscribe link is not one of ours.")
        return user, found[1]  # type: ignore[index]

    @extend_schema(
        operation_id="notifications_unsubscribe_page",
        parameters=[Filters],
        responses={303: OpenApiResponse(description="To the app's unsubscribe page.")},
        extensions=errors("invalid_link"),
    )
    def get(self, request: Request) -> HttpResponseRedirect:
        self._user_and_kind(request)
        token = urlencode({"token": request.query_params.get("token", "")})
        response = HttpResponseRedirect(f"/unsubscribe?{token}")
        response.status_code = 303
        return response

    @extend_schema(
        parameters=[Filters],
        request=None,
        responses={200: Output},
        extensions=errors("invalid_link"),
    )
    def post(self, request: Request) -> Response:
        user, kind = self._user_and_kind(request)
        return Response({"channel": "email", "kinds": email_unsubscribe(user=user, kind=kind)})
