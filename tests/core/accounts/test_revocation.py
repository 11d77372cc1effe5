"""Every way a token row goes announces ``token.revoked`` to its group, once the deleting
transaction has committed, and only then (core/accounts/revocation.py); the sockets' side is
tests/realtime/test_signed_out_sockets.py."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

from core.accounts import revocation
from core.accounts.models import ApiToken, User
from core.accounts.tokens import token_issue, tokens_purge_idle, tokens_revoke
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def announced(monkeypatch: pytest.MonkeyPatch) -> list[tuple[list[str], dict[str, Any]]]:
    """What went to the channel layer: (groups, message) per publish."""
    sent: list[tuple[list[str], dict[str, Any]]] = []

    def publish(groups: list[str], message: Mapping[str, Any]) -> None:
        sent.append((groups, dict(message)))

    monkeypatch.setattr(revocation, "publish", publish)
    return sent


def tokens_of(user: User, n: int) -> list[int]:
    for _ in range(n):
        token_issue(user=user)
    return sorted(ApiToken.objects.filter(user=user).values_list("pk", flat=True))


def groups(sent: list[tuple[list[str], dict[str, Any]]]) -> set[str]:
    return {g for gs, _ in sent for g in gs}


def test_each_revoked_token_is_announced_to_its_group_after_the_commit(
    announced: Any, django_capture_on_commit_callbacks: Any
) -> None:
    alice = make_user("alice")
    one, two, three = tokens_of(alice, 3)
    keep = ApiToken.objects.get(pk=three)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert tokens_revoke(user=alice, keep=keep) == 2
    assert announced == []  # nothing before the commit
    for callback in callbacks:
        callback()
    assert groups(announced) == {f"token.{one}", f"token.{two}"}
    assert len(announced) == 2
    assert {"type": "token.revoked", "token": one} in [m for _, m in announced]


def test_a_revocation_rolled_back_announces_nothing(
    announced: Any, django_capture_on_commit_callbacks: Any
) -> None:
    alice = make_user("alice")
    tokens_of(alice, 2)
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        tokens_revoke(user=alice)
        raise RuntimeError("the request failed after the revocation")
    assert announced == []
    assert ApiToken.objects.filter(user=alice).count() == 2


@pytest.mark.parametrize("how", ["password", "purge", "queryset", "instance", "user_deleted"])
def test_every_way_a_token_goes_is_announced(
    announced: Any, django_capture_on_commit_callbacks: Any, how: str
) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    ids = tokens_of(alice, 2)
    bobs = tokens_of(bob, 1)
    with django_capture_on_commit_callbacks(execute=True):
        if how == "password":  # any password set: the admin, changepassword, a reset link
            alice.set_password("another-pass-456")
            alice.save()
        elif how == "purge":
            old = timezone.now() - timedelta(days=400)
            ApiToken.objects.filter(user=alice).update(last_used_at=old)
            assert tokens_purge_idle() == 2
        elif how == "queryset":
            ApiToken.objects.filter(user=alice).delete()
        elif how == "instance":
            for token in ApiToken.objects.filter(user=alice):
                token.delete()
        else:
            alice.delete()
    assert groups(announced) == {f"token.{i}" for i in ids}
    assert ApiToken.objects.filter(pk__in=bobs).exists()


def test_a_failed_announcement_is_logged_and_the_revocation_stands(
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    def down(groups: list[str], message: Mapping[str, Any]) -> None:
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(revocation, "publish", down)
    alice = make_user("alice")
    (one,) = tokens_of(alice, 1)
    with (
        caplog.at_level(logging.WARNING, "core.accounts.revocation"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert tokens_revoke(user=alice) == 1
    assert not ApiToken.objects.filter(user=alice).exists()
    assert f"revocation of token {one} not announced" in caplog.text
