"""A player's data, to take away (GDPR's access and portability): one JSON document.

The profile, notification preferences, push subscriptions, devices (tokens, never their keys),
vacations, ratings, and each match the player had a seat in as its public record (the match's
summary: game, options, seats, result, rating changes; the seat that was theirs), with the
player's own chat lines. What opponents wrote, and what the game kept secret from the player,
is theirs and is not included.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

from core.accounts.models import ApiToken, User
from core.accounts.selectors import vacation_list
from core.matches.models import ChatMessage, Match, Seat
from core.matches.selectors import match_summary
from core.notifications.selectors import notification_preferences
from core.push.models import PushSubscription
from core.ratings.models import Rating
from core.ratings.selectors import match_rating_changes

FORMAT = "ludoteka-account"
FORMAT_VERSION = 1


def _iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


def _matches(user: User) -> list[dict[str, Any]]:
    seats = {s.match_id: s.index for s in Seat.objects.filter(user=user)}
    lines: dict[int, list[dict[str, Any]]] = {}
    for message in ChatMessage.objects.filter(user=user).order_by("created_at", "pk"):
        lines.setdefault(message.match_id, []).append(
            {"text": message.text, "at": message.created_at.isoformat()}
        )
    matches = (
        Match.objects.filter(pk__in=set(seats) | set(lines))
        .select_related("created_by")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
        .order_by("pk")
    )
    out = []
    for match in matches:
        record = {**match_summary(match), "my_seat": seats.get(match.pk)}
        if match.status == Match.Status.FINISHED:
            record["rating_changes"] = match_rating_changes(match=match)
        record["my_chat"] = lines.get(match.pk, [])
        out.append(record)
    return out


def account_export(*, user: User) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": timezone.now().isoformat(),
        "profile": {
            "id": user.pk,
            "username": user.username,
            "display_name": user.display_name,
            "email": user.email,
            "pending_email": user.pending_email,
            "language": user.language,
            "date_joined": _iso(user.date_joined),
            "last_login": _iso(user.last_login),
        },
        "notification_preferences": notification_preferences(user=user),
        "push_subscriptions": [
            {"endpoint": p.endpoint, "user_agent": p.user_agent, "created_at": _iso(p.created_at)}
            for p in PushSubscription.objects.filter(user=user)
        ],
        "devices": [
            {
                "client": t.client,
                "created_at": _iso(t.created_at),
                "last_used_at": _iso(t.last_used_at),
            }
            for t in ApiToken.objects.filter(user=user)
        ],
        "vacations": [
            {
                "starts_on": v.starts_on.isoformat(),
                "ends_on": v.ends_on.isoformat(),
                "days": v.days,
                "cancelled_at": _iso(v.cancelled_at),
            }
            for v in vacation_list(user=user)
        ],
        "ratings": [
            {
                "game": r.game,
                "mu": r.mu,
                "sigma": r.sigma,
                "matches_played": r.matches_played,
            }
            for r in Rating.objects.filter(user=user).order_by("game")
        ],
        "matches": _matches(user),
    }
