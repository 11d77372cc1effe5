"""Who is looking at a match: rows the match sockets write (``realtime``), read by the
"only when I am not looking" choice and by reminders.

A socket's row lives ``ttl`` seconds unless its process renews it on each presence beat, so a
process that dies without a word stops counting after a few beats.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.utils import timezone

from core.notifications.models import MatchWatch


def watch_start(*, user_id: int, match_id: int, socket: str, ttl: float) -> None:
    expires = timezone.now() + timedelta(seconds=ttl)
    # One statement (insert, or update the socket's row): every socket opened writes one, and
    # update_or_create's transaction, lock and insert were four round trips (bench/load).
    MatchWatch.objects.bulk_create(
        [MatchWatch(user_id=user_id, match_id=match_id, socket=socket, expires_at=expires)],
        update_conflicts=True,
        unique_fields=["socket"],
        update_fields=["user", "match", "expires_at"],
    )


def watch_renew(*, sockets: Iterable[str], ttl: float) -> int:
    expires = timezone.now() + timedelta(seconds=ttl)
    return MatchWatch.objects.filter(socket__in=list(sockets)).update(expires_at=expires)


def watch_stop(*, socket: str) -> None:
    MatchWatch.objects.filter(socket=socket).delete()


def watch_purge(*, now: datetime | None = None) -> int:
    """Forget the rows of sockets whose process stopped renewing them."""
    return MatchWatch.objects.filter(expires_at__lt=now or timezone.now()).delete()[0]


def watchers(
    *, pairs: Iterable[tuple[int, int]], now: datetime | None = None
) -> set[tuple[int, int]]:
    """Which of the (user, match) ``pairs`` have the match open right now."""
    pairs = set(pairs)
    if not pairs:
        return set()
    rows = MatchWatch.objects.filter(
        expires_at__gte=now or timezone.now(),
        user_id__in={u for u, _ in pairs},
        match_id__in={m for _, m in pairs},
    ).values_list("user_id", "match_id")
    return {row for row in rows if row in pairs}
