"""A player's e-mail address: given at registration or in the settings, verified by a mailed
link before any message goes to it (``core/accounts/links.py``).

``User.email`` is the verified address, the only one mail goes to; a new one waits in
``User.pending_email`` until its link is followed, while the old one (if any) keeps working.
An empty address removes both.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction

from core.accounts import links
from core.accounts.models import User
from core.accounts.tasks import send_account_mail
from core.api.errors import ApiError
from core.matches.scheduling import run_after_commit


def normalise_email(address: str) -> str:
    """The address as it is kept: trimmed, the domain in lower case (the local part is the
    mail server's business); refused (422 ``invalid_email``) unless it is one."""
    address = address.strip()
    if not address:
        return ""
    try:
        validate_email(address)
    except ValidationError:
        raise ApiError(422, "invalid_email", f"{address!r} is not an e-mail address.") from None
    local, _, domain = address.rpartition("@")
    return f"{local}@{domain.lower()}"


def _mail_verification(user_id: int) -> None:
    run_after_commit(send_account_mail, "verify_email", user_id)


def email_set(*, user: User, address: str) -> User:
    """Ask for ``address`` (its link is mailed there), keep the verified one, or remove both."""
    address = normalise_email(address)
    with transaction.atomic():
        if not address:
            user.email = user.pending_email = ""
        elif address.lower() == user.email.lower():
            user.pending_email = ""  # back to the verified one: nothing to verify
        else:
            user.pending_email = address
            _mail_verification(user.pk)
        user.save(update_fields=["email", "pending_email"])
    return user


def email_resend(*, user: User) -> None:
    """Mail the link for the address waiting for verification once more."""
    if not user.pending_email:
        raise ApiError(409, "no_pending_email", "No address is waiting for verification.")
    with transaction.atomic():
        _mail_verification(user.pk)


def email_verify(*, uid: str, token: str) -> User:
    """Follow a verification link: the address it was mailed to becomes the account's."""
    user = links.user_of(uid)
    if (
        user is None
        or not user.pending_email
        or not links.verification_tokens.check_token(user, token)
    ):
        raise ApiError(
            422, "invalid_link", "This link has expired or was already used: ask for a new one."
        )
    user.email, user.pending_email = user.pending_email, ""
    user.save(update_fields=["email", "pending_email"])
    return user
