"""Account writes: registration, profile changes, tokens."""

from __future__ import annotations

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token

from core.accounts.models import User
from core.api.errors import ApiError


def user_register(
    *, username: str, password: str, display_name: str = "", language: str = "en"
) -> User:
    if User.objects.filter(username__iexact=username).exists():
        raise ApiError(409, "username_taken", f"The user name {username!r} is already taken.")
    try:
        validate_password(password)
    except ValidationError as err:
        raise ApiError(422, "weak_password", " ".join(err.messages)) from err
    try:
        with transaction.atomic():
            user = User.objects.create_user(
                username=username,
                password=password,
                display_name=display_name,
                language=language,
            )
    except IntegrityError as err:
        raise ApiError(
            409, "username_taken", f"The user name {username!r} is already taken."
        ) from err
    return user


def user_token(*, user: User) -> str:
    token, _ = Token.objects.get_or_create(user=user)
    return token.key


def user_update_profile(*, user: User, display_name: str | None, language: str | None) -> User:
    if display_name is not None:
        user.display_name = display_name
    if language is not None:
        user.language = language
    user.save(update_fields=["display_name", "language"])
    return user
