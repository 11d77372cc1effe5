"""Notification e-mail: what a message and the daily digest look like in a mailbox, and the
one-click unsubscribe each carries.

The words of a notification come from ``texts`` (shared with push and webhooks); this module
adds what only mail has: the link that opens the match in the app, a footer saying why the
message came, and a per-kind unsubscribe, both as a link in the body and as the
``List-Unsubscribe`` / ``List-Unsubscribe-Post`` headers (RFC 8058) that mail clients turn into
an "Unsubscribe" button. The unsubscribe link is Django's signature of (user, kind): no row,
no expiry (an old message's link keeps working), no log-in needed.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from django.core import signing

from core.notifications import channels, texts

SALT = "ludoteka.notifications.unsubscribe"
DIGEST = "digest"  # the unsubscribe kind of the daily digest

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "open": "Open the match:",
        "open_app": "Open Ludoteka:",
        "why": "You get this e-mail because you chose e-mail for “{kind}” in Ludoteka's settings.",
        "stop": "Stop these e-mails:",
        "settings": "All notification settings:",
    },
    "cs": {
        "open": "Otevřít partii:",
        "open_app": "Otevřít Ludoteku:",
        "why": "Tento e-mail dostáváte, protože jste v nastavení Ludoteky zvolili e-mail "
        "pro „{kind}“.",
        "stop": "Zrušit tyto e-maily:",
        "settings": "Všechna nastavení upozornění:",
    },
}
KIND_NAMES: dict[str, dict[str, str]] = {
    "en": {
        "your_turn": "your turn",
        "invited": "invitations",
        "match_finished": "finished matches",
        "deadline_soon": "deadline reminders",
        "tournament_round": "tournament rounds",
        DIGEST: "the daily digest",
    },
    "cs": {
        "your_turn": "jste na tahu",
        "invited": "pozvánky",
        "match_finished": "skončené partie",
        "deadline_soon": "blížící se termíny",
        "tournament_round": "kola turnajů",
        DIGEST: "denní přehled",
    },
}


def unsubscribe_token(user_id: int, kind: str) -> str:
    return signing.dumps({"u": user_id, "k": kind}, salt=SALT)


def unsubscribe_read(token: str) -> tuple[int, str] | None:
    """(user id, kind) of a genuine unsubscribe token, or None."""
    try:
        data = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int):
        return None
    kind = data.get("k")
    return (data["u"], kind) if isinstance(kind, str) else None


def unsubscribe_urls(user_id: int, kind: str) -> tuple[str, str]:
    """(the API's one-click URL for the headers, the app's page for a person)."""
    token = quote(unsubscribe_token(user_id, kind), safe="")
    site = texts.site_url()
    return (
        f"{site}/api/notifications/unsubscribe?token={token}",
        f"{site}/unsubscribe?token={token}",
    )


def _footer(user: Any, kind: str) -> tuple[str, dict[str, str]]:
    words = WORDS.get(user.language, WORDS["en"])
    names = KIND_NAMES.get(user.language, KIND_NAMES["en"])
    one_click, page = unsubscribe_urls(user.pk, kind)
    footer = (
        "\n-- \n"
        f"{words['why'].format(kind=names.get(kind, kind))}\n"
        f"{words['stop']} {page}\n"
        f"{words['settings']} {texts.site_url()}/settings\n"
    )
    headers = {
        "List-Unsubscribe": f"<{one_click}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }
    return footer, headers


def notification_body(
    user: Any, kind: str, match_id: int | None, payload: dict[str, Any], *, zone: str = "UTC"
) -> tuple[str, str, dict[str, str]]:
    """(subject, body, headers) of one notification for ``user``, in their language, times in
    ``zone``."""
    title, line = texts.render(kind, user.language, match_id, payload, user_id=user.pk, zone=zone)
    words = WORDS.get(user.language, WORDS["en"])
    opener = words["open"] if match_id else words["open_app"]
    footer, headers = _footer(user, kind)
    return title, f"{line}\n\n{opener} {texts.match_url(match_id)}\n{footer}", headers


def send_notification(
    user: Any, kind: str, match_id: int | None, payload: dict[str, Any], *, zone: str = "UTC"
) -> str:
    subject, body, headers = notification_body(user, kind, match_id, payload, zone=zone)
    return channels.send_email(user.email, subject, body, headers=headers)


def send_digest(user: Any, subject: str, body: str) -> str:
    footer, headers = _footer(user, DIGEST)
    return channels.send_email(user.email, subject, body + footer, headers=headers)
