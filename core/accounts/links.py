"""The links mailed to a player to verify an address or reset a password: Django's own
``PasswordResetTokenGenerator`` (an HMAC of the account's state with the site's secret key and
a timestamp), no token of ours stored anywhere.

A reset link stops working once used (it covers the password hash and the last log-in), after
``PASSWORD_RESET_TIMEOUT`` (``LUDOTEKA_ACCOUNT_LINK_HOURS``, 24 h) and when the password
changes. A verification link covers the address waiting for verification: it works once, for
that address only, and dies when another address is asked for.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode

from core.accounts.models import User


class EmailVerificationTokenGenerator(PasswordResetTokenGenerator):
    key_salt = "ludoteka.accounts.EmailVerificationTokenGenerator"

    def _make_hash_value(self, user: Any, timestamp: int) -> str:
        return f"{user.pk}|{user.pending_email.lower()}|{user.email.lower()}|{timestamp}"


reset_tokens = PasswordResetTokenGenerator()
verification_tokens = EmailVerificationTokenGenerator()


def uid_of(user: User) -> str:
    return urlsafe_base64_encode(force_bytes(user.pk))


def user_of(uid: str) -> User | None:
    """The live account a link's ``uid`` names, or None (malformed, unknown, deleted)."""
    try:
        pk = int(force_str(urlsafe_base64_decode(uid)))
    except (ValueError, TypeError, OverflowError, UnicodeDecodeError):
        return None
    if not 0 < pk < 2**63:
        return None
    return User.objects.filter(pk=pk, is_active=True, deleted_at__isnull=True).first()


def site_url() -> str:
    return str(settings.LUDOTEKA_SITE_URL).rstrip("/")


def verification_link(user: User) -> str:
    token = verification_tokens.make_token(user)
    return f"{site_url()}/account/verify/{uid_of(user)}/{token}"


def reset_link(user: User) -> str:
    return f"{site_url()}/account/reset/{uid_of(user)}/{reset_tokens.make_token(user)}"
