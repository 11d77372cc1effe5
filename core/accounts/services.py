"""Account writes: registration, profile changes, tokens, the vacation bank and vacations."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from core.accounts.models import User, Vacation
from core.accounts.selectors import local_date, vacation_days_left
from core.accounts.tokens import token_issue
from core.api.errors import ApiError

MAX_VACATION_DAYS = 60


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


def user_token(*, user: User, client: str = "", session_key: str = "") -> str:
    """A new API token for a log-in (each device its own: core/accounts/tokens.py)."""
    return token_issue(user=user, client=client, session_key=session_key)


def user_update_profile(*, user: User, display_name: str | None, language: str | None) -> User:
    if display_name is not None:
        user.display_name = display_name
    if language is not None:
        user.language = language
    user.save(update_fields=["display_name", "language"])
    return user


# --- the vacation bank (issue 9) ----------------------------------------------------------------


def _locked_bank(user_id: int, year: int) -> User:
    """The user row, locked, with the bank of ``year`` (refilled on its first use that year)."""
    user = User.objects.select_for_update().get(pk=user_id)
    user.vacation_days = vacation_days_left(user=user, year=year)
    user.vacation_year = year
    return user


def _save_bank(user: User) -> None:
    User.objects.filter(pk=user.pk).update(
        vacation_year=user.vacation_year, vacation_days=user.vacation_days
    )


def user_spend_vacation_day(*, user_id: int, now: datetime) -> bool:
    """Take one day from the user's bank; False when it is empty."""
    user = _locked_bank(user_id, now.year)
    spent = user.vacation_days >= 1
    if spent:
        user.vacation_days -= 1
    _save_bank(user)
    return spent


def vacation_declare(
    *, user: User, starts_on: date, ends_on: date, now: datetime | None = None
) -> Vacation:
    """Declare a vacation from ``starts_on`` to ``ends_on`` (inclusive), paid from this year's
    bank at once."""
    now = now or timezone.now()
    if starts_on < local_date(now):
        raise ApiError(422, "vacation_in_the_past", "A vacation cannot start before today.")
    if ends_on < starts_on:
        raise ApiError(422, "vacation_ends_before_start", "A vacation ends on or after its start.")
    days = (ends_on - starts_on).days + 1
    if days > MAX_VACATION_DAYS:
        raise ApiError(
            422,
            "vacation_too_long",
            f"A vacation lasts at most {MAX_VACATION_DAYS} days, not {days}.",
        )
    with transaction.atomic():
        # The user row's lock serialises one user's declarations: the overlap and bank checks
        # below cannot race.
        bank = _locked_bank(user.pk, now.year)
        overlapping = Vacation.objects.filter(
            user=user, cancelled_at__isnull=True, starts_on__lte=ends_on, ends_on__gte=starts_on
        ).first()
        if overlapping is not None:
            raise ApiError(
                409,
                "vacation_overlap",
                f"You already have a vacation from {overlapping.starts_on} to "
                f"{overlapping.ends_on}.",
                vacation=overlapping.pk,
            )
        if days > bank.vacation_days:
            raise ApiError(
                422,
                "not_enough_vacation_days",
                f"That is {days} days; you have {bank.vacation_days} left this year.",
                days_left=bank.vacation_days,
            )
        bank.vacation_days -= days
        _save_bank(bank)
        return Vacation.objects.create(
            user=user, starts_on=starts_on, ends_on=ends_on, days=days, bank_year=now.year
        )


@dataclass(frozen=True)
class VacationEnded:
    vacation: Vacation
    refunded: int  # days put back in the bank
    was_until: date  # the last day before it was cancelled or cut short


def vacation_end(*, user: User, vacation_id: int, now: datetime | None = None) -> VacationEnded:
    """Cancel a vacation that has not started (every day back in the bank), or end one under
    way today (today still counts as taken; the days after it go back)."""
    now = now or timezone.now()
    today = local_date(now)
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()
        vacation = Vacation.objects.filter(pk=vacation_id, user=user).first()
        if vacation is None:
            raise ApiError(404, "vacation_not_found", f"You have no vacation {vacation_id}.")
        if vacation.cancelled_at is not None:
            raise ApiError(409, "vacation_cancelled", "That vacation was already cancelled.")
        if vacation.ends_on < today:
            raise ApiError(409, "vacation_over", "That vacation is already over.")
        was_until = vacation.ends_on
        if vacation.starts_on > today:
            unused = vacation.days
            vacation.cancelled_at = now
        else:
            unused = (vacation.ends_on - today).days
            vacation.ends_on = today
        vacation.days -= unused
        vacation.save(update_fields=["cancelled_at", "ends_on", "days"])
        bank = User.objects.get(pk=user.pk)
        # A bank renewed since the declaration does not get the old year's days back.
        refunded = unused if bank.vacation_year == vacation.bank_year else 0
        if refunded:
            bank.vacation_days += refunded
            _save_bank(bank)
        return VacationEnded(vacation, refunded, was_until)
