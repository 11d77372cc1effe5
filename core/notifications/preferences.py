"""Notification preferences: the defaults, the rules, quiet hours.

The in-app list always gets everything. Push defaults to "only when I am not looking at the
match" for every kind (a player who subscribed a phone wants the turns, not echoes of what they
are watching); email and webhook default to off. Quiet hours hold back push and webhook (which
buzz a phone) until they end; email waits for no one.
"""

from __future__ import annotations

import secrets
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from core.api.errors import ApiError
from core.notifications.models import Channel, Kind, Mode, NotificationPreference

DEFAULT_MODES: dict[str, str] = {
    Channel.PUSH: Mode.NOT_LOOKING,
    Channel.EMAIL: Mode.OFF,
    Channel.WEBHOOK: Mode.OFF,
}
QUIET_CHANNELS = frozenset({Channel.PUSH, Channel.WEBHOOK})


def modes_of(pref: NotificationPreference | None) -> dict[str, dict[str, str]]:
    """Every channel's mode for every kind, defaults filled in."""
    chosen = pref.channels if pref else {}
    return {
        channel: {
            kind: chosen.get(channel, {}).get(kind, DEFAULT_MODES[channel]) for kind in Kind.values
        }
        for channel in Channel.values
    }


def zone_of(pref: NotificationPreference | None) -> ZoneInfo:
    try:
        return ZoneInfo(pref.timezone if pref else "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def quiet_until(pref: NotificationPreference | None, now: datetime) -> datetime | None:
    """When the quiet hours that include ``now`` end, or None when ``now`` is not quiet. Quiet
    hours may run over midnight (22:00–07:00)."""
    if pref is None or pref.quiet_start is None or pref.quiet_end is None:
        return None
    start, end = pref.quiet_start, pref.quiet_end
    if start == end:
        return None
    local = now.astimezone(zone_of(pref))
    t = local.time()
    quiet = start <= t < end if start < end else (t >= start or t < end)
    if not quiet:
        return None
    day = local.date() if (start < end or t < end) else local.date() + timedelta(days=1)
    return datetime.combine(day, end, tzinfo=local.tzinfo)


def preferences_out(pref: NotificationPreference | None) -> dict[str, Any]:
    quiet = None
    if pref is not None and pref.quiet_start is not None and pref.quiet_end is not None:
        quiet = {
            "start": pref.quiet_start.strftime("%H:%M"),
            "end": pref.quiet_end.strftime("%H:%M"),
        }
    return {
        "channels": modes_of(pref),
        "timezone": pref.timezone if pref else "UTC",
        "quiet_hours": quiet,
        "digest_hour": pref.digest_hour if pref else 8,
        "webhook": {
            "url": pref.webhook_url if pref else "",
            # The player's own signing secret, shown to them so their receiver can check it.
            "secret": pref.webhook_secret if pref else "",
        },
        "kinds": Kind.values,
        "modes": Mode.values,
    }


def _parse_time(raw: Any, field: str) -> time:
    try:
        return time.fromisoformat(str(raw))
    except ValueError:
        raise ApiError(
            422, "invalid_quiet_hours", f"quiet_hours.{field} must be a time like 22:30."
        ) from None


def preferences_update(
    *, user: Any, changes: dict[str, Any], check_url: Any = None
) -> NotificationPreference:
    """Apply ``changes`` (any of channels, timezone, quiet_hours, digest_hour, webhook_url);
    what is not given stays. All checked before anything is written."""
    pref = NotificationPreference.objects.filter(user=user).first()
    pref = pref or NotificationPreference(user=user)
    channels = {c: dict(pref.channels.get(c, {})) for c in Channel.values}
    for channel, kinds in (changes.get("channels") or {}).items():
        if channel not in Channel.values:
            raise ApiError(
                422,
                "unknown_channel",
                f"Unknown channel {channel!r}. Channels: {', '.join(Channel.values)}.",
            )
        if not isinstance(kinds, dict):
            raise ApiError(400, "invalid_input", f"channels.{channel} must map kinds to modes.")
        for kind, mode in kinds.items():
            if kind not in Kind.values:
                raise ApiError(
                    422,
                    "unknown_notification_kind",
                    f"Unknown kind {kind!r}. Kinds: {', '.join(Kind.values)}.",
                )
            if mode not in Mode.values:
                raise ApiError(
                    422,
                    "unknown_notification_mode",
                    f"Unknown mode {mode!r}. Modes: {', '.join(Mode.values)}.",
                )
            channels[channel][kind] = mode
    if "timezone" in changes:
        try:
            ZoneInfo(str(changes["timezone"]))
        except (ZoneInfoNotFoundError, ValueError):
            raise ApiError(
                422, "unknown_timezone", f"Unknown time zone {changes['timezone']!r}."
            ) from None
        pref.timezone = str(changes["timezone"])
    if "quiet_hours" in changes:
        quiet = changes["quiet_hours"]
        if quiet is None:
            pref.quiet_start = pref.quiet_end = None
        elif isinstance(quiet, dict) and {"start", "end"} <= quiet.keys():
            pref.quiet_start = _parse_time(quiet["start"], "start")
            pref.quiet_end = _parse_time(quiet["end"], "end")
        else:
            raise ApiError(400, "invalid_input", "quiet_hours is {start, end} or null.")
    if "digest_hour" in changes:
        hour = changes["digest_hour"]
        if not isinstance(hour, int) or isinstance(hour, bool) or not 0 <= hour <= 23:
            raise ApiError(422, "invalid_digest_hour", "digest_hour is a whole hour, 0 to 23.")
        pref.digest_hour = hour
    if "webhook_url" in changes:
        url = str(changes["webhook_url"] or "")
        if url and check_url is not None:
            check_url(url)
        pref.webhook_url = url
        if url and not pref.webhook_secret:
            pref.webhook_secret = secrets.token_hex(32)
    if channels[Channel.WEBHOOK] and not pref.webhook_url:
        wanted = [k for k, m in channels[Channel.WEBHOOK].items() if m != Mode.OFF]
        if wanted:
            raise ApiError(
                422, "webhook_url_missing", "Give a webhook_url before turning webhooks on."
            )
    pref.channels = {c: kinds for c, kinds in channels.items() if kinds}
    pref.wants_digest = any(m == Mode.DIGEST for kinds in channels.values() for m in kinds.values())
    pref.save()
    return pref


def webhook_secret_rotate(*, user: Any) -> NotificationPreference:
    pref, _ = NotificationPreference.objects.get_or_create(user=user)
    pref.webhook_secret = secrets.token_hex(32)
    pref.save(update_fields=["webhook_secret"])
    return pref


def email_unsubscribe(*, user: Any, kind: str) -> list[str]:
    """Turn e-mail off for ``kind`` (one-click unsubscribe), or for every kind read in the
    daily digest when ``kind`` is ``digest``; returns the kinds turned off."""
    pref = NotificationPreference.objects.filter(user=user).first()
    modes = modes_of(pref)[Channel.EMAIL]
    if kind == "digest":
        kinds = [k for k, m in modes.items() if m == Mode.DIGEST]
    else:
        kinds = [kind] if kind in Kind.values else []
    if kinds:
        preferences_update(
            user=user, changes={"channels": {Channel.EMAIL: dict.fromkeys(kinds, Mode.OFF)}}
        )
    return kinds
