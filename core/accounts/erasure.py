"""Deleting an account (GDPR's erasure): the person's data goes, the matches' records stay.

What goes: the profile (user name, names, addresses, password), API tokens and sessions, push
subscriptions, notification preferences and notifications, vacations, the player's own chat
lines, their ratings (off the leaderboards), invitations, and the log-in failures counted
against the name. The account's row stays as a tombstone (``deleted_at`` set, inactive, user
name ``~deleted-<id>``, which registration can never give) so that the seats, results and
rating changes of the matches it played keep pointing somewhere: opponents keep their results
and ratings, and every seat it held reads "deleted player".

What is left alone: every event stream. A match's events name seats, never people (names live
on the ``Seat`` rows and the account), so deleting changes no event and every hash chain still
verifies (``manage.py verify_match --all``). Tournament streams are different: their
``TournamentCreated``, ``PlayerInvited`` and ``PlayerRegistered`` events carry the user name
and display name as they were, in rows the database refuses to change (triggers), and
rewriting them would break their chain. They are left as they are; every read of a
tournament (entrants, standings, pairings, its history) shows such an entry as "deleted
player" instead (``core/tournaments/selectors.py``), and the projection rows are scrubbed.

First the player leaves the game like any player who walks away: resigns every match still
running (opponents play on), leaves every lobby (a lobby they created is aborted) and withdraws
from every tournament not over. Each is its own transaction, through the same services.
"""

from __future__ import annotations

import logging
from datetime import datetime

from axes.models import AccessAttempt, AccessFailureLog
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils import timezone

from core.accounts.models import DELETED_PREFIX, ApiToken, User, Vacation
from core.accounts.passwords import password_check
from core.accounts.tokens import tokens_revoke
from core.api.errors import ApiError
from core.matches.models import ChatMessage, Match, Seat
from core.matches.names import forget_names
from core.matches.services import match_leave, match_resign
from core.notifications.models import (
    DigestRun,
    MatchWatch,
    Notification,
    NotificationPreference,
    OutboxItem,
)
from core.push.models import PushSubscription
from core.ratings.models import Rating
from core.tournaments.models import Entrant, Invitation, Tournament
from core.tournaments.selectors import DELETED_NAME
from core.tournaments.services import tournament_withdraw

log = logging.getLogger(__name__)


def _walk_away(user: User) -> None:
    seats = Seat.objects.filter(user=user).select_related("match")
    for seat in seats:
        match = seat.match
        try:
            if match.status == Match.Status.LOBBY:
                match_leave(match_id=match.pk, user=user)
            elif match.status == Match.Status.ACTIVE and seat.status == Seat.Status.PLAYING:
                match_resign(match_id=match.pk, user=user, command_id=f"account-deleted-{user.pk}")
        except ApiError as err:  # the match moved on meanwhile: nothing left to leave
            log.info("deleting user %s: match %s: %s", user.pk, match.pk, err.code)
    live = Tournament.objects.filter(
        entrants__user=user,
        entrants__withdrawn=False,
        status__in=[Tournament.Status.REGISTRATION, Tournament.Status.RUNNING],
    ).values_list("pk", flat=True)
    for tournament_id in list(live):
        try:
            tournament_withdraw(tournament_id=tournament_id, user=user)
        except ApiError as err:
            log.info("deleting user %s: tournament %s: %s", user.pk, tournament_id, err.code)


def _forget(user: User, now: datetime) -> None:
    old_name = user.username
    for model in (
        PushSubscription,
        NotificationPreference,
        Notification,
        OutboxItem,
        DigestRun,
        MatchWatch,
        Vacation,
        ChatMessage,
        Rating,
        Invitation,
    ):
        model.objects.filter(user=user).delete()
    Match.objects.filter(created_by=user).update(created_by=None)
    Tournament.objects.filter(organiser=user).update(organiser=None)
    Entrant.objects.filter(user=user).update(name=DELETED_NAME)
    AccessAttempt.objects.filter(username=old_name).delete()
    AccessFailureLog.objects.filter(username=old_name).delete()
    user.username = f"{DELETED_PREFIX}{user.pk}"
    user.first_name = user.last_name = user.display_name = ""
    user.email = user.pending_email = ""
    user.password = make_password(None)  # unusable, and no password_changed hook to run
    user.is_active = user.is_staff = user.is_superuser = False
    user.deleted_at = now
    user.save()
    user.groups.clear()
    user.user_permissions.clear()
    # The log names seats from a per-process cache: this process forgets the name at once,
    # others within core.matches.names.NAMES_TTL (as for a renaming).
    transaction.on_commit(forget_names)


def account_delete(*, user: User, password: str, now: datetime | None = None) -> None:
    """Delete the account of ``user``, who confirms with the password (see the module)."""
    if user.is_deleted:
        raise ApiError(409, "account_deleted", "This account has already been deleted.")
    password_check(user=user, password=password)
    # Logged out everywhere first: no device can act for the account while it goes.
    tokens_revoke(user=user)
    _walk_away(user)
    with transaction.atomic():
        locked = User.objects.select_for_update().get(pk=user.pk)
        _forget(locked, now or timezone.now())
        ApiToken.objects.filter(user=locked).delete()  # any issued meanwhile
    user.refresh_from_db()
