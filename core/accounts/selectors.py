"""Account reads: the vacation bank and declared vacations."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, time, timedelta

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone

from core.accounts.models import User, Vacation


def vacation_days_per_year() -> int:
    return int(getattr(settings, "LUDOTEKA_VACATION_DAYS_PER_YEAR", 14))


def vacation_days_left(*, user: User, year: int) -> int:
    """What the bank holds for ``year``: a bank not yet touched this year is full."""
    return user.vacation_days if user.vacation_year == year else vacation_days_per_year()


def local_date(moment: datetime) -> date:
    return timezone.localtime(moment, timezone.get_default_timezone()).date()


def day_start(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=timezone.get_default_timezone())


def vacation_window(vacation: Vacation) -> tuple[datetime, datetime]:
    """The moments a vacation covers: from the start of its first day to the end of its last."""
    return day_start(vacation.starts_on), day_start(vacation.ends_on + timedelta(days=1))


def vacation_list(*, user: User) -> QuerySet[Vacation]:
    return Vacation.objects.filter(user=user).order_by("-starts_on", "-pk")


def vacations_at(*, user_ids: Iterable[int | None], moment: datetime) -> dict[int, Vacation]:
    """The declared vacation each of ``user_ids`` is on at ``moment`` (vacations of one user
    never overlap, so there is at most one)."""
    ids = {u for u in user_ids if u is not None}
    if not ids:
        return {}
    day = local_date(moment)
    rows = Vacation.objects.filter(
        user_id__in=ids, cancelled_at__isnull=True, starts_on__lte=day, ends_on__gte=day
    )
    return {v.user_id: v for v in rows}
