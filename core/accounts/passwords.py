"""Passwords: change (the current one required), reset by a mailed link, and what every change
does wherever it comes from (this API, a reset link, the admin, ``manage.py changepassword``):
revoke every API token and session of the account.

That last rule hangs on Django's own hook for it: after a user is saved with a new password,
``AbstractBaseUser.save`` calls ``password_changed`` on each of ``AUTH_PASSWORD_VALIDATORS``;
``RevokeOnPasswordChange`` is one that checks nothing and revokes. A client that changed its
own password gets a new token in the answer (``core/accounts/apis.py``).
"""

from __future__ import annotations

from typing import Any

from axes.utils import reset as axes_reset
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction

from core.accounts import links
from core.accounts.models import User
from core.accounts.tasks import send_account_mail
from core.accounts.tokens import tokens_revoke
from core.api.errors import ApiError
from core.matches.scheduling import run_after_commit


class RevokeOnPasswordChange:
    """An ``AUTH_PASSWORD_VALIDATORS`` entry for its ``password_changed`` hook (see the module)."""

    def validate(self, password: str, user: Any = None) -> None:
        return None

    def password_changed(self, password: str, user: Any = None) -> None:
        if user is not None and user.pk is not None:
            tokens_revoke(user=user)

    def get_help_text(self) -> str:
        return ""


def _check_strength(password: str, user: User) -> None:
    try:
        validate_password(password, user)
    except ValidationError as err:
        raise ApiError(422, "weak_password", " ".join(err.messages)) from err


def _after_commit_mail(kind: str, user_id: int) -> None:
    run_after_commit(send_account_mail, kind, user_id)


def password_check(*, user: User, password: str) -> None:
    """Refuse (403 ``wrong_password``) unless ``password`` is the account's."""
    if not user.check_password(password):
        raise ApiError(403, "wrong_password", "The current password is not right.")


def password_change(*, user: User, current: str, new: str) -> None:
    """Change the password of a logged-in player: every token and session of the account is
    revoked (the caller gives the device that asked a new one) and the verified address, if
    any, is told."""
    password_check(user=user, password=current)
    _check_strength(new, user)
    with transaction.atomic():
        user.set_password(new)
        user.save(update_fields=["password"])
        if user.email:
            _after_commit_mail("password_changed", user.pk)


def password_reset_request(*, email: str) -> int:
    """Mail a reset link to each live account whose verified address is ``email``; the caller
    answers the same whether there were any (returns how many, for tests)."""
    users = list(
        User.objects.filter(email__iexact=email.strip(), is_active=True, deleted_at__isnull=True)
    )
    with transaction.atomic():
        for user in users:
            _after_commit_mail("password_reset", user.pk)
    return len(users)


def password_reset_confirm(*, uid: str, token: str, new: str) -> User:
    """Set a new password with a mailed link (once, before it expires); every token and session
    of the account is revoked, and log-in failures counted against it are forgotten."""
    user = links.user_of(uid)
    if user is None or not links.reset_tokens.check_token(user, token):
        raise ApiError(
            422, "invalid_link", "This link has expired or was already used: ask for a new one."
        )
    _check_strength(new, user)
    with transaction.atomic():
        user.set_password(new)
        user.save(update_fields=["password"])
    axes_reset(username=user.username)
    return user
