"""Accounts API, the account's own care: verifying the e-mail address, changing and resetting
the password, the devices logged in (tokens and sessions), export and deletion."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import logout, update_session_auth_hash
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle, SimpleRateThrottle
from rest_framework.views import APIView

from core.accounts.apis import client_of
from core.accounts.caller import signed_in
from core.accounts.email_address import email_resend, email_verify
from core.accounts.erasure import account_delete
from core.accounts.export import account_export
from core.accounts.models import ApiToken
from core.accounts.passwords import (
    password_change,
    password_reset_confirm,
    password_reset_request,
)
from core.accounts.tokens import token_issue, token_of_request, tokens_revoke
from core.api import fields as strict
from core.api.errors import ApiError
from core.api.pagination import Pagination
from core.api.schema import errors
from core.matches.apis import MatchSummaryOut, RatingChangeOut
from core.notifications.apis import NotificationPreferencesOut

# The defaults, and the view's ``throttle_scope`` (per user, or per address when anonymous).
SCOPED = [*APIView.throttle_classes, ScopedRateThrottle]


class _Link(serializers.Serializer[Any]):
    uid = strict.CharField(max_length=64, help_text="From the mailed link.")
    token = strict.CharField(max_length=64, help_text="From the mailed link.")


class EmailVerifyApi(APIView):
    """Follow the link mailed to a new address (no log-in needed: the link is the proof):
    the address becomes the account's, the only one mail goes to."""

    permission_classes = [AllowAny]
    throttle_classes = SCOPED
    throttle_scope = "account_link"

    class Input(_Link):
        class Meta:
            ref_name = "EmailVerifyInput"

    class Output(serializers.Serializer[Any]):
        class Meta:
            ref_name = "EmailVerifiedOut"

        email = serializers.CharField(help_text="The address now verified.")

    @extend_schema(request=Input, responses={200: Output}, extensions=errors("invalid_link"))
    def post(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        user = email_verify(**data.validated_data)
        return Response({"email": user.email})


class EmailResendApi(APIView):
    """Mail the verification link of the address waiting for it once more."""

    throttle_classes = SCOPED
    throttle_scope = "account_mail"

    @extend_schema(request=None, responses={202: None}, extensions=errors("no_pending_email"))
    def post(self, request: Request) -> Response:
        email_resend(user=signed_in(request))
        return Response(status=202)


class NewTokenOut(serializers.Serializer[Any]):
    token = serializers.CharField(help_text="This device's new API token.")


class PasswordChangeApi(APIView):
    """Change the password, giving the current one: every device is logged out (each API token
    and session of the account revoked), and this one gets a new token in the answer."""

    throttle_classes = SCOPED
    throttle_scope = "password_check"

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "PasswordChangeInput"

        current_password = strict.CharField(max_length=128)
        new_password = strict.CharField(min_length=8, max_length=128)

    @extend_schema(
        request=Input,
        responses={200: NewTokenOut},
        extensions=errors("wrong_password", "weak_password"),
    )
    def post(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        user = signed_in(request)
        password_change(
            user=user,
            current=data.validated_data["current_password"],
            new=data.validated_data["new_password"],
        )
        session_key = ""
        if isinstance(request.successful_authenticator, SessionAuthentication):
            update_session_auth_hash(request._request, user)  # this browser stays logged in
            session_key = request._request.session.session_key or ""
        key = token_issue(user=user, client=client_of(request), session_key=session_key)
        return Response({"token": key})


class EmailRateThrottle(SimpleRateThrottle):
    """Reset requests per address named (``password_reset_email``), whoever makes them: no
    flooding one mailbox."""

    scope = "password_reset_email"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        email = request.data.get("email") if isinstance(request.data, dict) else None
        if not isinstance(email, str) or not email.strip():
            return None
        return self.cache_format % {"scope": self.scope, "ident": email.strip().lower()[:254]}


class PasswordResetApi(APIView):
    """Forgot the password: a link to set a new one is mailed to the account whose verified
    address this is. The answer is the same 202 whether or not there is such an account."""

    permission_classes = [AllowAny]
    throttle_classes = [*SCOPED, EmailRateThrottle]
    throttle_scope = "password_reset"

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "PasswordResetInput"

        email = strict.CharField(max_length=254)

    @extend_schema(request=Input, responses={202: None}, extensions=errors())
    def post(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        password_reset_request(email=data.validated_data["email"])
        return Response(status=202)


class PasswordResetConfirmApi(APIView):
    """Set a new password with the mailed link (once, within ``LUDOTEKA_ACCOUNT_LINK_HOURS``):
    every device is logged out; log in with the new password."""

    permission_classes = [AllowAny]
    throttle_classes = SCOPED
    throttle_scope = "account_link"

    class Input(_Link):
        class Meta:
            ref_name = "PasswordResetConfirmInput"

        new_password = strict.CharField(min_length=8, max_length=128)

    @extend_schema(
        request=Input, responses={204: None}, extensions=errors("invalid_link", "weak_password")
    )
    def post(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        password_reset_confirm(
            uid=data.validated_data["uid"],
            token=data.validated_data["token"],
            new=data.validated_data["new_password"],
        )
        return Response(status=204)


class DeviceOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    client = serializers.CharField(help_text="The device's User-Agent when it logged in.")
    created_at = serializers.DateTimeField(help_text="When it logged in.")
    last_used_at = serializers.DateTimeField(help_text="Within the hour.")
    current = serializers.BooleanField(help_text="The device asking.")
    session = serializers.BooleanField(help_text="A browser session was opened with the token.")


class DevicePageOut(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = DeviceOut(many=True)


def _device_out(token: ApiToken, current: ApiToken | None) -> dict[str, Any]:
    return {
        "id": token.pk,
        "client": token.client,
        "created_at": token.created_at.isoformat(),
        "last_used_at": token.last_used_at.isoformat(),
        "current": current is not None and current.pk == token.pk,
        "session": bool(token.session_key),
    }


class DeviceListApi(APIView):
    """The devices logged in to this account, each with its own API token (and browser
    session), most recently used first."""

    @extend_schema(operation_id="devices_list", responses={200: DevicePageOut}, extensions=errors())
    def get(self, request: Request) -> Response:
        current = token_of_request(request)
        paginator = Pagination()
        page = paginator.paginate_queryset(
            ApiToken.objects.filter(user=signed_in(request)), request, view=self
        )
        return paginator.get_paginated_response([_device_out(t, current) for t in page])


class DeviceRevokeApi(APIView):
    """Log a device out: its token stops working (in this server process at once, in the others
    within ``LUDOTEKA_TOKEN_CACHE_SECONDS``) and its session ends."""

    @extend_schema(request=None, responses={204: None}, extensions=errors("device_not_found"))
    def delete(self, request: Request, device_id: int) -> Response:
        if not tokens_revoke(user=signed_in(request), ids=[device_id]):
            raise ApiError(404, "device_not_found", f"You have no device {device_id}.")
        if device_id == getattr(token_of_request(request), "pk", None):
            logout(request._request)
        return Response(status=204)


class RevokedOut(serializers.Serializer[Any]):
    revoked = serializers.IntegerField(help_text="Devices logged out.")


class DeviceRevokeOthersApi(APIView):
    """Log out every other device: only the one asking stays logged in."""

    @extend_schema(request=None, responses={200: RevokedOut}, extensions=errors())
    def post(self, request: Request) -> Response:
        keep = token_of_request(request)
        return Response({"revoked": tokens_revoke(user=signed_in(request), keep=keep)})


class ProfileExportOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    username = serializers.CharField()
    display_name = serializers.CharField(allow_blank=True)
    email = serializers.CharField(allow_blank=True)
    pending_email = serializers.CharField(allow_blank=True)
    language = serializers.CharField()
    date_joined = serializers.DateTimeField(allow_null=True)
    last_login = serializers.DateTimeField(allow_null=True)


class PushSubscriptionExportOut(serializers.Serializer[Any]):
    endpoint = serializers.CharField()
    user_agent = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField(allow_null=True)


class DeviceExportOut(serializers.Serializer[Any]):
    client = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField(allow_null=True)
    last_used_at = serializers.DateTimeField(allow_null=True)


class VacationExportOut(serializers.Serializer[Any]):
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    days = serializers.IntegerField()
    cancelled_at = serializers.DateTimeField(allow_null=True)


class RatingExportOut(serializers.Serializer[Any]):
    game = serializers.CharField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    matches_played = serializers.IntegerField()


class ChatLineOut(serializers.Serializer[Any]):
    text = serializers.CharField()
    at = serializers.DateTimeField()


class MatchExportOut(MatchSummaryOut):
    my_seat = serializers.IntegerField(allow_null=True, help_text="The seat that was yours.")
    my_chat = ChatLineOut(many=True, help_text="Your own chat lines in the match.")
    rating_changes = RatingChangeOut(many=True, required=False, help_text="A finished match's.")


class ExportApi(APIView):
    """Everything the account holds, as one JSON document to download: the profile,
    preferences, devices, vacations, ratings, and each match played as its public record with
    the player's own chat lines."""

    throttle_classes = SCOPED
    throttle_scope = "account_export"

    class Output(serializers.Serializer[Any]):
        class Meta:
            ref_name = "AccountExportOut"

        format = serializers.ChoiceField(choices=["ludoteka-account"])
        format_version = serializers.IntegerField()
        exported_at = serializers.DateTimeField()
        profile = ProfileExportOut()
        notification_preferences = NotificationPreferencesOut()
        push_subscriptions = PushSubscriptionExportOut(many=True)
        devices = DeviceExportOut(many=True)
        vacations = VacationExportOut(many=True)
        ratings = RatingExportOut(many=True)
        matches = MatchExportOut(many=True)

    @extend_schema(responses={200: Output}, extensions=errors())
    def get(self, request: Request) -> Response:
        data = account_export(user=signed_in(request))
        response = Response(data)
        response["Content-Disposition"] = (
            f'attachment; filename="ludoteka-{request.user.username}.json"'
        )
        return response


class AccountDeleteApi(APIView):
    """Delete the account, confirmed with the password: matches still running are resigned,
    lobbies left, tournaments withdrawn from; the personal data goes; past matches keep their
    records, the seat reading "deleted player". Cannot be undone."""

    throttle_classes = SCOPED
    throttle_scope = "password_check"

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "AccountDeleteInput"

        password = strict.CharField(max_length=128)

    @extend_schema(
        request=Input, responses={204: None}, extensions=errors("wrong_password", "account_deleted")
    )
    def post(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        account_delete(user=signed_in(request), password=data.validated_data["password"])
        logout(request._request)
        return Response(status=204)
