"""The daily digest: once a day per player and channel, from the player's digest hour on (in
their time zone), the matches where it is their turn, soonest deadline first, and what else
they chose to read in the digest since the last one.

A ``DigestRun`` row per (user, channel, local day) claims the digest before it is sent, so it
goes out once; a failed send gives the claim back and the next sweep tries again.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from core.matches.models import Match, Seat
from core.notifications import channels, email, texts
from core.notifications.channels import NoRecipient, SendFailed
from core.notifications.models import (
    Channel,
    Delivery,
    DigestRun,
    Kind,
    Mode,
    NotificationPreference,
)
from core.notifications.preferences import modes_of, zone_of

log = logging.getLogger(__name__)


def digests_send(*, now: datetime | None = None) -> int:
    """Send every digest due at ``now``; returns how many went out."""
    now = now or timezone.now()
    sent = 0
    for pref in NotificationPreference.objects.filter(wants_digest=True).select_related("user"):
        local = now.astimezone(zone_of(pref))
        if local.hour < pref.digest_hour:
            continue
        for channel, kinds in modes_of(pref).items():
            if Mode.DIGEST in kinds.values():
                try:
                    sent += _send_one(pref, channel, kinds, local.date(), now)
                except SendFailed as err:
                    log.warning("digest of user %s on %s: %s", pref.user_id, channel, err)
    return sent


def your_turns(user_id: int) -> list[dict[str, Any]]:
    """The matches waiting for the player, soonest deadline first (none last)."""
    rows = (
        Seat.objects.filter(
            user_id=user_id,
            to_move=True,
            kind=Seat.Kind.HUMAN,
            status=Seat.Status.PLAYING,
            match__status=Match.Status.ACTIVE,
        )
        .order_by(F("match__deadline").asc(nulls_last=True), "match_id")
        .values_list("match_id", "match__game", "match__deadline")
    )
    return [{"match": m, "game": g, "deadline": d} for m, g, d in rows]


def _send_one(
    pref: NotificationPreference, channel: str, kinds: dict[str, str], day: Any, now: datetime
) -> int:
    # Claim the day and what the digest carries in a short transaction, send with none open (a
    # slow mail server holds no lock), and give both back if the send fails.
    with transaction.atomic():
        run, created = DigestRun.objects.get_or_create(user=pref.user, channel=channel, day=day)
        if not created:
            return 0
        waiting = Delivery.objects.select_for_update().filter(
            notification__user=pref.user, channel=channel, status=Delivery.Status.DIGEST
        )
        ids = list(waiting.values_list("pk", flat=True))
        # The turns are listed as they are now, not as the notifications found them.
        held = list(
            waiting.exclude(notification__kind=Kind.YOUR_TURN)
            .select_related("notification")
            .order_by("pk")
        )
        Delivery.objects.filter(pk__in=ids).update(
            status=Delivery.Status.SENT, done_at=now, detail="digest"
        )
        turns = your_turns(pref.user_id) if kinds[Kind.YOUR_TURN] == Mode.DIGEST else []
        run.items = len(turns) + len(held)
        run.save(update_fields=["items"])
    if not run.items:
        return 0
    subject, body = render(
        pref.user.language, turns, held, now, user_id=pref.user_id, zone=pref.timezone
    )
    try:
        _deliver(pref, channel, subject, body, now)
    except NoRecipient:
        return 0  # no phone left to tell: today's digest is done all the same
    except SendFailed:
        with transaction.atomic():
            DigestRun.objects.filter(pk=run.pk).delete()
            Delivery.objects.filter(pk__in=ids).update(
                status=Delivery.Status.DIGEST, done_at=None, detail=""
            )
        raise
    return 1


def _deliver(
    pref: NotificationPreference, channel: str, subject: str, body: str, now: datetime
) -> None:
    if channel == Channel.EMAIL:
        email.send_digest(pref.user, subject, body)
        return
    message = {
        "kind": "digest",
        "match": None,
        "title": subject,
        "body": body,
        "url": texts.site_url() + "/",
        "tag": "digest",
    }
    if channel == Channel.WEBHOOK:
        channels.send_webhook(pref, message, now)
    else:
        channels.send_push(pref.user_id, message)


def render(
    language: str,
    turns: list[dict[str, Any]],
    held: list[Delivery],
    now: datetime,
    *,
    user_id: int | None = None,
    zone: str = "UTC",
) -> tuple[str, str]:
    words = texts.DIGEST.get(language, texts.DIGEST["en"])
    known = texts.match_words([t["match"] for t in turns] + [d.notification.match_id for d in held])
    lines: list[str] = []
    if turns:
        lines.append(words["turns"])
        for t in turns:
            if t["deadline"] is None:
                left = words["no_deadline"]
            else:
                hours = max(0, int((t["deadline"] - now).total_seconds() // 3600))
                left = words["left"].format(hours=hours)
            others = texts.others_of(known.get(t["match"]), user_id, language)
            line = words["turn"].format(
                game=texts.game_name(t["game"]),
                with_others=f" with {others}" if others else "",
                others_paren=f" ({others})" if others else "",
                left=left,
            )
            lines.append(f"- {line}  {texts.match_url(t['match'])}")
    if held:
        lines += ["", words["other"]] if lines else [words["other"]]
        for d in held:
            n = d.notification
            body = texts.render(
                n.kind,
                language,
                n.match_id,
                n.payload,
                user_id=user_id,
                zone=zone,
                words=known.get(n.match_id) if n.match_id else None,
            )[1]
            lines.append("- " + body)
    subject = words["subject"].format(count=len(turns) or len(held))
    return subject, "\n".join(lines) + "\n"
