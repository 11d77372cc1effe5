"""The account's own mail: verify an address, reset a password, the password was changed.

In the player's language (English or Czech), plain text, sent by a Celery task after the
request's commit (``core/accounts/tasks.py``), so that a request answers alike, and as fast,
whether or not a message goes out (a reset asked for an unknown address sends none).
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMessage, get_connection

from core.accounts import links
from core.accounts.models import User

TEXTS: dict[str, dict[str, tuple[str, str]]] = {
    "verify_email": {
        "en": (
            "Ludoteka: confirm your e-mail address",
            "Hello {name},\n\nplease confirm that this is your address for Ludoteka's "
            "notifications by opening this link (it works for {hours} hours):\n\n{link}\n\n"
            "If you did not ask for this, ignore this message: nothing will be sent here.\n",
        ),
        "cs": (
            "Ludoteka: potvrďte svou e-mailovou adresu",
            "Dobrý den, {name},\n\npotvrďte prosím, že je to vaše adresa pro upozornění "
            "z Ludoteky, tím, že otevřete tento odkaz (platí {hours} h):\n\n{link}\n\n"
            "Pokud jste o nic takového nežádali, zprávu ignorujte: nic vám sem posílat nebudeme.\n",
        ),
    },
    "password_reset": {
        "en": (
            "Ludoteka: set a new password",
            "Hello {name},\n\nsomeone (we hope you) asked to reset the password of the Ludoteka "
            "account {username}. Set a new one with this link; it works once, for {hours} "
            "hours:\n\n{link}\n\nIf it was not you, ignore this message: your password stays "
            "as it is.\n",
        ),
        "cs": (
            "Ludoteka: nastavte si nové heslo",
            "Dobrý den, {name},\n\nněkdo (doufáme, že vy) požádal o nové heslo k účtu {username} "
            "v Ludotece. Nastavte si ho tímto odkazem; platí {hours} h a jen jednou:\n\n{link}\n\n"
            "Pokud jste to nebyli vy, zprávu ignorujte: vaše heslo zůstává beze změny.\n",
        ),
    },
    "password_changed": {
        "en": (
            "Ludoteka: your password was changed",
            "Hello {name},\n\nthe password of the Ludoteka account {username} has just been "
            "changed, and every device was logged out. If it was not you, reset it at once:"
            "\n\n{link}\n",
        ),
        "cs": (
            "Ludoteka: vaše heslo bylo změněno",
            "Dobrý den, {name},\n\nheslo k účtu {username} v Ludotece bylo právě změněno "
            "a všechna zařízení byla odhlášena. Pokud jste to nebyli vy, ihned si ho obnovte:"
            "\n\n{link}\n",
        ),
    },
}
KINDS = frozenset(TEXTS)


def compose(kind: str, user: User) -> EmailMessage | None:
    """The message of ``kind`` for ``user``, or None when there is nowhere to send it."""
    if kind == "verify_email":
        to, link = user.pending_email, links.verification_link(user)
    elif kind == "password_reset":
        to, link = user.email, links.reset_link(user)
    else:
        to, link = user.email, f"{links.site_url()}/account/forgot"
    if not to:
        return None
    texts = TEXTS[kind]
    subject, body = texts.get(user.language, texts["en"])
    hours = max(1, settings.PASSWORD_RESET_TIMEOUT // 3600)
    fields = {"name": user.public_name, "username": user.username, "link": link, "hours": hours}
    return EmailMessage(subject, body.format(**fields), to=[to])


def send(message: EmailMessage) -> None:
    get_connection(settings.LUDOTEKA_EMAIL_BACKEND).send_messages([message])
