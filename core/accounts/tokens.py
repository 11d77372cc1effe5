"""API tokens, one per log-in: issued, found, listed and revoked (issue 40).

A token is 40 hex characters, as DRF's were; the database keeps only its SHA-256
(``ApiToken.digest``). It stops working when its player logs out with it, revokes it from
another device, changes or resets the password, or deletes the account, and when it has not
been used for ``LUDOTEKA_TOKEN_IDLE_DAYS`` days (0: never).

Revocation and the process cache: ``core/hotlane/tokens.py`` trusts a token it has checked for
``LUDOTEKA_TOKEN_CACHE_SECONDS``. Every revocation here deletes the rows, whose ``post_delete``
drops the entries of this process at once; another server process drops its entry when it
expires, so a revoked token keeps working there for at most that long (30 s by default).
The sockets it opened, in every process, close at once: each row's delete is announced to
them after the commit (``core/accounts/revocation.py``).
"""

from __future__ import annotations

import functools
import hashlib
import secrets
from collections.abc import Iterable
from datetime import datetime, timedelta
from importlib import import_module
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from core.accounts.models import ApiToken, User
from core.eventstore import store

# How stale ``last_used_at`` may get before a request writes it again: the idle expiry counts
# in days, and one write per token per hour (per process) costs nothing.
TOUCH_EVERY = timedelta(hours=1)
CLIENT_LENGTH = 200


def token_digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def idle_limit() -> timedelta | None:
    days = float(settings.LUDOTEKA_TOKEN_IDLE_DAYS)
    return timedelta(days=days) if days > 0 else None


def token_issue(
    *, user: User, client: str = "", session_key: str = "", now: datetime | None = None
) -> str:
    """A new token for ``user``; returns its key (the only time it is ever seen)."""
    key = secrets.token_hex(20)
    now = now or timezone.now()
    ApiToken.objects.create(
        user=user,
        digest=token_digest(key),
        client=client[:CLIENT_LENGTH],
        session_key=session_key or "",
        created_at=now,
        last_used_at=now,
    )
    return key


def tokens_issue_many(*, user_ids: Iterable[int]) -> dict[int, str]:
    """One new token each (benchmarks and load tests seed thousands of players at once)."""
    keys = {uid: secrets.token_hex(20) for uid in user_ids}
    now = timezone.now()
    ApiToken.objects.bulk_create(
        [
            ApiToken(user_id=uid, digest=token_digest(key), created_at=now, last_used_at=now)
            for uid, key in keys.items()
        ]
    )
    return keys


def token_find(key: Any, *, now: datetime | None = None) -> ApiToken | None:
    """The token with this key, with its user, if it is still valid (not expired); the user may
    be inactive (the caller says how it refuses that). Refreshes ``last_used_at`` now and then."""
    if not isinstance(key, str) or not 20 <= len(key) <= 64:
        return None
    token = _token_with_user(token_digest(key))
    if token is None:
        return None
    now = now or timezone.now()
    limit = idle_limit()
    if limit is not None and token.last_used_at < now - limit:
        token.delete()  # expired: gone from the player's list too
        return None
    if now - token.last_used_at > TOUCH_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token


_TOKEN_FIELDS = tuple(f.attname for f in ApiToken._meta.concrete_fields)
_USER_FIELDS = tuple(f.attname for f in User._meta.concrete_fields)


@functools.cache
def _find_sql() -> str:
    t, u = ApiToken._meta, User._meta
    columns = [f't."{f.column}"' for f in t.concrete_fields]
    columns += [f'u."{f.column}"' for f in u.concrete_fields]
    return (
        f"SELECT {', '.join(columns)} FROM {t.db_table} t JOIN {u.db_table} u "
        f'ON u."{u.pk.column}" = t."{t.get_field("user").column}" WHERE t.digest = %s::text'
    )


def _token_with_user(digest: str) -> ApiToken | None:
    """The token of ``digest`` with its user loaded. On PostgreSQL one prepared statement on
    the store's kept cursor: the ORM's query built and compiled for every look-up cost about
    1 ms of CPU, and every player's look-up comes again each ``LUDOTEKA_TOKEN_CACHE_SECONDS``
    in every process, and at each socket opened (bench/README.md, sixth pass)."""
    if connection.vendor != "postgresql":
        return ApiToken.objects.select_related("user").filter(digest=digest).first()
    cur = store.prepared_cursor()
    cur.execute(_find_sql(), [digest])
    row = cur.fetchone()
    if row is None:
        return None
    values = list(row)
    for i, decode in _decoders():  # none today; a field that decodes its value later
        values[i] = decode(values[i], None, connection)
    n = len(_TOKEN_FIELDS)
    token = ApiToken.from_db(connection.alias, _TOKEN_FIELDS, values[:n])
    token.user = User.from_db(connection.alias, _USER_FIELDS, values[n:])
    return token


@functools.cache
def _decoders() -> tuple[tuple[int, Any], ...]:
    """The fields' own decoders (``from_db_value``), by column, as the ORM applies them."""
    fields = [*ApiToken._meta.concrete_fields, *User._meta.concrete_fields]
    decoders = ((i, getattr(f, "from_db_value", None)) for i, f in enumerate(fields))
    return tuple((i, decode) for i, decode in decoders if decode is not None)


def _end_sessions(session_keys: Iterable[str]) -> None:
    store = import_module(settings.SESSION_ENGINE).SessionStore
    for key in {k for k in session_keys if k}:
        store(key).delete()


def tokens_revoke(
    *, user: User, keep: ApiToken | None = None, ids: Iterable[int] | None = None
) -> int:
    """Revoke the user's tokens (those of ``ids`` only, when given), all but ``keep``, and the
    sessions their log-ins opened; returns how many went."""
    qs = ApiToken.objects.filter(user=user)
    if ids is not None:
        # An id past a bigint names no token; the database would refuse it in the query.
        qs = qs.filter(pk__in=[i for i in ids if 0 < i < 2**63])
    if keep is not None:
        qs = qs.exclude(pk=keep.pk)
    with transaction.atomic():
        rows = list(qs.select_for_update())
        sessions = [t.session_key for t in rows]
        # A queryset delete sends each row's post_delete: this process's cache forgets them,
        # and their sockets are told once this commits (core/accounts/revocation.py).
        ApiToken.objects.filter(pk__in=[t.pk for t in rows]).delete()
    _end_sessions(sessions)
    return len(rows)


def tokens_purge_idle(*, now: datetime | None = None) -> int:
    """Delete the tokens idle past the limit (the beat sweep; a request finds them too)."""
    limit = idle_limit()
    if limit is None:
        return 0
    cutoff = (now or timezone.now()) - limit
    return ApiToken.objects.filter(last_used_at__lt=cutoff).delete()[0]


def token_of_request(request: Any) -> ApiToken | None:
    """The token row the request came with: its API token, or its session's log-in."""
    auth = getattr(request, "auth", None)
    if isinstance(auth, ApiToken):
        return auth
    session = getattr(getattr(request, "_request", request), "session", None)
    key = getattr(session, "session_key", None)
    if not key:
        return None
    return ApiToken.objects.filter(user_id=request.user.pk, session_key=key).first()
