"""Accounts API: register, log in (token and session), log out, profile, vacations; the
e-mail address, passwords, devices, export and deletion live in ``account_apis.py``."""

from __future__ import annotations

from typing import Any

from axes.helpers import get_cool_off
from django.contrib.auth import authenticate, login, logout
from django.contrib.auth.password_validation import password_validators_help_texts
from django.db import transaction
from django.utils import timezone, translation
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import Throttled
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle, SimpleRateThrottle
from rest_framework.views import APIView

from core.accounts.caller import signed_in
from core.accounts.email_address import email_set
from core.accounts.models import User, Vacation
from core.accounts.selectors import vacation_days_left, vacation_list
from core.accounts.services import (
    user_register,
    user_token,
    user_update_profile,
    vacation_declare,
)
from core.accounts.tokens import token_of_request, tokens_revoke
from core.api import fields as strict
from core.api.errors import ApiError
from core.api.origin import check_origin
from core.api.pagination import Pagination
from core.api.schema import errors
from core.matches.deadlines import user_end_vacation


class UserOut(serializers.ModelSerializer[User]):
    email = serializers.CharField(
        help_text="The verified address, the only one mail goes to; empty: none."
    )
    pending_email = serializers.CharField(
        help_text="An address waiting for its mailed link to be followed; empty: none."
    )

    class Meta:
        model = User
        fields = ["id", "username", "display_name", "language", "email", "pending_email"]


def client_of(request: Request) -> str:
    """The device, as the player will recognise it in their list: its User-Agent."""
    agent = request.META.get("HTTP_USER_AGENT", "")
    return agent if isinstance(agent, str) else ""


class EmailChangeThrottle(SimpleRateThrottle):
    """Verification mails asked by a user (``account_mail``): a PATCH that names an address."""

    scope = "account_mail"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        if not isinstance(request.data, dict) or "email" not in request.data:
            return None
        if not request.user or not request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class UsernameRateThrottle(SimpleRateThrottle):
    """Registration attempts per requested user name, whoever makes them."""

    scope = "register_name"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        name = request.data.get("username") if isinstance(request.data, dict) else None
        if not isinstance(name, str) or not name:
            return None
        return self.cache_format % {"scope": self.scope, "ident": name.lower()[:150]}


class RegisterApi(APIView):
    """Per address (``register``) and per requested user name (``register_name``) throttles;
    a foreign page cannot register in a visitor's browser (core.api.origin)."""

    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle, UsernameRateThrottle]
    throttle_scope = "register"

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "RegisterInput"

        username = strict.RegexField(r"^[A-Za-z0-9_.-]{3,30}$", max_length=30)
        password = strict.CharField(min_length=8, max_length=128)
        display_name = strict.CharField(max_length=40, required=False, allow_blank=True)
        language = serializers.ChoiceField(choices=User.Language.choices, required=False)
        email = strict.CharField(
            max_length=254,
            required=False,
            allow_blank=True,
            help_text="Optional: a link to verify it is mailed there.",
        )

    @extend_schema(
        request=Input,
        responses={201: UserOut},
        extensions=errors("foreign_origin", "username_taken", "weak_password", "invalid_email"),
    )
    def post(self, request: Request) -> Response:
        check_origin(request)
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        address = fields.pop("email", "")
        with transaction.atomic():
            user = user_register(**fields)
            if address:
                email_set(user=user, address=address)
            key = user_token(user=user, client=client_of(request))
        return Response({**UserOut(user).data, "token": key}, status=201)


class PasswordRulesOut(serializers.Serializer[Any]):
    en = serializers.ListField(child=serializers.CharField())
    cs = serializers.ListField(child=serializers.CharField())


