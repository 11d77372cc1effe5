"""A revoked token's live sockets are told at once: "token T is gone" on the channel layer.

Every socket authenticated by a token, or by a session cookie whose log-in has a token row
(``ApiToken.session_key``), joins the group ``token.<id>`` of that row (``realtime/``). When
the row goes, however it goes (log-out, a device revoked, "log out other devices", a password
change or reset, the account erased, the idle purge, the admin, a queryset delete: Django
sends ``post_delete`` for each row of those, since receivers are connected), a
``token.revoked`` message goes to that group once the deleting transaction has committed, and
each of its sockets closes with 4401 (``realtime.protocol.UNAUTHENTICATED``), in every server
process (channels_redis) or in the one (the in-process layer of the embedded mode).

A session with no token row (a log-in through the admin's own form, not the API) has no
group: its sockets last until they reconnect, when the ended session refuses them.

The message carries the token's id only, as the match announcements carry ids: nothing of the
token itself travels. A message lost (Redis down) leaves the socket open until its next
command (which checks the token, ``realtime.consumers``) or its next reconnection.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any, Literal, TypedDict

from django.db import transaction
from django.db.models.signals import post_delete

from core.accounts.models import ApiToken
from core.matches.broadcast import publish

log = logging.getLogger(__name__)


class TokenRevokedMessage(TypedDict):
    """The group message "token ``token`` is revoked" (``token.revoked``)."""

    type: Literal["token.revoked"]
    token: int


def token_group(token_id: int) -> str:
    return f"token.{token_id}"


def announce_token_revoked(token_id: int) -> None:
    """Tells the token's sockets, wherever they are, to close. A failure is logged and
    dropped: the revocation itself is committed and stands."""
    message: TokenRevokedMessage = {"type": "token.revoked", "token": token_id}
    try:
        publish([token_group(token_id)], message)
    except Exception:
        log.warning("revocation of token %s not announced", token_id, exc_info=True)


def _token_deleted(sender: Any, instance: ApiToken, using: str, **kwargs: Any) -> None:
    # After commit: a socket told before the row is gone could reconnect and find it still
    # there, and a rolled-back revocation revokes nothing. The id is read now: Django sets the
    # instance's pk to None once the delete is done.
    transaction.on_commit(partial(announce_token_revoked, instance.pk), using=using)


post_delete.connect(_token_deleted, sender=ApiToken, dispatch_uid="ludoteka-token-revoked")
