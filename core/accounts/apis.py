"""Accounts API: register, log in (token and session), log out, profile."""

from __future__ import annotations

from django.contrib.auth import authenticate, login, logout
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from core.accounts.models import User
from core.accounts.services import user_register, user_token, user_update_profile
from core.api.errors import ApiError


class UserOut(serializers.ModelSerializer):
    class Meta:
        model = User
        fields = ["id", "username", "display_name", "language"]


class RegisterApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "register"

    class Input(serializers.Serializer):
        class Meta:
            ref_name = "RegisterInput"

        username = serializers.RegexField(r"^[A-Za-z0-9_.-]{3,30}$", max_length=30)
        password = serializers.CharField(min_length=8, max_length=128)
        display_name = serializers.CharField(max_length=40, required=False, allow_blank=True)
        language = serializers.ChoiceField(choices=User.Language.choices, required=False)

    @extend_schema(request=Input, responses={201: UserOut})
    def post(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        user = user_register(**data.validated_data)
        return Response({**UserOut(user).data, "token": user_token(user=user)}, status=201)


class LoginApi(APIView):
    """Log in with user name and password: returns an API token and sets a session cookie."""

    permission_classes = [AllowAny]

    class Input(serializers.Serializer):
        class Meta:
            ref_name = "LoginInput"

        username = serializers.CharField(max_length=150)
        password = serializers.CharField(max_length=128)

    @extend_schema(request=Input, responses={200: UserOut})
    def post(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate(request._request, **data.validated_data)
        if user is None:
            raise ApiError(401, "bad_credentials", "The user name or password is wrong.")
        login(request._request, user)
        return Response({**UserOut(user).data, "token": user_token(user=user)})


class LogoutApi(APIView):
    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        logout(request._request)
        return Response(status=204)


class MeApi(APIView):
    class Input(serializers.Serializer):
        class Meta:
            ref_name = "MeInput"

        display_name = serializers.CharField(max_length=40, required=False, allow_blank=True)
        language = serializers.ChoiceField(choices=User.Language.choices, required=False)

    @extend_schema(responses={200: UserOut})
    def get(self, request: Request) -> Response:
        return Response(UserOut(request.user).data)

    @extend_schema(request=Input, responses={200: UserOut})
    def patch(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        user = user_update_profile(
            user=request.user,
            display_name=data.validated_data.get("display_name"),
            language=data.validated_data.get("language"),
        )
        return Response(UserOut(user).data)
