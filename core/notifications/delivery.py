"""Sending the deliveries that are due: push, email, webhook.

A run first claims the due rows in a short transaction (locked, others' locked rows skipped):
it drops what has become pointless, a reminder or an "only when I am not looking" message to a
player who has the match open and a turn the player has already played (quiet hours may have
held it for a night), keeps per player, channel and match only the newest (one push per match
turn, however many notifications the turn caused), and leases the rest by moving their
``due_at`` a few minutes on. It sends with no transaction open, since a slow push service or
webhook must not hold database locks (on SQLite, the one write lock of the whole server), then
marks each row. A sender that dies mid-way leaves its rows to come due again when the lease
ends: a message may then go twice, never zero times, and never twice from two live senders.
"""

from __future__ import annotations

import logging
from collections import Counter, defaultdict
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from core.matches.models import Match, Seat
from core.notifications import channels, email, texts
from core.notifications.channels import NoRecipient, SendFailed
from core.notifications.models import Channel, Delivery, Kind, NotificationPreference
from core.notifications.watching import watchers
from core.ops import metrics

log = logging.getLogger(__name__)

BACKOFF_SECONDS = (60, 300, 1800, 7200)  # after the 1st..4th failure; the 5th gives up
TURN_KINDS = frozenset({Kind.YOUR_TURN, Kind.DEADLINE_SOON})
# How long a claimed row is left alone: well above the longest send (three channel timeouts).
LEASE_SECONDS = 300


def deliveries_send(*, now: datetime | None = None, limit: int = 100) -> dict[str, int]:
    """Send up to ``limit`` due deliveries; returns counts by outcome."""
    now = now or timezone.now()
    counts: Counter[str] = Counter()
    claimed = _claim(now, limit, counts)
    if not claimed:
        return dict(counts)
    prefs = {
        p.user_id: p
        for p in NotificationPreference.objects.filter(
            user_id__in={d.notification.user_id for d in claimed}
        )
    }
    for d in claimed:
        try:
            detail = _send(d.channel, d, prefs.get(d.notification.user_id), now)
        except SendFailed as err:
            counts[_retry_later(d, now, str(err))] += 1
            continue
        except NoRecipient as err:
            _close(d, Delivery.Status.SKIPPED, now, str(err))
            counts["skipped"] += 1
            continue
        except Exception as err:
            # Whatever one delivery raises (a URL or an endpoint the libraries choke on) is that
            # delivery's failure, counted toward its retry limit: the rest of the batch still
            # goes out now, and this one gives up after its last try instead of coming back
            # after every lease.
            log.warning("delivery %s (%s) raised", d.pk, d.channel, exc_info=True)
            counts[_retry_later(d, now, f"{type(err).__name__}: {err}")] += 1
            continue
        _close(d, Delivery.Status.SENT, now, detail)
        counts["sent"] += 1
    for outcome, n in counts.items():
        metrics.NOTIFICATION_DELIVERIES.labels(outcome).inc(n)
    return dict(counts)


def _claim(now: datetime, limit: int, counts: Counter[str]) -> list[Delivery]:
    """Lock the due rows, close the pointless ones, lease and return the ones to send."""
    with transaction.atomic():
        rows = list(
            Delivery.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(status=Delivery.Status.PENDING, due_at__lte=now)
            .select_related("notification", "notification__user")
            .order_by("due_at", "pk")[:limit]
        )
        if not rows:
            return []
        pairs = {
            (d.notification.user_id, d.notification.match_id)
            for d in rows
            if d.notification.match_id is not None
        }
        looking = watchers(pairs=pairs, now=now)
        to_move = _to_move(pairs)
        groups: dict[tuple[Any, ...], list[Delivery]] = defaultdict(list)
        for d in rows:
            n = d.notification
            pair = (n.user_id, n.match_id)
            if pair in looking and (d.only_if_away or n.kind == Kind.DEADLINE_SOON):
                _close(d, Delivery.Status.SKIPPED, now, "looking")
            elif n.kind in TURN_KINDS and n.match_id is not None and pair not in to_move:
                _close(d, Delivery.Status.SKIPPED, now, "stale")
            else:
                groups[(n.user_id, d.channel, n.match_id or f"n{n.pk}")].append(d)
                continue
            counts["skipped"] += 1
        claimed = []
        for group in groups.values():
            group.sort(key=lambda d: d.notification.pk)
            *older, newest = group
            for d in older:
                _close(d, Delivery.Status.SKIPPED, now, "grouped")
                counts["skipped"] += 1
            claimed.append(newest)
        Delivery.objects.filter(pk__in=[d.pk for d in claimed]).update(
            due_at=now + timedelta(seconds=LEASE_SECONDS)
        )
    return claimed


def _to_move(pairs: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Which (user, match) pairs are still a human's turn in an active match."""
    if not pairs:
        return set()
    rows = Seat.objects.filter(
        to_move=True,
        kind=Seat.Kind.HUMAN,
        status=Seat.Status.PLAYING,
        match__status=Match.Status.ACTIVE,
        match_id__in={m for _, m in pairs},
        user_id__in={u for u, _ in pairs},
    ).values_list("user_id", "match_id")
    return {row for row in rows if row in pairs}


def _close(d: Delivery, status: str, now: datetime, detail: str) -> None:
    Delivery.objects.filter(pk=d.pk, status=Delivery.Status.PENDING).update(
        status=status, done_at=now, detail=detail[:200]
    )


def _retry_later(d: Delivery, now: datetime, why: str) -> str:
    attempts = d.attempts + 1
    if attempts > len(BACKOFF_SECONDS):
        Delivery.objects.filter(pk=d.pk).update(
            status=Delivery.Status.FAILED, attempts=attempts, done_at=now, detail=why[:200]
        )
        log.warning("delivery %s (%s) gave up: %s", d.pk, d.channel, why)
        return "failed"
    due = now + timedelta(seconds=BACKOFF_SECONDS[attempts - 1])
    Delivery.objects.filter(pk=d.pk).update(attempts=attempts, due_at=due, detail=why[:200])
    return "retry"


def _send(channel: str, d: Delivery, pref: NotificationPreference | None, now: datetime) -> str:
    n = d.notification
    user = n.user
    zone = pref.timezone if pref else "UTC"
    if channel == Channel.EMAIL:
        return email.send_notification(user, n.kind, n.match_id, n.payload, zone=zone)
    message = texts.message(
        n.kind, user.language, n.match_id, n.payload, user_id=user.pk, zone=zone
    )
    if channel == Channel.WEBHOOK:
        return channels.send_webhook(pref, message, now)
    return channels.send_push(user.pk, message)