class PasswordRulesApi(APIView):
    """What a new password must be, in both languages (the password validators' own words), so
    the registration form can say it before a refusal does."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: PasswordRulesOut}, extensions=errors())
    def get(self, request: Request) -> Response:
        rules = {}
        for lang in ("en", "cs"):
            with translation.override(lang):
                # A validator with nothing to say (the one that revokes tokens) adds no rule.
                rules[lang] = [str(t) for t in password_validators_help_texts() if str(t)]
        return Response(rules)


class LoginApi(APIView):
    """Log in with user name and password: returns an API token and sets a session cookie (and
    the ``csrftoken`` cookie a session client sends back in ``X-CSRFToken`` on writes).

    Failed attempts are counted per account and per address (django-axes): past the limit, 429
    with ``Retry-After`` until the cool-off ends, whatever the password."""

    permission_classes = [AllowAny]

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "LoginInput"

        username = strict.CharField(max_length=150)
        password = strict.CharField(max_length=128)

    @extend_schema(
        request=Input,
        responses={200: UserOut},
        extensions=errors("foreign_origin", "bad_credentials"),
    )
    def post(self, request: Request) -> Response:
        check_origin(request)
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate(request._request, **data.validated_data)
        if getattr(request._request, "axes_locked_out", False):
            cool_off = get_cool_off(request._request)
            wait = int(cool_off.total_seconds()) if cool_off else 900
            raise Throttled(wait=wait, detail="Too many failed log-ins.")
        if user is None:
            raise ApiError(401, "bad_credentials", "The user name or password is wrong.")
        login(request._request, user)
        key = user_token(
            user=user,
            client=client_of(request),
            session_key=request._request.session.session_key or "",
        )
        return Response({**UserOut(user).data, "token": key})


class LogoutApi(APIView):
    """Log out this device: the token the request came with (or its session's log-in) stops
    working, and the session ends. Other devices stay logged in."""

    @extend_schema(request=None, responses={204: None}, extensions=errors())
    def post(self, request: Request) -> Response:
        current = token_of_request(request)
        if current is not None:
            tokens_revoke(user=signed_in(request), ids=[current.pk])
        logout(request._request)
        return Response(status=204)


class MeApi(APIView):
    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "MeInput"

        display_name = strict.CharField(max_length=40, required=False, allow_blank=True)
        language = serializers.ChoiceField(choices=User.Language.choices, required=False)
        email = strict.CharField(
            max_length=254,
            required=False,
            allow_blank=True,
            help_text="A new address waits in pending_email until its mailed link is followed "
            "(the verified one keeps working meanwhile); empty removes both.",
        )

    throttle_classes = [*APIView.throttle_classes, EmailChangeThrottle]

    @extend_schema(responses={200: UserOut}, extensions=errors())
    def get(self, request: Request) -> Response:
        # Read afresh: a token's user is cached per process (core/hotlane/tokens.py), and a
        # change made through another server process must show here at once.
        return Response(UserOut(User.objects.get(pk=signed_in(request).pk)).data)

    @extend_schema(request=Input, responses={200: UserOut}, extensions=errors("invalid_email"))
    def patch(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        with transaction.atomic():
            user = User.objects.select_for_update().get(pk=signed_in(request).pk)
            user = user_update_profile(
                user=user,
                display_name=data.validated_data.get("display_name"),
                language=data.validated_data.get("language"),
            )
            if "email" in data.validated_data:
                user = email_set(user=user, address=data.validated_data["email"])
        return Response(UserOut(user).data)


class VacationOut(serializers.ModelSerializer[Vacation]):
    class Meta:
        model = Vacation
        fields = ["id", "starts_on", "ends_on", "days", "created_at", "cancelled_at"]


class VacationPageOut(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = VacationOut(many=True)
    days_left = serializers.IntegerField(help_text="Vacation days left in this year's bank.")


class VacationDeclaredOut(VacationOut):
    days_left = serializers.IntegerField(help_text="Vacation days left in this year's bank.")

    class Meta(VacationOut.Meta):
        fields = [*VacationOut.Meta.fields, "days_left"]


class VacationEndedOut(VacationDeclaredOut):
    refunded = serializers.IntegerField(help_text="Unused days put back in the bank.")

    class Meta(VacationOut.Meta):
        fields = [*VacationDeclaredOut.Meta.fields, "refunded"]


def _days_left(user: User) -> int:
    fresh = User.objects.get(pk=user.pk)
    return vacation_days_left(user=fresh, year=timezone.now().year)


class VacationListApi(APIView):
    """The current user's vacations, newest first, and what is left in this year's bank;
    POST declares one (whole days, ``starts_on`` to ``ends_on`` inclusive)."""

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "VacationInput"

        starts_on = serializers.DateField()
        ends_on = serializers.DateField()

    @extend_schema(
        operation_id="vacations_list", responses={200: VacationPageOut}, extensions=errors()
    )
    def get(self, request: Request) -> Response:
        paginator = Pagination()
        page = paginator.paginate_queryset(
            vacation_list(user=signed_in(request)), request, view=self
        )
        response = paginator.get_paginated_response(VacationOut(page, many=True).data)
        response.data["days_left"] = _days_left(signed_in(request))
        return response

    @extend_schema(
        request=Input,
        responses={201: VacationDeclaredOut},
        extensions=errors(
            "vacation_in_the_past",
            "vacation_ends_before_start",
            "vacation_too_long",
            "vacation_overlap",
            "not_enough_vacation_days",
        ),
    )
    def post(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        vacation = vacation_declare(user=signed_in(request), **data.validated_data)
        out = {**VacationOut(vacation).data, "days_left": _days_left(signed_in(request))}
        return Response(out, status=201)


class VacationEndApi(APIView):
    """Cancel a vacation not yet begun, or end today one under way: the unused days go back to
    the bank, and deadlines it moved come back by as many days."""

    @extend_schema(
        request=None,
        responses={200: VacationEndedOut},
        extensions=errors("vacation_not_found", "vacation_cancelled", "vacation_over"),
    )
    def post(self, request: Request, vacation_id: int) -> Response:
        ended = user_end_vacation(user=signed_in(request), vacation_id=vacation_id)
        out = {
            **VacationOut(ended.vacation).data,
            "refunded": ended.refunded,
            "days_left": _days_left(signed_in(request)),
        }
        return Response(out)
